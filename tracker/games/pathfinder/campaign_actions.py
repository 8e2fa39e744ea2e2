"""Campaign actions (spec 4.6, A58-A74): parameter schemas, the rules each cites, and their effects."""
from __future__ import annotations

from tracker.engine import ActionSpec
from tracker.engine.runtime import copy_state
from tracker.engine.schema import boolean, enum, integer, obj, seat, string

from .campaign import (
    BETWEEN, CAMPAIGN_PHASES, DEATHS, FEAT_TYPES, HERO_POINT_MARKERS, LEFTOVERS, MAX_ADVENTURE, MAX_SKILL_FEAT,
    MODE_LETTERS, REBUILD, REWARDS, active, adventure_of, clean, counts, dead_undecided, entry_seat, find_scenario, first_open_scenario,
    new_campaign_player, reward_key,
)
from .data import BOON_TYPES

PHASES = frozenset(CAMPAIGN_PHASES)


def array(items, max_items=40, min_items=0) -> dict:
    out = {"type": "array", "items": items, "maxItems": max_items}
    if min_items:
        out["minItems"] = min_items
    return out


CARD = obj(("name", "type"), name=string(100), type=enum(*BOON_TYPES), level=integer(0, 20),
           loot=boolean("a Loot card (exempt from the rebuild level cap)"),
           owner=string(60, "the character named by its Owner trait"))
DECK_LIST = obj((), **{t: integer(0, 30) for t in BOON_TYPES})


def _card(raw) -> dict:
    card = {"name": clean(raw["name"]), "type": raw["type"], "level": raw.get("level", 0), "loot": bool(raw.get("loot"))}
    if raw.get("owner"):
        card["owner"] = clean(raw["owner"])
    return card


def _key(card) -> tuple:
    return (card["name"].casefold(), card["type"])


def _take(cards, wanted) -> bool:
    """Remove the first card matching `wanted` (name and type) from `cards`; True if one was there."""
    for i, card in enumerate(cards):
        if _key(card) == _key(wanted):
            del cards[i]
            return True
    return False


def _p(state, params):
    return state["players"][params["player"]]


def _settle(state) -> None:
    """Skip after-scenario steps with nothing to do: deaths all decided; no rewards after a loss."""
    if state["phase"] == DEATHS and not dead_undecided(state):
        state["phase"] = REWARDS if (state["last_scenario"] or {}).get("result") == "won" else LEFTOVERS


def _complete_for(state, p, title, an, letter) -> None:
    p["last_completed_an"] = an
    modes = p["completed_modes"].setdefault(title, [])
    if letter and letter not in modes:
        modes.append(letter)


# ------------------------------------------------------------------ effects

def apply_add_scenario(state, params, ctx):
    title, number = clean(params["title"]), params["adventure"]
    adventures = state["adventure_path"]["adventures"]
    adv = next((a for a in adventures if a["number"] == number), None)
    if adv is None:
        adv = {"number": number, "scenarios": []}
        adventures.append(adv)
        adventures.sort(key=lambda a: a["number"])
    if find_scenario(state, title) is None:
        adv["scenarios"].append(title)
        state["progress"].setdefault(title, {"N": False, "H": False, "L": False, "E": False})
    if state["must_replay"] is None:
        state["next_scenario"] = first_open_scenario(state)
    return f"Adventure {number}: {title} added to the Adventure Path."


def apply_record_scenario(state, params, ctx):
    title = find_scenario(state, params["scenario"]) or clean(params["scenario"])
    an = adventure_of(state, title) or params.get("adventure_number") or state["adventure_number"]
    won, mode = params["result"] == "won", params["mode"]
    letter = MODE_LETTERS.get(mode)
    dead = {entry_seat(state, e) for e in params.get("characters", []) if e.get("dead")} - {None}
    state["turn"] += 1
    state["last_played_an"] = an
    state["adventure_number"] = an
    state["last_scenario"] = {"title": title, "adventure_number": an, "mode": mode, "result": params["result"],
                              "session": params.get("session")}
    state["pending_loot"], state["pool"], state["vault"]["returned"] = [], [], []
    for s, p in enumerate(state["players"]):
        p["dead_in_last_scenario"] = s in dead
        p["death_choice"] = None
        p["alive"] = s not in dead and not p["needs_character"]
        p["rebuilt"] = False
        if won and p["alive"]:
            _complete_for(state, p, title, an, letter)
    if won:
        if title not in state["completed"]:
            state["completed"].append(title)
        if letter:
            state["progress"].setdefault(title, {"N": False, "H": False, "L": False, "E": False})[letter] = True
        state["must_replay"] = None
    else:
        state["must_replay"] = title
    state["next_scenario"] = state["must_replay"] or first_open_scenario(state)
    state["phase"] = DEATHS
    _settle(state)
    deaths = f"; dead: {', '.join(state['players'][s]['character'] for s in sorted(dead))}" if dead else ""
    return f"{title} ({mode}) {'won' if won else 'lost'}{deaths}."


