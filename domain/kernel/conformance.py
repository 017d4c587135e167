"""Conformance cases: a rules question stated so that the umpire answers it the same way every
time (in the spirit of the Diplomacy adjudicator test cases, DATC).

A case is a position (the ruleset's own position type: a scenario's genesis plus overrides),
a sequence of steps (a seat's order or a system command, with scripted dice), and what must
follow: each step's ruling (verdict, reason code, effects, citations) and facts about the final
state. Expected results come from the rulebook, worked out by hand. This module is pure: the
runner that reads case files is services/conformance.py (`umpire conformance DIR`).
"""
from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel import game
from domain.kernel.commands import Accepted, Begin, Command, DeadlineReached, EndRequested, RefereeOrder, Ruling, SeatOrder
from domain.kernel.dice import ScriptedDice
from domain.kernel.log import Codec
from domain.kernel.ruleset import Ruleset
from domain.kernel.seats import PUBLIC, REFEREE


class Expect(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    verdict: str | None = None  # "accepted" | "rejected"
    code: str | None = None  # rejection reason code, or a partial acceptance's code
    effects: list[dict[str, Any]] = []  # each: a subset of an effect's fields, matched in order
    no_effects: list[str] = []  # effect types that must not appear
    citations: list[str] = []  # substrings that must appear in some citation's label


class Step(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    seat: str | None = None  # "referee": the order is the referee's (settle, resolve, correct)
    order: dict[str, Any] | None = None
    command: str | None = None  # "deadline" | "end"
    dice: list[int] = []
    expect: Expect = Expect()
    note: str = ""


class Case(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    id: str
    title: str
    cite: str
    ruleset: str
    scenario: str
    options: dict[str, Any] = {}
    position: dict[str, Any] = {}
    begin_dice: list[int] = []  # dice the rules draw when the game begins (a first impulse's weather, say)
    steps: list[Step] = []
    state: dict[str, Any] = {}  # dotted path into the final state -> expected value
    note: str = ""


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    case: str
    title: str
    passed: bool
    failures: list[str]


def run(case: Case, ruleset: Ruleset) -> Outcome:
    """Play a case against a ruleset bound to its pack."""
    failures: list[str] = []
    try:
        options = ruleset.resolve_options(case.options)
        if ruleset.pack is None:
            raise ValueError(f"{ruleset.id} is not bound to a pack")
        state = ruleset.setup(ruleset.pack, case.scenario, game_id=f"case:{case.id}", options=options)
        state = game.step(ruleset, state, Begin(), ScriptedDice(case.begin_dice, command=1), version=1, visibility=PUBLIC).state
        state = ruleset.position(state, case.position) if case.position else state
        codec = Codec(ruleset)
        for i, step in enumerate(case.steps, start=1):
            ruling, state, _ = game.step(ruleset, state, _command(step, codec), ScriptedDice(step.dice, command=i + 1),
                                         version=i + 1, visibility=PUBLIC)
            failures += [f"step {i}: {f}" for f in _check(step.expect, ruling)]
        facts = msgspec.json.decode(msgspec.json.encode(state))  # JSON shapes: tuples read as lists
        for path, expected in case.state.items():
            actual = _dig(facts, path)
            if actual != expected:
                failures.append(f"state {path}: expected {expected!r}, got {actual!r}")
    except Exception as exc:  # a case that crashes the engine fails; it never stops the run
        failures.append(f"error: {type(exc).__name__}: {exc}")
    return Outcome(case=case.id, title=case.title, passed=not failures, failures=failures)


def _command(step: Step, codec: Codec) -> Command:
    if step.order is not None and step.seat == REFEREE:
        return RefereeOrder(order=codec.decode_order(msgspec.json.encode(step.order)), by=REFEREE)
    if step.order is not None:
        return SeatOrder(seat=step.seat or "", order=codec.decode_order(msgspec.json.encode(step.order)))
    if step.command == "deadline":
        return DeadlineReached(seats=(step.seat,) if step.seat else ())
    if step.command == "end":
        return EndRequested(by="referee", reason=step.note)
    raise ValueError("a step needs an order or a command")


def _check(expect: Expect, ruling: Ruling) -> list[str]:
    out = []
    if isinstance(ruling, Accepted):
        verdict, detail, code = "accepted", "", ruling.partial.code if ruling.partial else None
        cited, done = ruling.citations, ruling.effects
    else:
        verdict, detail, code = "rejected", f" ({ruling.code}: {ruling.message})", ruling.code
        cited, done = (ruling.citation,) if ruling.citation else (), ()
    if expect.verdict and expect.verdict != verdict:
        out.append(f"expected {expect.verdict}, got {verdict}{detail}")
        return out
    if expect.code is not None and expect.code != code:
        out.append(f"expected code {expect.code!r}, got {code!r}")
    effects = [msgspec.json.decode(msgspec.json.encode(e)) for e in done]
    at = 0
    for want in expect.effects:
        while at < len(effects) and not _matches(effects[at], want):
            at += 1
        if at == len(effects):
            seen = ", ".join(e["type"] for e in effects) or "none"
            out.append(f"missing effect {want!r} (in order); effects were: {seen}")
            break
        at += 1
    for t in expect.no_effects:
        if any(e["type"] == t for e in effects):
            out.append(f"unexpected effect {t!r}")
    labels = [c.label() for c in cited]
    labels += [c.label() for e in done for c in e.cite]
    for phrase in expect.citations:
        if not any(phrase in label for label in labels):
            out.append(f"no citation mentions {phrase!r}; cited: {sorted(set(labels))}")
    return out


def _matches(actual: Any, want: Any) -> bool:
    if isinstance(want, dict):
        return isinstance(actual, dict) and all(k in actual and _matches(actual[k], v) for k, v in want.items())
    if isinstance(want, list) and isinstance(actual, (list, tuple)):
        return len(want) == len(actual) and all(_matches(a, w) for a, w in zip(actual, want))
    return actual == want


def _dig(facts: Any, path: str) -> Any:
    for part in path.split("."):
        if isinstance(facts, dict) and part in facts:
            facts = facts[part]
        elif isinstance(facts, list) and part.isdigit() and int(part) < len(facts):
            facts = facts[int(part)]
        else:
            return "<missing>"
    return facts
