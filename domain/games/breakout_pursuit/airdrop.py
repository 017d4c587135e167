"""The Airdrop Phase: the Airdrop Cycle and its hidden markers (Allied Paratroop Units, L404-416;
Correction L640; Sequence of Play step 2, L182; Victory G, L573; Optional Rules B, L598; digest
O06-O08, PAR-1..6, PAR-8).

In an Allied Airdrop Phase with no cycle running the Allied player may place one Real and five
Dummy Airdrop Zone markers, each within 14 hexes of an English Channel coastal hex; the Germans
score 8 points for each cycle started (the `airdrop_cycles` ledger, turned into German points by
victory.finish). The markers are face down: the placement is ruled as a pair of effects, the
public AirdropCycleStarted with the six hexes (sorted, so their order tells nothing) and the
private AirdropZoneChosen with the real one, visible to the Allied seats only. Views, legal
orders and rulings of the German seat never read the real hex before the reveal.

On the third Allied Airdrop Phase after placement, and never at another time, the umpire turns
the markers face up (AirdropRevealed) and removes the dummies; in that phase paratroops that are
in the Staging Area (so began the phase there) and have never dropped may drop on the real hex
or next to it: not an all-sea hex, not enemy-occupied (German ZOC is allowed, Correction L640),
not an intact Fortress (Allied units may not occupy one), and, a placement being final like a
move, not over the stacking limit (option stacking_checked). When no such hex exists the cycle
completes with no drop (B). Dropped units are supplied for the rest of the Game-Turn
(`Unit.dropped`, read by supply.py) and move and attack normally. The real marker is then
removed, unless Optional Rules B leaves it for the Airlanding unit, which may land on the same
hexes in the next Game-Turn's Airdrop Phase (option airlanding_phase). A new cycle may start from
the Airdrop Phase after the reveal.
"""
from __future__ import annotations

import weakref
from typing import Any

from domain.games.breakout_pursuit import cite, paratroops, victory
from domain.games.breakout_pursuit.allowance import LIFTED, frozen, release_area
from domain.games.breakout_pursuit.effects import (
    AirdropCycleEnded, AirdropCycleStarted, AirdropMarkerLeft, AirdropRevealed, AirdropZoneChosen, FlagCause, FlagSet, UnitAirdropped,
)
from domain.games.breakout_pursuit.model import ALLIED, GERMAN, STAGING, State, Unit
from domain.games.breakout_pursuit.stacking import STACK_LIMIT, stack_count
from domain.games.breakout_pursuit.orders import Airland, AirdropUnit, StartAirdropCycle
from domain.games.breakout_pursuit.strength import intact_fortress
from domain.kernel.citation import HouseRule
from domain.kernel.commands import Order, Reject
from domain.kernel.effects import LedgerPosted
from domain.kernel.problem import Problem
from domain.kernel.seats import Viewer, to_seats

COAST = "english_channel_coast"  # the map's English Channel coastal hexes
RANGE = 14  # "each within 14 hexes of any English Channel coastal hex"
DUMMIES = 5
REVEAL_AFTER = 3  # "On the third Allied Airdrop Phase after the markers were placed"
ONE_REAL_MARKER = HouseRule(
    name="one-real-airdrop-marker",
    text="There is one Real Airdrop Zone marker: a new cycle started while it waits on the map for an airlanding "
         "(Optional Rules B) takes it up, and the airlanding is forgone.")

_RANGE: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def in_range(data) -> frozenset[str]:
    """Map hexes within 14 hexes of an English Channel coastal hex (computed once per pack)."""
    got = _RANGE.get(data)
    if got is None:
        got = frozenset(h for c in data.area(COAST) for h in data.grid.within(c, RANGE) if h in data.map.hexes)
        _RANGE[data] = got
    return got


def allied_seats(state: State) -> str:
    return to_seats(*state.core.layout.seats_of(ALLIED))


# --- the phase -------------------------------------------------------------------------------------


