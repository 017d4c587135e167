"""Combat A-H (L271-293), the Combat Results Table (L318-324) and the decisions that follow it.

An attack is declared with its units and the hex attacked (A-E), optionally at lower odds (H); its
strengths and odds come from strength.py, the die from the kernel, the result from the pack's CRT;
results.py applies the result and asks the decisions it owes (retreats, exchange losses,
battlegroups, advance) one decision frame at a time.

`legal()` lists, for each enemy hex next to the phasing units, one attack with every unit that
may take part, at its odds, and the same attack at each lower column (H). It does not list every
subset of attackers: with up to eighteen possible attackers that would be hundreds of thousands of
orders, and any subset of a listed attack is accepted as well (a bot composes it itself).
"""
from __future__ import annotations

from itertools import chain, combinations, islice

from domain.games.breakout_pursuit import (
    airstrike, battlegroups, cite, provenance, results, retreat, strength, supply, supply_defence,
)
from domain.games.breakout_pursuit.effects import AttackResolved
from domain.games.breakout_pursuit.model import ALLIED, GERMAN, ISOLATED, SUPPLIED, State, Unit, enemy
from domain.games.breakout_pursuit.orders import Advance, Attack, Battlegroups, DefensiveSupply, ExchangeLosses, Retreat
from domain.kernel.assessment import Assessment
from domain.kernel.commands import Order, Reject
from domain.kernel.grid import hexside_id
from domain.kernel.problem import Problem

LIMIT = 64  # answers listed per decision: each is accepted; the list is not every possible answer


def enter(adj) -> bool:
    """The Combat Phase asks its player only when he has an attack to make, or owes the Air Strike
    that comes first (airstrike.py)."""
    if airstrike.begin(adj):
        return True
    state = adj.state
    return bool(targets(state, adj.ruleset.data, state.core.clock.side))


def leave(adj) -> None:
    """Supply units traced to by Allied defenders are removed at the end of the German Combat Phase (Supply J)."""
    supply_defence.expend(adj)


# --- who may attack what ---------------------------------------------------------------------------


def defender_ids(state: State, data, hex_id: str, side: str) -> tuple[str, ...]:
    ids = tuple(u.id for u in state.defenders_at(hex_id, side))
    if side == GERMAN and strength.intact_fortress(state, data, hex_id):
        ids += (strength.fortress_id(hex_id),)
    return ids


def target_problem(state: State, data, side: str, hex_id: str) -> Problem | None:
    """Why a hex cannot be attacked by `side` at all, or None."""
    if hex_id not in data.map.hexes:
        return Problem("unknown_hex", f"There is no hex {hex_id} on the map.", cite.COMBAT_A)
    other = enemy(side)
    ids = defender_ids(state, data, hex_id, other)
    bars = any(retreat.blocking(u) for u in state.defenders_at(hex_id, other)) or strength.fortress_id(hex_id) in ids
    if not bars:
        return Problem("no_defender", f"No {other} unit that must be attacked is in {hex_id} (Supply and Pipeline units alone "
                "are overrun by moving in, Movement B).", cite.COMBAT_A)
    if all(i in state.defended for i in ids):
        # units that retreated into a hex attacked later share its result (Correction L632), but a hex
        # whose every unit has been attacked this phase cannot be attacked again (E)
        return Problem("defenders_already_attacked", f"Every defender in {hex_id} has already been attacked this Combat Phase.", cite.COMBAT_E)
    return None


