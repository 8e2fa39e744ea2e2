from django.contrib import admin
from django.urls import include, path

from tracker import views

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", include("rulesref.urls")),
    path("t/<str:token>/", views.table, name="table"),
    path("admin/", admin.site.urls),
    path("api/", include("api.urls")),
]

handler404 = "api.errors.not_found"
handler500 = "api.errors.server_error"
