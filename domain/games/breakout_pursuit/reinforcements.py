"""The Reinforcement & Replacement Phase: Allied Reinforcements (L680-684), German Reinforcements
(L686-692), German Replacements (Time Record, L858-862; Correction L666); no Allied replacements
(Correction L626).

Allied combat units arrive on Cherbourg, or wait in the Staging Area for a later phase (units
already there, paratroops included, may come in at Cherbourg: Correction L640). Supply units go
to Bayeux, Cherbourg or an active pipeline, or are withheld in the Staging Area (Supply Units J);
the Pipeline unit goes to Bayeux or next to an active pipeline and may not be withheld (Pipeline
F, Correction L644). German units arrive on any map-edge hex of their code on their turn or later,
and pay 1 MP to "move onto" the map in the next Initial Movement Phase (`Unit.placed`).
German replacements (turns 6-16) return eliminated units, never one eliminated while surrounded,
on "A" edge hexes, within the turn's mechanized and non-mechanized Replacement Points: the points
are posted to ledgers and whatever is left is forfeited when the phase ends.

German Delay markers due are placed in the same phase (delay.py, Delay F). The Allied player may
also turn inactive Pipeline units face up (Pipeline G, pipelines.py: the phase waits for him when
he can). The Naval Supply unit, which the set-ups place by area only, is set up in the set-up
phase (setups.py, sheets.py).
"""
from __future__ import annotations

from typing import Iterator

from domain.games.breakout_pursuit import cite, delay, pipelines, provenance
from domain.games.breakout_pursuit.effects import UnitPlaced
from domain.games.breakout_pursuit.model import ALLIED, ELIMINATED, GERMAN, PENDING, STAGING, State, Unit
from domain.games.breakout_pursuit.orders import PlaceReinforcement, PlaceReplacement
from domain.kernel.citation import HouseRule
from domain.kernel.commands import Order, Reject
from domain.kernel.effects import LedgerPosted
from domain.kernel.problem import Problem

RP_LEDGER = {"mechanized": "rp_mech", "non_mechanized": "rp_nonmech"}  # German Replacement Points of the turn
RP_COLUMN = {"mechanized": "mech_rp", "non_mechanized": "nonmech_rp"}  # Time Record columns
DELAY = "delay"  # a German arrival held for a later turn
ISSUE_9_TYPES = ("delay_marker",)  # placed by Delay F (delay.py), not on an edge
PIPELINE_DEFAULT = HouseRule(
    name="pipeline-placed-by-umpire",
    text="A Pipeline unit may not be withheld (Correction L644): if the phase ends without it, the umpire places it "
         "on Bayeux, else on the first legal hex in hex-number order.")


# --- who arrives, and where --------------------------------------------------------------------


def arriving(state: State, data, side: str) -> list[Unit]:
    """Units that may be placed now: scheduled for this turn or earlier and not placed, plus (Allied)
    units waiting in the Staging Area; never Delay markers (delay.py) or the optional airlanding unit."""
    turn = state.core.clock.turn
    out = []
    for u in state.units.values():
        if u.side != side or u.type in ISSUE_9_TYPES:
            continue
        due = u.box == PENDING and state.arrivals.get(u.id, turn + 1) <= turn
        waiting = side == ALLIED and u.box == STAGING and "optional_only" not in _flags(data, u)
        if due or waiting:
            out.append(u)
    return sorted(out, key=lambda u: u.id)


def _flags(data, u: Unit) -> tuple[str, ...]:
    c = data.pack.counters.get(u.counter)
    return c.flags if c else ()


def _occupied_by(state: State, side: str) -> frozenset[str]:
    return frozenset(u.hex for u in state.units.values() if u.side == side and u.hex is not None and u.cls != "marker")


def _active_pipelines(state: State) -> list[str]:
    return sorted(u.hex for u in state.units.values() if u.side == ALLIED and u.type == "pipeline" and u.active and u.hex)


def destinations(state: State, data, u: Unit) -> list[str]:
    """Where `u` may be placed now (hex ids, or the Staging Area)."""
    if u.side == GERMAN:
        edge = arrival_edge(state, data, u.id)
        return sorted(data.area(edge) - _occupied_by(state, ALLIED)) if edge else []
    german = _occupied_by(state, GERMAN)
    delay = [STAGING] if u.box == PENDING else []
    if u.type == "pipeline":
        taken = {v.hex for v in state.units.values() if v.type == "pipeline" and v.hex}
        near = {n for h in _active_pipelines(state) for n in data.neighbours[h]} | {data.bayeux}
        return sorted(h for h in near if data.enterable(h) and h not in german and h not in taken)
    if u.type == "supply":
        hexes = {data.bayeux, data.cherbourg, *_active_pipelines(state)}
        return sorted(hexes - german) + delay
    return ([data.cherbourg] if data.cherbourg not in german else []) + delay