def attacker_problem(state: State, data, side: str, u: Unit | None, uid: str, hex_id: str) -> Problem | None:
    """Why a unit may not join an attack on `hex_id`, or None."""
    if u is None or u.side != side:
        return Problem("not_your_unit", f"{uid} is not a {side} unit.", cite.COMBAT_A)
    if u.hex is None:
        return Problem("not_on_map", f"{uid} is not on the map.", cite.COMBAT_A)
    if not u.combat_unit:
        return Problem("not_a_combat_unit", f"{uid} has no attack strength (Trucks defend only).", cite.NON_COMBAT_A)
    if uid in state.attacked:
        return Problem("already_attacked", f"{uid} has already attacked this Combat Phase.", cite.COMBAT_E)
    if hex_id not in data.neighbours.get(u.hex, ()):
        return Problem("not_adjacent", f"{uid} in {u.hex} is not adjacent to {hex_id}.", cite.COMBAT_A)
    if data.sea_between(u.hex, hex_id):
        return Problem("across_sea", f"{uid} cannot attack across the Sea hexside between {u.hex} and {hex_id}.", cite.TEC_SEA)
    if state.fired.get(u.hex, hex_id) != hex_id:
        return Problem("stack_split", f"Units in {u.hex} have attacked {state.fired[u.hex]} this Combat Phase; units in one hex "
                "may not attack different hexes.", cite.COMBAT_B)
    if strength.unit_attack(state, data, u) <= 0:
        return Problem("zero_strength", f"{uid} attacks with a Combat Strength of zero ({state.supply.get(uid, 'supplied')}) and may "
                "not take part in an attack.", cite.CRT_CLAMP)
    return None


def targets(state: State, data, side: str) -> dict[str, tuple[str, ...]]:
    """Each hex `side` may attack now, with every unit that may take part."""
    out: dict[str, list[str]] = {}
    held = {x.hex for x in state.units.values() if x.side != side and x.hex is not None}  # State.at's units, once
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.side != side or u.hex is None or not u.combat_unit or u.hex not in data.neighbours:
            continue
        for n in data.neighbours[u.hex]:
            occupied = n in held or (side == ALLIED and strength.intact_fortress(state, data, n))
            if occupied and attacker_problem(state, data, side, u, u.id, n) is None:
                out.setdefault(n, []).append(u.id)
    return {h: tuple(a) for h, a in sorted(out.items()) if target_problem(state, data, side, h) is None}


def assess(state: State, data, attackers: tuple[str, ...], hex_id: str) -> dict:
    """Strengths, defender supply, odds and die modifier of an attack."""
    side = state.units[attackers[0]].side
    defenders = state.defenders_at(hex_id, enemy(side))
    states = supply.defender_states(state, data, [u.id for u in defenders])
    att, att_detail = strength.attack_strength(state, data, [state.units[a] for a in attackers])
    dfn, dfn_detail = strength.defense_strength(state, data, hex_id, defenders, states, enemy(side))
    river = data.tec_row("river_hexside")
    across = all(data.river_between(state.units[a].hex, hex_id) for a in attackers)
    involved = [(state.units[u].side, s) for u, s in states.items()] + [(side, p["supply"]) for p in att_detail["units"].values()]
    return {"attack": att, "defense": dfn, "attack_detail": att_detail, "defense_detail": dfn_detail, "supply": states,
            "column": data.crt_table.column(att, dfn), "drm": int(river.get("die_modifier", -1)) if across else 0,
            "german_unsupplied": any(s == GERMAN and state_ != SUPPLIED for s, state_ in involved)}


def legal(state: State, data, side: str, unit: str | None = None) -> list[Order]:
    if airstrike.owed(state):
        return [o for o in airstrike.legal(state) if unit is None or unit in o.units]
    orders: list[Order] = []
    for hex_id, attackers in targets(state, data, side).items():
        if unit is not None and unit not in attackers:
            continue
        column = assess(state, data, attackers, hex_id)["column"]
        orders.append(Attack(attackers=attackers, hex=hex_id))
        orders += [Attack(attackers=attackers, hex=hex_id, odds=c) for c in data.crt_table.lower(column)]
    return orders


# --- an attack -------------------------------------------------------------------------------------


def forecast(state: State, data, order: Attack) -> Assessment:
    """A listed attack as it would be resolved now (Combat G, CRT): strengths, the column (the one
    asked for, if lower), the die modifier and the result each face of the die would give. German
    attacks: the Allied defenders' supply before any trace to a Supply unit they may owe (Supply H)."""
    a = assess(state, data, tuple(order.attackers), order.hex)
    used = order.odds or a["column"]
    faces = range(1, data.crt.die.sides + 1)
    return Assessment(attack=a["attack"], defense=a["defense"], defender_supply=a["supply"], computed_odds=a["column"],
                      odds=used, die_modifier=a["drm"], results=tuple(data.crt_table.result(used, d + a["drm"]) for d in faces))


