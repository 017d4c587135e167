"""Normandy 1944 as a Ruleset: the dispatch from phases and orders to the rules module of each
rulebook section (sequence, weather, logistics, administration, movement, landing, combat,
retreat, victory). What this version defers is refused with its citation (`not_built`; Turn 0:
`not_in_this_ruleset_version`) and, where the sequence passes a deferred step, logged as
`normandy.step_not_ruled`."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from domain.games.normandy import (
    administration, air, airborne, bombardment, cite, combat, confusion, counterattack, dday, describe, exploitation, landing, logistics, movement,
    offmap, on_foot, overrun, ports, replacements, reserve, rest, retreat, sequence, stacking, tas, victory, views, weather, withhold,
)
from domain.games.normandy.data import GERMAN, GameData, data_of
from domain.games.normandy.effects import HQsReset, NormandyEffect, Reorganised, SeatDone, UnitPlaced
from domain.games.normandy.evolve import evolve
from domain.games.normandy.model import (
    PENDING, SETUP, Air, OffMap, State, State3, State4, State5, Unit, exploitation_of, offmap_of, overrun_of, rest_of,
)
from domain.games.normandy.options import APPLIED_4, APPLIED_5, OPTIONS, OPTIONS_3, OPTIONS_4, OPTIONS_5, refuse_unbuilt
from domain.games.normandy.orders import (
    ADMINISTRATION, BUILT_IN_5, BUILT_IN_5_SUPPLY, DEFERRED, TURN_ZERO, ActivateHQ, Advance, AssignAir, Attack, Bombard, CommitTAS, Counterattack, CounterattackMove, EndActivation,
    AirborneSupply, EndPhase, EnterFromRest, OnFoot, Exploit, ExtendedMove, GiveMarker, Land, LiftRest, Move, NormandyOrder, OffMapMove, Overrun, PutToRest, Rebuild, Retreat, ReturnToReserve, SetReserve, SetupPlace,
    SpecialOperation, Support, Withhold,
)
from domain.games.normandy.setup import setup
from domain.games.normandy.units import owns, seat_of
from msgspec.structs import replace

from domain.kernel import phases
from domain.kernel.adjudication import Adjudication
from domain.kernel.assessment import Assessment
from domain.kernel.commands import Order, Reject
from domain.kernel.core import Clock, Frame
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


def _enter_setup(adj: Adjudication) -> bool:
    s: State = adj.state
    side = s.core.clock.side
    return any(u.box == SETUP and u.side == side for u in s.units.values()) or s.markers_due.get(side or "", 0) > 0


def _enter_markers(adj: Adjudication) -> bool:
    s: State = adj.state
    side = s.core.clock.side or ""
    if s.markers_due.get(side, 0) and not any(logistics.takers(s, data_of(adj), seat) for seat in s.core.layout.seats_of(side)):
        logistics.forfeit(adj, side)
    return adj.state.markers_due.get(side, 0) > 0


def _enter_markers_5(adj: Adjudication) -> bool:
    """Version 5: the Allies' turn also stops for airborne supply (§7.5) when some marker may be lifted."""
    markers = _enter_markers(adj)
    return markers or airborne.possible(adj.state, data_of(adj), adj.state.core.clock.side or "")


def _leave_markers(adj: Adjudication) -> None:
    logistics.forfeit(adj, adj.state.core.clock.side or "")


def _auto(*steps):
    def enter(adj: Adjudication) -> bool:
        for step in steps:
            step(adj)
        return False
    return enter


PHASE_TABLE = phases.Phases(
    enter={
        "setup": _enter_setup,
        "weather": _auto(weather.roll, weather.air_not_ruled),
        "logistics": _auto(logistics.check_supply, logistics.airborne_not_ruled, logistics.receive),
        "markers": _enter_markers,
        "administration": _auto(administration.initiative, administration.returning_hqs, administration.not_ruled),
        "storm": _auto(weather.storm_test),
        "movement": lambda adj: True,
        "combat": lambda adj: True,
        "phase_end": _auto(lambda adj: adj.emit(_reset())),
        "turn_end": _auto(lambda adj: adj.emit(_reorganise()), victory.turn_end),
    },
    leave={"setup": _leave_markers, "markers": _leave_markers},
    announce=sequence.announce,
    following=sequence.following,
)


