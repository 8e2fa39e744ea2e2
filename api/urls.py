from django.urls import path, re_path
from drf_spectacular.views import SpectacularJSONAPIView, SpectacularSwaggerView

from tracker.services import linking

from . import errors, rules_views, views

urlpatterns = [
    # first: a tap is what the API answers most, and URLs are tried in order
    path("sessions/<token:token>/actions/", views.SessionActionsView.as_view(), name="api-session-actions"),
    path("games/", views.GameListView.as_view(), name="api-games"),
    path("games/<slug:slug>/", views.GameDetailView.as_view(), name="api-game"),
    path("sessions/", views.SessionListView.as_view(), name="api-sessions"),
    path("sessions/<token:token>/", views.SessionDetailView.as_view(), name="api-session"),
    path("sessions/<token:token>/events/", views.SessionEventsView.as_view(), name="api-session-events"),
    path("sessions/<token:token>/cards/", views.SessionCardsView.as_view(), name="api-session-cards"),
    path("sessions/<token:token>/undo/", views.SessionUndoView.as_view(), name="api-session-undo"),
    path("sessions/<token:token>/redo/", views.SessionRedoView.as_view(), name="api-session-redo"),
    path("sessions/<token:token>/record/", views.record_view(None).as_view(), name="api-session-record"),
    path("sessions/<token:token>/export/<str:export>", views.export_view(None), name="api-session-export"),
    # Each link a game declares keeps its own URLs as aliases: /campaign/, /tournament/, standings.csv.
    *(path(f"sessions/<token:token>/{name}/", views.record_view(name).as_view(), name=f"api-session-{name}")
      for name in linking.link_names()),
    *(path(f"sessions/<token:token>/{name}", views.export_view(name), name=f"api-session-{name.replace('.', '-')}")
      for name in linking.export_names()),
    path("rules/search/", rules_views.RulesSearchView.as_view(), name="api-rules-search"),
    path("rules/<key:key>/", rules_views.RuleEntryView.as_view(), name="api-rules-entry"),
    path("decks/validate/", views.DeckValidateView.as_view(), name="api-decks-validate"),
    # JSON like every other /api/ answer (drf-spectacular's default would be YAML)
    path("schema/", SpectacularJSONAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    re_path(r"^.*$", errors.api_not_found),
]
