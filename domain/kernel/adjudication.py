"""The working context of one ruling.

Rules emit effects on an `Adjudication`; each effect is applied at once, so the rest of the
ruling sees the state it produced (a combat result, then the retreat it forces, then the phase
that ends). Dice are drawn under the epoch of the state at the moment of the roll.

The ruleset is named by `RulesInForce`, what a ruling asks of it, rather than by `Ruleset`: a
Ruleset's methods take the Adjudication, so naming it here would make the two modules import each
other. `Ruleset` fits the Protocol without naming it.
"""
from __future__ import annotations

from typing import Any, Protocol

from domain.kernel.citation import Citation
from domain.kernel.commands import Accepted, Order, Partial
from domain.kernel.core import Attestation, Clock, Core, Frame, Outcome
from domain.kernel.dice import Dice, Roll
from domain.kernel.effects import DiceFirstUsed, FrameAnswered, FrameClosed, FrameOpened, SealedAnswer
from domain.kernel.evolve import apply
from domain.kernel.pack.schema import Pack
from domain.kernel.seats import PUBLIC, to_seats


class RulesInForce(Protocol):
    """The part of `domain.kernel.ruleset.Ruleset` that rulings call through `adj.ruleset`."""

    pack: Pack | None

    @property
    def id(self) -> str: ...

    def epoch(self, clock: Clock) -> int: ...

    def evolve(self, state: Any, effect: Any) -> Any: ...

    def clock_label(self, clock: Clock) -> str: ...

    def phasing(self, state: Any) -> tuple[str, ...]: ...

    def begin(self, adj: Adjudication) -> None: ...

    def rule(self, adj: Adjudication, seat: str, order: Order) -> None: ...

    def default_answer(self, state: Any, seat: str) -> Order | None: ...

    def undoable(self, before: Any, seat: str, order: Order, effects: tuple[Any, ...]) -> bool: ...

    def end_outcome(self, state: Any, reason: str) -> Outcome: ...

    def on_attested(self, adj: Adjudication, attestation: Attestation) -> None: ...


class Adjudication:
    def __init__(self, ruleset: RulesInForce, state: Any, dice: Dice, *, command: int):
        self.ruleset = ruleset
        self.state = state
        self.dice = dice
        self.command = command
        self.effects: list[Any] = []
        self.citations: list[Citation] = []
        self.partial: Partial | None = None
        self.rolls = 0  # dice drawn for this ruling: an order that rolled may not be taken back

    @property
    def core(self) -> Core:
        return self.state.core

    def emit(self, *effects: Any) -> None:
        for e in effects:
            self.state = apply(self.ruleset, self.state, e)
            self.effects.append(e)

    def cite(self, *citations: Citation) -> None:
        for c in citations:
            if c not in self.citations:
                self.citations.append(c)

    def roll(self, sides: int, purpose: str, *, hidden: bool = False) -> Roll:
        if not self.core.dice_used:  # from the first roll on, the seats' entropy is fixed
            self.emit(DiceFirstUsed())
        self.rolls += 1
        return self.dice.roll(sides, purpose=purpose, epoch=self.ruleset.epoch(self.core.clock), hidden=hidden)

    def stop(self, code: str, message: str, **remaining: Any) -> None:
        """Accept the order only in part (a move stopped at an interrupt)."""
        self.partial = Partial(code=code, message=message, remaining=remaining)

    # --- frames ---------------------------------------------------------------------------------

    def open_frame(self, kind: str, seats: tuple[str, ...], *, sealed: bool = False, optional: bool = False,
                   prompt: dict[str, Any] | None = None, visibility: str = PUBLIC, cite: tuple[Citation, ...] = ()) -> Frame:
        frame = Frame(id=self.core.next_frame, kind=kind, seats=seats, sealed=sealed, optional=optional,
                      prompt=prompt or {}, visibility=visibility)
        self.emit(FrameOpened(frame=frame, cite=cite, vis=visibility))
        return frame

    def close_frame(self, frame: Frame, answers: dict[str, Any] | None = None, cite: tuple[Citation, ...] = ()) -> None:
        self.emit(FrameClosed(frame=frame.id, answers=answers or {}, cite=cite, vis=frame.visibility))

    def seal(self, frame: Frame, seat: str, answer: dict[str, Any]) -> dict[str, Any] | None:
        """Record a sealed answer. Returns every answer once the last addressee has answered
        (the frame is then closed and the answers revealed), else None."""
        self.emit(FrameAnswered(frame=frame.id, seat=seat), SealedAnswer(frame=frame.id, seat=seat, answer=answer, vis=to_seats(seat)))
        current = self.core.frame(frame.id)
        if current is not None and not current.waiting_for():
            answers = dict(self.core.sealed.get(frame.id, {}))
            self.close_frame(current, answers)
            return answers
        return None

    def accepted(self) -> Accepted:
        return Accepted(effects=tuple(self.effects), citations=tuple(self.citations), partial=self.partial)