# Version 3: the Air Availability Phase after the weather (§1.1.1.1), a storm cancelling the air
# missions, the air counters back in their cups at the turn end (§1.1.5).
PHASE_TABLE_3 = PHASE_TABLE._replace(
    enter={**PHASE_TABLE.enter,
           "weather": _auto(weather.roll),
           "air": air.availability,
           "storm": _auto(weather.storm_test, air.storm),
           "turn_end": _auto(air.turn_end, lambda adj: adj.emit(_reorganise()), victory.turn_end)},
    following=sequence.following_3,
)


# Version 5: the Allied player builds the ports first in the Logistics Phase (§1.1.1.2, §7.1); the
# Administration Phase's Rest and Replacement orders, the Allies' then the Germans' (§1.1.1.3).
PHASE_TABLE_5 = PHASE_TABLE_3._replace(
    enter={**PHASE_TABLE_3.enter, "logistics": _auto(ports.construct, logistics.check_supply, logistics.receive),
           "markers": _enter_markers_5,
           "administration": administration.enter_5},
    following=sequence.following_5,
)


def _reset() -> HQsReset:
    return HQsReset(cite=(cite.PHASE_END, cite.ruling("Q01_hq_reset", "end_of_phase")))


def _reorganise() -> Reorganised:
    return Reorganised(cite=(cite.TURN_END,))


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
        data = self.data
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


class Normandy2(Normandy):
    """`normandy-1944@2`: the defender's counterattack after an advance (§6.9) is ruled: a decision
    frame for the defender, the HQ's marker spent, its adjacent units attacking. Version 1, which
    logs the counterattack as not ruled, stays runnable for the games recorded under it."""

    version = 2
    title = "Normandy 1944: A Bloody Summer (turns 1 and later, with counterattacks)"
    counterattacks = True

    def not_startable(self, scenario: str) -> str | None:
        reason = NOT_STARTABLE.get(scenario)
        return reason.replace("@1", "@2") if reason else None


class Normandy3(Normandy2):
    """`normandy-1944@3`: the air system of Scenarios 1 and 2 (§1.1.1.1, §9): the AFAT draws from
    the cups and the FBAT's air superiority in an Air Availability Phase, Tactical Air Support and
    bombardment (air, carpet, Scenario 1's naval) in each combat, as decision frames of the Allies.
    Versions 1 and 2 stay runnable for the games recorded under them."""

    version = 3
    title = "Normandy 1944: A Bloody Summer (turns 1 and later, with counterattacks and air power)"
    state_type = State3
    options = OPTIONS_3
    phase_table = PHASE_TABLE_3
    deferred = tuple(o for o in Normandy2.deferred if o not in (AssignAir, Bombard))

    def not_startable(self, scenario: str) -> str | None:
        reason = NOT_STARTABLE.get(scenario)
        return reason.replace("@1", "@3") if reason else None

    def setup(self, pack, scenario: str, *, game_id: str, options: dict[str, Any]) -> State:
        s = super().setup(pack, scenario, game_id=game_id, options=options)
        return State3(**{f: getattr(s, f) for f in s.__struct_fields__}, air=Air(at=air.in_play(scenario, options)))

    def before_resolution(self, adj: Adjudication) -> bool:
        """§6.2 then §9.1: the Allies' bombardment, then their Tactical Air Support, before the odds."""
        return bombardment.offer(adj) or tas.offer(adj)

    def rule(self, adj: Adjudication, seat: str, order: Order) -> None:
        if isinstance(order, Bombard) and order.frame is None:
            raise Reject("no_bombardment_asked", "A bombardment is made before an attack's resolution, as the answer to its "
                         "bombardment decision (§6.2).", cite.BOMBARDMENT)
        super().rule(adj, seat, order)