def attack(adj, seat: str, order: Attack) -> None:
    state, data = adj.state, adj.ruleset.data
    side = state.core.layout.side_of(seat)
    if airstrike.owed(state):
        raise Reject("air_strike_first", "The Air Strike comes first: make it before any ground attack.", cite.AIR_STRIKE)
    attackers = tuple(order.attackers)
    if not attackers or len(set(attackers)) != len(attackers):
        raise Reject("bad_attackers", "Name each attacking unit once, at least one.", cite.COMBAT_A)
    problem = target_problem(state, data, side, order.hex)
    if problem:
        raise problem.reject(hex=order.hex)
    for uid in attackers:
        problem = attacker_problem(state, data, side, state.units.get(uid), uid, order.hex)
        if problem:
            raise problem.reject(unit=uid)
    a = assess(state, data, attackers, order.hex)
    column, columns = a["column"], data.crt.columns
    used = order.odds or column
    if used not in columns:
        raise Reject("bad_odds", f"{used} is not a column of the Combat Results Table ({', '.join(columns)}).", cite.CRT)
    if not data.crt_table.at_most(used, column):
        raise Reject("odds_not_lower", f"The attack is at {column}; the attacker may only lower the odds (H), not raise them "
                     f"to {used}.", cite.COMBAT_H, odds=column)
    if side == GERMAN and supply_defence.ask(adj, order, state.defenders_at(order.hex, ALLIED), a["attack"]):
        return  # the Allied player first chooses the Supply unit his defenders trace to (Supply H)
    resolve(adj, attackers, order.hex, order.odds)


def resolve(adj, attackers: tuple[str, ...], hex_id: str, requested: str | None) -> None:
    """Roll and apply a declared attack, with the defenders' supply as it stands now (after any
    defensive trace): the odds asked for if still at or below the computed column, else the column."""
    state, data = adj.state, adj.ruleset.data
    side = state.units[attackers[0]].side
    a = assess(state, data, attackers, hex_id)
    column = a["column"]
    used = requested if requested and data.crt_table.at_most(requested, column) else column
    roll = adj.roll(data.crt.die.sides, "combat")
    modified = roll.value + a["drm"]
    result = data.crt_table.result(used, modified)
    options = state.core.options
    table = list(provenance.crt_cell(data, used, modified)) if data.fidelity else [cite.CRT]
    cites = [cite.COMBAT_PROCEDURE, cite.COMBAT_G, *table] + strength.citations(
        a["attack_detail"], a["defense_detail"], options, a["german_unsupplied"])
    if a["drm"]:
        cites.append(cite.TEC_RIVER)
    if used != column:
        cites.append(cite.COMBAT_H)
    if data.crt_table.beyond_table(a["attack"], a["defense"]):
        cites.append(cite.CRT_CLAMP)
    defenders = defender_ids(state, data, hex_id, enemy(side))
    if data.fidelity:  # the map facts the strengths turned on, and invented counters in the fight
        cites += provenance.hexes(data, [hex_id]) if a["defense_detail"].get("multiplier", 1) != 1 else ()
        cites += provenance.hexsides(data, [hexside_id(state.units[u].hex, hex_id) for u in attackers]) if a["drm"] else ()
        cites += provenance.counters(data, attackers + defenders)
        isolated = [p for p in a["defense_detail"]["units"].values() if p["supply"] == ISOLATED]
        cites += provenance.datum(data, "table:supply_effects:german_isolated") if side == ALLIED and isolated else ()
    adj.emit(AttackResolved(attackers=attackers, hex=hex_id, defenders=defenders, attack=a["attack"], defense=a["defense"],
                            attack_detail=a["attack_detail"], defense_detail=a["defense_detail"], defender_supply=a["supply"],
                            odds=used, computed_odds=column, drm=a["drm"], roll=roll, modified=modified, result=result,
                            cite=tuple(dict.fromkeys(cites))))
    origins = {u: state.units[u].hex for u in attackers + defenders if u in state.units and state.units[u].hex}
    origins.update({u: hex_id for u in defenders if u in state.units and state.units[u].hex is None})
    results.begin(adj, attackers, hex_id, defenders, result, origins)


