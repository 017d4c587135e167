"""A game's time control, pinned by its genesis (issue 20, item 5): a deadline per phase a seat
must act in (`phase_seconds`, correspondence style) or a bank with increment (`bank_seconds`,
`increment_seconds`, as a chess clock), and what a miss costs (`DeadlinePolicy`).

The kernel only needs to know that a game is timed: its rulings then record, as effects, when a
seat's clock starts (the ruling that makes it a seat to act) and stops (the ruling that ends its
turn). How much time a seat has left is a fold of those effects with the times the log recorded
them at, which is the services' business (services/clocks.py): the rules never read a clock.
The wire names are the API's (`time_control`, `deadline_policy`)."""
from __future__ import annotations

from typing import Literal

import msgspec


class TimeControl(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """`{"phase_seconds": S}` or `{"bank_seconds": B, "increment_seconds": I}`."""

    phase_seconds: float | None = None
    bank_seconds: float | None = None
    increment_seconds: float | None = None

    @property
    def banked(self) -> bool:
        return self.bank_seconds is not None

    def problem(self) -> str | None:
        """Why this is not one of the two shapes, or None."""
        if self.phase_seconds is not None and (self.bank_seconds is not None or self.increment_seconds is not None):
            return "give either {\"phase_seconds\": S} or {\"bank_seconds\": B, \"increment_seconds\": I}, not both"
        if self.phase_seconds is None and self.bank_seconds is None:
            return "give {\"phase_seconds\": S} or {\"bank_seconds\": B, \"increment_seconds\": I}"
        if self.increment_seconds is not None and self.bank_seconds is None:
            return "an increment is added to a bank: give \"bank_seconds\" too"
        return None


class DeadlinePolicy(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    on_miss: Literal["end_phase", "forfeit"] = "end_phase"
    forfeit_after: int = 3  # misses in one game before it is forfeited (on_miss "forfeit")
