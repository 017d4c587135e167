"""The orders /legal lists for a seat: the decisions the engine understands (the impulse structure,
withdrawals, claims, ledger spending, plan abandonment, Belgian and naval orders, a chart move), with
one example of each the bots can play."""
from __future__ import annotations

from typing import Any

from domain.kernel.commands import Order, Reject

from domain.games.hbtlf import allied_fortress_formations, attachment, bef, belgian_depot, belgian_waters, belgium, british_belgian, bulow, charts, isolation, leader_arrivals, offmap_march, paris_orders, claims, fortress_formations, hexes, ledgers, naval, paris_army, plans, schedule, schlieffen, sequence, victory, zeppelins
from domain.games.hbtlf.model import State, State2, version
from domain.games.hbtlf.orders import (
    AbandonPlan, AttachFormation, BarrageTarget, BaseZeppelin, ClaimBritishBelgianPoints, ClaimCivicGuard, ClaimFlooding, ClaimInternment, ClaimIsolation, ClaimIsolationEnded, ClaimMapExit, ClaimMapReentry,
    ClaimNoPursuit, ClaimParisSubstitution, ClaimSubordination, ClaimWaterworksBarrage, UnloadTaxi, ClaimEarlyRelease, ClaimPrisoners, ClaimVictoryPoints, DeclareImpulses, DeclareMission,
    DeclareMoves, DisbandFortress, EndSegment, EvacuateBef, EvacuateBelgianArmy, MoveDecl, NavalBarrage, NavalMove, PlaceLeader, ReportCombat, RollBelgianRelease,
    RollNavalBarrage, UseRail, UseReplacements, Withdraw,
)


def legal(pack: Any, sc: Any, state: State, seat: str, *, unit: str | None = None) -> list[Order]:
    """The orders a seat may give now that the umpire understands (what /legal lists, what the bots play)."""
    phase = state.core.clock.phase
    if phase == "structure":
        return [DeclareImpulses(days=d, first=f) for d in sequence.allowed_structures(state, sc) for f in state.core.layout.seat_ids()]
    if phase != "impulse":
        return []
    side = state.core.layout.side_of(seat)
    due = sequence.withdrawals_due(state, sc, seat)
    out: list[Order] = [Withdraw(units=due)] if due else [EndSegment()]
    may = schedule.open_withdrawals(state, sc, side)
    if may and not due:
        out.append(Withdraw(units=may[:1]))
    for u in _movable(state, sc, side):
        if unit is None or unit == u:
            out += [DeclareMoves(moves=(MoveDecl(unit=u, to=h),)) for h in _steps(pack, state, sc, u)]
    if unit is None:
        out += _other_orders(pack, sc, state, side)
    return out

def _movable(state: State, sc: Any, side: str) -> list[str]:
    return [u for u, s in state.sides.items() if s == side and u not in state.eliminated and u not in state.withdrawn
            and u not in state.fortresses and claims.blocking(state, u) is None and schlieffen.hold(state, sc, u) is None]

def _steps(pack: Any, state: State, sc: Any, u: str) -> list[str]:
    """Hexes a declared move may name that the umpire can check: next to the unit's hex, or the
    centre of the radius it was set up in; the real path is the players' (Standard Rules)."""
    where = state.positions[u]
    if where.startswith("within "):
        where = where.rsplit(" ", 1)[1]
        options = [where]
    elif hexes.is_hex(where):
        options = hexes.neighbours(where)
    else:
        return []
    area = sc.options.get("area")
    return [h for h in options if (not area or hexes.in_area(h, area["parts"])) and belgium.may_end_at(state, pack, u, h)
            and fortress_formations.may_end_at(state, pack, sc, u, h) and paris_army.may_end_at(state, pack, u, h)
            and (not isinstance(state, State2) or (allied_fortress_formations.may_end_at(state, u, h)
                                                  and belgian_depot.may_end_at(state, u, h)))]

