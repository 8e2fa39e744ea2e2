"""Spells, summoning, miracles and events: where things are, and the rule checks (spec 5.F-5.H, R115).

The actions and timers are in magic.py. Every check reads the state and the params only (never
mutates) and tolerates any schema-valid params: an unknown unit or spell id is refused by a house
rule (H30, H33, H34), never a crash.
"""
from __future__ import annotations

import sys

from tracker.engine import Rule

from .rule_titles import ROWS
from .state import name_of, terrain

# which classes may summon each kind of creature (a fact table of the rules, in our own order)
SUMMONERS = {"undead": ("black_mage",), "demon": ("witch", "warlock", "black_mage"), "djinn": ("druid", "gray_mage")}
KIND_TITLES = {"djinn": "Djinns", "demon": "Demons", "undead": "Undead"}
CLASS_TITLES = {"gray_mage": "Gray Mages", "black_mage": "Black Mages", "druid": "Druids", "witch": "Witches",
                "warlock": "Warlocks"}
PHASES_FOR = {"movement": ("movement",), "combat": ("combat",), "either": ("movement", "combat"),
              "any": ("start", "movement", "combat", "discard")}
ACTOR_PARAM = {"cast_spell": "caster", "summon": "summoner", "work_miracle": "blessed_one"}


# ------------------------------------------------------------------ looking things up

def unit(state, uid) -> dict | None:
    return state["units"].get(uid) if isinstance(uid, str) else None


def spell(state, sid) -> dict | None:
    return next((s for s in state.get("spells") or [] if s.get("id") == sid), None)


def _int(value) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def combat_terrain(state):
    combat = state.get("combat")
    if not isinstance(combat, dict):
        return None
    return combat.get("terrain") or combat.get("terrain_id")


def combat_round(state):
    combat = state.get("combat")
    if not isinstance(combat, dict):
        return None
    return combat.get("round") or combat.get("round_no")


def combat_key(state) -> str | None:
    """Names the open combat (its terrain and the turn), so (K) spells know when their combat is over."""
    if not isinstance(state.get("combat"), dict):
        return None
    return f"{combat_terrain(state)}@{state['turn']}"


def loc(state, u) -> tuple:
    """Where a unit is: a terrain, or a ship; a unit on the battlefield counts as in the contested terrain."""
    if u.get("terrain") is not None:
        return ("terrain", u["terrain"])
    place = u.get("place") or {}
    if place.get("combat"):
        tid = combat_terrain(state)
        return ("terrain", tid) if tid is not None else ("combat",)
    if place.get("ship"):
        return ("ship", place["ship"])
    return ("nowhere",)


def terrain_of(state, u):
    where = loc(state, u)
    return where[1] if where[0] == "terrain" else None


def terrain_ms(state, tid) -> int:
    t = terrain(state, tid)
    if t is None:
        return 0
    return _int((t.get("values") or {}).get("ms")) + sum(_int(e.get("ms")) for e in t.get("expansions") or [])


def modified_ms(state, u) -> int:
    """A caster's MS with its terrain's (and temples') MS modifiers and its equipment's MS modifiers (R45).

    Other units' values never count: a negative MS on a hero or army is only that unit's own Magic
    Resistance (R115), and casters never pool their MS.
    """
    ms = _int((u.get("values") or {}).get("ms")) + terrain_ms(state, terrain_of(state, u))
    for eq in state["units"].values():
        if eq.get("equipped_to") == u["id"]:
            ms += _int((eq.get("mods") or {}).get("ms"))
    return ms


def magic_resistance(u) -> int:
    """The value a unit defends with against spells: its MR, else its MS (a negative MS is its MR, R115)."""
    values = u.get("values") or {}
    if isinstance(values.get("mr"), int):
        return values["mr"]
    return _int(values.get("ms"))


def is_spellcaster(u) -> bool:
    values = u.get("values") or {}
    return (u.get("kind") in ("hero", "army", "creature") and bool(values.get("spellcaster"))
            and _int(values.get("ms")) > 0)


def has_terrain(state, seat) -> bool:
    p = state["players"][seat]
    return bool(p.get("ever_had_terrain")) and any(t.get("controller") == seat for t in state["terrains"])


def placement_done(state) -> bool:
    combat = state.get("combat")
    if not isinstance(combat, dict):
        return False
    step = combat.get("step") or combat.get("substep") or ""
    return "place" not in str(step)


