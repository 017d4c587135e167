"""§1.1.1.2 Logistics Phase: ports, the supply check (supply.py), the Offensive markers each side
receives, and the markers given to HQs.

The Resource Allocation Table is not in the text (digest §3.7) and the pack's chart has no rows:
this version reads the placeholder below, and every roll on it cites it as a placeholder datum.
Scenario 1 halves the markers, rounded up (§11.1); the German Cherbourg depot adds one a turn
(§7.2). Markers go straight to supplied HQs, at most two a hex (option Q12, §0.2.1, §7.3.2)."""
from __future__ import annotations

from domain.games.normandy import cite, supply
from domain.games.normandy.data import ALLIED, GERMAN, GameData, data_of, pack_of
from domain.games.normandy.effects import MarkerGiven, MarkersReceived, StepNotRuled, SupplyTraced
from domain.games.normandy.model import State, offmap_of, ports_of
from domain.games.normandy.orders import GiveMarker
from domain.games.normandy.units import is_hq, owns
from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import Citation
from domain.kernel.commands import Reject

RESOURCE_PLACEHOLDER = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}  # die -> markers, both sides (placeholder, no printed value)
MAX_MARKERS = 2  # §0.2.1: no more than two in a hex


def check_supply(adj: Adjudication) -> None:
    state: State = adj.state
    data: GameData = data_of(adj)
    if ports_of(state) is None:  # version 5 builds the ports (ports.py) before the supply check
        adj.emit(StepNotRuled(step="ports", reason="port and Mulberry construction and Cherbourg's occupation (§7.1) are not "
                              "built: the scenario's depots stay as set up", cite=(cite.ALLIED_DEPOTS, cite.MULBERRY, cite.CHERBOURG)))
    if state.core.clock.turn <= 1:
        out: tuple[str, ...] = ()
        why: tuple[Citation, ...] = (cite.DDAY_TURNS_0_1,)
    else:
        out = supply.unsupplied(state, data, int(state.core.options.get("hq_road_access", 2)))
        why = (cite.SUPPLY_LINES, cite.SUPPLY_ERRATA, cite.HQ_SUPPLY, cite.OUT_OF_SUPPLY,
               cite.ruling("Q28_unit_to_hq_path", "no_road_same_nationality"),
               cite.ruling("hq_road_access", state.core.options.get("hq_road_access", 2), "inferred roads"))
    adj.emit(SupplyTraced(unsupplied=out, cite=why))


def airborne_not_ruled(adj: Adjudication) -> None:
    """Versions 1-4 (version 5 rules §7.5 in airborne.py)."""
    adj.emit(StepNotRuled(step="airborne_supply", reason="airborne supply (§7.5) is not built", cite=(cite.AIRBORNE_SUPPLY,)))


def receive(adj: Adjudication) -> None:
    state: State = adj.state
    halve = pack_of(adj).scenarios[state.core.scenario].options.get("offensive_markers") == "50% rounded up"
    for side in (ALLIED, GERMAN):
        face = adj.roll(6, f"{side} Resource Allocation").face
        n = RESOURCE_PLACEHOLDER[face]
        citations: list[Citation] = [cite.LOGISTICS, cite.datum(f"table:resource_allocation:{face}", "placeholder")]
        if side == GERMAN and state.depots.get("0223") and state.depots["0223"].side == GERMAN:
            n += 1
            citations.append(cite.GERMAN_DEPOTS)
        if halve:
            n = -(-n // 2)
            citations.append(cite.SCENARIO_1)
        adj.emit(MarkersReceived(side=side, count=n, roll=face, cite=tuple(citations)))


def takers(state: State, data: GameData, seat: str) -> list[str]:
    side = state.core.layout.side_of(seat)
    off_map = offmap_of(state) is not None  # version 4: a supplied HQ on the strategic map takes markers too
    return sorted(u.id for u in state.units.values() if u.side == side and (u.hex or (off_map and u.box in data.box_links))
                  and is_hq(data, u.id)
                  and not u.unsupplied and u.markers < MAX_MARKERS and owns(state, data, seat, u.id))


def legal(state: State, data: GameData, seat: str) -> list[GiveMarker]:
    side = state.core.layout.side_of(seat)
    if state.markers_due.get(side, 0) <= 0:
        return []
    return [GiveMarker(hq=h) for h in takers(state, data, seat)]


def give(adj: Adjudication, seat: str, order: GiveMarker) -> None:
    state: State = adj.state
    side = state.core.layout.side_of(seat)
    if state.markers_due.get(side, 0) <= 0:
        raise Reject("no_marker_due", "You have no Offensive marker to give.", cite.LOGISTICS)
    if order.hq not in takers(state, data_of(adj), seat):
        raise Reject("hq_cannot_take_marker", f"{order.hq} cannot take a marker: an HQ of yours on the map, supplied "
                     f"(§7.3.2), with fewer than {MAX_MARKERS} markers (§0.2.1).", cite.HQ_SUPPLY)
    adj.emit(MarkerGiven(side=side, hq=order.hq, cite=(cite.LOGISTICS, cite.ruling("Q12_allied_markers_route", "to_supplied_hq"))))


def forfeit(adj: Adjudication, side: str) -> None:
    """Markers no HQ takes are lost (an out-of-supply HQ may not receive any, §7.3.2)."""
    for _ in range(adj.state.markers_due.get(side, 0)):
        adj.emit(MarkerGiven(side=side, hq=None, cite=(cite.HQ_SUPPLY,)))
