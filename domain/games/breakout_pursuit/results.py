"""Applying a combat result (Explanation of Results L326-340; Retreat and Advance J-K; Battlegroups
L-P; German Fortresses D; Corrections L632, L634, L654, L656).

"Apply the result immediately, before resolving any other attacks" (Combat Procedure): what needs
no decision is done at once (eliminations, disruption, a Fortress destroyed); the decisions owed
are `Combat.steps`, asked one at a time through kernel decision frames addressed to the side that
decides. A step with nothing to decide (no battlegroup to form, one legal retreat, no unit able to
advance) is played out without asking.
"""
from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.games.breakout_pursuit import battlegroups, cite, move_effects, retreat, victory
from domain.games.breakout_pursuit.effects import (
    CombatPending, FortressDestroyed, RetreatWeighed, UnitRetreated, UnitsAdvanced, UnitsDisrupted,
)
from domain.games.breakout_pursuit.model import ALLIED, GERMAN, Combat, State, enemy
from domain.games.breakout_pursuit.stacking import STACK_LIMIT
from domain.games.breakout_pursuit.strength import FORTRESS, fortress_id, intact_fortress
from domain.kernel.commands import Reject

STEPS = {
    "Ae": ("attacker_battlegroups",),
    "De": ("defender_battlegroups", "advance"),
    "Ex": ("defender_battlegroups", "attacker_exchange", "attacker_battlegroups", "advance"),
    "Ar": ("attacker_retreat", "attacker_battlegroups"),
    "Dr": ("defender_retreat", "defender_battlegroups", "advance"),
    "Ad": (),
    "Ad-Dr": ("defender_retreat", "defender_battlegroups", "advance"),
}
RESULT_CITES = {"Ae": cite.RESULT_AE, "De": cite.RESULT_DE, "Ex": cite.RESULT_EX, "Ar": cite.RESULT_AR, "Dr": cite.RESULT_DR,
                "Ad": cite.RESULT_AD, "Ad-Dr": cite.RESULT_AD_DR}


def result_cites(data, result: str) -> tuple:
    """The Explanation of Results entries of a result. @2: "Ad-Dr" is explained by its two parts (Ad,
    Dr); @1 cited the row-0 line that prints it."""
    if data.fidelity and result == "Ad-Dr":
        return (cite.RESULT_AD, cite.RESULT_DR)
    return (RESULT_CITES[result],)


FRAME_OF = {"defender_retreat": "retreat", "attacker_retreat": "retreat", "attacker_exchange": "exchange",
            "defender_battlegroups": "battlegroups", "attacker_battlegroups": "battlegroups", "advance": "advance"}
ANSWER_TAG = {"retreat": "retreat", "exchange": "exchange_losses", "battlegroups": "battlegroups", "advance": "advance"}
MAX_ADVANCE = 3  # Retreat and Advance K


def sides(state: State, c: Combat) -> tuple[str, str]:
    """(attacking side, defending side). The Air Strike has no attacking units: its defenders are German."""
    attacker = state.units[c.attackers[0]].side if c.attackers else enemy(state.units[c.defenders[0]].side)
    return attacker, enemy(attacker)


def seat_of(state: State, side: str) -> str:
    return state.core.layout.seats_of(side)[0]


def units_of(state: State, ids) -> list[str]:
    return [u for u in ids if u in state.units and state.units[u].hex is not None]


# --- the immediate part -----------------------------------------------------------------------------


def begin(adj, attackers: tuple[str, ...], hex_id: str, defenders: tuple[str, ...], result: str, origins: dict[str, str]) -> None:
    fortress = fortress_id(hex_id) in defenders
    steps = STEPS[result]
    if fortress and "defender_retreat" in steps:
        steps = ()  # "Dr" does not apply to a German Fortress hex or units on it (Fortress D); Ad still does
        adj.cite(cite.FORTRESS_D)
    c = Combat(attackers=attackers, hex=hex_id, defenders=defenders, result=result, steps=steps, origins=origins)
    adj.emit(CombatPending(combat=c, cite=(cite.COMBAT_PROCEDURE, *result_cites(adj.ruleset.data, result))))
    if result == "Ae":
        eliminate(adj, attackers, "Ae")
    elif result in ("De", "Ex"):
        lost = units_of(adj.state, defenders)
        face = sum(adj.state.units[u].strength for u in lost)
        eliminate(adj, lost, result)
        if fortress:
            adj.emit(FortressDestroyed(hex=hex_id, cite=(cite.FORTRESS_D, *result_cites(adj.ruleset.data, result))))
            face += int(adj.ruleset.data.tec_row(FORTRESS).get("intrinsic_defense", 0))
        adj.emit(CombatPending(combat=replace(adj.state.combat, face_lost=face), cite=result_cites(adj.ruleset.data, result)))
    elif result in ("Ad", "Ad-Dr"):
        adj.emit(UnitsDisrupted(units=attackers, turn=adj.core.clock.turn, cite=(cite.RESULT_AD,)))
    drive(adj)