def cast_record(state) -> tuple[str, list] | None:
    """Which casting cap applies now and who has used it: ("movement", ids) or ("combat", ids).

    In a combat the combat module's own `combat["cast"]` list is used when it keeps one; otherwise
    this module keeps `state["combat_casts"]`, which starts afresh with each combat round.
    """
    if state["phase"] == "movement":
        if not state["rules"].get("ab_errata", True):
            return None
        return "movement", [uid for p in state["players"] for uid in p.get("casts_this_phase") or []]
    if state["phase"] == "combat":
        combat = state.get("combat")
        if isinstance(combat, dict) and isinstance(combat.get("cast"), list):
            return "combat", combat["cast"]
        own = state.get("combat_casts") or {}
        if own.get("key") == [combat_key(state), combat_round(state)]:
            return "combat", own.get("units") or []
        return "combat", []
    return None


def hostile(state, sp) -> bool:
    target = unit(state, sp.get("target"))
    return target is not None and target.get("controller") != sp.get("owner")


# ------------------------------------------------------------------ checks

def check_r12(state, params, ctx):
    if not has_terrain(state, params["player"]):
        return "You need a terrain in play before you can play this card."


def check_h30(state, params, ctx):
    key = ACTOR_PARAM.get(ctx.action_type)
    if key is None:
        return None
    u = unit(state, params.get(key))
    if u is None:
        return f"That unit ({key}) is not in play."
    if u.get("controller") != params["player"]:
        return f"{u.get('name')} is not {name_of(state, params['player'])}'s unit."


def check_h32(state, params, ctx):
    if state["players"][params["player"]].get("hand_count", 0) < 1:
        return "There is no card in your hand to play."


def check_h34(state, params, ctx):
    target = params.get("target")
    if ctx.action_type == "work_miracle" and params.get("mode") != "banish":
        return None
    if ctx.action_type == "work_miracle" and target is None:
        return "Name the summoned creature to banish."
    if target is not None and unit(state, target) is None:
        return "That unit (target) is not in play."


def check_r44(state, params, ctx):
    u = unit(state, params.get(ACTOR_PARAM.get(ctx.action_type, "caster")))
    if u is not None and not is_spellcaster(u):
        return f"{u.get('name')} is not a spellcaster (it needs a positive Magic Strength outside brackets)."


def check_r45(state, params, ctx):
    u = unit(state, params.get("caster"))
    if u is None or not is_spellcaster(u):
        return None
    ms = modified_ms(state, u)
    if params["ms"] > ms:
        return f"{u.get('name')}'s Magic Strength {ms} is below the spell's {params['ms']}."


def check_r46(state, params, ctx):
    uid = params.get(ACTOR_PARAM.get(ctx.action_type, "caster"))
    record = cast_record(state)
    if record is None or unit(state, uid) is None:
        return None
    window, used = record
    if uid in used:
        where = "in this movement phase" if window == "movement" else "in this combat round"
        return f"{unit(state, uid).get('name')} has already cast or summoned {where}."


def wrong_combat_step(state) -> bool:
    """In a combat, spells and summonings come in the Cast Spells step (secret spells excepted)."""
    combat = state.get("combat")
    return (state["phase"] == "combat" and isinstance(combat, dict) and "step" in combat
            and combat["step"] != "cast_spells")


def check_r47(state, params, ctx):
    allowed = PHASES_FOR.get(params.get("phase_allowed"), ())
    if state["phase"] not in allowed:
        when = {"movement": "in the movement phase", "combat": "in the combat phase",
                "either": "in the movement or the combat phase"}.get(params.get("phase_allowed"), "during play")
        return f"This spell can be cast only {when}."
    if params.get("phase_allowed") != "any" and not params.get("secret") and wrong_combat_step(state):
        return "In a combat, spells are cast in the Cast Spells step."


def check_r48(state, params, ctx):
    if not state["rules"].get("ab_errata", True) or params.get("range_text_allows"):
        return None
    caster, target = unit(state, params.get("caster")), unit(state, params.get("target"))
    if caster is not None and target is not None and loc(state, caster) != loc(state, target):
        return f"Spells act only in the caster's terrain; {target.get('name')} is elsewhere."


def check_r51(state, params, ctx):
    if not params.get("secret"):
        return None
    if state["phase"] != "combat" or not isinstance(state.get("combat"), dict):
        return "Secret spells are cast only in a combat."
    if not placement_done(state):
        return "Secret spells are cast once every unit of the round is placed."
    if params.get("target") is None:
        return "Name the unit the secret spell lies under."