def apply_return_from_death(state, params, ctx):
    p = _p(state, params)
    spent, p["hero_points"] = p["hero_points"], 0
    p["alive"], p["death_choice"] = True, "returned"
    last = state["last_scenario"] or {}
    if last.get("result") == "won":
        _complete_for(state, p, last["title"], last["adventure_number"], MODE_LETTERS.get(last["mode"]))
    _settle(state)
    return f"{p['character']} spends {spent} hero point(s) and returns from death."


def apply_permanent_death(state, params, ctx):
    p = _p(state, params)
    p["alive"], p["permanently_dead"], p["needs_character"], p["death_choice"] = False, True, True, "permanent"
    p["pending_hero_points"], p["role_reward"] = 0, False
    state["pool"].extend(p["deck_contents"])  # the others may rebuild with the fallen character's cards
    p["deck_contents"] = []
    _settle(state)
    return f"{p['character']}'s death is permanent; {p['name']} starts a new character for the next scenario."


def apply_claim_reward(state, params, ctx):
    level, points = params["level"], params.get("hero_points", 0)
    key = reward_key(state, level)
    if key not in state["rewards_claimed"]:
        state["rewards_claimed"].append(key)
    loot_level = (state["last_scenario"] or {}).get("adventure_number", state["adventure_number"]) + 1
    for name in params.get("loot", []):
        if clean(name):
            state["pending_loot"].append({"name": clean(name), "type": params.get("loot_type"), "level": loot_level,
                                          "loot": True})
    earners = [p for p in state["players"] if p["alive"] and active(p)]
    for p in earners:
        p["pending_hero_points"] += points
        if params.get("role") and not p["role"]:
            p["role_reward"] = True
    parts = [f"{points} hero point(s) each"] if points else []
    parts += [f"Loot: {', '.join(clean(n) for n in params.get('loot', []) if clean(n))}"] if params.get("loot") else []
    parts += ["a role"] if params.get("role") else []
    return f"{level.replace('_', ' ').capitalize()} reward: {'; '.join(parts) or 'recorded'}."


def apply_spend_feat(state, params, ctx):
    p, kind = _p(state, params), params["feat"]
    if p["pending_hero_points"]:
        p["pending_hero_points"] -= 1
    elif p["hero_points"]:  # only by override (R86): the table spent a banked point
        p["hero_points"] -= 1
    p["feat_counts"][kind] += 1
    if kind == "skill":
        skill = clean(params["skill"]).casefold()
        value = params.get("value", p["feats"]["skill"].get(skill, 0) + 1)
        p["feats"]["skill"][skill] = max(value, p["feats"]["skill"].get(skill, 0))  # boxes replace, never add
        what = f"{skill} +{p['feats']['skill'][skill]}"
    elif kind == "power":
        name = clean(params["power"])
        p["feats"]["power"].append(name)
        on_role = (params.get("on") or ("role" if p["role"] else "character")) == "role"
        if on_role:
            p["feats"]["role_power"].append(name)
        if params.get("hand_size"):
            p["hand_size"] += 1
        what = f"power feat {name}{' (role)' if on_role else ''}"
    else:
        t = params["card_type"]
        p["feats"]["card"][t] = p["feats"]["card"].get(t, 0) + 1
        p["deck_list"][t] += 1
        what = f"card feat: +1 {t} (deck list now {p['deck_list'][t]})"
    return f"{p['character']} gains a feat: {what}."