def eliminate(adj, ids, cause: str, *, replaceable: bool = True) -> None:
    """Eliminate units through the victory rules (points, the surrounded test); passengers before
    their Truck so each is eliminated once. Allied Supply units whose stacked combat units are all
    eliminated go with them (Correction L654)."""
    state = adj.state
    ids = sorted(units_of(state, ids), key=lambda u: state.units[u].carrying is not None)
    if not ids:
        return
    hexes = {state.units[u].hex for u in ids if state.units[u].side == ALLIED and state.units[u].combat_unit}
    victory.eliminate(adj, tuple(ids), cause)
    if replaceable and adj.state.combat is not None:
        c = adj.state.combat
        adj.emit(CombatPending(combat=replace(c, eliminated=c.eliminated + tuple(ids)), cite=(cite.BATTLEGROUP_L,)))
    left = adj.state
    stranded = [u.id for h in hexes if not any(o.side == ALLIED and o.combat_unit for o in left.at(h))
                for u in left.at(h) if u.type == "supply"]
    if stranded:
        eliminate(adj, stranded, "stacked combat units eliminated", replaceable=False)


def overrun(adj, side: str, hex_id: str) -> None:
    """A German unit retreating or advancing into a hex destroys the Allied Supply and Pipeline units
    there, as a move does (Movement B, Pipeline H, Correction L654; the Naval Supply unit is displaced,
    L656)."""
    if side == GERMAN:
        move_effects.overrun(adj, (hex_id,))


def occupy(adj, side: str, hexes: tuple[str, ...], by: str = "") -> None:
    """Control of scoring hexes after a retreat or advance (Victory D, F)."""
    victory.occupy(adj, side, hexes, by)


# --- the decisions, one at a time ------------------------------------------------------------------


def drive(adj) -> None:
    """Play the owed steps until one needs a decision (a frame is then open) or none is left."""
    while (c := adj.state.combat) is not None:
        if not c.steps:
            adj.emit(CombatPending(combat=None, cite=(cite.COMBAT_PROCEDURE,)))
            return
        if ask(adj, c, c.steps[0]):
            return
        done(adj)


def done(adj) -> None:
    """The current step is settled: the next one, or the combat is over."""
    c = adj.state.combat
    adj.emit(CombatPending(combat=replace(c, steps=c.steps[1:]) if c.steps[1:] else None, cite=(cite.COMBAT_PROCEDURE,)))


def ask(adj, c: Combat, step: str) -> bool:
    state, data = adj.state, adj.ruleset.data
    attacker, defender = sides(state, c)
    side = defender if step.startswith("defender") else attacker
    if step.endswith("retreat"):
        units = retreaters(state, c, step)
        if not units:
            return False
        options = retreat.plans(state, data, units, limit=2)
        if len(options) == 1 and len(units) <= retreat.ORDERED:  # beyond that, whether a choice exists is not searched
            apply_retreat(adj, c, step, units, options[0])
            return False
        prompt = {"step": step, "hex": c.hex, "result": c.result, "units": list(units),
                  "rule": "Retreat the units in the order you list them; each goes to one of the legal hexes closest to "
                          "its side's source of supply (any of them if tied); a unit with no legal hex is eliminated."}
        adj.open_frame("retreat", (seat_of(state, enemy(side)),), prompt=prompt, cite=(cite.RETREAT_J, *result_cites(data, c.result)))
        return True
    if step.endswith("battlegroups"):
        offer = battlegroups.eligible(state, data, c.eliminated, c.origins, side)
        if not offer:
            return False
        adj.open_frame("battlegroups", (seat_of(state, side),), optional=True,
                       prompt={"step": step, "units": offer, "hexes": {u: c.origins[u] for u in offer}},
                       cite=(cite.BATTLEGROUP_L, cite.BATTLEGROUP_OPTION))
        return True
    if step == "attacker_exchange":
        alive = units_of(state, c.attackers)
        sets = exchange_sets(state, alive, c.face_lost, limit=2)
        if len(sets) == 1:
            eliminate(adj, sets[0], "Ex (attacker's loss)")
            return False
        adj.open_frame("exchange", (seat_of(state, attacker),), prompt={
            "step": step, "loss": c.face_lost, "attackers": {u: state.units[u].strength for u in alive}},
            cite=(cite.RESULT_EX, cite.BATTLEGROUP_P))
        return True
    if step == "advance":
        units = advancers(state, data, c)
        if not units:
            return False
        adj.open_frame("advance", (seat_of(state, attacker),), optional=True,
                       prompt={"step": step, "hex": c.hex, "units": list(units), "max": MAX_ADVANCE}, cite=(cite.ADVANCE_K,))
        return True
    raise ValueError(f"unknown combat step {step!r}")


