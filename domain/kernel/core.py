"""What every game's state has in common: the clock, the seat layout, the decision frames, the
ledgers, the attestations and the result. A ruleset's State holds one `Core` as its `core` field.
"""
from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.kernel.patch import Change
from domain.kernel.seats import Layout, PUBLIC
from domain.kernel.timecontrol import TimeControl


class Clock(msgspec.Struct, frozen=True, kw_only=True):
    """A position on a game clock. Rulesets give it meaning and a label (turns, player-turns,
    impulses, days, phases); `side` is the phasing side where the game has one."""

    turn: int
    phase: str
    side: str | None = None
    impulse: int = 0


class Frame(msgspec.Struct, frozen=True, kw_only=True):
    """A pending decision. Frames form a stack (a retreat inside a combat inside a phase).

    `seats` are the addressees ("referee" for the referee). A sealed frame collects every
    addressee's answer hidden, and reveals them together when the last one is in. An optional
    frame is a window that defaults to pass. `prompt` is the rules' data: what is being decided
    and what the answers may be.
    """

    id: int
    kind: str
    seats: tuple[str, ...]
    sealed: bool = False
    optional: bool = False
    prompt: dict[str, Any] = {}
    answered: tuple[str, ...] = ()
    visibility: str = PUBLIC

    def waiting_for(self) -> tuple[str, ...]:
        if self.sealed:
            return tuple(s for s in self.seats if s not in self.answered)
        return () if self.answered else self.seats


class Ledger(msgspec.Struct, frozen=True, kw_only=True):
    balance: int = 0
    cap: int | None = None


AttestationState = Literal["open", "asserted", "confirmed", "disputed", "settled"]


class Attestation(msgspec.Struct, frozen=True, kw_only=True):
    """A result the engine does not compute: one seat asserts, another confirms or disputes, a
    referee settles a dispute. `blocks` names the steps that must wait for it (nothing else does).

    A hidden attestation (a move the other side may not see) has `vis`, the seats that may see its
    content (predicate, value, blocks), and is confirmed by the referee (`confirmers` ("referee",)):
    the other side sees only that it exists and where it stands (docs/rules-contract.md, "Hidden
    attestations")."""

    id: str
    predicate: str
    value_type: Literal["bool", "int", "str"]
    asserter: str
    confirmers: tuple[str, ...]
    blocks: tuple[str, ...] = ()
    state: AttestationState = "open"
    value: Any = None
    dispute: str = ""
    # UNSET (never encoded) for an attestation everyone sees, so every `attest.opened` and state
    # recorded before hidden attestations is byte for byte what it was; else a visibility ("seats:x").
    vis: str | msgspec.UnsetType = msgspec.UNSET

    @property
    def hidden(self) -> bool:
        return self.vis is not msgspec.UNSET and self.vis != PUBLIC

    @property
    def visibility(self) -> str:
        """The visibility of the events that carry this attestation's content."""
        return PUBLIC if self.vis is msgspec.UNSET else self.vis


class Dispute(msgspec.Struct, frozen=True, kw_only=True):
    """A seat contests a ruled event; a referee upholds or dismisses it. Where the umpire was
    wrong, the remedy is a referee correction: compensating effects, never a rewrite."""

    id: int
    seat: str
    event: int
    reason: str
    state: Literal["open", "upheld", "dismissed"] = "open"
    resolution: str = ""


class SideResult(msgspec.Struct, frozen=True, kw_only=True):
    points: int = 0
    level: str = ""


class SeatResult(msgspec.Struct, frozen=True, kw_only=True):
    side: str
    points: int = 0


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """The result: the level the rules name, per side and per seat."""

    level: str
    winner: str | None
    sides: dict[str, SideResult]
    seats: dict[str, SeatResult] = {}
    reason: str = ""
    details: dict[str, Any] = {}


class UndoPoint(msgspec.Struct, frozen=True, kw_only=True):
    """How to take back a seat's last order: the changes that restore the state before it."""

    seat: str
    command: int  # the log version of the order
    changes: tuple[Change, ...]


class Core(msgspec.Struct, frozen=True, kw_only=True):
    game_id: str
    ruleset: str
    scenario: str
    layout: Layout
    options: dict[str, Any]
    clock: Clock
    started: bool = False
    frames: tuple[Frame, ...] = ()
    next_frame: int = 1
    sealed: dict[int, dict[str, Any]] = {}
    ledgers: dict[str, Ledger] = {}
    attestations: dict[str, Attestation] = {}
    disputes: dict[int, Dispute] = {}
    entropy: dict[str, str] = {}  # seat -> SHA-256 of the entropy it supplied (hex)
    dice_used: bool = False  # after the first roll, no more entropy is taken
    result: Outcome | None = None
    undo: UndoPoint | None = None  # the last order, while it may still be taken back (docs/rules-contract.md)
    # The genesis' time control: its rulings record when each seat's clock starts and stops. UNSET
    # (never encoded) rather than None, so an untimed game's state, and the initial-state digest
    # that recorded games' exports carry, are byte for byte what they were before clocks.
    time_control: TimeControl | msgspec.UnsetType = msgspec.UNSET

    @property
    def finished(self) -> bool:
        return self.result is not None

    def top(self) -> Frame | None:
        return self.frames[-1] if self.frames else None

    def frame(self, frame_id: int) -> Frame | None:
        for f in self.frames:
            if f.id == frame_id:
                return f
        return None

    def ledger(self, name: str, owner: str) -> Ledger:
        return self.ledgers.get(ledger_key(name, owner), Ledger())


def ledger_key(name: str, owner: str) -> str:
    return f"{name}:{owner}"