class Normandy4(Normandy3):
    """`normandy-1944@4`: version 3 with Reserve (§4.1.1), overrun (§4.3), Exploitation (§6.8) and the
    counterattackers' one-hex move (§6.9) (`reserve.py`, `overrun.py`, `exploitation.py`,
    `counterattack.py`), and the off-map layer (§4.1.2, §5.2, §1.1.2.1's transfers, §6.12's exit,
    §7.2's vanishing depots, §9.5's strategic interdiction) and Confusion (§6.11) with the special
    operations it needs (§4.4) (`offmap.py`, `confusion.py`); state type `model.State4` (see
    docs/normandy-rules.md's coverage matrix for what each version rules). Versions 1-3 stay
    runnable, byte for byte, for the games recorded under them."""

    version = 4
    title = "Normandy 1944: A Bloody Summer (turns 1 and later, version 4)"
    state_type = State4
    options = OPTIONS_4
    applied = APPLIED_4  # the option values this version applies; genesis refuses the others
    deferred = tuple(o for o in Normandy3.deferred if o not in (SetReserve, Overrun, OffMapMove, ExtendedMove, SpecialOperation))

    def not_startable(self, scenario: str) -> str | None:
        reason = NOT_STARTABLE.get(scenario)
        return reason.replace("@1", f"@{self.version}") if reason else None

    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """Genesis refuses an option value no rule of this version applies (`option_not_built`)."""
        out = super().resolve_options(given)
        refuse_unbuilt(self.id, out, self.applied)
        return out

    def setup(self, pack, scenario: str, *, game_id: str, options: dict[str, Any]) -> State:
        s = super().setup(pack, scenario, game_id=game_id, options=options)
        return State4(**{f: getattr(s, f) for f in s.__struct_fields__}, offmap=OffMap(depots=offmap.depots_at_start(options),
                                                                                       festungs=tuple(self.data.festungs)))

    def entry_hexes(self, state: State, u: Unit) -> tuple[str, ...]:
        """§1.1.2.1: a unit in a coloured box enters by the hexes joined to it, not enemy-occupied."""
        if u.box in self.data.box_hexes:
            area = self.data.playable(state.core.scenario)
            return tuple(h for h in self.data.box_hexes[u.box] if area is None or h in area)
        hexes = super().entry_hexes(state, u)
        if self._by_box(state, u):  # option german_arrival 'box': through the coloured boxes joined to the edge
            return tuple(h for h in hexes if h in self.data.hex_boxes)
        return hexes

    def _by_box(self, state: State, u: Unit) -> bool:
        return (u.side == GERMAN and u.box == PENDING and state.core.options.get("german_arrival", "edge") == "box"
                and state.core.clock.turn > 1)  # §1.1.2.1: 'directly on an entry hex for turn 1'

    def _boxed(self, state: State):
        om = offmap_of(state)
        assert om is not None
        return lambda u: u.box in self.data.box_hexes and u.box not in om.confusion and u.id not in om.held and not u.unsupplied

    def legal(self, state: State, seat: str, *, unit: str | None = None) -> list[Order]:
        top = state.core.top()
        if top is not None and top.kind == "counterattack_move":
            return [CounterattackMove(frame=top.id, to=h) for h in [None, *top.prompt["options"]]] \
                if seat in top.waiting_for() and unit is None else []
        if top is not None or seat not in self.phasing(state):
            return super().legal(state, seat, unit=unit)
        data = self.data
        phase = state.core.clock.phase
        orders = super().legal(state, seat, unit=unit)
        if phase == "combat":
            blocked = self._blocked_hqs(state)
            orders = [o for o in orders if not (isinstance(o, ActivateHQ) and o.action == "combat" and o.hq in blocked)]
            x = exploitation_of(state)
            if x is None:
                return orders
            # §6.8: the free activation's Reserve stacks are named first, then they move and attack
            if not x.chosen:
                return exploitation.legal(state, data) if unit is None else []
            mine = [u for u in x.units if exploitation.moving(state, u) is None and u not in state.moved]
            going: list[Order] = []
            for uid in mine if unit is None else [u for u in mine if u == unit]:
                going += [Move(unit=uid, path=p) for _, p in sorted(movement.destinations(state, data, state.units[uid]).items())]
            going += [o for o in overrun.legal(state, data, seat) if all(u in mine for u in o.units)]
            return going + orders
        if phase != "movement":
            return orders
        om = offmap_of(state)
        if om is not None and om.held:  # a failed interdiction roll holds the unit for the phase
            orders = [o for o in orders if getattr(o, "unit", None) not in om.held]
        # §4.1.1 Reserve and §4.3 overrun, first; then the off-map layer's moves (§1.1.2.1, §4.1.2, §5.2, §4.4)
        first: list[Order] = [*reserve.legal(state, data, seat), *overrun.legal(state, data, seat)]
        if unit is not None:
            first = [o for o in first if getattr(o, "unit", None) == unit or unit in getattr(o, "units", ())]
        extra: list[Order] = []
        boxed = self._boxed(state)
        entering = [u for u in state.units.values() if boxed(u) and (unit is None or u.id == unit)]
        if entering:
            ids = {u.id for u in entering}
            extra += [o for o in movement.legal(state, data, seat, lambda u: self.entry_hexes(state, u), unit=unit,
                                                boxed=boxed) if getattr(o, "unit", None) in ids]
        extra += [o for o in offmap.legal(state, data, seat, unit) if not set(getattr(o, "units", ())) & set(self._going_on(state))]
        extra += confusion.special_legal(state, data, seat, unit)
        if unit is None:
            extra += offmap.extended_legal(state, data, seat)
        else:
            extra += [o for o in offmap.extended_legal(state, data, seat) if unit in getattr(o, "units", ())]
        if orders and isinstance(orders[-1], EndPhase):
            return first + orders[:-1] + extra + orders[-1:]
        return first + orders + extra

    def can_end(self, state: State, seat: str) -> bool:
        return super().can_end(state, seat) and overrun_of(state) is None

    @staticmethod
    def _going_on(state: State) -> tuple[str, ...]:
        """The units of a stack going on with its move after a successful overrun (§4.3)."""
        return tuple(state.left) if isinstance(state, State4) else ()

    def _blocked_hqs(self, state: State) -> tuple[str, ...]:
        """Option Q02 'turn': an HQ that made an Extended move fights no more this turn (§5.2)."""
        om = offmap_of(state)
        return om.extended if om is not None and state.core.options.get("Q02_extended_blocks", "turn") == "turn" else ()

    def rule(self, adj: Adjudication, seat: str, order: Order) -> None:
        state: State = adj.state
        top = state.core.top()
        if top is not None and top.kind == "counterattack_move":  # §6.9's one-hex move, version 4
            if seat not in top.waiting_for():
                raise Reject("not_your_decision", f"The open {top.kind} decision is not yours.", cite.COUNTERATTACK, frame=top.id)
            if not isinstance(order, CounterattackMove) or order.frame != top.id:
                raise Reject("decision_pending", f"First answer the open {top.kind} decision (frame {top.id}).",
                             cite.COUNTERATTACK, frame=top.id)
            counterattack.move_answer(adj, seat, order, top)
        elif top is None and seat in self.phasing(state) and not isinstance(order, TURN_ZERO):
            self._rule_phasing(adj, seat, order)
        else:
            super().rule(adj, seat, order)
        confusion.tidy(adj)

    def _rule_phasing(self, adj: Adjudication, seat: str, order: Order) -> None:
        """The phasing side's own orders: the off-map layer and Confusion's, then Reserve, overrun and
        Exploitation's, then version 3's."""
        state: State = adj.state
        phase = state.core.clock.phase
        x = exploitation_of(state)
        if isinstance(order, (OffMapMove, ExtendedMove, SpecialOperation)) and phase != "movement":
            raise Reject("wrong_phase", "Off-map moves and special operations are made in the Movement Phase.", cite.MOVEMENT_PHASE,
                         phase=phase)
        if isinstance(order, OffMapMove):
            going = [u for u in order.units if u in self._going_on(state)]
            if going:
                raise Reject("not_built", f"{', '.join(going)} goes on with its move after an overrun (§4.3): leaving the map by a "
                             f"transfer (§1.1.2.1) in the same move is not ruled in {self.id}.", cite.OVERRUN, units=going)
            return offmap.move(adj, seat, order)
        if isinstance(order, ExtendedMove):
            return offmap.extended(adj, seat, order)
        if isinstance(order, SpecialOperation):
            return confusion.special_operation(adj, seat, order)
        if isinstance(order, Move) and phase == "movement":
            u = state.units.get(order.unit)
            if u is not None and u.box in self.data.box_links:
                return self._enter_map(adj, seat, order, u)
            if u is not None and self._by_box(state, u) and owns(state, self.data, seat, u.id) and u.id not in state.moved:
                om = offmap_of(state)
                assert om is not None
                if u.id in om.held:
                    raise Reject("interdicted", f"{u.id} failed its interdiction roll: it may not leave its box this phase.",
                                 cite.OFF_MAP)
                boxes = self.data.hex_boxes.get(order.path[0] if order.path else "", ())
                if boxes and u.due <= state.core.clock.turn and order.path[0] in self.entry_hexes(state, u):
                    adj.cite(cite.ARRIVAL, cite.ruling("german_arrival", "box", "inferred"))
                    if not offmap.interdiction(adj, u, boxes[0]):
                        return None
        if isinstance(order, ActivateHQ) and order.action == "combat" and order.hq in self._blocked_hqs(state):
            raise Reject("extended_this_turn", f"{order.hq} made an Extended move this turn and may not be used for combat "
                         "(§5.2, option Q02 'turn').", cite.EXTENDED_MOVEMENT)
        if isinstance(order, SetReserve):
            if phase != "movement":
                raise Reject("wrong_phase", "Units go into Reserve in their Movement Phase (§4.1.1).", cite.RESERVE)
            return reserve.set_reserve(adj, seat, order)
        if isinstance(order, Overrun):
            if phase == "combat" and x is not None:
                for uid in order.units:
                    why = exploitation.moving(state, uid)
                    if why is not None:
                        raise Reject("not_exploiting", why, cite.EXPLOITATION, unit=uid)
            elif phase != "movement":
                raise Reject("wrong_phase", "An overrun is part of a move (§4.3).", cite.OVERRUN)
            return overrun.overrun(adj, seat, order)
        if isinstance(order, Exploit):
            if phase != "combat":
                raise Reject("wrong_phase", "Exploitation comes in the Combat Phase (§6.8).", cite.EXPLOITATION)
            return exploitation.choose(adj, seat, order)
        if phase == "combat" and x is not None:
            if not x.chosen:
                raise Reject("choose_stacks", f"First name the Reserve stacks {x.hq} activates for its Exploitation "
                             "(at most two; none ends it).", cite.EXPLOITATION)
            if isinstance(order, Move):
                why = exploitation.moving(state, order.unit)
                if why is not None:
                    raise Reject("not_exploiting", why, cite.EXPLOITATION, unit=order.unit)
                return movement.move(adj, seat, order, lambda u: ())
        if phase == "combat" and isinstance(order, EndActivation) and exploitation.owed(state) \
                and state.active_hq is not None and owns(state, self.data, seat, state.active_hq):
            return exploitation.begin(adj)
        super().rule(adj, seat, order)

    def exploitation_result(self, adj: Adjudication) -> None:
        exploitation.result(adj)

    def before_resolution(self, adj: Adjudication) -> bool:
        """§4.3 (option `overrun_support`): an overrun has no bombardment, only TAS (Q18)."""
        if overrun_of(adj.state) is not None:
            return tas.offer(adj)
        return super().before_resolution(adj)

    def after_result(self, adj: Adjudication) -> bool:
        """§4.3: after an overrun's result and retreats, the stack goes on or goes back; no advance."""
        if overrun_of(adj.state) is None:
            return False
        overrun.finish(adj)
        return True

    def default_answer(self, state: State, seat: str) -> Order | None:
        top = state.core.top()
        if top is not None and top.kind == "counterattack_move":
            return CounterattackMove(frame=top.id, to=None)
        x = exploitation_of(state)
        if state.core.top() is None and x is not None and not x.chosen:
            return Exploit(stacks=())
        return super().default_answer(state, seat)

    def _enter_map(self, adj: Adjudication, seat: str, order: Move, u: Unit) -> None:
        """§1.1.2.1 with §4.1.2: a unit in a coloured box enters by a joined hex; a German one first
        rolls to leave the box (a failed roll holds it there for the phase)."""
        state: State = adj.state
        om = offmap_of(state)
        assert om is not None
        if not owns(state, self.data, seat, u.id):
            raise Reject("not_your_unit", f"{u.id} is not a unit of yours.", cite.MOVEMENT)
        if u.id in state.moved:
            raise Reject("already_moved", f"{u.id} has moved this phase.", cite.MOVEMENT)
        if u.box not in self.data.box_hexes:
            raise Reject("not_an_entry_box", f"{u.box} is joined to no map hex: only "
                         f"{', '.join(sorted(self.data.box_hexes))} lead onto the map (§1.1.2.1).", cite.ARRIVAL)
        if not self._boxed(state)(u):
            raise Reject("cannot_enter", f"{u.id} may not leave its box this phase (held by interdiction, in Confusion, or out "
                         "of supply).", cite.OFF_MAP)
        if not order.path or order.path[0] not in self.entry_hexes(state, u):
            raise Reject("not_an_entry_hex", f"{u.id} enters by one of {', '.join(self.entry_hexes(state, u))}.", cite.ARRIVAL,
                         entries=list(self.entry_hexes(state, u)))
        if u.side == GERMAN and not offmap.interdiction(adj, u, u.box or ""):
            return
        movement.move(adj, seat, order, lambda x: self.entry_hexes(adj.state, x), boxed=self._boxed(adj.state))


