"""Effects: the facts the umpire rules. State is a fold of effects; they are never recomputed.

Every effect is a frozen msgspec Struct tagged by a stable wire name in the field "type", with
its citations (`cite`) and its visibility (`vis`: "public", "referee" or "seats:a,b"). A hidden
action is ruled as a pair: a private effect with the detail, and a public one with what the other
side may know ("two markers placed at 0204 and 0305").

This module holds the effects every game shares (clock, frames, ledgers, attestations, the end)
and how they change the `Core`.
"""
from __future__ import annotations

from typing import Any, Literal

import msgspec
from msgspec.structs import replace

from domain.kernel.citation import Citation
from domain.kernel.core import Attestation, Clock, Core, Dispute, Frame, Ledger, Outcome, UndoPoint, ledger_key
from domain.kernel.seats import PUBLIC


class Effect(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    cite: tuple[Citation, ...] = ()
    vis: str = PUBLIC


class GameBegun(Effect, frozen=True, kw_only=True, tag="game.begun"):
    pass


class PhaseAdvanced(Effect, frozen=True, kw_only=True, tag="phase.advanced"):
    clock: Clock
    label: str = ""


class FrameOpened(Effect, frozen=True, kw_only=True, tag="frame.opened"):
    frame: Frame


class FrameAnswered(Effect, frozen=True, kw_only=True, tag="frame.answered"):
    """A seat answered a sealed frame. Public: everyone may know that it answered, not what."""

    frame: int
    seat: str


class SealedAnswer(Effect, frozen=True, kw_only=True, tag="frame.sealed"):
    """The content of a sealed answer, visible to its seat (and referees) until the frame closes."""

    frame: int
    seat: str
    answer: dict[str, Any]


class FrameClosed(Effect, frozen=True, kw_only=True, tag="frame.closed"):
    frame: int
    answers: dict[str, Any] = {}


class LedgerPosted(Effect, frozen=True, kw_only=True, tag="ledger.posted"):
    """Credit, debit, cap or expiry of a named resource (rail points, replacement points, VP)."""

    ledger: str
    owner: str
    kind: Literal["credit", "debit", "cap", "expire"]
    amount: int


class AttestationOpened(Effect, frozen=True, kw_only=True, tag="attest.opened"):
    attestation: Attestation


class AttestationAsserted(Effect, frozen=True, kw_only=True, tag="attest.asserted"):
    id: str
    seat: str
    value: Any


class AttestationConfirmed(Effect, frozen=True, kw_only=True, tag="attest.confirmed"):
    id: str
    seat: str


class AttestationDisputed(Effect, frozen=True, kw_only=True, tag="attest.disputed"):
    id: str
    seat: str
    reason: str


class AttestationSettled(Effect, frozen=True, kw_only=True, tag="attest.settled"):
    """The value in force: confirmed by the other side or settled by a referee."""

    id: str
    value: Any
    by: str


class AttestationRevealed(Effect, frozen=True, kw_only=True, tag="attest.revealed"):
    """Hidden attestations made public, content and all (the rules revealed what they recorded):
    each as it stands, now with public visibility."""

    attestations: tuple[Attestation, ...]


class DisputeOpened(Effect, frozen=True, kw_only=True, tag="dispute.opened"):
    dispute: Dispute


class DisputeResolved(Effect, frozen=True, kw_only=True, tag="dispute.resolved"):
    id: int
    verdict: Literal["upheld", "dismissed"]
    resolution: str
    by: str


class CorrectionApplied(Effect, frozen=True, kw_only=True, tag="correction.applied"):
    """A referee's correction: the compensating effects that follow it carry its citation."""

    reason: str
    by: str
    dispute: int | None = None
    effects: int = 0


class EntropySupplied(Effect, frozen=True, kw_only=True, tag="dice.entropy"):
    """A seat's entropy, mixed into every draw from now on (only its digest is recorded)."""

    seat: str
    digest: str


class DiceFirstUsed(Effect, frozen=True, kw_only=True, tag="dice.first_used"):
    """The first roll has been drawn: the mix of entropy is fixed from here on."""


class DeadlineMissed(Effect, frozen=True, kw_only=True, tag="deadline.missed"):
    """A seat missed its tournament deadline; what followed (its default answer, or a forfeit) is
    the rest of the ruling."""

    seat: str
    deadline: str
    policy: str


class ClockStarted(Effect, frozen=True, kw_only=True, tag="clock.started"):
    """In a timed game: this ruling made `seat` a seat to act; its clock runs from the time the
    ruling was recorded (services/clocks.py folds the times)."""

    seat: str


class ClockStopped(Effect, frozen=True, kw_only=True, tag="clock.stopped"):
    """In a timed game: this ruling ended `seat`'s turn (it has nothing more to answer for now);
    its clock stopped when the command ruled here was recorded."""

    seat: str


class GameEnded(Effect, frozen=True, kw_only=True, tag="game.ended"):
    result: Outcome


class UndoRecorded(Effect, frozen=True, kw_only=True, tag="undo.recorded"):
    """The last effect of an order that may be taken back: how to restore the state before it.
    Seen by its seat (and referees): the changes are that seat's own position."""

    point: UndoPoint


class OrderTakenBack(Effect, frozen=True, kw_only=True, tag="undo.taken_back"):
    """A seat took back its last order: the state is again as it was before that order."""

    seat: str
    command: int


KernelEffect = (
    GameBegun | PhaseAdvanced | FrameOpened | FrameAnswered | SealedAnswer | FrameClosed | LedgerPosted
    | AttestationOpened | AttestationAsserted | AttestationConfirmed | AttestationDisputed
    | AttestationSettled | AttestationRevealed | DisputeOpened | DisputeResolved | CorrectionApplied | EntropySupplied | DiceFirstUsed
    | GameEnded | UndoRecorded | OrderTakenBack | DeadlineMissed | ClockStarted | ClockStopped
)
KERNEL_EFFECTS = KernelEffect.__args__


def apply_core(core: Core, e: Effect) -> Core:
    """How a kernel effect changes the Core; other effects leave it alone, except that any effect
    ends the chance to take back the last order (its own UndoRecorded comes last)."""
    if isinstance(e, UndoRecorded):
        return replace(core, undo=e.point)
    if core.undo is not None:
        core = replace(core, undo=None)
    match e:
        case GameBegun():
            return replace(core, started=True)
        case PhaseAdvanced(clock=clock):
            return replace(core, clock=clock)
        case FrameOpened(frame=frame):
            return replace(core, frames=core.frames + (frame,), next_frame=max(core.next_frame, frame.id + 1))
        case FrameAnswered(frame=fid, seat=seat):
            return replace(core, frames=tuple(replace(f, answered=f.answered + (seat,)) if f.id == fid else f for f in core.frames))
        case SealedAnswer(frame=fid, seat=seat, answer=answer):
            sealed = dict(core.sealed)
            sealed[fid] = {**sealed.get(fid, {}), seat: answer}
            return replace(core, sealed=sealed)
        case FrameClosed(frame=fid):
            sealed = {k: v for k, v in core.sealed.items() if k != fid}
            return replace(core, frames=tuple(f for f in core.frames if f.id != fid), sealed=sealed)
        case LedgerPosted(ledger=name, owner=owner, kind=kind, amount=amount):
            key = ledger_key(name, owner)
            led = core.ledgers.get(key, Ledger())
            if kind == "credit":
                led = replace(led, balance=led.balance + amount)
            elif kind in ("debit", "expire"):
                led = replace(led, balance=led.balance - amount)
            else:
                led = replace(led, cap=amount)
            return replace(core, ledgers={**core.ledgers, key: led})
        case AttestationOpened(attestation=a):
            return replace(core, attestations={**core.attestations, a.id: a})
        case AttestationAsserted(id=aid, value=value):
            return _attest(core, aid, state="asserted", value=value)
        case AttestationConfirmed(id=aid):
            return _attest(core, aid, state="confirmed")
        case AttestationDisputed(id=aid, reason=reason):
            return _attest(core, aid, state="disputed", dispute=reason)
        case AttestationSettled(id=aid, value=value):
            return _attest(core, aid, state="settled", value=value)
        case AttestationRevealed(attestations=revealed):
            return replace(core, attestations={**core.attestations, **{a.id: a for a in revealed}})
        case DisputeOpened(dispute=d):
            return replace(core, disputes={**core.disputes, d.id: d})
        case DisputeResolved(id=did, verdict=verdict, resolution=resolution):
            d = replace(core.disputes[did], state=verdict, resolution=resolution)
            return replace(core, disputes={**core.disputes, did: d})
        case EntropySupplied(seat=seat, digest=digest):
            return replace(core, entropy={**core.entropy, seat: digest})
        case DiceFirstUsed():
            return replace(core, dice_used=True)
        case GameEnded(result=result):
            return replace(core, result=result, frames=())
    return core


def _attest(core: Core, aid: str, **changes: Any) -> Core:
    a = replace(core.attestations[aid], **changes)
    return replace(core, attestations={**core.attestations, aid: a})