def arrival_edge(state: State, data, unit_id: str) -> str | None:
    """The map-edge area (edge_A..edge_D) of a German arrival, from the scenario's schedule."""
    for a in data.pack.scenarios[state.core.scenario].reinforcements:
        if a.counter == unit_id:
            return a.edge
    return None


def replacement_points(state: State, cls: str) -> int:
    return state.core.ledger(RP_LEDGER[cls], GERMAN).balance


def replaceable(state: State) -> list[Unit]:
    """Previously eliminated German combat units (battlegroups included), never one eliminated
    while completely surrounded (L860; Correction L666)."""
    return sorted((u for u in state.units.values() if u.side == GERMAN and u.box == ELIMINATED and u.combat_unit
                   and not u.surrounded), key=lambda u: u.id)


def legal(state: State, data, side: str, unit: str | None = None) -> list[Order]:
    return list(_orders(state, data, side, unit))


def _orders(state: State, data, side: str, unit: str | None) -> Iterator[Order]:
    """The orders in listing order."""
    yield from _placements(state, data, side, unit)
    if side == GERMAN:
        yield from delay.legal(state, data, unit)


def _placements(state: State, data, side: str, unit: str | None) -> Iterator[Order]:
    """Reinforcements and replacements, made as asked for (the phase's start asks only for the first)."""
    for u in arriving(state, data, side):
        if unit is None or u.id == unit:
            yield from (PlaceReinforcement(unit=u.id, at=h) for h in destinations(state, data, u))
    if side == GERMAN:
        edge = sorted(data.area("edge_A") - _occupied_by(state, ALLIED))
        for u in replaceable(state):
            if (unit is None or u.id == unit) and 0 < u.strength <= replacement_points(state, u.cls):
                yield from (PlaceReplacement(unit=u.id, at=h) for h in edge)


# --- the phase ---------------------------------------------------------------------------------


def enter(adj) -> bool:
    """Post the German Replacement Points of the turn; True when something can be placed."""
    state, data = adj.state, adj.ruleset.data
    side = state.core.clock.side
    if side == GERMAN:
        turn = state.core.clock.turn
        row = data.time_record.get(turn, {})
        # @2: the Time Record line of the turn's points (L819-824), or the reconstruction after Game-Turn 6
        why = (cite.GERMAN_REPLACEMENTS, *provenance.datum(data, f"table:time_record:{turn}")) if data.fidelity else (
            cite.GERMAN_REPLACEMENTS,)
        for cls, ledger in RP_LEDGER.items():
            points = int(row.get(RP_COLUMN[cls], 0) or 0)
            if points:
                adj.emit(LedgerPosted(ledger=ledger, owner=GERMAN, kind="credit", amount=points, cite=why))
    # whether a Delay marker can be placed, not the listing's order of hexes (a search of the whole map)
    return (next(_placements(adj.state, data, side, None), None) is not None
            or (side == GERMAN and delay.placeable(adj.state, data)) or bool(pipelines.legal(adj.state, data, side)))


def leave(adj) -> None:
    """Allied arrivals not placed wait in the Staging Area (the Pipeline unit is placed: it may not
    be withheld); German arrivals stay due; unused Replacement Points are forfeited."""
    state, data = adj.state, adj.ruleset.data
    side = state.core.clock.side
    if side == GERMAN:
        for cls, ledger in RP_LEDGER.items():
            left = replacement_points(state, cls)
            if left > 0:
                adj.emit(LedgerPosted(ledger=ledger, owner=GERMAN, kind="expire", amount=left,
                                      cite=(cite.GERMAN_REPLACEMENTS, cite.REPLACEMENTS_CLARIFICATION)))
        return
    for u in arriving(state, data, ALLIED):
        if u.box != PENDING:
            continue
        if u.type == "pipeline":
            hexes = destinations(adj.state, data, u)
            if hexes:
                at = data.bayeux if data.bayeux in hexes else hexes[0]
                adj.emit(UnitPlaced(unit=u.id, at=at, reason="reinforcement", cite=(cite.PIPELINE_NOT_WITHHELD, PIPELINE_DEFAULT)))
        else:
            why = cite.SUPPLY_UNITS_J if u.type == "supply" else cite.ALLIED_REINFORCEMENTS
            adj.emit(UnitPlaced(unit=u.id, at=STAGING, reason="withheld", cite=(why,)))