def check_r32(state, params, ctx):
    if ctx.action_type == "cast_spell":
        target = unit(state, params.get("target"))
        if params.get("modifies") and target is not None and target.get("kind") == "summoned":
            return "A summoned creature's values can't be changed by spells."
        return None
    holder = unit(state, params.get("equip_to"))
    if holder is not None and holder.get("kind") == "summoned":
        return "Summoned creatures can't use equipment."


def check_h33(state, params, ctx):
    sp = spell(state, params.get("spell"))
    if sp is None:
        return "That spell is not in play."
    if ctx.action_type == "resolve_spell":
        if sp.get("resolved"):
            return f"{sp['name']} has already taken effect."
        if sp.get("owner") != params["player"]:
            return f"{sp['name']} is {name_of(state, sp.get('owner'))}'s spell to resolve."
    elif ctx.action_type == "remove_permanent_spell" and (sp.get("duration") != "P" or not sp.get("resolved")):
        return f"{sp['name']} is not a permanent spell in effect."


def check_r49(state, params, ctx):
    sp = spell(state, params.get("spell"))
    if sp is None or not hostile(state, sp):
        return None
    if params.get("attack_roll") is None or params.get("defence_roll") is None:
        return "A spell on the opponent's unit needs the magic attack and magic defence rolls."


def check_r50(state, params, ctx):
    sp = spell(state, params.get("spell"))
    if sp is None or sp.get("resolved") or sp.get("secret"):
        return None
    pending = [s for s in state["spells"] if s is not sp and not s.get("resolved") and not s.get("secret")
               and unit(state, s.get("caster")) is not None]
    if sp.get("batch"):
        lower = [s for s in pending if s.get("batch") == sp["batch"] and s["ms"] < sp["ms"]]
        if lower:
            first = min(lower, key=lambda s: s["ms"])
            return f"Resolve {first['name']} (Magic Strength {first['ms']}) first: revealed spells go from the lowest."
    else:
        earlier = [s for s in pending if not s.get("batch") and s.get("seq", 0) < sp.get("seq", 0)]
        if earlier:
            return f"{earlier[0]['name']} was played earlier and takes effect first."


def check_r52(state, params, ctx):
    u = unit(state, params.get("summoner"))
    kind = params.get("kind")
    if u is None or kind not in SUMMONERS:
        return None
    if wrong_combat_step(state):
        return "In a combat, creatures are summoned in the Cast Spells step."
    if u.get("class") not in SUMMONERS[kind]:
        who = " and ".join(CLASS_TITLES[c] for c in SUMMONERS[kind])
        return f"{KIND_TITLES[kind]} can be summoned only by {who}."


def blessed_ones(state, seat) -> list[dict]:
    return [u for u in state["units"].values() if u.get("controller") == seat and u.get("class") == "blessed_one"]


def check_r56(state, params, ctx):
    u = unit(state, params.get("blessed_one"))
    if not blessed_ones(state, params["player"]):
        return "You need a Blessed One in play to work a miracle."
    if u is not None and u.get("controller") == params["player"] and u.get("class") != "blessed_one":
        return f"{u.get('name')} is not a Blessed One."


def same_deity(bo, deity) -> bool:
    return str(bo.get("deity") or "").strip().lower() == str(deity or "").strip().lower() != ""


def check_r57(state, params, ctx):
    bo = unit(state, params.get("blessed_one"))
    if bo is None or bo.get("class") != "blessed_one" or same_deity(bo, params.get("deity")):
        return None
    if params.get("roll") is None or params.get("opponent_roll") is None:
        return "A miracle of another god needs both players' rolls."


def check_r59(state, params, ctx):
    if params.get("mode") != "banish":
        return None
    target = unit(state, params.get("target"))
    if target is None:
        return None
    if target.get("kind") != "summoned":
        return f"Only summoned creatures can be banished; {target.get('name')} is not one."
    bo = unit(state, params.get("blessed_one"))
    if bo is not None and not state["rules"].get("ab_errata", True) and loc(state, bo) != loc(state, target):
        return "Without the AB rulings a Blessed One banishes only in its own terrain."


def _event_names(state, seat) -> list[str]:
    scope = state["rules"].get("event_limit", "turn")
    players = [state["players"][seat]] if scope == "player" else state["players"]
    return [n.strip().lower() for p in players for n in p.get("events_this_turn") or []]


def check_r61(state, params, ctx):
    if not state["rules"].get("essen96"):
        return None
    if params["name"].strip().lower() in _event_names(state, params["player"]):
        return f"{params['name']} was already played this turn."


