"""Air Bridge to Victory (Operation Market-Garden, 1944) as a Ruleset: the dispatch from phases,
orders and decision frames to the module of each rulebook section."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import msgspec

from domain.games.air_bridge import (
    air, bridges, cite, combat, describe, engineers, fatigue, initiative, movement, reinforcements, sequence, stacking, supply,
    victory, views, weather,
)
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.effects import ABTVEffect, FireMarkersCleared, SeatDone
from domain.games.air_bridge.evolve import evolve
from domain.games.air_bridge.losses import eliminate
from domain.games.air_bridge.model import State, Unit
from domain.games.air_bridge.options import OPTIONS
from domain.games.air_bridge.orders import (
    ABTVOrder, Answer, Bombard, Declare, DemolishBridge, Drop, EndPhase, Enter, Ferry, Move, PlaceDZ, RepairBridge,
)
from domain.games.air_bridge.setup import seat_of, setup
from domain.kernel import phases
from domain.kernel.adjudication import Adjudication
from domain.kernel.assessment import Assessment
from domain.kernel.commands import Order, Reject
from domain.kernel.core import Clock, Outcome
from domain.kernel.ruleset import Ruleset
from domain.kernel.seats import Viewer


def _strategic(adj: Adjudication) -> bool:
    if initiative.roll(adj):
        return True
    _rest_of_strategic(adj)
    return False


def _rest_of_strategic(adj: Adjudication) -> None:
    data = _data(adj)
    weather.determine(adj, data)
    fatigue.recover(adj, data)


def _initial(adj: Adjudication) -> bool:
    data = _data(adj)
    supply.judge(adj, data)
    if adj.core.clock.side == adj.state.first:
        adj.emit(FireMarkersCleared(cite=(cite.INITIAL, cite.FIRE_LIMITS)))
        air.grant(adj, data)
    return False


def _airborne(adj: Adjudication) -> bool:
    data = _data(adj)
    return any(reinforcements.legal_drops(adj.state, data, s) for s in adj.core.layout.seats_of("allied"))


def _mechanized(adj: Adjudication) -> bool:
    """Played only if some C/M unit of the phasing side may move again (§4.1)."""
    return movement.any_may_move(adj.state, _data(adj), adj.core.clock.side or "")


def _admin(adj: Adjudication) -> bool:
    air.expire(adj)
    return False


def _data(adj: Adjudication) -> GameData:
    data = adj.ruleset.data  # type: ignore[attr-defined]
    assert isinstance(data, GameData)
    return data


ENTER: dict[str, Callable[[Adjudication], bool]] = {
    sequence.STRATEGIC: _strategic,
    "initial": _initial,
    "airborne": _airborne,
    "movement": lambda adj: True,
    "declaration": lambda adj: combat.declaration_enter(adj, _data(adj)),
    "refuse": lambda adj: combat.refuse_enter(adj, _data(adj)),
    "reaction": lambda adj: combat.reaction_enter(adj, _data(adj)),
    "bombardment": lambda adj: combat.bombardment_enter(adj, _data(adj)),
    "maneuver": lambda adj: combat.maneuver_enter(adj, _data(adj)),
    "assault": lambda adj: combat.assault_enter(adj, _data(adj)),
    "mechanized": _mechanized,
    sequence.ADMIN: _admin,
}
PHASE_TABLE = phases.Phases(enter=ENTER, leave={"assault": lambda adj: combat.leave(adj, _data(adj))},
                            announce=sequence.announce, following=sequence.following)
SEAT_PHASES = ("airborne", "movement", "declaration", "bombardment", "mechanized")


class AirBridgeToVictory(Ruleset):
    name = "air-bridge-to-victory"
    version = 1
    title = "Air Bridge to Victory: Operation Market-Garden, 1944"
    order_type = ABTVOrder
    effect_type = ABTVEffect
    state_type = State
    options = OPTIONS
    pack_dir = str(Path(__file__).resolve().parent / "pack")
    data: GameData

    def prepare(self) -> None:
        assert self.pack is not None
        self.data = GameData(self.pack, version=self.version)

    def setup(self, pack, scenario: str, *, game_id: str, options: dict[str, Any]) -> State:
        data = self.data if self.pack is pack else GameData(pack, version=self.version)
        return setup(data, scenario, game_id=game_id, ruleset_id=self.id, options=options)

    def position(self, state: State, spec: dict[str, Any]) -> State:
        """A conformance position. Besides the state's own fields: `clear = true` takes every unit
        off the map and cancels the arrivals (the DZ markers too), `add = {counter id = {fields}}`
        brings counters of the pack into play (commanded by their scenario seat) with those fields."""
        spec = dict(spec)
        add = spec.pop("add", {})
        if spec.pop("clear", False):
            state = msgspec.structs.replace(state, units={k: msgspec.structs.replace(u, hex=None) for k, u in state.units.items()},
                                            arrivals=())
        units = dict(state.units)
        for cid in add:
            c = self.data.counters[cid]
            units[cid] = Unit(id=cid, side=c.side, seat=seat_of(self.data, cid))
        spec["units"] = {**add, **spec.get("units", {})}
        return super().position(msgspec.structs.replace(state, units=units), spec)

    def begin(self, adj: Adjudication) -> None:
        phases.start(adj, PHASE_TABLE)

    def phasing(self, state: State) -> tuple[str, ...]:
        side = state.core.clock.side
        if side is None or state.core.clock.phase not in SEAT_PHASES:
            return ()
        return tuple(s for s in state.core.layout.seats_of(side) if s not in state.done)

    # --- legal orders ----------------------------------------------------------------------------

    def legal(self, state: State, seat: str, *, unit: str | None = None) -> list[Order]:
        frame = state.core.top()
        if frame is not None:
            if seat not in frame.waiting_for() or unit is not None:
                return []
            return [Answer(frame=frame.id, choice=c) for c in frame.prompt["options"]]
        if seat not in self.phasing(state):
            return []
        data, phase = self.data, state.core.clock.phase
        orders: list[Order] = []
        if phase == "airborne":
            orders += [o for o in reinforcements.legal_drops(state, data, seat) if unit is None or getattr(o, "unit", None) == unit]
        elif phase in sequence.MOVEMENT_PHASES:
            orders += movement.legal(state, data, seat, unit=unit)
            if phase == "movement":
                orders += [o for o in reinforcements.legal_entries(state, data, seat) if unit is None or o.unit == unit]
                if unit is None:
                    orders += [o for o in bridges.demolition_options(state, data)
                               if all(state.units[u].seat == seat for u in o.units)]
                    orders += [o for o in bridges.repair_options(state, data) if state.units[o.engineer].seat == seat]
                    orders += engineers.ferry_options(state, data, seat)
        elif phase == "declaration":
            orders += combat.legal_declarations(state, data, seat, unit=unit)
        elif phase == "bombardment":
            orders += combat.legal_bombardments(state, data, seat) if unit is None else []
        if unit is None:
            orders.append(EndPhase())
        return orders

    # --- rulings -----------------------------------------------------------------------------------

    def rule(self, adj: Adjudication, seat: str, order: Order) -> None:
        state, data = adj.state, self.data
        frame = state.core.top()
        if frame is not None:
            if not isinstance(order, Answer):
                raise Reject("decision_pending", f"First answer the open {frame.kind} decision (frame {frame.id}).", cite.SEQUENCE,
                             frame=frame.id)
            self._answer(adj, seat, order)
            return
        if isinstance(order, Answer):
            raise Reject("no_decision", "No decision is open.", cite.SEQUENCE)
        phase = state.core.clock.phase
        if seat not in self.phasing(state):
            raise Reject("not_your_phase", f"{seat} has nothing to order in the {sequence.PHASE_NAMES.get(phase, phase)}.",
                         cite.SEQUENCE, phase=phase)
        match order:
            case EndPhase():
                adj.emit(SeatDone(seat=seat, cite=(cite.SEQUENCE,)))
                if not self.phasing(adj.state):
                    self._end_phase(adj)
            case Move() if phase in sequence.MOVEMENT_PHASES:
                movement.move(adj, data, seat, order)
            case Enter() if phase == "movement":
                reinforcements.enter(adj, data, seat, order)
            case Drop() if phase == "airborne":
                reinforcements.drop(adj, data, seat, order)
            case PlaceDZ() if phase == "airborne":
                reinforcements.place_dz(adj, data, seat, order)
            case DemolishBridge() if phase == "movement":
                bridges.demolish(adj, data, seat, order)
            case RepairBridge() if phase == "movement":
                bridges.repair(adj, data, seat, order)
            case Ferry() if phase == "movement":
                engineers.ferry(adj, data, seat, order)
            case Declare() if phase == "declaration":
                combat.declare(adj, data, seat, order)
            case Bombard() if phase == "bombardment":
                combat.bombard(adj, data, seat, order)
            case _:
                tag = order.__struct_config__.tag
                raise Reject("wrong_phase", f"A {tag!r} order is not allowed in the {sequence.PHASE_NAMES.get(phase, phase)}.",
                             cite.SEQUENCE, phase=phase)

    def _end_phase(self, adj: Adjudication) -> None:
        """The phase is over once its stacking overages are settled (§5)."""
        if stacking.open_next(adj, self.data):
            return
        phases.end_phase(adj, PHASE_TABLE)

    def _answer(self, adj: Adjudication, seat: str, order: Answer) -> None:
        frame = adj.core.top()
        assert frame is not None
        if order.frame != frame.id or seat not in frame.waiting_for():
            raise Reject("not_your_decision", f"Frame {frame.id} ({frame.kind}) waits for {', '.join(frame.waiting_for())}.",
                         cite.SEQUENCE, frame=frame.id)
        if order.choice not in frame.prompt["options"]:
            raise Reject("bad_choice", f"Choose one of {frame.prompt['options'][:12]}.", cite.SEQUENCE, frame=frame.id)
        adj.close_frame(frame, {seat: order.choice})
        if frame.kind == initiative.KIND:
            initiative.choose(adj, order.choice)
            _rest_of_strategic(adj)
            phases.end_phase(adj, PHASE_TABLE)
        elif frame.kind == stacking.KIND:
            eliminate(adj, self.data, order.choice, "stacking", cite.STACKING)
            self._end_phase(adj)
        elif combat.answer(adj, self.data, frame, order.choice):
            self._end_phase(adj)

    def assess(self, state: State, seat: str, order: Order) -> Assessment | None:
        return combat.assess(state, self.data, order) if isinstance(order, Declare) else None

    def default_answer(self, state: State, seat: str) -> Order | None:
        frame = state.core.top()
        if frame is not None:
            return Answer(frame=frame.id, choice=frame.prompt["default"]) if seat in frame.waiting_for() else None
        return EndPhase() if seat in self.phasing(state) else None

    def end_outcome(self, state: State, reason: str) -> Outcome:
        return victory.outcome(state, self.data, reason)

    # --- state -----------------------------------------------------------------------------------

    def evolve(self, state: State, effect: Any) -> State:
        return evolve(state, effect, self.data)

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        return views.view(state, self.data)

    def describe(self, effect: dict[str, Any], view: dict[str, Any]) -> str:
        return describe.sentence(effect)

    def clock_label(self, clock: Clock) -> str:
        return sequence.label(clock)

    def last_turn(self, state: State) -> int:
        assert self.pack is not None
        return self.pack.scenarios[state.core.scenario].end.turn

    def epochs(self, state: State) -> int:
        return self.last_turn(state) + 1


class AirBridgeToVictory2(AirBridgeToVictory):
    """`air-bridge-to-victory@2`: the attacker's one-hex retreat is a decision of its owner, per hex
    it attacked from (§12.3 A), and combat rulings cite the rules of the modifiers they used (§14,
    §16, §17.2, §19.1). @1 stays as its games were recorded."""

    version = 2


class AirBridgeToVictory3(AirBridgeToVictory2):
    """`air-bridge-to-victory@3`: support is allocated unit by unit and point by point, attacker then
    defender, before either rolls (§9.2, §12.1, §9.3); a defender's retreat may split, each unit
    to its own hex two hexes away (§12.3 D); a combat phase that plays out with no decision left
    checks stacking (§5); a moving stack picks up and drops units along its path (§4.0); a ground
    reinforcement's entry may go on as a move in the same order (§21). @1 and @2 stay as recorded."""

    version = 3


AIR_BRIDGE = AirBridgeToVictory()
AIR_BRIDGE_2 = AirBridgeToVictory2()
AIR_BRIDGE_3 = AirBridgeToVictory3()