def _other_orders(pack: Any, sc: Any, state: State, side: str) -> list[Order]:
    out: list[Order] = []
    pending = {u for a in claims.pending(state) for u in a.blocks}
    for f in victory.LIEGE:
        if side == "german" and f in state.positions and f not in state.eliminated and f not in pending:
            out.append(ReportCombat(german_sp=1, allied_fortress_sp=1, eliminated=(f,)))
    out.append(ReportCombat(german_sp=1, allied_sp=1))
    units = [u for u, s in state.sides.items() if s == side and u not in state.fortresses and u not in state.eliminated]
    for kind in ledgers.KINDS:
        if state.core.ledger(f"rep_{kind}", side).balance >= 1 and units:
            out.append(UseReplacements(kind=kind, amount=1, unit=units[0]))
    own_forts = [f for f in state.fortresses if state.sides.get(f) == side and f not in state.eliminated]
    if state.core.ledger("fortress_disband", side).balance >= 1 and (own_forts or not state.fortresses):
        out.append(DisbandFortress(fortress=own_forts[0] if own_forts else "a fortress", sp=1))
    if state.core.ledger("rail", side).balance >= ledgers.rail_cost(pack, 1, 0, 1) and units:
        out.append(UseRail(formation=units[0], be=1, mp=1))
    for army, mission in sorted(state.missions.items()):
        if state.army_sides.get(army) == side and army not in pending:
            through = version(state) >= 2 and bulow.required(state, army)  # 11.11: Bulow passes the order on
            out += [DeclareMission(army=army, mission=m, bulow=m if through else "") for m in claims.MISSIONS
                    if m != mission and plans.mission_allowed(state, sc, army, m) is None]
    if side == "allied" and belgium.applies(state) and state.core.clock.turn >= belgium.FROM_GT:
        if not (state.belgian_temporary and state.belgian_temporary[0] == state.core.clock.turn):
            out.append(RollBelgianRelease())
    if side == "allied" and state.belgian_released and not state.belgian_evacuated and belgium.units(state):
        out.append(EvacuateBelgianArmy())
    if side == "allied" and naval.in_force(sc.options):
        here = (state.core.clock.turn, state.core.clock.impulse)
        if state.naval_barrage_rolled != here:
            out.append(RollNavalBarrage())
        elif state.core.ledger("naval_barrage", "allied").balance >= 10:
            out.append(NavalBarrage(targets=(BarrageTarget(hex="W:1109", value=10),)))
        for nation in naval.NATIONS:
            if state.core.ledger(f"naval_landing_{nation}", "allied").balance >= 1:
                out.append(NavalMove(nation=nation, kind="landing", formation="a marine or naval infantry formation", be=1,
                                     embark="W:4533", disembark="W:1109"))
    out += _attachments(pack, state, sc, side)
    out += [AbandonPlan(plan=p) for p in ("schlieffen", "plan17") if plans.may_abandon(state, sc, side, p) is None]
    out.append(ClaimPrisoners(points=1))
    if sc.victory.get("kind") == "points":
        out.append(ClaimVictoryPoints(points=1.0, reason="a village controlled"))
    if isinstance(state, State2):  # @2's orders
        out += _v2_orders(pack, sc, state, side)
    if side == "german" and state.core.clock.turn <= 1 and "First Army" not in state.released and "early_release" not in pending:
        out.append(ClaimEarlyRelease(condition="an enemy unit moved adjacent to a German unit in Germany"))
    return out

def _attachments(pack: Any, state: State, sc: Any, side: str) -> list[Order]:
    """One Command Counter move the Exclusive Rules allow, if any: an independent formation to another chart of its side."""
    hold = charts.holdings(pack, sc.id, attachment.confirmed_and_pending(state))
    mine = [h for h in hold.values() if h.chart.side == side and not h.chart.reinforcement]
    for h in mine:
        for token in h.independent.values():
            for to in mine:
                if to is not h:
                    try:
                        attachment.check(state, pack, sc, side, token, to.chart.name, "")
                    except Reject:
                        continue
                    return [AttachFormation(formation=token, chart=to.chart.name)]
    return []


def _v2_orders(pack: Any, sc: Any, state: State2, side: str) -> list[Order]:
    out: list[Order] = []
    placing = leader_arrivals.example(state, pack, side)
    if placing is not None:
        out.append(PlaceLeader(leader=placing[0], formation=placing[1]))
    basing = zeppelins.basing_example(state, pack, sc) if side == "german" else None
    if basing is not None:
        out.append(BaseZeppelin(zeppelin=basing[0], base=basing[1]))
    out += _map_edge_orders(state, sc, side)
    if side == "allied":
        out += _isolation_orders(state) + _paris_orders(state)
        out += _evacuation(state)
    out += _belgian_waters_orders(state, side)
    if side == "allied" and not belgian_depot.civic_guard_claimed(state):
        out.append(ClaimCivicGuard(sp=belgian_depot.CIVIC_GUARD_SP))  # 12.61D, once
    bb = british_belgian.rates(pack, sc) if side == "allied" and british_belgian.in_play(state.core.options) else None
    if bb:
        out.append(ClaimBritishBelgianPoints(item=next(iter(bb)), count=1))
    return out


def _evacuation(state: State2) -> list[Order]:
    """One BEF naval evacuation candidate (12.74): a hex holding BEF units; whether it is coastal is the claim's."""
    for h in bef.evacuation_hexes(state)[:1]:
        try:
            units = bef.check_evacuation(state, h)
        except Reject:
            return []
        if all(claims.blocking(state, u) is None for u in units):
            return [EvacuateBef(hex=h)]
    return []


