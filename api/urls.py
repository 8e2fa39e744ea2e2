from django.urls import path, re_path
from drf_spectacular.views import SpectacularJSONAPIView, SpectacularSwaggerView

from . import errors, rules_views, tournament_views, views

urlpatterns = [
    path("games/", views.GameListView.as_view(), name="api-games"),
    path("games/<str:slug>/", views.GameDetailView.as_view(), name="api-game"),
    path("sessions/", views.SessionListView.as_view(), name="api-sessions"),
    path("sessions/<str:token>/", views.SessionDetailView.as_view(), name="api-session"),
    path("sessions/<str:token>/actions/", views.SessionActionsView.as_view(), name="api-session-actions"),
    path("sessions/<str:token>/events/", views.SessionEventsView.as_view(), name="api-session-events"),
    path("sessions/<str:token>/undo/", views.SessionUndoView.as_view(), name="api-session-undo"),
    path("sessions/<str:token>/redo/", views.SessionRedoView.as_view(), name="api-session-redo"),
    path("sessions/<str:token>/campaign/", views.SessionCampaignView.as_view(), name="api-session-campaign"),
    path("sessions/<str:token>/tournament/", views.SessionTournamentView.as_view(), name="api-session-tournament"),
    path("rules/search/", rules_views.RulesSearchView.as_view(), name="api-rules-search"),
    path("rules/<str:key>/", rules_views.RuleEntryView.as_view(), name="api-rules-entry"),
    path("decks/validate/", views.DeckValidateView.as_view(), name="api-decks-validate"),
    # JSON like every other /api/ answer (drf-spectacular's default would be YAML)
    path("schema/", SpectacularJSONAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("sessions/<str:token>/standings.csv", tournament_views.standings_csv, name="api-session-standings-csv"),
    re_path(r"^.*$", errors.api_not_found),
]
