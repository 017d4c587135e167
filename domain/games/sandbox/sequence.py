"""Sequence of play: deploy, sealed bids for initiative, move and combat phases, the end."""
from __future__ import annotations

from domain.games.sandbox import cite
from domain.games.sandbox.model import InitiativeDecided, PhaseReset, SeatDone
from domain.games.sandbox.pack import OBJECTIVE, SCENARIO
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.core import Attestation, Clock, Outcome, SeatResult, SideResult
from domain.kernel.effects import AttestationOpened, GameEnded, LedgerPosted, PhaseAdvanced

SIDES = ("blue", "red")
LAST_TURN = SCENARIO.end.turn
COMMAND_CAP = 3


def other(side: str) -> str:
    return "red" if side == "blue" else "blue"


def seats_of(state, side: str) -> tuple[str, ...]:
    return state.core.layout.seats_of(side)


def goto(adj: Adjudication, clock: Clock, first: str | None = None) -> None:
    adj.emit(PhaseAdvanced(clock=clock, label=adj.ruleset.clock_label(clock), cite=(cite.SEQUENCE,)), PhaseReset(first=first))
    if clock.phase == "bid":
        _start_turn(adj)


def _start_turn(adj: Adjudication) -> None:
    core = adj.core
    turn = core.clock.turn
    if turn > 1:
        for seat in core.layout.seat_ids():
            gain = min(1, COMMAND_CAP - core.ledger("command", seat).balance)
            if gain > 0:
                adj.emit(LedgerPosted(ledger="command", owner=seat, kind="credit", amount=gain, cite=(cite.COMMAND,)))
    if turn == 2:
        adj.emit(AttestationOpened(attestation=Attestation(
            id="bridge_demolished", predicate="The bridge over the brook was demolished during the night.",
            value_type="bool", asserter="red", confirmers=seats_of(adj.state, "blue"), blocks=("cross_bridge",)),
            cite=(cite.BRIDGE,)))
    seats = core.layout.seat_ids()
    adj.open_frame("bid", seats, sealed=True, prompt={"max": {s: adj.core.ledger("command", s).balance for s in seats}}, cite=(cite.BID,))


def resolve_bids(adj: Adjudication, bids: dict[str, int]) -> None:
    for seat, points in sorted(bids.items()):
        if points:
            adj.emit(LedgerPosted(ledger="command", owner=seat, kind="debit", amount=points, cite=(cite.BID,)))
    layout = adj.core.layout
    total = {side: sum(p for s, p in bids.items() if layout.side_of(s) == side) for side in SIDES}
    roll = None
    if total["blue"] > total["red"]:
        first = "blue"
    elif total["red"] > total["blue"]:
        first = "red"
    else:
        roll = adj.roll(6, "initiative tie")
        first = "blue" if roll.value <= 3 else "red"
    adj.emit(InitiativeDecided(first=first, bids=bids, roll=roll, cite=(cite.BID,)))
    goto(adj, Clock(turn=adj.core.clock.turn, phase="move", side=first), first=first)


def end_phase(adj: Adjudication, seat: str) -> None:
    state = adj.state
    if seat in state.done:
        raise Reject("already_done", f"{seat} has already ended this phase.", cite.SEQUENCE)
    adj.emit(SeatDone(seat=seat, cite=(cite.SEQUENCE,)))
    side = adj.core.clock.side
    if all(s in adj.state.done for s in seats_of(adj.state, side)):
        advance(adj)


def advance(adj: Adjudication) -> None:
    clock = adj.core.clock
    if clock.phase == "move":
        goto(adj, Clock(turn=clock.turn, phase="combat", side=clock.side))
    elif clock.side == adj.state.first:
        goto(adj, Clock(turn=clock.turn, phase="move", side=other(clock.side)))
    elif clock.turn < LAST_TURN:
        goto(adj, Clock(turn=clock.turn + 1, phase="bid"))
    else:
        finish(adj)


def finish(adj: Adjudication) -> None:
    holder = next((u for u in adj.state.units.values() if u.hex == OBJECTIVE and u.side == "blue"), None)
    owner = holder.owner if holder else "red"
    adj.emit(LedgerPosted(ledger="vp", owner=owner, kind="credit", amount=SCENARIO.victory["objective"], cite=(cite.VICTORY,)))
    adj.emit(GameEnded(result=outcome(adj.state, "the last turn was played"), cite=(cite.VICTORY,)))


def outcome(state, reason: str) -> Outcome:
    layout = state.core.layout
    seats = {s.id: SeatResult(side=s.side, points=state.core.ledger("vp", s.id).balance) for s in layout.seats}
    points = {side: sum(r.points for r in seats.values() if r.side == side) for side in SIDES}
    if points["blue"] == points["red"]:
        winner, level = None, "Draw"
    else:
        winner = max(SIDES, key=points.__getitem__)
        level = f"{winner.capitalize()} victory"
    sides = {side: SideResult(points=points[side], level=level) for side in SIDES}
    return Outcome(level=level, winner=winner, sides=sides, seats=seats, reason=reason)
