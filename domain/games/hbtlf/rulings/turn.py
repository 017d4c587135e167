"""Orders of the impulse itself: withdrawals due by the Reinforcement Schedule (13) and the end of a
player's segment (the Sequence of Play)."""
from __future__ import annotations

from domain.kernel.commands import Reject

from domain.games.hbtlf import cite, schedule, sequence
from domain.games.hbtlf.effects import WithdrawnFromPlay
from domain.games.hbtlf.orders import EndSegment, Withdraw
from domain.games.hbtlf.rulings.context import Ruling


def withdraw(r: Ruling, order: Withdraw) -> None:
    units = order.units
    due = sequence.withdrawals_due(r.state, r.sc, r.seat) + schedule.open_withdrawals(r.state, r.sc, r.side)
    if not units or any(u not in due for u in units):
        raise Reject("not_due", f"Only {', '.join(due) or 'nothing'} is due to withdraw now.", cite.REINFORCEMENTS)
    r.adj.emit(WithdrawnFromPlay(units=tuple(units), cite=(cite.rule("13 Reinforcement Schedule", *r.sc.options["schedule"]["lines"]),)))


def end_segment(r: Ruling, order: EndSegment) -> None:
    sequence.end_segment(r.adj, r.pack, r.sc, r.seat)
