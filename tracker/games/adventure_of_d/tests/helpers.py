"""Shared helpers of the game's tests: a table set up on the example map, actions run through the
engine, and a few hand-set counts that keep the 60 power cards accounted for."""
from tracker.engine import Action, decide, initial_state

from .. import GAME
from ..setup import EXAMPLE_MAP

NAMES = ["Amy", "Bob", "Cara"]
# A Castle of Light 0 | B Village of Dawn 1 | C Mountain of Mage 2 | D Lake of Hope 1
# E Old Village of Dew 2 | F Tower of Death 3 | G Forest of Echoes 1 | H Harbour of Mist 2
# I Cave of Whispers 3 | J Field of Stars 0 | K Bridge of Ash 2 | L Temple of Moon 1


def rule(code: str) -> str:
    return f"{GAME.slug}.{code}"


def start(mode="solo", n=None, checks=None, **options):
    n = n or (1 if mode == "solo" else 2)
    checks = checks or ["strength", "intelligence", "agility"]
    players = [{"name": NAMES[i], "setup_check": checks[i]} for i in range(n)]
    options.setdefault("map", EXAMPLE_MAP)
    return initial_state(GAME, mode, players, options)


def run(state, action_type, override=None, **params):
    return decide(GAME, state, Action(action_type, params, override_reason=override))


def ok(state, action_type, **params):
    result = run(state, action_type, **params)
    assert result.accepted, [v.as_dict() for v in result.violations]
    return result.state


def refused_by(result) -> list[str]:
    assert not result.accepted, "accepted"
    return [v.rule_id for v in result.violations]


def reveal_and_accept(state, type="strength", power=3, location="Lake of Hope", **extra):
    a = state["active_player"]
    state = ok(state, "reveal_event", player=a, type=type, power=power, location=location, **extra)
    return ok(state, "accept_event", player=state["decider"])


def to_main(state):
    """The turn's two reveals, both accepted: a strength event on the Lake of Hope, an intelligence one
    on the Temple of Moon."""
    state = reveal_and_accept(state, "strength", 3, "Lake of Hope")
    return reveal_and_accept(state, "intelligence", 2, "Temple of Moon")


def set_hp(state, seat, hp):
    """Hand-set a hand size (cards to or from the deck, so 60 stay accounted for)."""
    p = state["players"][seat]
    state["power_deck"] -= hp - p["hp"]
    p["hp"] = hp
    return state


def at_tower(mode="solo", n=None, **options):
    """A main phase with the first hero on the Tower of Death location."""
    state = to_main(start(mode, n, **options))
    state["players"][0]["location"] = "Tower of Death"
    return state
