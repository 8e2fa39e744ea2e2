"""One thing a player did, as several events: a `group` sent with each makes undo and redo take the
group back and bring it back whole, and the table's log folds it into one line and shows undo/redo."""
import re

import pytest

from tracker.models import Session
from tracker.table_log import table_log


def post(api, duel, type, group=None, **params):
    body = {"type": type, "params": params, **({"group": group} if group is not None else {})}
    return api.post(f"/api/sessions/{duel['id']}/actions/", body, format="json")


def lp(api, duel, seat):
    return api.get(f"/api/sessions/{duel['id']}/").json()["state"]["players"][seat]["life_points"]


def test_undo_takes_back_the_whole_group_and_redo_brings_it_back(api, duel):
    assert post(api, duel, "life_point_loss", target=1, amount=2).status_code == 201  # not in the group
    for amount in (1, 3):
        answer = post(api, duel, "life_point_loss", "hit-1", target=1, amount=amount)
        assert answer.status_code == 201 and answer.json()["event"]["group"] == "hit-1"
    assert lp(api, duel, 1) == 34
    undo = api.post(f"/api/sessions/{duel['id']}/undo/", {}, format="json")
    assert undo.status_code == 200 and undo.json()["undone_seqs"] == [2, 3]
    assert lp(api, duel, 1) == 38  # both grouped events, not the one before them
    redo = api.post(f"/api/sessions/{duel['id']}/redo/", {}, format="json")
    assert redo.status_code == 200 and redo.json()["redone_seqs"] == [2, 3]
    assert lp(api, duel, 1) == 34
    # the neighbour: an event without a group is undone alone
    api.post(f"/api/sessions/{duel['id']}/undo/", {}, format="json")
    api.post(f"/api/sessions/{duel['id']}/undo/", {}, format="json")
    assert lp(api, duel, 1) == 40


def test_a_group_is_one_log_line_and_undo_has_its_own(api, duel, db):
    post(api, duel, "life_point_loss", target=1, amount=2)
    post(api, duel, "life_point_loss", "hit-1", target=1, amount=1)
    post(api, duel, "life_point_loss", "hit-1", target=1, amount=3)
    api.post(f"/api/sessions/{duel['id']}/undo/", {}, format="json")
    items = table_log(Session.objects.get(pk=duel["id"]), 40)
    assert [i.kind for i in items] == ["undo", "event", "event"]
    assert items[0].log.endswith("(+1 more)")
    assert [e.seq for e in items[1].steps] == [2, 3] and items[1].undone
    assert items[2].steps == [] and not items[2].undone
    html = api.get(f"/t/{duel['id']}/state/").content.decode()
    assert 'data-testid="log-undo"' in html and re.search(r"\(2 steps\)", html)


@pytest.mark.parametrize("group", ["has space", "x" * 61, "semi;colon", "a/b"])
def test_a_malformed_group_is_a_400_naming_it(api, duel, group):
    answer = post(api, duel, "life_point_loss", group, target=1, amount=1)
    assert answer.status_code == 400 and "group" in answer.json()["errors"]
    assert lp(api, duel, 1) == 40
