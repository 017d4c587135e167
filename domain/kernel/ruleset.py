"""The rules contract a game implements, and the registry of rulesets by `name@version`.

A game is a `Ruleset`: pure functions over its own State (a frozen Struct holding a `Core` as
`core`). The kernel (domain.kernel.game) wraps them with what every game shares: finished games,
whose turn it is, frames, attestations, deadlines. A fix that changes any ruling registers a new
version and keeps the old one runnable.
"""
from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from typing import Any, Self

import msgspec

from domain.kernel.adjudication import Adjudication
from domain.kernel.assessment import AnyAssessment
from domain.kernel.citation import Citation
from domain.kernel.commands import Order
from domain.kernel.core import Attestation, Clock, Outcome, SideResult
from domain.kernel.describe import generic, names
from domain.kernel.pack.schema import Pack
from domain.kernel.seats import Viewer


class Option(msgspec.Struct, frozen=True, kw_only=True):
    """A named game option: an ambiguity's ruling (default = the recommended one), an optional
    rule, or a variant. The options in force are pinned in the genesis event."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    kind: str = "ruling"
    description: str = ""
    cite: Citation | None = None


class OptionError(ValueError):
    pass


class OptionNotBuilt(OptionError):
    """An option value the ruleset names (an ambiguity's other reading) but no rule of this version
    applies: genesis refuses it rather than pin a value that would be silently ignored."""

    code = "option_not_built"


class Ruleset(ABC):
    name: str
    version: int
    title: str
    order_type: Any
    effect_type: Any
    state_type: type
    options: tuple[Option, ...] = ()
    listed: bool = True  # False keeps a ruleset (the sandbox) out of scenario lists by default
    pack_dir: str = ""
    pack: Pack | None = None  # the content pack this instance plays with (see `bind`)

    @property
    def id(self) -> str:
        return f"{self.name}@{self.version}"

    def bind(self, pack: Pack) -> Self:
        """This ruleset playing with `pack`: rules read the map and tables from `self.pack`, and
        whatever is costly to derive from it (a search graph, table lookups) is built once here."""
        bound = copy.copy(self)
        bound.pack = pack
        bound.prepare()
        return bound

    def prepare(self) -> None:
        """Derive what the rules need from `self.pack` (called by `bind`)."""

    def not_startable(self, scenario: str) -> str | None:
        """Why a scenario of the pack cannot start under this version (a procedure it does not build
        yet), or None; the catalog refuses it with `scenario_not_startable`. The pack's own
        `not_startable` scenario option says the same from the data side."""
        return None

    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        given = dict(given or {})
        out = {}
        for opt in self.options:
            value = given.pop(opt.name, opt.default)
            if opt.choices is not None and value not in opt.choices:
                raise OptionError(f"option {opt.name!r} must be one of {list(opt.choices)}, not {value!r}")
            out[opt.name] = value
        if given:
            raise OptionError(f"unknown option(s) {sorted(given)}; this ruleset has {[o.name for o in self.options]}")
        return out

    # --- the contract ------------------------------------------------------------------------

    @abstractmethod
    def setup(self, pack: Pack, scenario: str, *, game_id: str, options: dict[str, Any]) -> Any:
        """Genesis: the state before the first command, from the pack and the scenario."""

    @abstractmethod
    def phasing(self, state: Any) -> tuple[str, ...]:
        """The seats that must act when no decision frame is open."""

    @abstractmethod
    def legal(self, state: Any, seat: str, *, unit: str | None = None) -> list[Order]:
        """Concrete orders the seat may submit now; each one is accepted if submitted next."""

    @abstractmethod
    def rule(self, adj: Adjudication, seat: str, order: Order) -> None:
        """Rule on one of this game's orders: emit effects on `adj`, or raise Reject."""

    @abstractmethod
    def evolve(self, state: Any, effect: Any) -> Any:
        """Apply one effect to the game's own part of the state (the kernel did the Core)."""

    @abstractmethod
    def view(self, state: Any, viewer: Viewer) -> dict[str, Any]:
        """What the viewer may see of the game's own part of the state."""

    @abstractmethod
    def default_answer(self, state: Any, seat: str) -> Order | None:
        """The order the rules impose when the seat misses a deadline."""

    def begin(self, adj: Adjudication) -> None:
        """Whatever the rules do before anyone acts (ruled on the genesis event)."""

    def position(self, state: Any, spec: dict[str, Any]) -> Any:
        """A conformance case's position: the state with `spec` merged into it, field by field
        (mappings merge key by key, anything else is replaced). Games may add their own keys."""
        merged = _merge(msgspec.to_builtins(state), spec)
        return msgspec.convert(merged, type=self.state_type)

    def outcome(self, state: Any) -> Outcome | None:
        return state.core.result

    def end_outcome(self, state: Any, reason: str) -> Outcome:
        """The result when the game is ended early (by an organiser or referee)."""
        return Outcome(level="Ended without result", winner=None,
                       sides={s.id: SideResult() for s in state.core.layout.sides}, reason=reason)

    def clock_label(self, clock: Clock) -> str:
        return f"Turn {clock.turn}, {clock.phase}"

    def epoch(self, clock: Clock) -> int:
        """The dice key epoch of a clock position (a turn unless the game says otherwise)."""
        return clock.turn

    def epochs(self, state: Any) -> int:
        """How many key epochs the game may need (the chain covers the scenario's maximum)."""
        return 100

    def assess(self, state: Any, seat: str, order: Order) -> AnyAssessment | None:
        """What an order would meet if submitted now, as the rules weigh it before any die is rolled
        (an attack's odds and the result each die face would give; a retreat's candidate hexes; a
        supply judgement's traces), so a bot or a player can choose among the legal orders; only
        what the seat may already see; computed by the code that rules the order. None by default."""
        return None

    def describe(self, effect: dict[str, Any], view: dict[str, Any]) -> str:
        """One sentence a person can read for one of this game's own effects, in the game's own words
        (`effect`: its fields and `type`, as the caller may see them; `view`: what the caller may see
        of the game now). A sentence built from the effect's fields by default."""
        return generic(effect)

    def names(self) -> dict[str, dict[str, str]]:
        """What pages call things: `units` (counter id -> name), `places` (hex -> place name),
        `terms` (combat result -> meaning); from the pack by default (domain.kernel.describe)."""
        return names(self.pack)

    def undoable(self, before: Any, seat: str, order: Order, effects: tuple[Any, ...]) -> bool:
        """May the seat take this accepted order back? The kernel has already refused orders that
        rolled dice, ended a phase or opened a decision; a game allows the rest it deems private to
        the seat (a move that revealed nothing, say). None by default."""
        return False

    def on_attested(self, adj: Adjudication, attestation: Attestation) -> None:
        """Apply the consequences of a confirmed or settled attestation."""


def _merge(base: Any, over: Any) -> Any:
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for k, v in over.items():
            out[k] = _merge(base.get(k), v) if k in base else v
        return out
    return over


class UnknownRuleset(KeyError):
    pass


_REGISTRY: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    _REGISTRY[ruleset.id] = ruleset
    return ruleset


def get(ruleset_id: str) -> Ruleset:
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        raise UnknownRuleset(ruleset_id) from None


def latest(name: str) -> Ruleset:
    versions = [r for r in _REGISTRY.values() if r.name == name]
    if not versions:
        raise UnknownRuleset(name)
    return max(versions, key=lambda r: r.version)


def all_rulesets() -> list[Ruleset]:
    return sorted(_REGISTRY.values(), key=lambda r: (r.name, r.version))