# --- decisions owed ------------------------------------------------------------------------------


def decision(state: State, seat: str):
    """(frame, combat, step) of the combat decision `seat` owes now, or Nones."""
    frame, c = state.core.top(), state.combat
    if frame is None or c is None or not c.steps or seat not in frame.waiting_for():
        return None, None, None
    return frame, c, c.steps[0]


def answers(state: State, data, seat: str) -> list[Order]:
    """Answers to the open decision, each accepted if submitted (at most LIMIT of them)."""
    if _defensive(state):
        return list(supply_defence.answers(state, data, seat))
    frame, c, step = decision(state, seat)
    if frame is None:
        return []
    kind = results.FRAME_OF[step]
    if kind == "retreat":
        units = results.retreaters(state, c, step)
        return [Retreat(frame=frame.id, moves=m) for m in retreat.plans(state, data, units, LIMIT)]
    if kind == "exchange":
        sets = results.exchange_sets(state, results.units_of(state, c.attackers), c.face_lost, LIMIT)
        return [ExchangeLosses(frame=frame.id, units=s) for s in sets]
    if kind == "battlegroups":
        attacker, defender = results.sides(state, c)
        side = defender if step.startswith("defender") else attacker
        offer = tuple(battlegroups.eligible(state, data, c.eliminated, c.origins, side))
        ok = (s for s in subsets(offer, len(offer)) if results.battlegroups_problem(state, data, c, side, s) is None)
        return [Battlegroups(frame=frame.id, units=s) for s in islice(ok, LIMIT)]
    units = results.advancers(state, data, c)
    return [Advance(frame=frame.id, units=s) for s in islice(subsets(units, results.MAX_ADVANCE), LIMIT)]


def subsets(items: tuple[str, ...], largest: int):
    """The subsets of `items` up to `largest` elements, smallest first (lazily: there may be many)."""
    return chain.from_iterable(combinations(items, k) for k in range(min(largest, len(items)) + 1))


def _defensive(state: State) -> bool:
    frame = state.core.top()
    return frame is not None and frame.kind == supply_defence.FRAME


def answer(adj, seat: str, order) -> None:
    if _defensive(adj.state):
        if not isinstance(order, DefensiveSupply):
            frame = adj.state.core.top()
            raise Reject("wrong_answer", f"The open decision is frame {frame.id}, a defensive supply decision: answer it with "
                         f"a 'defensive_supply' order naming frame {frame.id}.", cite.SUPPLY_H, frame=frame.id)
        held = supply_defence.answer(adj, seat, order)
        resolve(adj, held.attackers, held.hex, held.odds)
        return
    if isinstance(order, DefensiveSupply):
        raise Reject("no_decision", "There is no defensive supply decision to answer.", cite.SUPPLY_H)
    results.answer(adj, seat, order)


def default_answer(state: State, data, seat: str) -> Order | None:
    """What the rules impose at a deadline: the first closest retreat, the cheapest exchange, no
    battlegroups (they are at the owner's option), no advance (it is voluntary); for a defensive
    supply decision, the nearest Supply unit if the trace is forced, else none."""
    if _defensive(state):
        return supply_defence.default_answer(state, data, seat)
    frame, c, step = decision(state, seat)
    if frame is None:
        return None
    kind = results.FRAME_OF[step]
    if kind == "retreat":
        return Retreat(frame=frame.id, moves=retreat.plans(state, data, results.retreaters(state, c, step), 1)[0])
    if kind == "exchange":
        return ExchangeLosses(frame=frame.id, units=results.exchange_sets(state, results.units_of(state, c.attackers), c.face_lost, 1)[0])
    if kind == "battlegroups":
        return Battlegroups(frame=frame.id, units=())
    return Advance(frame=frame.id, units=())
