"""The table's common flows (each game's `FLOWS`, in its demo.py) played on the phone page, counting taps.

Shared by `make bench` (bench/browser.py reports the counts in docs/PERFORMANCE.md) and the browser tests
(tests/browser/test_flows.py holds each count to its goal), so the figure reported is the one tested.
"""
from __future__ import annotations

from playwright.sync_api import expect

WAIT_MS = 8000


class Refused(AssertionError):
    """The page refused a tap the flow expected to be recorded."""


def session_for(page, base: str, game: str, flow) -> dict:
    """A session set up as the flow says, its `before` actions recorded through the API."""
    body = {"game": game, "mode": flow.mode, "players": flow.players, "options": flow.options}
    response = page.request.post(f"{base}/api/sessions/", data=body)
    assert response.status == 201, response.text()
    session = response.json()
    for action_type, params in flow.before:
        answer = page.request.post(f"{base}/api/sessions/{session['id']}/actions/",
                                   data={"type": action_type, "params": params})
        assert answer.status == 201, (action_type, params, answer.text())
    return session


def _version(page) -> int:
    return int(page.get_by_test_id("version").inner_text())


def typed(flow) -> int:
    """How many of the flow's taps also type something (a card's name)."""
    return sum(1 for step in flow.steps if step.text)


def play(page, base: str, game: str, flow) -> int:
    """Open a fresh table for `flow`, tap its steps, check what it expects; returns the taps made."""
    session = session_for(page, base, game, flow)
    page.goto(f"{base}/t/{session['id']}/")
    taps = 0
    for step in flow.steps:
        before = _version(page)
        target = page.get_by_test_id(step.testid)
        if step.face is not None:
            target = target.locator(f"[data-face='{step.face}'], [data-chip='{step.face}']").first
        target.tap()
        taps += 1
        if step.text is not None:
            target.fill(step.text)
        if step.records:
            try:
                page.wait_for_function("v => +document.querySelector('[data-testid=version]').textContent >= v",
                                       arg=before + step.records, timeout=WAIT_MS)
            except Exception as exc:
                refusal = page.get_by_test_id("refusal")
                said = refusal.inner_text() if refusal.is_visible() else "no refusal shown"
                raise Refused(f"{flow.name}: tap {taps} ({step.testid}) was not recorded: {said}") from exc
    for testid, text in flow.expect:
        expect(page.get_by_test_id(testid)).to_have_text(text)
    return taps
