"""The contract as the services call it: setup, legal, adjudicate, view, default_answer, plus
to_act and the summary. Each wraps the ruleset with what every game shares.

`step` is the one decider step: the worker's fold, `Session` (conformance, bots, in-process games)
and `umpire verify` all rule a command through it, and take the state it returns as it is (the
effects were applied once, as the ruling emitted them).
"""
from __future__ import annotations

from typing import Any, NamedTuple

import msgspec
from msgspec.structs import replace

from domain.kernel import attestations, patch, referee
from domain.kernel.adjudication import Adjudication, RulesInForce
from domain.kernel.commands import (
    KERNEL_ORDERS, Accepted, Begin, Command, Correct, DeadlineReached, DisputeEvent, EndRequested, Order, RefereeOrder,
    Reject, Rejected, ResolveDispute, Ruling, SeatOrder, Settle, SupplyEntropy, Undo,
)
from domain.kernel.core import Outcome, SideResult, UndoPoint
from domain.kernel.dice import Dice
from domain.kernel.effects import (
    ClockStarted, ClockStopped, DeadlineMissed, FrameClosed, FrameOpened, GameBegun, GameEnded, OrderTakenBack, PhaseAdvanced, SealedAnswer, UndoRecorded,
    AttestationOpened, AttestationRevealed,
)
from domain.kernel.evolve import apply
from domain.kernel.house import CLOCK_CITE, DEADLINE_CITE, KERNEL_CITE, UNDO_CITE
from domain.kernel.log import Entry, GameCreated, ruling_entries
from domain.kernel.ruleset import Ruleset
from domain.kernel.seats import Viewer, can_see, to_seats

# A ruling with any of these cannot be taken back: another seat has a decision, a phase is over, a
# sealed answer, a hidden attestation or the result is known, a seat's clock started or stopped.
_IRREVERSIBLE = (PhaseAdvanced, FrameOpened, FrameClosed, SealedAnswer, AttestationOpened, AttestationRevealed, GameEnded,
                 ClockStarted, ClockStopped)


class Ruled(NamedTuple):
    """One command ruled: the ruling, the state after it, and the log entries that record it."""

    ruling: Ruling
    state: Any
    entries: list[Entry]


def step(ruleset: Ruleset, state: Any, command: Command, dice: Dice, *, version: int, visibility: str) -> Ruled:
    """Rule command `version` (seen by `visibility`) on `state` with its dice. A rejection leaves
    the state as it was."""
    ruling, after = _decide(ruleset, state, command, dice, version)
    return Ruled(ruling, after, ruling_entries(ruling, adjudicates=version, visibility=visibility))


def initial(ruleset: Ruleset, pack: Any, genesis: GameCreated) -> Any:
    """The state before the first command: the scenario's set-up, or a fork's parent position."""
    if genesis.initial_state is not None:
        state: Any = msgspec.convert(genesis.initial_state, type=ruleset.state_type)
    else:
        state = ruleset.setup(pack, genesis.scenario, game_id=genesis.game_id, options=genesis.options)
    return timed(state, genesis)


def timed(state: Any, genesis: GameCreated) -> Any:
    """The state as its genesis' time control makes it: timed, or unchanged."""
    if genesis.time_control is msgspec.UNSET:
        return state
    return replace(state, core=replace(state.core, time_control=genesis.time_control))


def to_act(ruleset: RulesInForce, state: Any) -> tuple[str, ...]:
    core = state.core
    if core.finished or not core.started:
        return ()
    top = core.top()
    if top is not None:
        return top.waiting_for()
    return ruleset.phasing(state)


def legal(ruleset: Ruleset, state: Any, seat: str, *, unit: str | None = None) -> list[Order]:
    if state.core.finished:
        return []
    orders: list[Order] = []
    if seat in to_act(ruleset, state):
        orders.extend(ruleset.legal(state, seat, unit=unit))
    if unit is None:
        orders.extend(attestations.orders(state, seat))
        if state.core.undo is not None and state.core.undo.seat == seat:
            orders.append(Undo(command=state.core.undo.command))
    return orders


def referee_legal(state: Any) -> list[Order]:
    """What a referee may order now, as far as it can be listed (`referee.orders`)."""
    return referee.orders(state)


def adjudicate(ruleset: Ruleset, state: Any, command: Command, dice: Dice, *, version: int) -> Ruling:
    """Rule on one command. Pure: the state is not changed; the ruling carries the effects (to
    play on, use `step`, which returns the state they make)."""
    return _decide(ruleset, state, command, dice, version)[0]


