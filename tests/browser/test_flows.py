"""Every game's common flows (FLOWS in its demo.py) on a phone, upright at 390x844 and a small one at
360x740: each is played by tapping only, within its tap goal, and nothing scrolls sideways."""
import pytest

from bench.flows import play
from tracker.games import plugins

pytestmark = pytest.mark.browser

FLOWS = [(p.game.slug, flow) for p in plugins() for flow in p.flows]
PHONES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}


@pytest.mark.parametrize("viewport", PHONES, ids=list(PHONES))
@pytest.mark.parametrize("game, flow", FLOWS, ids=[f"{g}: {f.name}" for g, f in FLOWS])
def test_flow_within_its_tap_goal(new_context, site, game, flow, viewport):
    page = new_context(viewport=PHONES[viewport]).new_page()
    taps = play(page, site, game, flow)
    assert taps <= flow.goal, f"{flow.name}: {taps} taps, goal {flow.goal}"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "sideways scroll"


def test_every_built_game_declares_its_flows():
    declared = {g for g, _ in FLOWS}
    assert {"aventuria", "pathfinder", "dark-force"} <= declared