def place(adj, seat: str, order: PlaceReinforcement) -> None:
    state, data = adj.state, adj.ruleset.data
    side = state.core.layout.side_of(seat)
    u = state.units.get(order.unit)
    if u is None or u.side != side:
        raise Reject("unknown_unit", f"{order.unit!r} is not one of your units.", _rule(side), unit=order.unit)
    if u.box == STAGING and "optional_only" in _flags(data, u):
        raise Reject("airdrop_only", f"{u.id} enters the game only by airdropping.", cite.AIRLANDING_ONLY_BY_AIR, unit=u.id)
    if u.id not in {a.id for a in arriving(state, data, side)}:
        raise Reject("not_arriving", f"{u.id} is not due to arrive this turn.", _rule(side), unit=u.id)
    if side == GERMAN and order.at == DELAY:
        adj.emit(UnitPlaced(unit=u.id, at=PENDING, reason="delayed", cite=(cite.GERMAN_REINFORCEMENTS,)))
        return
    allowed = destinations(state, data, u)
    if order.at not in allowed:
        raise _refusal(state, data, u).reject(unit=u.id, at=order.at, allowed=allowed[:12])
    # The Game-Turn of placement: German units pay 1 MP to move onto the map (L690); Allied ones still
    # over-stacked on Cherbourg at the end of the Initial Movement Phase go to the Staging Area (L684).
    reason = "withheld" if order.at == STAGING else "reinforcement"
    why: tuple = (_rule(side, u),)
    if data.fidelity:  # an invented arrival (German Game-Turns 10-16) or counter says so where it acts
        due = state.arrivals.get(u.id)
        why += provenance.unprinted(data, [f"arrival:T{due}:{u.id}", f"counter:{u.id}"] if due else [f"counter:{u.id}"])
    adj.emit(UnitPlaced(unit=u.id, at=order.at, reason=reason, turn=state.core.clock.turn, cite=why))


def replace(adj, seat: str, order: PlaceReplacement) -> None:
    state, data = adj.state, adj.ruleset.data
    if state.core.layout.side_of(seat) != GERMAN:
        raise Reject("no_allied_replacements", "There are no Allied replacements.", cite.NO_ALLIED_REPLACEMENTS)
    u = state.units.get(order.unit)
    if u is None or u.side != GERMAN or u.box != ELIMINATED or not u.combat_unit:
        raise Reject("not_eliminated", f"{order.unit!r} is not an eliminated German combat unit; only those return as "
                     "replacements.", cite.REPLACEMENTS_CLARIFICATION, unit=order.unit)
    if u.surrounded:
        raise Reject("eliminated_surrounded", f"{u.id} was eliminated while completely surrounded and may not return.",
                     cite.GERMAN_REPLACEMENTS, unit=u.id)
    points = replacement_points(state, u.cls)
    if u.strength > points:
        kind = "mechanized" if u.cls == "mechanized" else "non-mechanized"
        raise Reject("replacement_points", f"{u.id} needs {u.strength} {kind} Replacement Points; {points} are left this "
                     "turn.", cite.GERMAN_REPLACEMENTS, unit=u.id, needed=u.strength, left=points)
    if order.at not in data.area("edge_A") or order.at in _occupied_by(state, ALLIED):
        raise Reject("not_edge_hex", f"Replacements arrive on a map-edge hex marked \"A\" free of Allied units; {order.at} "
                     "is not one.", cite.GERMAN_REPLACEMENTS, unit=u.id, at=order.at)
    turn = state.core.clock.turn
    adj.emit(LedgerPosted(ledger=RP_LEDGER[u.cls], owner=GERMAN, kind="debit", amount=u.strength, cite=(cite.GERMAN_REPLACEMENTS,)),
             UnitPlaced(unit=u.id, at=order.at, reason="replacement", turn=turn,
                        cite=(cite.GERMAN_REPLACEMENTS, cite.GERMAN_REINFORCEMENTS)))


def _rule(side: str, u: Unit | None = None):
    if side == GERMAN:
        return cite.GERMAN_REINFORCEMENTS
    if u is not None and u.type == "pipeline":
        return cite.PIPELINE_F
    if u is not None and u.type == "supply":
        return cite.SUPPLY_UNITS_J
    return cite.ALLIED_REINFORCEMENTS


def _refusal(state: State, data, u: Unit) -> Problem:
    if u.side == GERMAN:
        edge = (arrival_edge(state, data, u.id) or "").removeprefix("edge_")
        return Problem("not_edge_hex", f"{u.id} arrives on a map-edge hex marked \"{edge}\" free of Allied units (or is delayed).",
                cite.GERMAN_REINFORCEMENTS)
    if u.type == "pipeline":
        return Problem("pipeline_hex", f"A Supply Pipeline unit is placed on Bayeux ({data.bayeux}) or next to an active Pipeline "
                "unit, not on an enemy-occupied hex nor on another pipeline, and may not be withheld.", cite.PIPELINE_F)
    if u.type == "supply":
        return Problem("supply_unit_hex", f"A Supply unit is placed on Bayeux ({data.bayeux}), Cherbourg ({data.cherbourg}) or an "
                "active Pipeline unit free of German units, or withheld in the Staging Area.", cite.SUPPLY_UNITS_J)
    return Problem("arrival_hex", f"Allied combat units arrive on Cherbourg ({data.cherbourg}) while no German unit holds it, or "
            "wait in the Staging Area.", cite.ALLIED_REINFORCEMENTS)
