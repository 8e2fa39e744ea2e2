"""Taps of each game's common flows (FLOWS in its demo.py) counted from what its page presenter offers,
without a browser: a tap is a one-tap button the presenter puts in its context (a `Quick`, legal when
offered) or a face / chip of a form's pad there; a tap that records nothing (opening a folded section)
counts and changes nothing. A flow that taps a button the presenter does not compute (one drawn by the
template alone, like a hero card's −3) is played only in the browser (bench/browser.py) and listed as such.
The counts are exact and quick; the browser flows (tests/browser/test_flows.py) tap the same test ids.

    python -m bench.taps        # prints the table and writes the "presenter taps" section of docs/PERFORMANCE.md
"""
from __future__ import annotations

import json

from tracker.engine import Action, decide, initial_state
from tracker.engine.kit.presenter import Quick, Table, mode_forms
from tracker.games import plugins


class BrowserOnly(LookupError):
    """The flow taps something the presenter does not offer as a Quick or a pad."""


def _walk(node, found):
    if isinstance(node, Quick):
        found["quick"].append(node)
    elif isinstance(node, dict):
        if "spec" in node and "fields" in node:
            found["forms"].append(node)
        for value in node.values():
            _walk(value, found)
    elif isinstance(node, (list, tuple)):
        for value in node:
            _walk(value, found)
    return found


def offered(plugin, state: dict, mode: str) -> dict:
    """{"quick": [...], "forms": [...]}: every Quick and form the game's presenter gives this state."""
    game = plugin.game
    context = plugin.page.context(Table(game, state, mode, True, mode_forms(game, state, mode)))
    return _walk({k: v for k, v in context.items() if k != "forms"}, {"quick": [], "forms": []})


def _record(game, state, mode, steps):
    for action_type, params in steps:
        result = decide(game, state, Action(action_type, params), mode=mode)
        assert result.accepted and not result.overridden, (action_type, params, result)
        state = result.state
    return state


def _pad(found, testid):
    for item in found["forms"]:
        for f in item["fields"]:
            if testid == f"pad-{item['spec'].type}-{f.name}":
                return item, f
    return None, None


def play(plugin, flow) -> int:
    """The flow's taps through the presenter; raises BrowserOnly for a tap it does not offer."""
    game = plugin.game
    state = initial_state(game, flow.mode, flow.players, flow.options)
    state = _record(game, state, flow.mode, flow.before)
    held: dict[str, dict] = {}  # chips tapped on a form that still waits for a die
    taps = 0
    for step in flow.steps:
        taps += 1
        if not step.records:
            continue
        found = offered(plugin, state, flow.mode)
        q = next((q for q in found["quick"] if q.testid == step.testid), None)
        if q is not None:
            steps = [(q.type, q.params), *((s["type"], s["params"]) for s in q.then)]
        else:
            item, field = _pad(found, step.testid)
            if item is None or step.face is None:
                raise BrowserOnly(step.testid)
            kind = item["spec"].type
            params = {**json.loads(item["preset"] or "{}"),
                      **{f.name: f.default for f in item["fields"] if f.default is not None},
                      **held.pop(kind, {}), field.name: step.face}
            steps = [(kind, params)]
        state = _record(game, state, flow.mode, steps)
    return taps


def count() -> list[dict]:
    out = []
    for plugin in plugins():
        if plugin.page is None or plugin.page.context is None:
            continue
        for flow in plugin.flows:
            try:
                taps = play(plugin, flow)
            except BrowserOnly as exc:
                out.append({"game": plugin.game.title, "flow": flow.name, "taps": None, "goal": flow.goal,
                            "why": f"`{exc.args[0]}` is drawn by the template"})
                continue
            out.append({"game": plugin.game.title, "flow": flow.name, "taps": taps, "goal": flow.goal, "why": ""})
    return out


def main():
    from bench.report import write_section

    rows = count()
    lines = [
        "Command: `python -m bench.taps` (`bench/taps.py`, part of `make bench`): each game's `FLOWS` tapped through "
        "its page presenter, no browser (every button legal when offered; a die's face or an amount chip is one "
        "tap; nothing typed). A villain's turn in an adventure combat is its own flow (goal 3: the roll, the "
        "amount on the hero hit, the hit taken).",
        "",
        "| game | flow | taps | goal |",
        "|---|---|---|---|",
        *[f"| {r['game']} | {r['flow']} | "
          + (f"{r['taps']} | {r['goal']}{'' if r['taps'] <= r['goal'] else ' (NOT met)'} |" if r["taps"] is not None
             else f"browser only ({r['why']}) | {r['goal']} |") for r in rows],
    ]
    section = "\n".join(lines)
    write_section("presenter taps", section)
    print(section)


if __name__ == "__main__":
    main()