def apply_bank(state, params, ctx):
    p, n = _p(state, params), params.get("count", 1)
    p["pending_hero_points"] -= min(n, p["pending_hero_points"])  # more than awarded only by override (R86)
    p["hero_points"] += n
    if p["hero_points"] > HERO_POINT_MARKERS:
        ctx.notes.append(f"{p['character']} holds more hero points than the box has markers ({HERO_POINT_MARKERS}).")
    return f"{p['character']} banks {n} hero point(s) (now {p['hero_points']})."


def apply_choose_role(state, params, ctx):
    p = _p(state, params)
    p["role"], p["role_reward"] = params["side"], False
    p["feats"]["role_power"] = list(p["feats"]["power"])  # matching checked feats are copied onto the role
    return f"{p['character']} takes role side {params['side']}; checked power feats are copied onto it."


def apply_take_loot(state, params, ctx):
    name = clean(params["loot"])
    card = next((c for c in state["pending_loot"] if c["name"].casefold() == name.casefold()), None)
    if card:
        state["pending_loot"].remove(card)
    seat = params.get("player")
    if seat is None:
        state["vault"]["returned"].append(card["name"] if card else name)
        return f"Nobody takes {name}; it goes into the vault."
    p = state["players"][seat]
    p["loot"].append(card["name"] if card else name)
    return f"{p['character']} takes the Loot card {name}."


def apply_leftovers(state, params, ctx):
    state["vault"]["returned"].extend(clean(n) for n in params.get("returned_to_vault", []) if clean(n))
    state["vault"]["removed_from_game"].extend(clean(n) for n in params.get("removed_from_game", []) if clean(n))
    if state["phase"] == LEFTOVERS:
        state["phase"] = REBUILD
    return "Leftover boons processed; non-boons go back to the vault."


def apply_rebuild(state, params, ctx):
    p = _p(state, params)
    new = [_card(c) for c in params["cards"]]
    old = list(p["deck_contents"])
    for card in new:
        if not _take(old, card):
            _take(state["pool"], card)
    state["pool"].extend(old)
    p["deck_contents"], p["rebuilt"] = new, True
    return f"{p['character']} rebuilds: {', '.join(f'{n} {t}' for t, n in counts(new).items() if n)}."


def apply_trade(state, params, ctx):
    giver, taker = _p(state, params), state["players"][params["target"]]
    give = [_card(c) for c in params.get("give", [])]
    receive = [_card(c) for c in params.get("receive", [])]
    for src, dst, cards in ((giver, taker, give), (taker, giver, receive)):
        for card in cards:
            if _take(src["deck_contents"], card) or not src["deck_contents"]:
                if dst["deck_contents"]:
                    dst["deck_contents"].append(card)
    return (f"{giver['character']} trades {', '.join(c['name'] for c in give) or 'nothing'} to {taker['character']} "
            f"for {', '.join(c['name'] for c in receive) or 'nothing'}.")


def apply_fill(state, params, ctx):
    p = _p(state, params)
    cards = [_card(c) for c in params["cards"]]
    p["deck_contents"].extend(cards)
    return f"{p['character']} takes filler from the vault: {', '.join(c['name'] for c in cards)}."


def apply_upgrade_vault(state, params, ctx):
    number = params.get("adventure", state["adventure_number"])
    adds = [{"name": clean(c["name"]), "type": clean(c.get("type")) or None, "level": c.get("level", 0),
             "promo": bool(c.get("promo")), "count": c.get("count", 1)} for c in params.get("adds", [])]
    state["vault"]["upgrades"].append({"adventure": number, "adds": adds,
                                       "removes": [clean(n) for n in params.get("removes", [])]})
    state["vault"]["level"] = max(state["vault"]["level"], number + 1)
    return f"Vault upgraded after adventure {number}: {len(adds)} line(s) added."


