"""The sandbox skirmish as a Ruleset: the test game that exercises the whole contract.

Three seats on two sides (two Blue players, one Red), a sealed initiative bid, a marker that may
be a dummy, a concealed unit that stops a move, a combat die, a retreat chosen by the defender,
ledgers, and an attestation that blocks only the bridge.
"""
from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from domain.games.sandbox import cite, combat, describe, movement, sequence
from domain.games.sandbox.model import (
    Attack, AttackDeclared, Bid, BridgeBlown, Deploy, EndPhase, MarkersDeployed, MarkersShown, Move, PhaseReset, Retreat,
    SandboxEffect, SandboxOrder, SeatDone, State, Unit, UnitEliminated, UnitMoved, UnitRetreated, UnitRevealed,
    InitiativeDecided,
)
from domain.games.sandbox.pack import BRIDGE, MARKER_HEXES, PACK
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Order, Reject
from domain.kernel.core import Clock, Core, Ledger
from domain.kernel.ruleset import Ruleset
from domain.kernel.seats import Layout, Seat, Side, Viewer, to_seats

PHASE_NAMES = {"deploy": "Red deployment", "bid": "Initiative bid", "move": "Movement Phase", "combat": "Combat Phase"}


class Sandbox(Ruleset):
    name = "sandbox"
    version = 1
    title = "Sandbox skirmish (test game)"
    order_type = SandboxOrder
    effect_type = SandboxEffect
    state_type = State
    listed = False

    def setup(self, pack, scenario: str, *, game_id: str, options: dict[str, Any]) -> State:
        sc = pack.scenarios[scenario]
        layout = Layout(sides=tuple(Side(id=s.id, name=s.name) for s in sc.sides),
                        seats=tuple(Seat(id=s.id, side=s.side, name=s.name) for s in sc.seats))
        owners = sc.options["owners"]
        units = {}
        for p in sc.setup:
            c = pack.counters[p.counter]
            units[p.counter] = Unit(id=p.counter, side=c.side, owner=owners[p.counter], kind=c.type, strength=c.strength or 0,
                                    ma=c.movement or 0, hex=p.at, dummy="dummy" in c.flags, concealed="concealed" in c.flags,
                                    marker=p.area == "markers")
        start = Clock(turn=sc.start.turn, phase=sc.start.phase or "deploy", side="red")
        core = Core(game_id=game_id, ruleset=self.id, scenario=scenario, layout=layout, options=options, clock=start,
                    ledgers={f"command:{s}": Ledger(balance=3, cap=sequence.COMMAND_CAP) for s in layout.seat_ids()})
        return State(core=core, units=units)

    def phasing(self, state: State) -> tuple[str, ...]:
        clock = state.core.clock
        if clock.phase == "deploy":
            return ("red",)
        return tuple(s for s in sequence.seats_of(state, clock.side) if s not in state.done) if clock.side else ()

    # --- legal orders ----------------------------------------------------------------------------

    def legal(self, state: State, seat: str, *, unit: str | None = None) -> list[Order]:
        frame = state.core.top()
        if frame is not None:
            if frame.kind == "bid":
                return [Bid(points=p) for p in range(state.core.ledger("command", seat).balance + 1)]
            return [Retreat(frame=frame.id, to=h) for h in frame.prompt["options"]]
        phase = state.core.clock.phase
        if phase == "deploy":
            return [Deploy(real=h) for h in MARKER_HEXES]
        own = [u for u in state.units.values() if u.owner == seat and u.hex and (unit is None or u.id == unit)]
        orders: list[Order] = []
        if phase == "move":
            for u in own:
                if u.id not in state.moved:
                    orders += [Move(unit=u.id, path=path) for _, (_, path) in sorted(movement.reachable(state, u).items())]
        elif phase == "combat":
            orders += [a for a in combat.attack_options(state, seat) if unit is None or unit in a.units]
        if unit is None:
            orders.append(EndPhase())
        return orders

    # --- rulings -----------------------------------------------------------------------------------

    def rule(self, adj: Adjudication, seat: str, order: Order) -> None:
        state = adj.state
        frame = state.core.top()
        phase = state.core.clock.phase
        match order:
            case Bid(points=points) if frame is not None and frame.kind == "bid":
                if not 0 <= points <= state.core.ledger("command", seat).balance:
                    raise Reject("bad_bid", f"Bid between 0 and your {state.core.ledger('command', seat).balance} command points.", cite.BID)
                bids = adj.seal(frame, seat, {"points": points})
                if bids is not None:
                    sequence.resolve_bids(adj, {s: a["points"] for s, a in bids.items()})
            case Retreat() if frame is not None and frame.kind == "retreat":
                combat.retreat(adj, seat, order)
            case _ if frame is not None:
                raise Reject("decision_pending", f"First answer the open {frame.kind} decision.", cite.SEQUENCE, frame=frame.id)
            case Deploy(real=real) if phase == "deploy":
                if real not in MARKER_HEXES:
                    raise Reject("bad_deploy", f"The real unit stands on one of {', '.join(MARKER_HEXES)}.", cite.DEPLOY)
                dummy = next(h for h in MARKER_HEXES if h != real)
                adj.emit(MarkersDeployed(real=real, dummy=dummy, vis=to_seats("red"), cite=(cite.DEPLOY,)),
                         MarkersShown(hexes=tuple(sorted(MARKER_HEXES)), cite=(cite.DEPLOY,)))
                sequence.goto(adj, Clock(turn=1, phase="bid"))
            case Move() if phase == "move":
                movement.move(adj, seat, order)
            case Attack() if phase == "combat":
                combat.attack(adj, seat, order)
            case EndPhase() if phase in ("move", "combat"):
                sequence.end_phase(adj, seat)
            case _:
                raise Reject("wrong_phase", f"A {order.__struct_config__.tag} order is not allowed in the {PHASE_NAMES[phase]}.", cite.SEQUENCE)
        adj.cite(cite.SEQUENCE)

    def default_answer(self, state: State, seat: str) -> Order | None:
        legal = self.legal(state, seat)
        frame = state.core.top()
        if frame is not None and frame.kind == "bid":
            return Bid(points=0)
        if state.core.clock.phase in ("move", "combat") and frame is None:
            return EndPhase()
        return legal[0] if legal else None

    def on_attested(self, adj: Adjudication, attestation) -> None:
        if attestation.id == "bridge_demolished" and attestation.value:
            adj.emit(BridgeBlown(hexside=BRIDGE, cite=(cite.BRIDGE,)))

    def end_outcome(self, state: State, reason: str):
        return sequence.outcome(state, reason)

    # --- evolve ------------------------------------------------------------------------------------

    def evolve(self, state: State, e: Any) -> State:
        match e:
            case MarkersDeployed(real=real, dummy=dummy):
                return _units(state, R1=dict(hex=real), RD=dict(hex=dummy))
            case UnitMoved(unit=uid, path=path):
                return replace(_units(state, **{uid: dict(hex=path[-1])}), moved=state.moved + (uid,))
            case UnitRevealed(unit=uid):
                return _units(state, **{uid: dict(marker=False, concealed=False)})
            case UnitRetreated(unit=uid, to=to):
                return _units(state, **{uid: dict(hex=to)})
            case UnitEliminated(unit=uid):
                return _units(state, **{uid: dict(hex=None)})
            case AttackDeclared(units=units, target=target):
                return replace(state, attacked=state.attacked + units, hit_hexes=state.hit_hexes + (target,))
            case SeatDone(seat=seat):
                return replace(state, done=state.done + (seat,))
            case PhaseReset(first=first):
                return replace(state, done=(), moved=(), attacked=(), hit_hexes=(), first=first or state.first)
            case InitiativeDecided(first=first):
                return replace(state, first=first)
            case BridgeBlown():
                return replace(state, bridge="destroyed")
        return state

    # --- views -------------------------------------------------------------------------------------

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        side = state.core.layout.side_of(viewer.seat) if viewer.seat else None
        sees_all = viewer.omniscient or state.core.finished

        def handle(u: Unit) -> str | None:
            """The name the viewer knows the unit by: its id, a marker handle, or nothing."""
            if sees_all or u.side == side or not (u.marker or u.concealed):
                return u.id
            return f"marker@{u.hex}" if u.marker and u.hex else None

        units = []
        for u in state.units.values():
            name = handle(u)
            if name == u.id:
                units.append(msgspec.to_builtins(u))
            elif name is not None:
                units.append({"id": name, "side": u.side, "hex": u.hex, "marker": True})
        units.sort(key=lambda d: (d["hex"] or "", d["id"]))
        shown = lambda ids: sorted(n for n in (handle(state.units[i]) for i in ids) if n)  # noqa: E731
        return {"units": units, "first": state.first, "done": list(state.done), "moved": shown(state.moved),
                "attacked": shown(state.attacked), "bridge": state.bridge}

    def describe(self, effect: dict[str, Any], view: dict[str, Any]) -> str:
        return describe.sentence(effect)

    def clock_label(self, clock: Clock) -> str:
        side = f"{clock.side.capitalize()} " if clock.side else ""
        return f"Turn {clock.turn}, {side}{PHASE_NAMES.get(clock.phase, clock.phase)}"

    def epochs(self, state: State) -> int:
        return sequence.LAST_TURN + 1


def _units(state: State, **changes: dict[str, Any]) -> State:
    units = dict(state.units)
    for uid, fields in changes.items():
        units[uid] = replace(units[uid], **fields)
    return replace(state, units=units)


class SandboxV2(Sandbox):
    """Version 2: a move that revealed nothing may be taken back (the kernel's Undo). Version 1,
    which the recorded games were ruled by, allows no take-back and stays runnable for them."""

    version = 2

    def undoable(self, before: State, seat: str, order: Order, effects: tuple[Any, ...]) -> bool:
        return isinstance(order, Move) and not any(isinstance(e, UnitRevealed) for e in effects)


SANDBOX = Sandbox()
SANDBOX_V2 = SandboxV2()
SANDBOX_PACK = PACK
