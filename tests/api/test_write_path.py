"""An action on PostgreSQL outside any transaction (as every request runs): one read without a lock,
then one statement that swaps the state on its version and appends the event only if the swap landed.
A race lost that way is tried again holding the lock. Inside a transaction, and on SQLite, the lock
comes first, as it always did."""
import psycopg
import pytest
from django.db import connection, connections, transaction
from django.test.utils import CaptureQueriesContext

from tracker import store
from tracker.errors import Conflict
from tracker.models import CardFact, Event, Session
from tracker.services import sessions

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the unlocked write is PostgreSQL's"),
]

LOSS = {"type": "life_point_loss", "params": {"target": 1, "amount": 2}}
HEAL = {"type": "heal", "params": {"target": 1, "amount": 1}}


def _duel() -> Session:
    return sessions.session_create(game="aventuria", mode="duel", options={"starting_player": 0},
                                   players=[{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM"}])


def _racing(monkeypatch, between):
    """store.load_for_write, with `between()` run right after the first read: another phone's write."""
    locks, real = [], store.load_for_write

    def load(token, key=None, *, lock=True):
        found = real(token, key, lock=lock)
        locks.append(lock)
        if len(locks) == 1:
            between()
        return found

    monkeypatch.setattr(store, "load_for_write", load)
    return locks


def test_an_action_is_one_read_and_one_write_with_no_lock_and_no_transaction():
    duel = _duel()
    with CaptureQueriesContext(connection) as queries:
        result = sessions.session_action_apply(token=duel.pk, idempotency_key="k1", **LOSS)
    assert result.status == 201 and result.body["version"] == 1
    read, write = [q["sql"] for q in queries.captured_queries]
    assert "FROM tracker_session" in read and "FOR UPDATE" not in read
    assert write.startswith("WITH moved AS (UPDATE tracker_session") and "INSERT INTO" in write
    event = Event.objects.get(session=duel)
    assert (event.seq, event.version, event.idempotency_key, event.params) == (1, 1, "k1", LOSS["params"])
    assert Session.objects.get(pk=duel.pk).state["players"][1]["life_points"] == result.body["state"]["players"][1]["life_points"]


def test_inside_a_transaction_the_session_is_locked_first():
    duel = _duel()
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        sessions.session_action_apply(token=duel.pk, **LOSS)
    read = next(q["sql"] for q in queries.captured_queries if "FROM tracker_session" in q["sql"])
    assert "FOR UPDATE" in read


def test_a_race_lost_without_the_lock_is_won_with_it_and_leaves_no_stray_event(monkeypatch):
    duel = _duel()
    locks = _racing(monkeypatch, lambda: sessions.session_action_apply(token=duel.pk, **HEAL))
    result = sessions.session_action_apply(token=duel.pk, **LOSS)
    assert locks == [False, False, True]  # the other phone's read, then the retry's, locked
    assert result.status == 201 and result.body["version"] == 2 and result.body["event"]["seq"] == 2
    assert list(Event.objects.filter(session=duel).order_by("seq").values_list("seq", "type", "version")) == [
        (1, "heal", 1), (2, "life_point_loss", 2)]  # the swap that missed appended nothing
    assert Session.objects.get(pk=duel.pk).version == 2


def test_the_same_tap_landing_twice_at_once_is_recorded_once(monkeypatch):
    duel = _duel()
    first = {}
    _racing(monkeypatch, lambda: first.update(answer=sessions.session_action_apply(
        token=duel.pk, idempotency_key="tap-1", **LOSS)))
    again = sessions.session_action_apply(token=duel.pk, idempotency_key="tap-1", **LOSS)
    assert again.body == first["answer"].body
    assert Event.objects.filter(session=duel).count() == 1 and Session.objects.get(pk=duel.pk).version == 1


def test_a_race_lost_on_an_asked_version_is_a_conflict_not_a_retry(monkeypatch):
    duel = _duel()
    _racing(monkeypatch, lambda: sessions.session_action_apply(token=duel.pk, **HEAL))
    with pytest.raises(Conflict):
        sessions.session_action_apply(token=duel.pk, expected_version=0, **LOSS)
    assert list(Event.objects.filter(session=duel).values_list("type", flat=True)) == ["heal"]
    # its neighbour: the version the table is at goes through
    assert sessions.session_action_apply(token=duel.pk, expected_version=1, **LOSS).status == 201


def test_a_kept_connection_prepares_the_read_and_the_write_once():
    duel = _duel()
    for _ in range(7):
        sessions.session_action_apply(token=duel.pk, **HEAL)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any(s.startswith("SELECT") and "tracker_idempotentresponse" in s for s in prepared)
    assert any(s.startswith("WITH moved AS") for s in prepared)
    assert not any("tracker_cardfact" in s for s in prepared)  # the ORM binds on the client: nothing of its own


def _new_request(db):
    db.health_check_done = False  # what Django does at every request's start and end


def test_the_read_is_the_health_check_of_a_kept_connection(monkeypatch):
    db = connections["default"]
    duel = _duel()
    checks = []
    monkeypatch.setattr(db, "is_usable", lambda: checks.append("SELECT 1") or True)
    _new_request(db)
    sessions.session_action_apply(token=duel.pk, **HEAL)
    assert db.health_check_enabled and checks == []  # no SELECT 1 of its own before the tap's read
    _new_request(db)
    Session.objects.filter(pk=duel.pk).exists()  # its neighbour: the ORM still checks first
    assert checks == ["SELECT 1"]


def test_a_connection_the_server_dropped_is_replaced_and_the_tap_recorded():
    db = connections["default"]
    duel = _duel()
    sessions.session_action_apply(token=duel.pk, **HEAL)
    pid = db.connection.info.backend_pid
    s = db.settings_dict
    with psycopg.connect(dbname=s["NAME"], user=s["USER"], host=s["HOST"], port=s["PORT"] or 5432,
                         password=s["PASSWORD"] or None, autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    _new_request(db)
    result = sessions.session_action_apply(token=duel.pk, **LOSS)
    assert result.status == 201 and db.connection.info.backend_pid != pid
    assert list(Event.objects.filter(session=duel).order_by("seq").values_list("type", flat=True)) == [
        "heal", "life_point_loss"]


PRAYER = {"type": "resolve_turn_trigger", "params": {"player": 0, "card": "Morning Prayer", "when": "start"}}


def test_an_action_lost_on_its_version_keeps_none_of_the_cards_it_named(monkeypatch):
    duel = _duel()
    _racing(monkeypatch, lambda: sessions.session_action_apply(token=duel.pk, **HEAL))
    with pytest.raises(Conflict):
        sessions.session_action_apply(token=duel.pk, expected_version=0, **PRAYER)
    assert not CardFact.objects.filter(scope=duel).exists()


def test_an_action_recorded_after_a_lost_race_keeps_its_cards_once(monkeypatch):
    duel = _duel()
    _racing(monkeypatch, lambda: sessions.session_action_apply(token=duel.pk, **HEAL))
    assert sessions.session_action_apply(token=duel.pk, **PRAYER).status == 201
    assert list(CardFact.objects.filter(scope=duel).values_list("name", "facts")) == [
        ("Morning Prayer", {"when": "start"})]