def apply_swap(state, params, ctx):
    p, kind = _p(state, params), params["erase_type"]
    erase, gain = clean(params["erase"]), clean(params["gain"])
    if kind == "skill":
        key = erase.casefold()
        value = p["feats"]["skill"].pop(key, 0) - 1
        if value > 0:
            p["feats"]["skill"][key] = value
        g = gain.casefold()
        p["feats"]["skill"][g] = p["feats"]["skill"].get(g, 0) + 1
    elif kind == "power":
        names = p["feats"]["power"]
        old = next((n for n in names if n.casefold() == erase.casefold()), None)
        if old:
            names.remove(old)
            if old in p["feats"]["role_power"]:
                p["feats"]["role_power"].remove(old)
        names.append(gain)
        if p["role"]:
            p["feats"]["role_power"].append(gain)
    else:
        e, g = erase.casefold(), gain.casefold()
        if p["feats"]["card"].get(e, 0) > 0 and e in p["deck_list"]:
            p["feats"]["card"][e] -= 1
            p["deck_list"][e] -= 1
        if g in p["deck_list"]:
            p["feats"]["card"][g] = p["feats"]["card"].get(g, 0) + 1
            p["deck_list"][g] += 1
    p["swaps_used"].append(params["adventure"])
    return f"{p['character']} erases the {kind} feat {erase} and gains {gain}."


def apply_create_character(state, params, ctx):
    p = _p(state, params)
    name = clean(params["character"])
    sheet = next((r for r in state["retired"] if r["character"].casefold() == name.casefold()), None) \
        if params.get("from_retired") else None
    if sheet:
        state["retired"].remove(sheet)
        fresh = {**new_campaign_player(p["name"], {"character": sheet["character"]}), **sheet["sheet"]}
        fresh["name"] = p["name"]
    else:
        raw = {"character": name, "deck_list": params.get("deck_list"), "hand_size": params.get("hand_size")}
        fresh = new_campaign_player(p["name"], raw)
    if params.get("cards"):
        fresh["deck_contents"] = [_card(c) for c in params["cards"]]
    state["players"][params["player"]] = fresh
    return f"{p['name']} starts {'again with ' if sheet else ''}{fresh['character']}."


def apply_retire(state, params, ctx):
    p = _p(state, params)
    keep = {k: v for k, v in p.items() if k not in ("name",)}
    state["retired"] = [r for r in state["retired"] if r["character"] != p["character"]]
    state["retired"].append({"character": p["character"], "sheet": copy_state(keep)})
    state["vault"]["returned"].extend(c["name"] for c in p["deck_contents"])
    p["deck_contents"], p["needs_character"], p["alive"] = [], True, False
    p["pending_hero_points"], p["role_reward"] = 0, False
    return f"{p['character']} retires; the deck list is written down and the cards go back to the vault."


def apply_next_step(state, params, ctx):
    phase = state["phase"]
    if phase == DEATHS:
        state["phase"] = REWARDS if (state["last_scenario"] or {}).get("result") == "won" else LEFTOVERS
    elif phase == REWARDS:
        state["phase"] = LEFTOVERS
    elif phase == LEFTOVERS:
        state["phase"] = REBUILD
    elif phase == REBUILD:
        state["vault"]["returned"].extend(c["name"] for c in state["pool"] + state["pending_loot"])
        state["pool"], state["pending_loot"] = [], []
        state["phase"] = BETWEEN
    return f"On to: {CAMPAIGN_PHASES[state['phase']]}."


def _spec(type_, title, params, apply, *rules):
    return ActionSpec(type_, title, params, apply, rules=("pathfinder.H20", "pathfinder.H21") + rules, phases=PHASES)