def enter(adj) -> bool:
    """Reveal on the third Airdrop Phase after placement; True when the Allied player may act: start
    a cycle (none running, or the marker only waits for an airlanding), or drop paratroops."""
    paratroops.track_staging(adj)
    state, data = adj.state, adj.ruleset.data
    c = state.airdrop
    if c is None or c.stage == "airlanding":
        return True
    if state.core.clock.turn < c.placed + REVEAL_AFTER:
        return False
    adj.emit(AirdropRevealed(real=c.real, dummies=tuple(h for h in c.markers if h != c.real),
                             cite=(cite.AIRDROP_CYCLE, cite.AIRDROP_PHASE)))
    return bool(legal(adj.state, data, ALLIED))


def leave(adj) -> None:
    """After the drop the real marker is removed, or left for the Airlanding unit (Optional Rules
    B); after the airlanding phase it is removed in any case."""
    state, data = adj.state, adj.ruleset.data
    c = state.airdrop
    if c is None or c.stage == "placed":
        return
    if c.stage == "revealed" and c.dropped and airlanders(state, data):
        adj.emit(AirdropMarkerLeft(hex=c.real, turn=state.core.clock.turn + 1, cite=(
            cite.OPTIONAL_B, cite.ruling("airlanding_phase", state.core.options.get("airlanding_phase")))))
        return
    if c.stage == "airlanding":
        reason, why = "no airlanding was made", (cite.OPTIONAL_B,)
    elif not drop_hexes(state, data, c.real):
        reason, why = "no hex to drop on: the real marker's hex and its neighbours are enemy-occupied or all-sea", (cite.PARATROOP_B,)
    else:
        reason, why = f"{len(c.dropped)} paratroop unit(s) dropped", (cite.AIRDROP_CYCLE,)
    adj.emit(AirdropCycleEnded(reason=reason, cite=why))


# --- legal orders ------------------------------------------------------------------------------------


def legal(state: State, data, side: str) -> list[Order]:
    if side != ALLIED:
        return []
    c = state.airdrop
    if c is None:
        return list(placements(state, data))
    if c.stage == "revealed":
        return [AirdropUnit(unit=u.id, hex=h) for u in droppable(state) for h in drop_hexes(state, data, c.real)]
    if c.stage == "airlanding":
        landings = [Airland(unit=u.id, hex=h) for u in airlanders(state, data) for h in drop_hexes(state, data, c.real)]
        return landings + list(placements(state, data))
    return []


def placements(state: State, data) -> list[StartAirdropCycle]:
    """A few placements, each accepted (any six hexes in range are): six land hexes spread over the
    range, shifted each Game-Turn, each of them in turn the real one."""
    land = sorted(h for h in in_range(data) if data.enterable(h))
    if len(land) < DUMMIES + 1:
        return []
    offset, step = (state.core.clock.turn * 7) % len(land), len(land) // (DUMMIES + 1)
    six = [land[(offset + i * step) % len(land)] for i in range(DUMMIES + 1)]
    return [StartAirdropCycle(real=h, dummies=tuple(x for x in six if x != h)) for h in six]


def droppable(state: State) -> list[Unit]:
    """Paratroop units in the Staging Area that have never dropped (A); a battlegroup of a unit that
    dropped counts as dropped."""
    def dropped(u: Unit) -> bool:
        return bool(u.dropped) or (u.parent is not None and u.parent in state.units and dropped(state.units[u.parent]))

    return sorted((u for u in state.units.values() if u.side == ALLIED and u.type == "paratroop" and u.box == STAGING
                   and not dropped(u)), key=lambda u: u.id)


def airlanders(state: State, data) -> list[Unit]:
    """Optional Rules B: the Airlanding unit, waiting in the Staging Area; it lands "in the same way
    as a Paratroop unit", so once (Paratroop A)."""
    if not state.core.options.get("optional_rule_b"):
        return []
    return sorted((u for u in state.units.values() if u.side == ALLIED and u.type == "airlanding" and u.box == STAGING
                   and not u.dropped), key=lambda u: u.id)


