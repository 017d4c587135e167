"""German Delay markers: their placement (Delay E-F, L496-498; O24). The Zone of Delay they exert
is priced by movement (costs.py: Delay A, B, D; Correction L660), and movement removes a marker an
Allied unit ends a movement phase on (movement.py: Delay C).

The markers arrive as the Time Record shows (the pack's arrivals `de-delay-*`, under every
reinforcement option) and are placed in the German Reinforcement & Replacement Phase of their
Game-Turn or of any later one: a marker not placed is saved (it stays due). A marker goes on any
hex linked to a German combat unit by a line of hexes; neither the line nor the marker's hex may
hold Allied units or Allied ZOC, though the German unit the line starts from may stand in Allied
ZOC (F). The line is traced over land and never across a sea hexside (option
delay_line_over_sea). Once placed a marker never moves (E).
"""
from __future__ import annotations

from typing import NamedTuple

from domain.games.breakout_pursuit import cite, zoc
from domain.games.breakout_pursuit.effects import UnitPlaced
from domain.games.breakout_pursuit.model import ALLIED, GERMAN, PENDING, State, Unit
from domain.games.breakout_pursuit.orders import PlaceDelayMarker
from domain.kernel.commands import Reject
from domain.kernel.search import distances, spread

MARKER = "delay_marker"
LISTED = 64  # with no marker named, legal() lists this many hexes, those nearest the Allied units first


def due(state: State) -> list[Unit]:
    """German Delay markers that have arrived and are not placed yet (saved ones included)."""
    turn = state.core.clock.turn
    return sorted((u for u in state.units.values() if u.type == MARKER and u.side == GERMAN and u.box == PENDING
                   and state.arrivals.get(u.id, turn + 1) <= turn), key=lambda u: (state.arrivals.get(u.id, 0), u.id))


class _Lines(NamedTuple):
    steps: dict[str, tuple[str, ...]]  # the hexes a line steps to from each hex
    closed: frozenset[str]  # Allied units and Allied ZOC: no line, no marker (F)
    starts: frozenset[str]  # German combat units' hexes, where lines begin


def _lines(state: State, data) -> _Lines:
    steps = data.neighbours if state.core.options.get("delay_line_over_sea", False) else data.across_land
    closed = zoc.controlled(state, data, ALLIED) | {
        u.hex for u in state.units.values() if u.side == ALLIED and u.hex is not None and u.cls != "marker"}
    starts = frozenset(u.hex for u in state.units.values() if u.side == GERMAN and u.hex is not None and u.combat_unit)
    return _Lines(steps, closed, starts)


def _enters(lines: _Lines, data, h: str) -> bool:
    return h not in lines.closed and h in data.land_hexes


def open_hexes(state: State, data) -> frozenset[str]:
    """Hexes a Delay marker may go on: reached from a German combat unit by a line of hexes free of
    Allied units and Allied ZOC (F). The German unit's own hex is a start, not a step, so it may
    lie in Allied ZOC; a marker goes on it only when it does not."""
    lines = _lines(state, data)
    reach = spread(lines.steps, dict.fromkeys(lines.starts), enters=lambda n: _enters(lines, data, n))
    return frozenset(h for h in reach if h not in lines.closed)


def is_open(state: State, data, hex_id: str) -> bool:
    """Whether `hex_id` is one of open_hexes, searched from the hex back towards the German units
    (a line's hexes are linked both ways), stopping at the first: a placement asks for one hex."""
    lines = _lines(state, data)
    if hex_id in lines.closed:
        return False
    if hex_id in lines.starts:
        return True
    if not _enters(lines, data, hex_id):
        return False
    seen, todo = {hex_id}, [hex_id]
    for h in todo:  # every hex here may be a line's step: one next to a start ends the line
        for n in lines.steps.get(h, ()):
            if n in lines.starts:
                return True
            if n not in seen and _enters(lines, data, n):
                seen.add(n)
                todo.append(n)
    return False


def placeable(state: State, data) -> bool:
    """Whether legal() lists any placement: a marker is due and some hex is open; one is if any is,
    a German combat unit's own hex outside Allied units and ZOC or the first step of a line."""
    if state.core.clock.side != GERMAN or not due(state):
        return False
    lines = _lines(state, data)
    return any(s not in lines.closed or any(_enters(lines, data, n) for n in lines.steps.get(s, ())) for s in lines.starts)


def _nearest_allied_first(state: State, data, hexes: frozenset[str]) -> list[str]:
    """`hexes` ordered by distance to the nearest Allied unit on the map, then by hex id."""
    dist = distances(data.neighbours, (u.hex for u in state.units.values()
                                        if u.side == ALLIED and u.hex is not None and u.cls != "marker"))
    far = len(data.map.hexes)
    return sorted(hexes, key=lambda h: (dist.get(h, far), h))


def legal(state: State, data, unit: str | None = None) -> list[PlaceDelayMarker]:
    """Placements of a Delay marker due now: every open hex for a named marker; with none named, the
    first marker due on the LISTED open hexes nearest the Allied units (the markers are alike)."""
    if state.core.clock.side != GERMAN:
        return []
    markers = [u for u in due(state) if unit is None or u.id == unit]
    if not markers:
        return []
    hexes = open_hexes(state, data)
    if unit is not None:
        return [PlaceDelayMarker(unit=unit, at=h) for h in sorted(hexes)]
    return [PlaceDelayMarker(unit=markers[0].id, at=h) for h in _nearest_allied_first(state, data, hexes)[:LISTED]]


def place(adj, seat: str, order: PlaceDelayMarker) -> None:
    state, data = adj.state, adj.ruleset.data
    if state.core.layout.side_of(seat) != GERMAN:
        raise Reject("not_your_unit", "German Delay markers are placed by the German player.", cite.DELAY_F)
    u = state.units.get(order.unit)
    if u is None or u.type != MARKER or u.side != GERMAN:
        raise Reject("not_a_delay_marker", f"{order.unit!r} is not a German Delay marker.", cite.DELAY_F, unit=order.unit)
    if u.box != PENDING:
        raise Reject("delay_marker_placed", f"{u.id} is already placed: Delay markers never move once on the map.",
                     cite.DELAY_E, unit=u.id)
    if u not in due(state):
        raise Reject("not_arriving", f"{u.id} arrives on Game-Turn {state.arrivals.get(u.id)}; it cannot be placed yet.",
                     cite.DELAY_F, unit=u.id)
    if not is_open(state, data, order.at):
        raise Reject("delay_line", f"No line of hexes free of Allied units and Allied ZOC links {order.at} to a German "
                     "combat unit (or the hex itself holds an Allied unit or lies in Allied ZOC).", cite.DELAY_F,
                     unit=u.id, at=order.at)
    rule = cite.ruling("delay_line_over_sea", state.core.options.get("delay_line_over_sea", False))
    adj.emit(UnitPlaced(unit=u.id, at=order.at, reason="delay_marker", cite=(cite.DELAY_F, rule)))
