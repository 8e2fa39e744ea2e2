"""The play forms of the Dark Force page (templates/games/dark-force/_plays.html): what each form offers and in
which phase or step, read off the movement and naval rules so that the phone offers only plays the engine can
accept, and naming a face-down unit by whose it is, its kind and where it lies (page_common.unit_label) so its
name stays private. They are the largest part of the
page, so they are kept out of page.py.
"""
from __future__ import annotations

from . import movement_claims as mc
from . import movement_rules as mr
from .decks import CLASSES
from .movement import ABILITIES
from .movement_claims import REASONS as CLAIM_REASON_IDS
from .naval_rules import MOVE_STEPS as SEA_STEPS
from .page_common import _name, _p, _queued, unit_label
from .state import UNIT_KINDS


# ------------------------------------------------------------------ playing cards and moving (movement, magic, naval)

PLAY_PHASES = ("start", "movement", "combat", "discard")
CARD_STEPS = ("play_terrains", "declare_moves", "execute_moves")
FORM_KINDS = tuple(sorted(UNIT_KINDS, key=lambda k: k != "hero"))  # the forms offer heroes first
CASTER_CLASSES = tuple(c for c in CLASSES if c not in ("blessed_one", "admiral"))  # who may carry a spell
FIGHTERS = ("hero", "army", "creature", "summoned")
# The terrain types the rulebook names (the Plains and Road bonus, its examples); the Captain's Pack adds Ocean
# and Island. The types already on the map come first: a table types a new one once.
RULEBOOK_TERRAIN_TYPES = ("Plains", "Road", "Mountain", "Swamp", "Icy Wasteland")
SEA_TYPES = ("Ocean", "Island")
SMALL = tuple(range(0, 7))  # the card values a table taps most (capacity, Army Size, CS): one chip each


def _terrain_types(state, terrains, cp) -> list[str]:
    seen = list(dict.fromkeys(t.get("type") for t in terrains if isinstance(t.get("type"), str) and t.get("type")))
    return list(dict.fromkeys(seen + list(RULEBOOK_TERRAIN_TYPES) + (list(SEA_TYPES) if cp else [])))


HAZARD_KINDS = ("expansion", "event", "creature")
CLAIM_KINDS = UNIT_KINDS
CLAIM_REASONS = {"capacity": "over the Capacity or a limit (R30)",
                 "blessed_one_conflict": "a Blessed One beside an own mage (R24)",
                 "leadership": "a hero led more than its Leadership (R37)"}


def _over_cases(state, t, seat, theirs, waiting, fighting) -> tuple[list[str], list]:
    """Why `seat`'s units in terrain `t` may be claimed (the reasons that apply), and the heroes over their
    Leadership there (id, label)."""
    why, heroes = [], []
    if t.get("id") not in waiting and t.get("id") != fighting and mr.limit_problems(state, t, theirs):
        why.append("capacity")
    blessed, others = mc.conflict_pair(state, t["id"], seat)
    if blessed and others:
        why.append("blessed_one_conflict")
    for u in theirs:
        led = mc.led_group(state, {"hero": u["id"]}) if u.get("kind") == "hero" else None
        if not led:
            continue
        ldr = mr.third_of(state, u)
        group = [x for x in (mr.unit_of(state, uid) for uid in dict.fromkeys(led)) if x is not None]
        if mc.load(state, group) > (ldr if isinstance(ldr, int) else 0):
            heroes.append((u["id"], unit_label(state, u)))
    if heroes:
        why.append("leadership")
    return why, heroes


def _claims(state, terrains, units, reasons) -> list[dict]:
    """claim_over_limit, one entry per claimant (the opponent of the player over a limit): the terrains where
    that player breaks a limit -- R30 capacity (no combat pending there; movement_rules.limit_problems), and,
    once the action takes a `reason` (movement_claims), a Blessed One beside an own mage (R24) or a hero that
    led more than its Leadership in its last move this turn (R37) -- with that player's units in each, the
    reasons that apply, and the heroes over their Leadership."""
    fighting = (state.get("combat") or {}).get("terrain")
    waiting = _queued(state)
    by_claimant: dict[int, list] = {}
    for t in terrains:
        for seat in (0, 1):
            theirs = [u for u in units if u.get("terrain") == t.get("id") and u.get("controller") == seat
                      and u.get("kind") in CLAIM_KINDS]
            if not theirs:
                continue
            why, heroes = _over_cases(state, t, seat, theirs, waiting, fighting)
            why = [w for w in why if w in reasons or (w == "capacity" and not reasons)]
            if why:
                by_claimant.setdefault(1 - seat, []).append({
                    "id": t.get("id"), "name": t.get("name"), "why": why, "heroes": heroes,
                    "units": [(u["id"], unit_label(state, u)) for u in theirs]})
    out = []
    for c, ts in sorted(by_claimant.items()):
        why = [r for r in (reasons or ["capacity"]) if any(r in t["why"] for t in ts)]
        out.append({"player": c, "player_name": _name(state, c), "over_name": _name(state, 1 - c), "terrains": ts,
                    "reasons": [(r, CLAIM_REASONS.get(r, r.replace("_", " "))) for r in why] if reasons else []})
    return out