MODES = ("easy", "normal", "heroic", "legendary", "custom")
CAMPAIGN_ACTIONS = (
    _spec("add_scenario", "Add a scenario to the Adventure Path",
          obj(("adventure", "title"), adventure=integer(1, MAX_ADVENTURE), title=string(100)), apply_add_scenario),
    _spec("record_scenario", "Record a scenario's result",
          obj(("scenario", "mode", "result"), scenario=string(100), adventure_number=integer(1, MAX_ADVENTURE),
              mode=enum(*MODES), result=enum("won", "lost"),
              characters=array(obj(("dead",), player=seat(), character=string(60), dead=boolean()), 8),
              session=string(100, "the scenario session this result comes from")),
          apply_record_scenario, "pathfinder.R97", "pathfinder.H23", "pathfinder.R84", "pathfinder.R117",
          "pathfinder.R70"),
    _spec("return_from_death_with_hero_points", "Return from death with hero points", obj(("player",), player=seat()),
          apply_return_from_death, "pathfinder.R97", "pathfinder.R79"),
    _spec("declare_permanent_death", "Accept a permanent death", obj(("player",), player=seat()),
          apply_permanent_death, "pathfinder.R97", "pathfinder.R79"),
    _spec("claim_reward", "Claim a reward",
          obj(("level",), level=enum("scenario", "adventure", "adventure_path"), hero_points=integer(0, 10),
              loot=array(string(100), 10), loot_type=enum(*BOON_TYPES), role=boolean(), repeatable=boolean()),
          apply_claim_reward, "pathfinder.R97", "pathfinder.R85"),
    _spec("spend_hero_point_on_feat", "Spend an awarded hero point on a feat",
          obj(("player", "feat"), player=seat(), feat=enum(*FEAT_TYPES), skill=string(40), value=integer(1, MAX_SKILL_FEAT),
              power=string(100), card_type=enum(*BOON_TYPES), hand_size=boolean(), on=enum("character", "role")),
          apply_spend_feat, "pathfinder.R86", "pathfinder.R87", "pathfinder.R88", "pathfinder.R90"),
    _spec("bank_hero_point", "Keep an awarded hero point", obj(("player",), player=seat(), count=integer(1, 20)),
          apply_bank, "pathfinder.R86"),
    _spec("choose_role", "Choose a role side", obj(("player", "side"), player=seat(), side=enum("A", "B")),
          apply_choose_role, "pathfinder.R90"),
    _spec("take_loot", "Take a Loot card (or leave it to the vault)",
          obj(("loot",), loot=string(100), player=seat()), apply_take_loot,
          "pathfinder.R97", "pathfinder.R93", "pathfinder.R121"),
    _spec("process_leftover_boons", "Process leftover boons",
          obj((), returned_to_vault=array(string(100)), removed_from_game=array(string(100))),
          apply_leftovers, "pathfinder.R97"),
    _spec("rebuild_deck", "Rebuild a deck", obj(("player", "cards"), player=seat(), cards=array(CARD)),
          apply_rebuild, "pathfinder.R97", "pathfinder.R82", "pathfinder.R80"),
    _spec("rebuild_trade", "Trade cards while rebuilding",
          obj(("player", "target"), player=seat(), target=seat(), give=array(CARD, 15), receive=array(CARD, 15)),
          apply_trade, "pathfinder.R97", "pathfinder.R82"),
    _spec("fill_from_vault", "Fill a deck from the vault",
          obj(("player", "cards"), player=seat(), cards=array(CARD, 15, 1)),
          apply_fill, "pathfinder.R97", "pathfinder.R82", "pathfinder.R81"),
    _spec("upgrade_vault", "Upgrade the vault",
          obj((), adventure=integer(1, MAX_ADVENTURE),
              adds=array(obj(("name",), name=string(100), type=string(40), level=integer(0, 20), promo=boolean(),
                             count=integer(1, 30))),
              removes=array(string(100))),
          apply_upgrade_vault, "pathfinder.R97", "pathfinder.R117", "pathfinder.R91"),
    _spec("heroic_legendary_feat_swap", "Swap a feat after a Heroic or Legendary adventure",
          obj(("player", "adventure", "erase_type", "erase", "gain_type", "gain"), player=seat(),
              adventure=integer(1, MAX_ADVENTURE), erase_type=enum(*FEAT_TYPES), erase=string(100),
              gain_type=enum(*FEAT_TYPES), gain=string(100)),
          apply_swap, "pathfinder.R97", "pathfinder.R92"),
    _spec("create_character", "Start a new character",
          obj(("player", "character"), player=seat(), character=string(60), deck_list=DECK_LIST,
              hand_size=integer(1, 15), cards=array(CARD), from_retired=boolean()),
          apply_create_character, "pathfinder.R97", "pathfinder.R83", "pathfinder.R70", "pathfinder.R71",
          "pathfinder.R81"),
    _spec("retire_character", "Retire a character", obj(("player",), player=seat()), apply_retire, "pathfinder.R97"),
    _spec("next_campaign_step", "Go on to the next after-scenario step", obj(()), apply_next_step,
          "pathfinder.R97", "pathfinder.R82"),
)
_BY_TYPE = {spec.type: spec for spec in CAMPAIGN_ACTIONS}


__all__ = ["CAMPAIGN_ACTIONS"]
