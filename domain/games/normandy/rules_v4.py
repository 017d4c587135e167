"""`normandy-1944@4`: version 3 (rules_v3.py) with Reserve, overrun, Exploitation, the counterattackers'
one-hex move, the off-map layer and Confusion (§4.1.1, §4.1.2, §4.3, §4.4, §5.2, §6.8, §6.9, §6.11, §6.12)."""
from __future__ import annotations

from typing import Any

from domain.games.normandy import cite, confusion, counterattack, exploitation, movement, offmap, overrun, reserve, tas
from domain.games.normandy.data import GERMAN
from domain.games.normandy.model import PENDING, OffMap, State, State4, Unit, exploitation_of, offmap_of, overrun_of
from domain.games.normandy.options import APPLIED_4, OPTIONS_4, refuse_unbuilt
from domain.games.normandy.orders import (
    TURN_ZERO, ActivateHQ, CounterattackMove, EndActivation, EndPhase, Exploit, ExtendedMove, Move, OffMapMove, Overrun,
    SetReserve, SpecialOperation,
)
from domain.games.normandy.rules import NOT_STARTABLE
from domain.games.normandy.rules_v3 import Normandy3
from domain.games.normandy.units import owns
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Order, Reject


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


NORMANDY_4 = Normandy4()