def check_r62(state, params, ctx):
    if params.get("timing_ok") is False:
        return "Play the event only when its text allows."


def check_h31(state, params, ctx):
    u = unit(state, params.get("unit"))
    if params.get("unit") not in (state.get("djinn_rolls_due") or []) or u is None:
        return "No roll is due for that djinn now."
    if u.get("summoned_by") != params["player"]:
        return f"{name_of(state, u.get('summoned_by'))} rolls for that djinn."


# ------------------------------------------------------------------ the table

def _row(n: int, title: str, message: str, check=None, kind: str | None = None) -> Rule:
    row_kind, section, _ = ROWS[n]
    return Rule(f"dark-force.R{n}", title, section, message, check,
                kind=kind or row_kind)


def _house(n: int, title: str, section: str, message: str, check, hard: bool = True) -> Rule:
    # an unknown id would leave the action nothing to work on: these can't be overridden
    return Rule(f"dark-force.H{n}", title, section, message, check, hard=hard)


def defined_elsewhere(rule_id: str) -> bool:
    """True when a part imported before this one (movement, combat) already defines the rule."""
    for part in ("movement", "combat"):
        mod = sys.modules.get(f"{__package__}.{part}")
        if mod is not None and any(r.id == rule_id for r in getattr(mod, "RULES", ())):
            return True
    return False


_ALL = (
    _row(12, "A terrain comes first", "You need a terrain in play before you can play other cards.", check_r12),
    _row(32, "Summoned creatures take no spell boosts and no equipment",
         "Summoned creatures can't be changed by spells or carry equipment.", check_r32),
    _row(44, "Only spellcasters cast", "That unit is not a spellcaster.", check_r44),
    _row(45, "The caster's Magic Strength must reach the spell's",
         "The spell's Magic Strength is above the caster's.", check_r45),
    _row(46, "One spell or summoning per caster at a time",
         "That caster has already cast now (one per combat round; with AB also one per movement phase).",
         check_r46),
    _row(47, "Spells keep to the phase their text names", "This spell can't be cast in this phase.", check_r47),
    _row(48, "Spells act in the caster's terrain", "A spell acts only in the terrain where it is cast.", check_r48),
    _row(49, "Spell attacks are rolled; a tie fails",
         "A spell on the opponent's unit works only if the magic attack beats the magic defence.", check_r49),
    _row(50, "Order of spells", "An earlier or weaker spell takes effect first.", check_r50),
    _row(51, "Secret spells", "Secret spells are placed only in a combat, after all units are placed.", check_r51),
    _row(52, "Who summons what", "That spellcaster can't summon this kind of creature.", check_r52),
    _row(53, "A summoning beyond the summoner's strength backfires",
         "The summoner is destroyed and the creature goes to the discard pile."),
    _row(55, "Spell and summoning timers",
         "(R) spells and demons end as their player's next turn begins; djinns roll then; (K) spells end with "
         "their combat."),
    _row(56, "Miracles need a Blessed One", "You need a Blessed One in play to work a miracle.", check_r56),
    _row(57, "Other gods' miracles need a roll-off",
         "A miracle of another god works only if your roll ties or beats the opponent's.", check_r57),
    _row(58, "Miracles at any time", "Either player may work a miracle at any moment of the game."),
    _row(59, "Banishing summoned creatures", "Only summoned creatures can be banished.", check_r59),
    _row(61, "One event of a name per turn (Essen '96)", "An event of that name was already played this turn.",
         check_r61),
    _row(62, "Events follow their own text", "Play the event only when its text allows.", check_r62),
    _row(115, "A negative MS is only the unit's own resistance",
         "A negative Magic Strength on a hero or army never modifies other cards."),
    _house(30, "The acting unit is yours and in play", "[9.2 Spellcasting]",
           "That unit is not one of yours in play.", check_h30),
    _house(31, "A djinn's roll is due", "[9.3 Summoned Creatures]",
           "No roll is due for that djinn now.", check_h31),
    _house(32, "A card played comes from the hand", "[3.4 Card Types]",
           "There is no card in your hand to play.", check_h32, hard=False),
    _house(33, "The spell is in play", "[9.2 Spellcasting]", "That spell is not in play.", check_h33),
    _house(34, "The target is in play", "[9.2 Spellcasting]", "That unit is not in play.", check_h34),
)

RULES = tuple(r for r in _ALL if not defined_elsewhere(r.id))