def _decide(ruleset: Ruleset, state: Any, command: Command, dice: Dice, version: int) -> tuple[Ruling, Any]:
    adj = Adjudication(ruleset, state, dice, command=version)
    try:
        _rule(adj, state, command)
        _clocks(adj, state)
        if isinstance(command, SeatOrder) and not state.core.finished:
            _undo_point(adj, state, command.seat, command.order)  # last: any effect after it ends the chance
    except Reject as r:
        return r.ruling, state
    return adj.accepted(), adj.state


def _rule(adj: Adjudication, state: Any, command: Command) -> None:
    ruleset = adj.ruleset
    match command:  # disputes and referee business go on after the end
        case SeatOrder(seat=seat, order=DisputeEvent() as order):
            referee.open_dispute(adj, seat, order)
            return
        case SeatOrder(seat=seat, order=SupplyEntropy() as order) if seat in state.core.layout.seat_ids():
            referee.supply_entropy(adj, seat, order)
            return
        case RefereeOrder(order=order, by=by):
            referee.referee_order(adj, order, by)
            return
    if state.core.finished:
        raise Reject("game_finished", "The game has ended; no more orders are ruled.", KERNEL_CITE)
    if state.core.started and isinstance(command, Begin):
        return  # a fork's genesis: play goes on from its parent's position
    if not state.core.started and not isinstance(command, Begin):
        raise Reject("not_begun", "The game has not begun yet: the umpire rules its start first.", KERNEL_CITE)
    match command:
        case Begin():
            adj.emit(GameBegun(cite=(KERNEL_CITE,)))
            ruleset.begin(adj)
        case SeatOrder(seat=seat, order=order):
            _seat_order(adj, seat, order)
        case DeadlineReached():
            _deadline(adj, command)
        case EndRequested(by=by, reason=reason):
            _end(adj, by, reason)
        case _:
            raise Reject("unknown_command", f"Unknown command {type(command).__name__}.", KERNEL_CITE)


def _seat_order(adj: Adjudication, seat: str, order: Order) -> None:
    ruleset, state = adj.ruleset, adj.state
    if seat not in state.core.layout.seat_ids():
        raise Reject("unknown_seat", f"There is no seat {seat!r} in this game.", KERNEL_CITE)
    if isinstance(order, (Settle, ResolveDispute, Correct)):
        raise Reject("referee_only", "Only a referee settles attestations, resolves disputes and issues corrections.",
                     KERNEL_CITE)
    if isinstance(order, Undo):
        _take_back(adj, seat, order)
        return
    if isinstance(order, KERNEL_ORDERS):
        attestations.rule(adj, seat, order)
        return
    waiting = to_act(ruleset, state)
    if seat not in waiting:
        who = ", ".join(waiting) or "nobody"
        raise Reject("not_your_turn", f"It is not {seat}'s turn: waiting for {who} ({ruleset.clock_label(state.core.clock)}).",
                     KERNEL_CITE, waiting_for=list(waiting))
    ruleset.rule(adj, seat, order)


def _clocks(adj: Adjudication, before: Any) -> None:
    """In a timed game, record whose clock this ruling started and whose it stopped (CLOCK_CITE):
    the seats to act after it against those before. Every ruleset's rulings get them here, so the
    log alone says who was waiting for whom, and when; an untimed game's rulings are unchanged."""
    if before.core.time_control is msgspec.UNSET:
        return
    was, now = to_act(adj.ruleset, before), to_act(adj.ruleset, adj.state)
    adj.emit(*(ClockStopped(seat=s, cite=(CLOCK_CITE,)) for s in was if s not in now))
    adj.emit(*(ClockStarted(seat=s, cite=(CLOCK_CITE,)) for s in now if s not in was))


def _undo_point(adj: Adjudication, before: Any, seat: str, order: Order) -> None:
    """End an accepted order that may be taken back with how to restore `before` (UNDO_CITE)."""
    if isinstance(order, KERNEL_ORDERS) or adj.rolls or adj.partial is not None or not adj.effects:
        return
    if any(isinstance(e, _IRREVERSIBLE) for e in adj.effects):
        return
    if not adj.ruleset.undoable(before, seat, order, tuple(adj.effects)):
        return
    # The earlier point is not restored: only the last order may be taken back.
    before = replace(before, core=replace(before.core, undo=None))
    point = UndoPoint(seat=seat, command=adj.command, changes=patch.changes(adj.state, before))
    adj.emit(UndoRecorded(point=point, vis=to_seats(seat)))