def answer(adj, seat: str, order) -> None:
    """Apply an answer to the open combat decision, then go on with the combat."""
    state, data = adj.state, adj.ruleset.data
    frame, c = adj.core.top(), state.combat
    if frame is None or c is None or not c.steps:
        raise Reject("no_decision", "There is no combat decision to answer.", cite.COMBAT_PROCEDURE)
    step = c.steps[0]
    tag = ANSWER_TAG[FRAME_OF[step]]
    if order.frame != frame.id or order.__struct_config__.tag != tag:
        raise Reject("wrong_answer", f"The open decision is frame {frame.id}, a {frame.kind} decision: answer it with a "
                     f"{tag!r} order naming frame {frame.id}.", cite.COMBAT_PROCEDURE, frame=frame.id)
    attacker, defender = sides(state, c)
    if FRAME_OF[step] == "retreat":
        units = retreaters(state, c, step)
        try:
            apply_retreat(adj, c, step, units, order.moves)
        except retreat.RetreatError as e:
            raise Reject("bad_retreat", str(e), cite.RETREAT_J) from None
    elif FRAME_OF[step] == "battlegroups":
        side = defender if step.startswith("defender") else attacker
        problem = battlegroups_problem(state, data, c, side, order.units)
        if problem:
            raise Reject("bad_battlegroups", problem, cite.BATTLEGROUP_M)
        for u in order.units:
            battlegroups.form(adj, u, c.origins[u], battlegroups.eligible(adj.state, data, (u,), c.origins, side)[u])
    elif FRAME_OF[step] == "exchange":
        problem = exchange_problem(state, c, order.units)
        if problem:
            raise Reject("bad_exchange", problem, cite.RESULT_EX, loss=c.face_lost)
        eliminate(adj, order.units, "Ex (attacker's loss)")
    else:
        problem = advance_problem(state, data, c, order.units)
        if problem:
            raise Reject("bad_advance", problem, cite.ADVANCE_K)
        advance(adj, c, order.units)
    adj.close_frame(frame, {seat: msgspec.to_builtins(order)})
    done(adj)
    drive(adj)


# --- retreats ------------------------------------------------------------------------------------


def retreaters(state: State, c: Combat, step: str) -> tuple[str, ...]:
    """Who retreats: all attackers (Ar); all units on the defender's hex that can move, Trucks with
    their passengers, Supply units staying behind unless carried, Pipelines never moving (Dr; Pipeline H)."""
    if step == "attacker_retreat":
        ids = units_of(state, c.attackers)
    else:
        ids = [u.id for u in state.at(c.hex) if retreat.blocking(u) and u.id in c.defenders]
    carried = {state.units[u].carrying for u in ids}
    return tuple(sorted(u for u in ids if u not in carried))


def apply_retreat(adj, c: Combat, step: str, units: tuple[str, ...], moves: dict[str, str]) -> None:
    state = adj.state
    plan = retreat.plan(state, adj.ruleset.data, units, moves)
    why = cite.RESULT_AR if step == "attacker_retreat" else cite.RESULT_DR
    options = state.core.options
    rule = cite.ruling("retreat_closest_metric", options.get("retreat_closest_metric", "supply_path"))
    stuck = []
    if adj.ruleset.data.fidelity and plan:  # @2: the candidates each unit had, and why the others were refused
        for w in retreat.weighed(state, adj.ruleset.data, plan):
            adj.emit(RetreatWeighed(**w, cite=(why, cite.RETREAT_J, cite.ZOC_L, cite.STACKING_M, rule)))
    for uid, to in plan:
        if to is None:
            stuck.append(uid)
            continue
        side = adj.state.units[uid].side
        for m in retreat.movers(adj.state, adj.ruleset.data, uid):
            adj.emit(UnitRetreated(unit=m, frm=adj.state.units[m].hex, to=to, cite=(why, cite.RETREAT_J, cite.ZOC_L, cite.STACKING_M, rule)))
        overrun(adj, side, to)
        occupy(adj, side, (to,), uid)
    eliminate(adj, stuck, "no retreat route")


