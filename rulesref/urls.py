from django.urls import path

from . import views

urlpatterns = [
    path("", views.search_page, name="rules-search"),
    path("results/", views.search_results, name="rules-results"),
    path("engine/", views.engine_rules, name="rules-engine"),
    path("<key:key>/", views.entry_page, name="rules-entry"),
]