def _take_back(adj: Adjudication, seat: str, order: Undo) -> None:
    point = adj.core.undo
    if point is None or point.seat != seat:
        raise Reject("nothing_to_undo", f"{seat} has no order that may be taken back now: only the last order ruled, "
                     "if it rolled no die, revealed nothing and ended no phase.", UNDO_CITE)
    if point.command != order.command:
        raise Reject("not_last_order", f"Only {seat}'s last order (event {point.command}) may be taken back, "
                     f"not event {order.command}.", UNDO_CITE, command=point.command)
    adj.emit(OrderTakenBack(seat=seat, command=point.command, cite=(UNDO_CITE,)))


def _deadline(adj: Adjudication, command: DeadlineReached) -> None:
    """Impose the default answer of every seat that had to act (once each: a deadline answers
    the decision that was due, it does not play on). Under a tournament's policy each miss is
    ruled as `deadline.missed` first, and a forfeit ends the game there."""
    seats = command.seats
    due = [s for s in to_act(adj.ruleset, adj.state) if not seats or s in seats]
    if not due:
        raise Reject("nothing_due", "No seat named by the deadline has anything to answer.", KERNEL_CITE)
    if command.policy:
        for seat in due:
            adj.emit(DeadlineMissed(seat=seat, deadline=command.deadline, policy=command.policy, cite=(DEADLINE_CITE,)))
        if command.policy == "forfeit":
            out = [s for s in due if command.misses.get(s, 0) + 1 >= command.forfeit_after]
            if out:
                adj.emit(GameEnded(result=_forfeit(adj.state, out[0], command.deadline), cite=(DEADLINE_CITE,)))
                return
    for seat in due:
        if seat not in to_act(adj.ruleset, adj.state):
            continue
        order = adj.ruleset.default_answer(adj.state, seat)
        if order is not None:
            adj.ruleset.rule(adj, seat, order)


def _forfeit(state: Any, seat: str, deadline: str) -> Outcome:
    layout = state.core.layout
    loser = layout.side_of(seat)
    winner = next((s.id for s in layout.sides if s.id != loser), None)
    return Outcome(level="Forfeit", winner=winner,
                   sides={s.id: SideResult(level="Forfeit") for s in layout.sides},
                   reason=f"{seat} missed its deadline of {deadline} once too often: the game is forfeited")


def _end(adj: Adjudication, by: str, reason: str) -> None:
    result = adj.ruleset.end_outcome(adj.state, reason or f"ended by {by}")
    adj.emit(GameEnded(result=result, cite=(KERNEL_CITE,)))


def view(ruleset: Ruleset, state: Any, viewer: Viewer) -> dict[str, Any]:
    core = state.core
    over = core.finished
    frames = []
    for f in core.frames:
        if not can_see(f.visibility, viewer, game_over=over):
            continue
        d = msgspec.to_builtins(f)
        sealed = core.sealed.get(f.id, {})
        d["sealed_answers"] = {s: a for s, a in sealed.items() if viewer.omniscient or over or s == viewer.seat}
        frames.append(d)
    return {
        "game_id": core.game_id,
        "ruleset": core.ruleset,
        "scenario": core.scenario,
        "clock": msgspec.to_builtins(core.clock),
        "label": ruleset.clock_label(core.clock),
        "to_act": list(to_act(ruleset, state)),
        "frames": frames,
        "ledgers": msgspec.to_builtins(core.ledgers),
        "attestations": {aid: attestations.viewed(a, viewer, game_over=over) for aid, a in core.attestations.items()},
        "disputes": [msgspec.to_builtins(d) for _, d in sorted(core.disputes.items())],  # as GET /disputes lists them
        "result": msgspec.to_builtins(core.result),
        "game": ruleset.view(state, viewer),
    }


def default_answer(ruleset: Ruleset, state: Any, seat: str) -> Order | None:
    if seat not in to_act(ruleset, state):
        return None
    return ruleset.default_answer(state, seat)


def summary(ruleset: Ruleset, state: Any) -> dict[str, Any]:
    core = state.core
    return {
        "turn": core.clock.turn,
        "phase": core.clock.phase,
        "label": ruleset.clock_label(core.clock),
        "to_act": list(to_act(ruleset, state)),
        "result": msgspec.to_builtins(core.result),
        "finished": core.finished,
    }


def is_accepted(ruling: Ruling) -> bool:
    return isinstance(ruling, Accepted)


__all__ = ["apply", "step", "Ruled", "initial", "to_act", "legal", "adjudicate", "view", "default_answer", "summary", "is_accepted",
           "Rejected", "SeatOrder"]