class Normandy5(Normandy4):
    """`normandy-1944@5`: version 4 with the Administration Phase for turns >= 1 (§1.1.1.3 with
    §6.10) and the defender's withholding (§6.5); state type `model.State5`. Versions 1-4 stay
    runnable, byte for byte, for the games recorded under them."""

    version = 5
    title = "Normandy 1944: A Bloody Summer (turns 1 and later, version 5)"
    state_type = State5
    options = OPTIONS_5
    applied = APPLIED_5
    phase_table = PHASE_TABLE_5
    deferred = tuple(o for o in Normandy4.deferred if o not in BUILT_IN_5 + ADMINISTRATION + BUILT_IN_5_SUPPLY)
    pack_dir = str(Path(__file__).resolve().parent / "pack")

    def setup(self, pack, scenario: str, *, game_id: str, options: dict[str, Any]) -> State:
        s = super().setup(pack, scenario, game_id=game_id, options=options)
        return State5(**{f: getattr(s, f) for f in s.__struct_fields__}, ports=ports.at_start(s))

    def legal(self, state: State, seat: str, *, unit: str | None = None) -> list[Order]:
        top = state.core.top()
        if top is not None and top.kind == "withhold":
            return list(withhold.legal(top)) if seat in top.waiting_for() and unit is None else []
        orders = super().legal(state, seat, unit=unit)
        if top is None and state.core.clock.phase == "administration" and seat in self.phasing(state):
            own = [o for o in administration.legal(state, self.data, seat) if unit is None or getattr(o, "unit", None) == unit]
            return own + orders
        if top is None and state.core.clock.phase == "markers" and seat in self.phasing(state):
            flown = [o for o in airborne.legal(state, self.data, seat) if unit is None or unit in o.units]
            return flown + orders
        if top is None and state.core.clock.phase == "movement" and seat in self.phasing(state) and state.active_hq is None:
            orders = [o for o in on_foot.legal(state, self.data, seat) if unit is None or o.unit == unit] + orders
        resting = rest_of(state)
        if resting and state.core.clock.phase == "movement":  # §1.1.1.3: a unit in Rest does not move
            return [o for o in orders if not _moves(o, resting)]
        return orders

    def rule(self, adj: Adjudication, seat: str, order: Order) -> None:
        """The Administration Phase's orders (§1.1.1.3), the defender's withholding decision (§6.5,
        Q25), or version 4's rulings; then the Rest markers an enemy lifts, and §7.1's consequences of
        what moved: depots destroyed by an enemy unit's entry, construction begun on the sites taken
        (ports.py)."""
        before: State = adj.state
        self._rule(adj, seat, order)
        rest.tidy(adj)
        ports.sweep(adj, before)

    def _rule(self, adj: Adjudication, seat: str, order: Order) -> None:
        state: State = adj.state
        top = state.core.top()
        if top is None and isinstance(order, ADMINISTRATION) and seat in self.phasing(state):
            if state.core.clock.phase != "administration":
                raise Reject("wrong_phase", "Rest and Replacement orders are given in the Administration Phase (§1.1.1.3).",
                             cite.REST, phase=state.core.clock.phase)
            return self._administer(adj, seat, order)
        if top is None and isinstance(order, AirborneSupply):
            if state.core.clock.phase != "markers" or seat not in self.phasing(state):
                raise Reject("wrong_phase", "Airborne supply is given by the Allied player in the Logistics Phase (§7.5).",
                             cite.AIRBORNE_SUPPLY, phase=state.core.clock.phase)
            airborne.supply(adj, seat, order)
            if self._logistics_done(adj.state):
                phases.end_phase(adj, self.phase_table)
            return
        if top is None and isinstance(order, OnFoot):
            if state.core.clock.phase != "movement" or seat not in self.phasing(state):
                raise Reject("wrong_phase", "A motorised infantry unit goes on foot in its Movement Phase, before it moves (§2.2).",
                             cite.ON_FOOT, phase=state.core.clock.phase)
            return on_foot.go(adj, seat, order)
        if top is None and state.core.clock.phase == "movement" and _moves(order, rest_of(state)):
            raise Reject("at_rest", "A unit under a Rest marker may not move (§1.1.1.3).", cite.REST)
        if top is None or top.kind != "withhold":
            super().rule(adj, seat, order)
        else:
            self._withhold(adj, seat, order, top)

    def _withhold(self, adj: Adjudication, seat: str, order: Order, top: Frame) -> None:
        if seat not in top.waiting_for():  # §6.5 with Q25: the defender's choice
            raise Reject("not_your_decision", f"The open {top.kind} decision is not yours.", cite.DISORGANISED, frame=top.id)
        if not isinstance(order, Withhold) or order.frame != top.id:
            raise Reject("decision_pending", f"First answer the open {top.kind} decision (frame {top.id}).",
                         cite.DISORGANISED, frame=top.id)
        withhold.answer(adj, seat, order, top)
        combat.proceed(adj)
        confusion.tidy(adj)

    @staticmethod
    def _administer(adj: Adjudication, seat: str, order: Order) -> None:
        match order:
            case PutToRest():
                rest.put(adj, seat, order)
            case LiftRest():
                rest.lift(adj, seat, order)
            case ReturnToReserve():
                rest.send_back(adj, seat, order)
            case Rebuild():
                replacements.rebuild(adj, seat, order)
            case EnterFromRest():
                replacements.enter(adj, seat, order)

    def _logistics_done(self, state: State) -> bool:
        side = state.core.clock.side or ""
        return super()._logistics_done(state) and not airborne.possible(state, self.data, side)

    def before_resolution(self, adj: Adjudication) -> bool:
        """After the Allies' bombardment and air support (§6.2, §9.1), the defender's withholding (§6.5, Q25)."""
        return super().before_resolution(adj) or withhold.offer(adj)

    def default_answer(self, state: State, seat: str) -> Order | None:
        top = state.core.top()
        if top is not None and top.kind == "withhold":
            return Withhold(frame=top.id)
        return super().default_answer(state, seat)


def _moves(order: Order, resting: dict[str, int]) -> bool:
    """Whether a movement-phase order moves a unit under a Rest marker (§1.1.1.3)."""
    return getattr(order, "unit", None) in resting or bool(set(getattr(order, "units", ())) & set(resting))


NORMANDY = Normandy()
NORMANDY_2 = Normandy2()
NORMANDY_3 = Normandy3()
NORMANDY_4 = Normandy4()
NORMANDY_5 = Normandy5()
