"""`normandy-1944@5`: version 4 (rules_v4.py) with the Administration Phase for turns >= 1 (§1.1.1.3, §6.10),
ports (§7.1), airborne supply (§7.5), going on foot (§2.2) and the defender's withholding (§6.5)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from domain.games.normandy import administration, airborne, cite, combat, confusion, on_foot, ports, replacements, rest, withhold
from domain.games.normandy.model import State, State5, rest_of
from domain.games.normandy.options import APPLIED_5, OPTIONS_5
from domain.games.normandy.orders import (
    ADMINISTRATION, BUILT_IN_5, BUILT_IN_5_SUPPLY, AirborneSupply, EnterFromRest, LiftRest, OnFoot, PutToRest, Rebuild,
    ReturnToReserve, Withhold,
)
from domain.games.normandy.phase_tables import PHASE_TABLE_5
from domain.games.normandy.rules_v4 import Normandy4
from domain.kernel import phases
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Order, Reject
from domain.kernel.core import Frame


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


NORMANDY_5 = Normandy5()
