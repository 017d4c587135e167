"""The random player of the HBtLF play-through tests (test_play, test_v2_play)."""
from __future__ import annotations

import random
from typing import Any

from domain.games.hbtlf.orders import EndSegment, Withdraw
from domain.kernel.commands import Accepted, Confirm, Dispute
from domain.kernel.session import Session


def play_one(s: Session, rng: random.Random, end_odds: float) -> list[Any] | None:
    """One random order of the first seat to act, which must be accepted: it ends its segment (or
    withdraws) with `end_odds` when it may, else any legal order but a confirmation or a dispute (the
    tests answer claims themselves). The orders it chose among, or None when nobody is to act."""
    seats = s.to_act()
    if not seats:
        return None
    legal = [o for o in s.legal(seats[0]) if not isinstance(o, (Confirm, Dispute))]
    ends = [o for o in legal if isinstance(o, (EndSegment, Withdraw))]
    order = ends[0] if ends and rng.random() < end_odds else rng.choice(legal)
    r = s.submit(seats[0], order)
    assert isinstance(r, Accepted), (order, getattr(r, "code", None), getattr(r, "message", None))
    return legal