def _plays(state) -> dict | None:
    """What the play forms offer (templates/games/dark-force/_plays.html), and in which phase or step each
    is legal: the terrain only in Play Terrains, moves declared in Play Terrains / Declare Moves and carried
    out in Execute Moves, cards put into play in the movement phase, magic in movement and combat, events
    in any phase of the turn, ships, fleets and ocean hazards only with the Captain's Pack (an expansion or
    creature hazard only in the movement phase), a look at an own stack in the movement phase, and a claim
    on units over a limit for the opponent of their player wherever they are. The engine still checks every
    rule."""
    phase = state.get("phase")
    ap = state.get("active_player")
    if phase not in PLAY_PHASES or state.get("result") or not isinstance(ap, int):
        return None
    step = state.get("movement_step") if phase == "movement" else None
    movement = phase == "movement"
    units = [u for u in (state.get("units") or {}).values() if isinstance(u, dict)]
    terrains = [t for t in state.get("terrains") or [] if isinstance(t, dict)]
    names = {t.get("id"): t.get("name") for t in terrains}
    own = [(t.get("id"), t.get("name")) for t in terrains if t.get("controller") == ap]
    mine = [u for u in units if u.get("controller") == ap]
    busy = {uid for m in state.get("moves") or [] if isinstance(m, dict) for uid in m.get("units") or []}

    def owned(u) -> str:
        return unit_label(state, u, whose=True)

    sources = []
    for tid, tname in own + [(t.get("id"), t.get("name")) for t in terrains if t.get("controller") != ap]:
        here = [u for u in mine if u.get("terrain") == tid and u.get("kind") in FIGHTERS + ("equipment",)
                and not u.get("moved") and u.get("id") not in busy]
        if not here:
            continue
        heroes = [(u["id"], unit_label(state, u)) for u in here if u.get("kind") == "hero"]
        sources.append({"id": tid, "name": tname, "units": [
            {"id": u["id"], "label": unit_label(state, u), "kind": u.get("kind"),
             "leaders": heroes if u.get("kind") in ("army", "creature") else []} for u in here]})
    pending = []
    for m in state.get("moves") or []:
        if not isinstance(m, dict) or m.get("done") or m.get("player") != ap:
            continue
        pending.append({"id": m.get("id"), "count": len(m.get("units") or []),
                        "from": names.get(m.get("from"), m.get("from")), "to": names.get(m.get("to"), m.get("to")),
                        "forfeit": _p(player=ap, move=m.get("id"), reason="no longer possible")})
    casters = [u for u in units if u.get("kind") in FIGHTERS and u.get("terrain") is not None
               and ((u.get("values") or {}).get("spellcaster") or u.get("class") in CASTER_CLASSES)]
    ships = [s for s in (state.get("ships") or {}).values() if isinstance(s, dict) and s.get("controller") == ap]
    cp = bool((state.get("rules") or {}).get("captains_pack"))
    oceans = [(t.get("id"), t.get("name")) for t in terrains if t.get("ocean")]
    aboard = {uid: s for s in ships if s.get("terrain") is not None for uid in s.get("cargo") or []}
    admirals = [(u["id"], unit_label(state, u, where=True)) for u in mine
                if u.get("class") == "admiral" and u.get("id") in aboard]
    at_sea = [(s.get("id"), f"{s.get('name')} in {names.get(s.get('terrain'), '?')}") for s in ships
              if s.get("terrain") is not None]
    reasons = list(CLAIM_REASON_IDS)
    return {
        "player": ap, "player_name": _name(state, ap), "step": step,
        "terrain": movement and step == "play_terrains",
        "cards": movement and step in CARD_STEPS,
        "declare": movement and step in ("play_terrains", "declare_moves"),
        "execute": movement and step == "execute_moves",
        "magic": phase in ("movement", "combat"),
        "event": True,
        "naval": cp and movement and step in CARD_STEPS,
        "own_terrains": own, "terrains": [(t.get("id"), t.get("name")) for t in terrains],
        "kinds": FORM_KINDS, "abilities": ABILITIES, "classes": CLASSES, "small": SMALL,
        "terrain_types": _terrain_types(state, terrains, cp),
        "equip_to": [(u["id"], unit_label(state, u, where=True)) for u in mine
                     if u.get("kind") in ("hero", "army") and u.get("terrain") is not None],
        "sources": sources, "pending": pending,
        "casters": [(u["id"], owned(u)) for u in casters],
        "blessed": [(u["id"], owned(u)) for u in units if u.get("class") == "blessed_one"
                    and u.get("terrain") is not None],
        "targets": [(u["id"], owned(u)) for u in units if u.get("kind") in FIGHTERS],
        "ships": [(s.get("id"), f"{s.get('name')} in {names.get(s.get('terrain'), '?')}") for s in ships],
        "oceans": oceans,
        "inspect": movement and bool(own),
        "fleet": cp and movement and step in SEA_STEPS and len(at_sea) >= 2 and bool(admirals),
        "admirals": admirals, "fleet_ships": at_sea,
        "hazard": cp and bool(oceans),
        "hazard_kinds": HAZARD_KINDS if movement else ("event",),
        "claims": _claims(state, terrains, units, reasons),
        "loadable": [(u["id"], unit_label(state, u, where=True)) for u in mine
                     if u.get("kind") in FIGHTERS and u.get("terrain") is not None and not u.get("moved")],
        "cargo": [(uid, unit_label(state, state["units"][uid], where=True)) for s in ships
                  for uid in s.get("cargo") or [] if isinstance(state["units"].get(uid), dict)],
    }
