from django.contrib import admin
from django.urls import include, path

from rulesref import offline_views
from tracker import views
from tracker.live.stream import stream

urlpatterns = [
    path("api/", include("api.urls")),  # first: taps are most of the requests, and URLs are tried in order
    path("", views.home, name="home"),
    path("rules/index.json", offline_views.rules_index, name="rules-index"),
    path("rules/", include("rulesref.urls")),
    path("sw.js", offline_views.service_worker, name="service-worker"),
    path("manifest.webmanifest", offline_views.manifest, name="manifest"),
    path("offline/", offline_views.offline_page, name="offline"),
    path("demo/<slug:game>/<int:index>/", views.demo, name="demo"),
    path("t/<token:token>/", views.table, name="table"),
    path("t/<token:token>/state/", views.table_state, name="table-state"),
    path("t/<token:token>/live/", stream, name="table-live"),
    path("t/<token:token>/record/", views.record, name="record"),
    path("t/<token:token>/record-in-<slug:link>/", views.record, name="record-in"),
    path("admin/", admin.site.urls),
]

handler404 = "api.errors.not_found"
handler500 = "api.errors.server_error"