def _isolation_orders(state: State2) -> list[Order]:
    """12.27 and 12.52E claims the Allied player may make now (one example of each)."""
    out: list[Order] = []
    pending = {u for a in claims.pending(state) for u in a.blocks}
    free = [a for a in sorted(state.army_sides) if isolation.french_army(state, a) and a not in pending]
    for army in free:
        if army in state.isolated:
            out.append(ClaimIsolationEnded(army=army, reason="no_longer_isolated"))
            break
    for army in free:
        corps = next((u for u in sorted(state.positions) if state.armies.get(u) == army and "corps" in u.lower()
                      and u not in state.eliminated and u not in state.withdrawn and state.sides.get(u) == "allied"), None)
        if corps and army not in state.isolated:
            out.append(ClaimIsolation(hq=corps, army=army, nation="France"))
            break
    if state.core.clock.turn >= isolation.NO_PURSUIT_FROM_GT:
        out += [ClaimNoPursuit(army=a) for a in free if a in state.retire][:1]
    return out


def _paris_orders(state: State2) -> list[Order]:
    """12.45A-C orders the Allied player may give now (one example of each the umpire would accept)."""
    out: list[Order] = []
    for u in state.taxied:
        out.append(UnloadTaxi(unit=u))
    if paris_orders.gallieni_commands(state):
        army = next((a for a, side in sorted(state.army_sides.items()) if side == "allied" and a != paris_orders.ARMY
                     and a not in state.gallieni_subordinates), None)
        if army:
            out.append(ClaimSubordination(army=army))
    pending = {u for a in claims.pending(state) for u in a.blocks}
    taken = set(state.paris_start) | set(state.paris_substituted.values()) | pending
    by_size: dict[str, str] = {}  # one candidate substitute of each size, from outside Paris
    for u in sorted(state.positions):
        size = paris_orders.size(u)
        if size and size not in by_size and u not in taken and state.sides.get(u) == "allied" \
                and u not in state.eliminated and u not in state.withdrawn:
            by_size[size] = u
    for leaving in state.paris_start:
        sub = by_size.get(paris_orders.size(leaving) or "")
        if sub is None or leaving in pending:
            continue
        try:
            paris_orders.check_substitution(state, leaving, sub, 1)
        except Reject:
            continue
        return out + [ClaimParisSubstitution(leaving=leaving, substitute=sub, sp=1)]
    return out


NORTH_ROW = 10  # the maps' north edge row (hexes.py)


def _map_edge_orders(state: State2, sc: Any, side: str) -> list[Order]:
    """7.4: a unit on a south-edge hex may leave; a unit off the map may come back once its impulses are served."""
    out: list[Order] = []
    pending = {u for a in claims.pending(state) for u in a.blocks}
    for u, (edge, _) in sorted(state.off_map.items()):
        to = f"{edge[0]}:{offmap_march.SOUTH_ROW}10"
        if state.sides.get(u) == side and u not in pending:
            try:
                offmap_march.check_reentry(state, side, u, to)
            except Reject:
                continue
            out.append(ClaimMapReentry(unit=u, to=to))
            break
    for u, here in sorted(state.positions.items()):
        if state.sides.get(u) == side and u not in pending and u not in state.fortresses and hexes.is_hex(here) \
                and hexes.parse(here)[1] == offmap_march.SOUTH_ROW and u not in state.eliminated and u not in state.withdrawn \
                and schlieffen.hold(state, sc, u) is None:
            out.append(ClaimMapExit(unit=u, edge=f"{hexes.parse(here)[0]}:south"))
            break
    for u, here in sorted(state.positions.items()):  # 7.1: a unit on the West map's north edge row may leave it into internment
        if state.sides.get(u) == side and u not in pending and u not in state.fortresses and hexes.is_hex(here) \
                and hexes.parse(here)[:2] == ("W", NORTH_ROW) and u not in state.eliminated and u not in state.withdrawn:
            out.append(ClaimInternment(unit=u, where="north edge"))
            break
    return out


def _belgian_waters_orders(state: State2, side: str) -> list[Order]:
    """12.63 in a rain impulse, 12.69 with a German artillery unit next to the waterworks: one example each."""
    pending = {u for a in claims.pending(state) for u in a.blocks}
    for u in sorted(state.positions):
        if u in pending:
            continue
        if side == "allied":
            try:
                belgian_waters.check_flooding(state, u, "Yser")
            except Reject:
                continue
            return [ClaimFlooding(unit=u, river="Yser")]
        try:
            belgian_waters.check_barrage(state, u)
        except Reject:
            continue
        return [ClaimWaterworksBarrage(artillery=u)]
    return []
