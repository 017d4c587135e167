"""Normandy 1944 as a Ruleset: the dispatch from phases and orders to the rules module of each
rulebook section (sequence, weather, logistics, administration, movement, landing, combat,
retreat, victory). What this version defers is refused with its citation (`not_built`; Turn 0:
`not_in_this_ruleset_version`) and, where the sequence passes a deferred step, logged as
`normandy.step_not_ruled`. This is version 1 (`normandy-1944@1`); each later version extends it in
its own module (rules_v2.py to rules_v5.py), and the phase tables are in phase_tables.py."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from msgspec.structs import replace

from domain.games.normandy import (
    air, bombardment, cite, combat, counterattack, dday, describe, landing, logistics, movement, retreat, sequence, stacking,
    tas, victory, views,
)
from domain.games.normandy.data import GERMAN, GameData
from domain.games.normandy.effects import NormandyEffect, SeatDone, UnitPlaced
from domain.games.normandy.evolve import evolve
from domain.games.normandy.model import SETUP, State, Unit
from domain.games.normandy.options import OPTIONS
from domain.games.normandy.orders import (
    BUILT_IN_5, DEFERRED, TURN_ZERO, ActivateHQ, Advance, AssignAir, Attack, Bombard, CommitTAS, Counterattack, EndActivation,
    EndPhase, GiveMarker, Land, Move, NormandyOrder, Retreat, SetupPlace, Support,
)
from domain.games.normandy.phase_tables import PHASE_TABLE
from domain.games.normandy.setup import setup
from domain.games.normandy.units import owns, seat_of
from domain.kernel import phases
from domain.kernel.adjudication import Adjudication
from domain.kernel.assessment import Assessment
from domain.kernel.commands import Order, Reject
from domain.kernel.core import Clock
from domain.kernel.pack.schema import Scenario
from domain.kernel.ruleset import Ruleset
from domain.kernel.seats import Viewer

NOT_STARTABLE = {
    "campaign": f"Turn 0 (D-Day, §10) is not built in normandy-1944@1, and the campaign begins with it; missing: {dday.missing()}",
    "dday": f"Turn 0 (D-Day, §10) is not built in normandy-1944@1; missing: {dday.missing()}",
}
DEFERRED_CITES = {"set_reserve": cite.RESERVE, "assign_air": cite.AIRPOWER, "bombard": cite.BOMBARDMENT,
                  "overrun": cite.OVERRUN, "special_operation": cite.SPECIAL_OPERATIONS, "offmap_move": cite.OFF_MAP, "extended_move": cite.EXTENDED_MOVEMENT,
                  "put_to_rest": cite.REST, "airborne_supply": cite.AIRBORNE_SUPPLY, "withhold": cite.DISORGANISED,
                  "lift_rest": cite.REST, "rebuild": cite.REST, "enter_from_rest": cite.REST, "return_to_reserve": cite.STRATEGIC_RESERVE, "on_foot": cite.ON_FOOT}


class Normandy(Ruleset):
    name = "normandy-1944"
    version = 1
    title = "Normandy 1944: A Bloody Summer (turns 1 and later)"
    order_type = NormandyOrder
    effect_type = NormandyEffect
    state_type = State
    options = OPTIONS
    # @1-@4 play their own frozen copy of the pack (pack_v4/: before 1213 became a village, W6), so
    # their recorded games, which pin the pack by hash, re-verify unchanged; @5 plays pack/, which
    # tools/normandy_map writes.
    pack_dir = str(Path(__file__).resolve().parent / "pack_v4")
    data: GameData
    phase_table = PHASE_TABLE
    deferred: tuple[type, ...] = DEFERRED + BUILT_IN_5

    def prepare(self) -> None:
        assert self.pack is not None
        self.data = GameData(self.pack)

    @property
    def scenarios(self) -> dict[str, Scenario]:
        assert self.pack is not None, "a bound ruleset"
        return self.pack.scenarios

    def not_startable(self, scenario: str) -> str | None:
        return NOT_STARTABLE.get(scenario)

    def setup(self, pack, scenario: str, *, game_id: str, options: dict[str, Any]) -> State:
        if scenario in NOT_STARTABLE:
            raise ValueError(NOT_STARTABLE[scenario])
        data = self.data if self.pack is pack else GameData(pack)
        return setup(data, scenario, game_id=game_id, ruleset_id=self.id, options=options)

    def position(self, state: State, spec: dict[str, Any]) -> State:
        """A conformance position. Besides the state's own fields: `clear = true` takes every unit
        out of play, `add = {counter id = {fields}}` brings counters of the pack into play."""
        spec = dict(spec)
        add = spec.pop("add", {})
        units = {} if spec.pop("clear", False) else dict(state.units)
        for cid, fields in add.items():
            units[cid] = Unit(id=cid, side=self.data.pack.counters[cid].side, **fields)
        return super().position(replace(state, units=units), spec)

    def begin(self, adj: Adjudication) -> None:
        phases.start(adj, self.phase_table)

    def phasing(self, state: State) -> tuple[str, ...]:
        side = state.core.clock.side
        if not side:
            return ()
        if state.active_hq is not None:  # §1.1.3: HQs act one at a time; its owner's seat acts until it is done
            return (seat_of(state, self.data, state.active_hq),)
        return tuple(s for s in state.core.layout.seats_of(side) if s not in state.done)

    # --- arrivals ---------------------------------------------------------------------------------

    def entry_hexes(self, state: State, u: Unit) -> tuple[str, ...]:
        """Where a German reinforcement enters: its arrival's edge area (or the south edge, for a
        returning HQ), within the scenario's part of the map."""
        sc = self.scenarios[state.core.scenario]
        a = next((r for r in sc.reinforcements if r.counter == u.id), None)
        edge = (a.edge if a and a.edge else None) or "edge_south"
        area = self.data.playable(state.core.scenario)
        hexes = tuple(h for h in self.data.areas.get(edge, ()) if area is None or h in area)
        return hexes if u.side == GERMAN else ()

    def landing_sites(self, state: State, u: Unit) -> tuple[str, ...]:
        """An Allied reinforcement named to one depot lands there (Scenario 1: 'via Utah Beach', L484)."""
        a = next((r for r in self.scenarios[state.core.scenario].reinforcements if r.counter == u.id), None)
        return (a.at,) if a and a.at and a.at in self.data.hexes else ()

    # --- legal orders ----------------------------------------------------------------------------

    def legal(self, state: State, seat: str, *, unit: str | None = None) -> list[Order]:
        data = self.data
        frame = state.core.top()
        if frame is not None:
            if seat not in frame.waiting_for():
                return []
            opts = frame.prompt.get("options", [])
            if frame.kind == "defensive_support":
                return [Support(frame=frame.id, hq=h) for h in [None, *opts]]
            if frame.kind == "retreat":
                return [Retreat(frame=frame.id, to=h) for h in opts]
            if frame.kind == "counterattack":
                return [Counterattack(frame=frame.id, hq=h) for h in [None, *opts]
                        if h is None or counterattack.owner_seat(state, data, h) == seat]
            if frame.kind == "bombardment":
                return bombardment.legal(state, data, frame)
            if frame.kind == "tas":
                return tas.legal(frame)
            return [Advance(frame=frame.id, stack=h) for h in [None, *opts]]
        if seat not in self.phasing(state):
            return []
        phase = state.core.clock.phase
        orders: list[Order] = []
        if phase == "setup":
            orders = self._setup_legal(state, seat)
        elif phase == "markers":
            orders = list(logistics.legal(state, data, seat))
        elif phase == "movement":
            orders = [*movement.legal(state, data, seat, lambda u: self.entry_hexes(state, u), unit=unit),
                      *(landing.legal(state, data, seat, lambda u: self.landing_sites(state, u)) if unit is None else [])]
        elif phase == "combat":
            orders = combat.legal(state, data, seat)
        elif phase == "air":
            orders = air.legal(state, seat)
        if unit is not None:
            return [o for o in orders if getattr(o, "unit", None) == unit or unit in getattr(o, "units", ())]
        if self.can_end(state, seat):
            orders.append(EndPhase())
        return orders

    def _setup_legal(self, state: State, seat: str) -> list[Order]:
        data = self.data
        out: list[Order] = []
        sc = self.scenarios[state.core.scenario]
        areas = {p.counter: p.area for p in sc.setup if p.area}
        for u in sorted(state.units.values(), key=lambda x: x.id):
            if u.box == SETUP and owns(state, data, seat, u.id):
                out += [SetupPlace(unit=u.id, at=h) for h in self.setup_hexes(state, u.id, areas[u.id])]
        out += logistics.legal(state, data, seat)
        return out

    def setup_hexes(self, state: State, uid: str, area: str | None) -> list[str]:
        side = state.units[uid].side
        return [h for h in self.data.areas.get(area or "", ()) if self.data.land(h)
                and all(u.side == side for u in state.units.values() if u.hex == h)
                and stacking.fits(state, self.data, h, (uid,))]

    def _logistics_done(self, state: State) -> bool:
        """Whether the side giving Offensive markers has nothing left to do in the Logistics Phase."""
        return not state.markers_due.get(state.core.clock.side or "", 0)

    def can_end(self, state: State, seat: str) -> bool:
        if state.core.top() is not None or state.combat is not None or seat not in self.phasing(state):
            return False
        phase = state.core.clock.phase
        if phase == "setup":
            return not any(u.box == SETUP and owns(state, self.data, seat, u.id) for u in state.units.values())
        if phase == "combat":
            return state.active_hq is None
        if phase == "air":
            return air.can_end(state, seat)
        return True

    # --- rulings -----------------------------------------------------------------------------------

    def rule(self, adj: Adjudication, seat: str, order: Order) -> None:
        state: State = adj.state
        frame = state.core.top()
        tag = order.__struct_config__.tag
        if isinstance(order, TURN_ZERO):
            raise Reject("not_in_this_ruleset_version", f"A {tag!r} order belongs to Turn 0 (D-Day, §10), which "
                         f"{self.id} does not rule yet (missing: {dday.missing()}).", cite.DDAY)
        if isinstance(order, self.deferred):
            raise Reject("not_built", f"The {tag!r} order's rule is not built in {self.id}.", DEFERRED_CITES[str(tag)])
        if frame is not None:
            if seat not in frame.waiting_for():
                raise Reject("not_your_decision", f"The open {frame.kind} decision is not yours.", cite.COMBAT, frame=frame.id)
            match order:
                case Support() if frame.kind == "defensive_support" and order.frame == frame.id:
                    combat.support(adj, seat, order, frame)
                case Retreat() if frame.kind == "retreat" and order.frame == frame.id:
                    retreat.answer(adj, seat, order, frame)
                case Advance() if frame.kind == "advance" and order.frame == frame.id:
                    defender = adj.state.units[adj.state.combat.defenders[0]].side if adj.state.combat and adj.state.combat.defenders else ""
                    taken = retreat.advance(adj, seat, order, frame)
                    if taken is not None and defender:
                        counterattack.offer(adj, taken, defender)
                case Counterattack() if frame.kind == "counterattack" and order.frame == frame.id:
                    counterattack.answer(adj, seat, order, frame)
                case Bombard() if frame.kind == "bombardment" and order.frame == frame.id:
                    bombardment.answer(adj, seat, order, frame)
                    combat.proceed(adj)
                case CommitTAS() if frame.kind == "tas" and order.frame == frame.id:
                    tas.answer(adj, seat, order, frame)
                    combat.proceed(adj)
                case _:
                    raise Reject("decision_pending", f"First answer the open {frame.kind} decision (frame {frame.id}).",
                                 cite.COMBAT, frame=frame.id)
            return
        if seat not in self.phasing(state):
            raise Reject("not_your_turn", f"{seat} has nothing to do in the {sequence.NAMES[state.core.clock.phase]}.", cite.SEQUENCE)
        phase = state.core.clock.phase
        match order:
            case EndPhase():
                if not self.can_end(state, seat):
                    raise Reject("phase_not_over", "This phase cannot end yet (an activation or a set-up is unfinished).",
                                 cite.SEQUENCE)
                adj.emit(SeatDone(seat=seat, cite=(cite.SEQUENCE,)))
                if not self.phasing(adj.state):
                    phases.end_phase(adj, self.phase_table)
            case SetupPlace() if phase == "setup":
                self._place(adj, seat, order)
            case GiveMarker() if phase in ("setup", "markers"):
                logistics.give(adj, seat, order)
                if phase == "markers" and self._logistics_done(adj.state):
                    phases.end_phase(adj, self.phase_table)
            case Move() if phase == "movement":
                movement.move(adj, seat, order, lambda u: self.entry_hexes(adj.state, u))
            case AssignAir() if phase == "air":
                air.assign(adj, seat, order)
            case Land() if phase == "movement":
                landing.land(adj, seat, order, lambda u: self.landing_sites(adj.state, u))
            case ActivateHQ() if phase == "combat":
                combat.activate(adj, seat, order)
            case Attack() if phase == "combat":
                combat.attack(adj, seat, order)
            case EndActivation() if phase == "combat":
                combat.end_activation(adj, seat)
            case _:
                raise Reject("wrong_phase", f"A {tag!r} order is not allowed in the {sequence.NAMES[phase]}.", cite.SEQUENCE,
                             phase=phase)

    def _place(self, adj: Adjudication, seat: str, order: SetupPlace) -> None:
        state: State = adj.state
        u = state.units.get(order.unit)
        areas = {p.counter: p.area for p in self.scenarios[state.core.scenario].setup if p.area}
        if u is None or u.box != SETUP or not owns(state, self.data, seat, u.id):
            raise Reject("not_to_set_up", f"{order.unit} is not a unit of yours awaiting set-up.", cite.SCENARIO_2)
        if order.at not in self.setup_hexes(state, u.id, areas.get(u.id)):
            raise Reject("bad_setup_hex", f"{u.id} is set up in its area ({areas.get(u.id)}), on a hex with room.", cite.SCENARIO_2)
        adj.emit(UnitPlaced(unit=u.id, at=order.at, reason="set-up", cite=(cite.SCENARIO_2,)))

    def assess(self, state: State, seat: str, order: Order) -> Assessment | None:
        return combat.forecast(state, self.data, order)

    def default_answer(self, state: State, seat: str) -> Order | None:
        frame = state.core.top()
        if frame is not None:
            if frame.kind == "defensive_support":
                return Support(frame=frame.id, hq=None)
            if frame.kind == "retreat":
                return Retreat(frame=frame.id, to=frame.prompt["options"][0])
            if frame.kind == "counterattack":
                return Counterattack(frame=frame.id, hq=None)
            if frame.kind == "bombardment":
                return Bombard(frame=frame.id, hex=frame.prompt["hex"], kind="none")
            if frame.kind == "tas":
                return CommitTAS(frame=frame.id, counter=None)
            return Advance(frame=frame.id, stack=None)
        if state.core.clock.phase == "combat" and state.active_hq is not None:
            return EndActivation()
        if state.core.clock.phase == "setup":
            legal = self.legal(state, seat)
            return legal[0] if legal else None
        return EndPhase() if self.can_end(state, seat) else None

    def end_outcome(self, state: State, reason: str):
        return victory.outcome(state, self.data, reason)

    # --- state -----------------------------------------------------------------------------------

    def evolve(self, state: State, effect: Any) -> State:
        return evolve(state, effect)

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        return views.view(state, self.data, viewer)

    def describe(self, effect: dict[str, Any], view: dict[str, Any]) -> str:
        return describe.sentence(effect)

    def date(self, turn: int) -> str:
        row = self.data.chart("turns").get(str(turn))
        return str(row.get("date", "")) if row else ""

    def clock_label(self, clock: Clock) -> str:
        return sequence.label(clock, self.date(clock.turn))

    def epochs(self, state: State) -> int:
        return self.scenarios[state.core.scenario].end.turn + 1


NORMANDY = Normandy()
