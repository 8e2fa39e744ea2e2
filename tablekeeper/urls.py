from django.contrib import admin
from django.urls import include, path

from tracker import views

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/<str:rule_id>/", views.rule_detail, name="rule-detail"),
    path("rules/", views.rule_list, name="rule-list"),
    path("t/<str:token>/", views.table, name="table"),
    path("admin/", admin.site.urls),
    path("api/", include("api.urls")),
]

handler404 = "api.errors.not_found"
handler500 = "api.errors.server_error"