def hex_problem(state: State, data, centre: str, h: str) -> Problem | None:
    """Why units may not drop on `h` around the real marker on `centre`."""
    if h != centre and h not in data.neighbours.get(centre, ()):
        return Problem("not_at_marker", f"{h} is neither the Real Airdrop Zone marker's hex {centre} nor next to it.", cite.AIRDROP_CYCLE)
    if not data.enterable(h):
        return Problem("sea_hex", f"{h} is an all-sea hex.", cite.PARATROOP_B)
    if any(u.side == GERMAN and u.cls != "marker" for u in state.at(h)):
        return Problem("enemy_occupied", f"{h} is occupied by German units.", cite.PARATROOP_B)
    if intact_fortress(state, data, h):
        return Problem("fortress", f"{h} is an intact German Fortress: Allied units may not occupy it.", cite.FORTRESS_GENERAL)
    if stack_count(state, h) >= STACK_LIMIT:
        return Problem("over_stacked", f"{h} already holds {STACK_LIMIT} combat units.", cite.STACKING_M)
    return None


def drop_hexes(state: State, data, centre: str) -> list[str]:
    return [h for h in (centre, *data.neighbours.get(centre, ())) if hex_problem(state, data, centre, h) is None]


# --- orders ---------------------------------------------------------------------------------------------


def rule(adj, seat: str, order: Order) -> None:
    if adj.state.core.layout.side_of(seat) != ALLIED:
        raise Reject("not_allied", "Only the Allied player has an Airdrop Phase.", cite.AIRDROP_PHASE)
    match order:
        case StartAirdropCycle():
            start(adj, order)
        case AirdropUnit():
            drop(adj, order)
        case Airland():
            airland(adj, order)


def start(adj, order: StartAirdropCycle) -> None:
    state, data = adj.state, adj.ruleset.data
    c = state.airdrop
    if c is not None and c.stage != "airlanding":
        when = "its markers are revealed" if c.stage == "placed" else "the Airdrop Phase after this one"
        raise Reject("cycle_in_progress", f"An Airdrop Cycle started on Game-Turn {c.placed} is in progress: another may "
                     f"start only from {when}.", cite.AIRDROP_CYCLE)
    hexes = (order.real, *order.dummies)
    if len(order.dummies) != DUMMIES or len(set(hexes)) != DUMMIES + 1:
        raise Reject("six_markers", "Place the Real marker and the five Dummy markers on six different hexes.", cite.AIRDROP_CYCLE)
    far = [h for h in hexes if h not in in_range(data)]
    if far:
        raise Reject("out_of_range", f"{', '.join(far)}: each marker goes on a map hex within {RANGE} hexes of an English "
                     "Channel coastal hex.", cite.PARATROOP_RANGE, hexes=far)
    if c is not None:
        adj.emit(AirdropCycleEnded(reason="the Real Airdrop Zone marker was taken up for a new cycle",
                                   cite=(cite.OPTIONAL_B, ONE_REAL_MARKER)))
    turn = state.core.clock.turn
    why = (cite.AIRDROP_PHASE, cite.AIRDROP_CYCLE, cite.PARATROOP_RANGE)
    adj.emit(AirdropCycleStarted(markers=tuple(sorted(hexes)), turn=turn, reveal_turn=turn + REVEAL_AFTER, cite=why),
             AirdropZoneChosen(real=order.real, vis=allied_seats(state), cite=why),
             LedgerPosted(ledger=victory.AIRDROP_CYCLES, owner=ALLIED, kind="credit", amount=1, cite=(cite.VICTORY_G,)))


def _unit(state: State, uid: str, kind: str, rule) -> Unit:
    u = state.units.get(uid)
    if u is None or u.side != ALLIED or u.type != kind:
        raise Reject(f"not_{kind}", f"{uid} is not an Allied {kind.capitalize()} unit.", rule, unit=uid)
    if u.box != STAGING:
        raise Reject("not_in_staging", f"{uid} is not in the Paratroop & Reinforcement Staging Area; only units that begin "
                     "the phase there may drop.", cite.PARATROOP_A, unit=uid)
    return u


def _hex(state: State, data, centre: str, h: str) -> None:
    if h not in data.map.hexes:
        raise Reject("off_map", f"{h} is not a hex of the map.", cite.PARATROOP_B, hex=h)
    problem = hex_problem(state, data, centre, h)
    if problem:
        raise problem.reject(hex=h, allowed=drop_hexes(state, data, centre))


