"""Commands (what someone asks for) and rulings (what the umpire decides).

A command is a seat's order, a referee's order, or a system command (a deadline reached, a
request to end the game). The ruling is either Accepted, with the effects and their citations
(possibly only in part: a move stopped where a hidden unit was met), or Rejected, with a
machine-readable reason code, a sentence a person can act on, and the citation.
"""
from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.kernel.citation import Citation


class Order(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", forbid_unknown_fields=True):
    """Base of every order a seat may submit. Games subclass it with stable tags."""


# --- orders every game accepts: attestations ------------------------------------------------


class Attest(Order, frozen=True, kw_only=True, tag="attest"):
    id: str
    value: Any


class Confirm(Order, frozen=True, kw_only=True, tag="confirm"):
    id: str


class Dispute(Order, frozen=True, kw_only=True, tag="dispute"):
    id: str
    reason: str


class Settle(Order, frozen=True, kw_only=True, tag="settle"):
    """A referee settles a disputed attestation."""

    id: str
    value: Any


class DisputeEvent(Order, frozen=True, kw_only=True, tag="dispute_event"):
    """A seat contests a ruled event (by its log version)."""

    event: int
    reason: str


class ResolveDispute(Order, frozen=True, kw_only=True, tag="resolve_dispute"):
    """A referee upholds or dismisses a dispute."""

    id: int
    verdict: Literal["upheld", "dismissed"]
    resolution: str


class Correct(Order, frozen=True, kw_only=True, tag="correct"):
    """A referee correction: compensating effects (the game's own effect types), with the reason
    and the rule that calls for them. History is never rewritten."""

    effects: list[dict[str, Any]]
    reason: str
    citation: Citation
    dispute: int | None = None


class SupplyEntropy(Order, frozen=True, kw_only=True, tag="entropy"):
    """A seat's own randomness, mixed into the dice before the first roll (docs/dice.md)."""

    entropy: str


class Undo(Order, frozen=True, kw_only=True, tag="undo"):
    """A seat takes back its own last order (by its log version), where the game allows it: before
    anything else is ruled, and only if that order rolled no die and revealed nothing."""

    command: int


KernelOrder = Attest | Confirm | Dispute | Settle | DisputeEvent | ResolveDispute | Correct | SupplyEntropy | Undo
KERNEL_ORDERS = KernelOrder.__args__
RefereeKernelOrder = Settle | ResolveDispute | Correct  # what only a referee may order
REFEREE_ORDERS = RefereeKernelOrder.__args__
REFEREE_TAGS = tuple(t.__struct_config__.tag for t in REFEREE_ORDERS)


# --- commands --------------------------------------------------------------------------------


class Command(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    pass


class SeatOrder(Command, frozen=True, kw_only=True, tag="order"):
    seat: str
    order: Any


class RefereeOrder(Command, frozen=True, kw_only=True, tag="referee"):
    order: Any
    by: str = "referee"


class Begin(Command, frozen=True, kw_only=True, tag="begin"):
    """The game's first command: the genesis event itself, ruled so that whatever the rules do
    before anyone acts (phases with nothing to decide) is recorded like any other ruling."""


class DeadlineReached(Command, frozen=True, kw_only=True, tag="deadline"):
    """The seats that had to act missed their deadline: the rules impose their default answers.

    A tournament's scheduler also says when the deadline fell and the tournament's policy: each
    seat's miss is then ruled as `deadline.missed` first, and under `forfeit` the miss that reaches
    `forfeit_after` (counting the seat's `misses` so far, which the log's own `deadline.missed`
    events bear out) ends the game as that seat's forfeit."""

    seats: tuple[str, ...] = ()
    deadline: str = ""  # ISO-8601 UTC
    policy: str = ""  # "" (no tournament policy) | "end_phase" | "forfeit"
    forfeit_after: int = 0
    misses: dict[str, int] = {}  # seat -> its deadline.missed events in this game so far


class EndRequested(Command, frozen=True, kw_only=True, tag="end"):
    by: str
    reason: str = ""


# --- rulings ---------------------------------------------------------------------------------


class Partial(msgspec.Struct, frozen=True, kw_only=True):
    """An order accepted only in part, and what the seat may still do."""

    code: str
    message: str
    remaining: dict[str, Any] = {}


class Accepted(msgspec.Struct, frozen=True, kw_only=True, tag_field="verdict", tag="accepted"):
    effects: tuple[Any, ...]
    citations: tuple[Citation, ...] = ()
    partial: Partial | None = None


class Rejected(msgspec.Struct, frozen=True, kw_only=True, tag_field="verdict", tag="rejected"):
    code: str
    message: str
    citation: Citation | None = None
    details: dict[str, Any] = {}


Ruling = Accepted | Rejected


class Reject(Exception):
    """Raised by rules code anywhere in an adjudication; the kernel turns it into `Rejected`."""

    def __init__(self, code: str, message: str, citation: Citation | None = None, **details: Any):
        super().__init__(message)
        self.ruling = Rejected(code=code, message=message, citation=citation, details=details)
