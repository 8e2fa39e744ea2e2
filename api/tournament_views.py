"""A tournament's standings as CSV: small, read-only, answered at once (no task queue)."""
import csv

from django.http import HttpResponse, JsonResponse

from tracker import selectors, tournaments

HEADER = ("rank", "name", "points", "games", "wins", "losses", "bh_difference")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value):
    # a spreadsheet would run a name starting with "=" as a formula; numbers stay numbers
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return "" if value is None else value


def standings_csv(request, token):
    """GET /api/sessions/<edit or view token>/standings.csv -> text/csv, ranked (excluded players last, no rank)."""
    if request.method not in ("GET", "HEAD"):
        return JsonResponse({"detail": "Method not allowed."}, status=405, headers={"Allow": "GET, HEAD"})
    access = selectors.session_get(token)
    session = access.session if access else None
    if session is None or (session.game, session.mode) not in {
            (game, modes[1]) for game, modes in tournaments.TOURNAMENT_GAMES.items()}:
        return JsonResponse({"detail": "No tournament with this id."}, status=404)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="standings.csv"'
    response["Cache-Control"] = "no-cache"
    writer = csv.writer(response, lineterminator="\r\n")
    writer.writerow(HEADER)
    for row in tournaments.standings_rows(session):
        writer.writerow([_cell(row[k]) for k in HEADER])
    return response