def drop(adj, order: AirdropUnit) -> None:
    state, data = adj.state, adj.ruleset.data
    c = state.airdrop
    if c is None or c.stage != "revealed":
        raise Reject("no_drop_now", "Paratroops drop only in the Airdrop Phase in which the markers are revealed, the "
                     "third after their placement.", cite.AIRDROP_CYCLE)
    u = _unit(state, order.unit, "paratroop", cite.PARATROOP_A)
    if u not in droppable(state):
        raise Reject("dropped_before", f"{u.id} has already dropped once: each Paratroop unit drops once per game.",
                     cite.PARATROOP_A, unit=u.id)
    _hex(state, data, c.real, order.hex)
    land(adj, u, order.hex, airlanding=False)


def airland(adj, order: Airland) -> None:
    state, data = adj.state, adj.ruleset.data
    c = state.airdrop
    if not state.core.options.get("optional_rule_b"):
        raise Reject("optional_rule_b", "The Airlanding unit is used only with Optional Rules B.", cite.OPTIONAL_B)
    if c is None or c.stage != "airlanding":
        raise Reject("no_airlanding_now", "The Airlanding unit lands only in the Airdrop Phase right after a paratroop "
                     "drop, on the marker left for it.", cite.OPTIONAL_B,
                     ruling=str(state.core.options.get("airlanding_phase")))
    u = _unit(state, order.unit, "airlanding", cite.OPTIONAL_B)
    if u.dropped:
        raise Reject("dropped_before", f"{u.id} has already landed once.", cite.PARATROOP_A, unit=u.id)
    _hex(state, data, c.real, order.hex)
    land(adj, u, order.hex, airlanding=True)
    adj.emit(AirdropCycleEnded(reason="the Airlanding unit landed", cite=(cite.OPTIONAL_B,)))


def land(adj, u: Unit, hex_id: str, *, airlanding: bool) -> None:
    """The unit lands: supplied this Game-Turn (Correction L640); the hex changes hands for victory;
    landing North of the Seine above the 2000 row lifts Special Rule G (option)."""
    state, data = adj.state, adj.ruleset.data
    turn = state.core.clock.turn
    why = (cite.PARATROOP_A, cite.PARATROOP_B, cite.PARATROOPS_DROPPED) + ((cite.OPTIONAL_B,) if airlanding else ())
    adj.emit(UnitAirdropped(unit=u.id, hex=hex_id, turn=turn, airlanding=airlanding, cite=why))
    victory.occupy(adj, ALLIED, (hex_id,), u.id)
    lifts = state.core.options.get("airdrop_lifts_special_rule_g", True)
    if lifts and frozen(adj.state) and hex_id in release_area(data):
        adj.emit(FlagSet(name=LIFTED, value=turn, cite=(cite.SPECIAL_RULE_G, cite.ruling("airdrop_lifts_special_rule_g", True))))
        if data.fidelity:
            adj.emit(FlagCause(flag=LIFTED, unit=u.id, hex=hex_id, cite=(cite.SPECIAL_RULE_G,)))


# --- what each seat sees ------------------------------------------------------------------------


def view(state: State, viewer: Viewer) -> dict[str, Any] | None:
    """The cycle as `viewer` may know it: before the reveal, the German seat and the public see six
    markers by opaque handles in hex order; the Allied seats, referees and organisers (and everyone
    once the game is over) see which one is real."""
    c = state.airdrop
    if c is None:
        return None
    seat_side = state.core.layout.side_of(viewer.seat) if viewer.seat else None
    knows = viewer.omniscient or state.core.finished or seat_side == ALLIED or c.stage != "placed"
    markers = []
    for i, h in enumerate(c.markers, start=1):
        m: dict[str, Any] = {"handle": f"airdrop-marker-{i}", "hex": h}
        if knows:
            m["real"] = h == c.real
        markers.append(m)
    out: dict[str, Any] = {"placed": c.placed, "reveal_turn": c.placed + REVEAL_AFTER, "stage": c.stage,
                           "markers": markers, "dropped": list(c.dropped)}
    if knows:
        out["real"] = c.real
    return out