# --- exchanges -----------------------------------------------------------------------------------


def exchange_sets(state: State, alive: list[str], loss: int, limit: int) -> list[tuple[str, ...]]:
    """Sets of attackers whose face value meets the loss with no unit to spare, cheapest first (at
    most `limit`). When all of them together fall short, all are lost."""
    face = {u: state.units[u].strength for u in alive}
    if sum(face.values()) <= loss:
        return [tuple(alive)]
    if loss <= 0:
        return [()]
    found: list[tuple[str, ...]] = []

    def extend(start: int, chosen: tuple[str, ...], total: int) -> None:
        if total >= loss:  # adding more would leave a unit to spare
            if total - min(face[u] for u in chosen) < loss:
                found.append(chosen)
            return
        for i in range(start, len(alive)):
            extend(i + 1, chosen + (alive[i],), total + face[alive[i]])

    extend(0, (), 0)
    found.sort(key=lambda s: (sum(face[u] for u in s), len(s)))
    return found[:limit]


def exchange_problem(state: State, c: Combat, units: tuple[str, ...]) -> str | None:
    alive = units_of(state, c.attackers)
    if len(set(units)) != len(units) or any(u not in alive for u in units):
        return f"Name attacking units of this combat, each once: {', '.join(alive)}."
    total = sum(state.units[u].strength for u in units)
    everything = sum(state.units[u].strength for u in alive)
    if total < c.face_lost and set(units) != set(alive):
        need = "all of them" if everything < c.face_lost else f"face value {c.face_lost} or more"
        return f"The defender lost face value {c.face_lost} (fortress included); remove {need}, not {total}."
    return None


# --- battlegroups --------------------------------------------------------------------------------


def battlegroups_problem(state: State, data, c: Combat, side: str, units: tuple[str, ...]) -> str | None:
    offer = battlegroups.eligible(state, data, c.eliminated, c.origins, side)
    if len(set(units)) != len(units) or any(u not in offer for u in units):
        return f"Only these eliminated units may be replaced by battlegroups: {', '.join(offer) or 'none'}."
    room: dict[str, int] = {}
    for u in units:
        h = c.origins[u]
        room[h] = room.get(h, 0) + 1
        if sum(1 for x in state.at(h) if x.combat_unit) + room[h] > STACK_LIMIT:
            return f"{h} has no room for another battlegroup (three units at most, Stacking M)."
    return None


# --- advance after combat ------------------------------------------------------------------------


def advancers(state: State, data, c: Combat) -> tuple[str, ...]:
    """Participants that may advance into the vacated hex: not disrupted (Ad), battlegroups formed
    from attackers included (N); none if a unit that bars entry is still there, a battlegroup of the
    defender among them (K, N), or for Allied units an intact Fortress."""
    attacker, defender = sides(state, c)
    if any(retreat.blocking(u) and u.side == defender for u in state.at(c.hex)):
        return ()
    if attacker == ALLIED and intact_fortress(state, data, c.hex):
        return ()
    own = [u for u in units_of(state, c.attackers) if not state.units[u].disrupted]
    bgs = [u.id for u in state.units.values() if u.parent in c.attackers and u.parent in c.eliminated and u.hex is not None]
    return tuple(own + sorted(bgs))


def advance_problem(state: State, data, c: Combat, units: tuple[str, ...]) -> str | None:
    allowed = advancers(state, data, c)
    if len(set(units)) != len(units) or any(u not in allowed for u in units):
        return f"Only these participating units may advance: {', '.join(allowed) or 'none'}."
    if len(units) > MAX_ADVANCE:
        return f"At most {MAX_ADVANCE} units may advance (K)."
    return None


def advance(adj, c: Combat, units: tuple[str, ...]) -> None:
    if not units:
        return
    side = adj.state.units[units[0]].side
    adj.emit(UnitsAdvanced(units=tuple(units), to=c.hex, cite=(cite.ADVANCE_K, cite.BATTLEGROUP_N)))
    overrun(adj, side, c.hex)
    occupy(adj, side, (c.hex,), units[0])
