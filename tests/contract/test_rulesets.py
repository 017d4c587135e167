"""The rules contract, checked over every registered ruleset (issue 14): a ruleset registered later is
covered by registering it. Each is played at two positions, genesis and the position a seeded random
game reaches, and at each:

* every listed order (a seeded sample per seat) is accepted when submitted next;
* the ruled state is the old state with the ruling's effects applied, from the objects and from the
  logged bytes alike (what a replay of the log does);
* no seat's or the public's view, `legal()` answer or rejection depends on what is hidden from it:
  they are the same in the twin worlds the kernel can build (another seat's undo point, another
  seat's sealed answer), and they name no word only hidden events hold;
* every open decision's `default_answer` is accepted;
* `view` (every viewer), `summary`, `clock_label` and `assess` (every sampled order) never raise.

Games' own fog twins (which marker is real, where a concealed unit stands) stay with each game
(tests/unit/sandbox/test_fog.py, tests/unit/breakout_pursuit/test_airdrop_fog.py).
"""
from __future__ import annotations

import copy
import hashlib
import random
from functools import lru_cache
from typing import Any, NamedTuple

import msgspec
import pytest
from msgspec.structs import replace

import domain.games  # noqa: F401  (registers every game's rulesets)
from domain.kernel import evolve, game
from domain.kernel.assessment import AnyAssessment
from domain.kernel.commands import Accepted, Rejected, SeatOrder
from domain.kernel.dice import KeyedDice
from domain.kernel.log import Codec, Entry
from domain.kernel.ruleset import Ruleset, all_rulesets
from domain.kernel.seats import PUBLIC, PUBLIC_VIEWER, REFEREE_VIEWER, Viewer, can_see, seat_viewer
from domain.kernel.session import Session
from services.catalog import Catalog

RANDOM_ORDERS = 40  # orders of the seeded random game before the mid-game position
SAMPLE = 8  # listed orders checked per seat and position
VERSION = 10**6  # the command version the probes are ruled under (after any real one)
CATALOG = Catalog(sandbox=True)


def dice(command: int) -> KeyedDice:
    return KeyedDice(game_id="contract", command=command, keys=lambda chain, epoch: hashlib.sha256(f"{chain}{epoch}".encode()).digest())


class Position(NamedTuple):
    name: str
    ruleset: Any
    state: Any
    log: tuple[Entry, ...]  # the events that led to it


@lru_cache(maxsize=None)
def positions(ruleset_id: str) -> tuple[Position, ...]:
    registered = next(r for r in all_rulesets() if r.id == ruleset_id)
    pack, _ = CATALOG.pack(registered)
    session = Session(registered, pack, sorted(pack.scenarios)[0], dice=dice, game_id="contract")
    genesis = Position("genesis", session.ruleset, session.state, tuple(session.log))
    rng = random.Random(14)
    for _ in range(RANDOM_ORDERS):
        if session.state.core.finished:
            break
        seat = rng.choice(session.to_act())
        session.submit(seat, rng.choice(session.legal(seat)))
    return genesis, Position("mid-game", session.ruleset, session.state, tuple(session.log))


CASES = [(r.id, i) for r in all_rulesets() for i in range(2)]


@pytest.fixture(params=CASES, ids=lambda c: f"{c[0]}-{'genesis' if c[1] == 0 else 'mid-game'}")
def position(request) -> Position:
    ruleset_id, i = request.param
    return positions(ruleset_id)[i]


def viewers(state: Any) -> list[Viewer]:
    return [seat_viewer(s) for s in state.core.layout.seat_ids()] + [PUBLIC_VIEWER, REFEREE_VIEWER]


def sample(orders: list, seed: str) -> list:
    if len(orders) <= SAMPLE:
        return orders
    return random.Random(seed).sample(orders, SAMPLE)


def rule(ruleset: Ruleset, state: Any, seat: str, order: Any) -> game.Ruled:
    return game.step(ruleset, state, SeatOrder(seat=seat, order=order), dice(VERSION), version=VERSION, visibility=PUBLIC)


def test_every_registered_ruleset_is_covered():
    ids = {r.id for r in all_rulesets()}
    assert {"sandbox@1", "sandbox@2", "breakout-pursuit@1"} <= ids
    assert {c[0] for c in CASES} == ids


def test_every_listed_order_is_accepted_and_its_effects_replay_to_the_ruled_state(position):
    ruleset, state = position.ruleset, position.state
    checked = 0
    for seat in state.core.layout.seat_ids():
        for order in sample(game.legal(ruleset, state, seat), f"{position.name}{seat}"):
            ruled = rule(ruleset, state, seat, order)
            assert isinstance(ruled.ruling, Accepted), (seat, order, ruled.ruling)
            replayed = state
            for e in ruled.ruling.effects:
                replayed = evolve.apply(ruleset, replayed, e)
            assert msgspec.json.encode(replayed) == msgspec.json.encode(ruled.state), (seat, order)
            codec = codec_of(ruleset)
            from_log = state
            for entry in ruled.entries[1:]:  # after the `ruling` head: one entry per effect
                from_log = evolve.apply(ruleset, from_log, codec.decode_effect(entry.data))
            assert msgspec.json.encode(from_log) == msgspec.json.encode(ruled.state), (seat, order)
            assessed = ruleset.assess(state, seat, order)
            assert assessed is None or isinstance(assessed, AnyAssessment), (seat, order, assessed)
            checked += 1
    if not state.core.finished:
        assert checked, "a game under way lists an order for some seat"


@lru_cache(maxsize=None)
def codec_of(ruleset: Ruleset) -> Codec:
    return Codec(ruleset)


def test_every_open_decisions_default_answer_is_accepted(position):
    ruleset, state = position.ruleset, position.state
    for seat in game.to_act(ruleset, state):
        order = game.default_answer(ruleset, state, seat)
        if order is not None:
            ruling = rule(ruleset, state, seat, order).ruling
            assert isinstance(ruling, Accepted), (seat, order, ruling)


def test_views_summaries_and_labels_never_raise(position):
    ruleset, state = position.ruleset, position.state
    for v in viewers(state):
        msgspec.json.encode(game.view(ruleset, state, v))
    summary = game.summary(ruleset, state)
    assert summary["label"] == ruleset.clock_label(state.core.clock)


# --- what is hidden -------------------------------------------------------------------------------


def observe(ruleset: Ruleset, state: Any, seat: str, probes: list) -> bytes:
    """Everything `seat` learns from the umpire now: its view, its legal orders, and the ruling on each probe."""
    def ruling(order: Any) -> Any:
        r = rule(ruleset, state, seat, order).ruling
        return "accepted" if isinstance(r, Accepted) else [r.code, r.message, r.details]

    return msgspec.json.encode({"view": game.view(ruleset, state, seat_viewer(seat)), "legal": game.legal(ruleset, state, seat),
                                "rulings": [ruling(o) for o in probes]}, order="sorted")


def probes(ruleset: Ruleset, state: Any, position: str) -> list:
    """Orders worth asking as any seat: a sample of every seat's listed ones (another seat's are
    rejections for this one: they must not tell it more than its view)."""
    out: list = []
    for seat in state.core.layout.seat_ids():
        out += sample(game.legal(ruleset, state, seat), f"probe{position}{seat}")
    return out


def kernel_twins(state: Any, seat: str) -> list[Any]:
    """States `seat` cannot tell from `state`: another seat's undo point gone, another seat's
    sealed answers different."""
    core, out = state.core, []
    if core.undo is not None and core.undo.seat != seat:
        out.append(replace(state, core=replace(core, undo=None)))
    for fid, answers in core.sealed.items():
        others = {s: {"twin": True} for s in answers if s != seat}
        if others:
            out.append(replace(state, core=replace(core, sealed={**core.sealed, fid: {**answers, **others}})))
    return out


def test_no_seat_learns_what_is_hidden_from_it(position):
    ruleset, state = position.ruleset, position.state
    asked = probes(ruleset, state, position.name)
    for seat in state.core.layout.seat_ids():
        seen = observe(ruleset, state, seat, asked)
        for twin in kernel_twins(state, seat):
            assert observe(ruleset, twin, seat, asked) == seen, f"{seat} tells a twin world apart"
        words = hidden_words(position, seat_viewer(seat))
        leaked = sorted(w for w in words if msgspec.json.encode(w) in seen)
        assert not leaked, f"{seat} is told {leaked}, which only events hidden from it hold"
    public = msgspec.json.encode(game.view(ruleset, state, PUBLIC_VIEWER))
    leaked = sorted(w for w in hidden_words(position, PUBLIC_VIEWER) if msgspec.json.encode(w) in public)
    assert not leaked, f"the public view shows {leaked}, which only hidden events hold"


def hidden_words(position: Position, viewer: Viewer) -> set[str]:
    """The strings that only events hidden from `viewer` hold: none of the events it may see, nor
    the pack, nor its view at genesis names them."""
    seen, hidden = _strings(msgspec.to_builtins(position.ruleset.pack)), set()
    seen |= _strings(game.view(position.ruleset, positions(position.ruleset.id)[0].state, viewer))
    for e in position.log:
        (seen if can_see(e.visibility, viewer) else hidden).update(_strings(msgspec.json.decode(e.data)))
    return hidden - seen


def _strings(x: Any, out: set[str] | None = None) -> set[str]:
    out = set() if out is None else out
    if isinstance(x, dict):
        for k, v in x.items():
            if k not in ("type", "cite", "vis"):
                out.add(k)
                _strings(v, out)
    elif isinstance(x, (list, tuple)):
        for v in x:
            _strings(v, out)
    elif isinstance(x, str):
        out.add(x)
    return out


def test_the_hidden_checks_catch_a_leak():
    """A view that lets slip another seat's sealed answer, and one that shows a hidden event's word."""
    ruleset, state = positions("sandbox@1")[1].ruleset, positions("sandbox@1")[1].state
    core = state.core
    seat = core.layout.seat_ids()[0]
    other = core.layout.seat_ids()[-1]

    class Leaky(type(ruleset)):  # type: ignore[misc]
        def view(self, state, viewer):
            return {**super().view(state, viewer), "debug": {str(k): v for k, v in state.core.sealed.items()}}

    leaky = copy.copy(ruleset)
    leaky.__class__ = Leaky
    sealed = replace(state, core=replace(core, sealed={1: {other: {"points": 1}}}))
    twin = kernel_twins(sealed, seat)
    assert twin and observe(leaky, sealed, seat, []) != observe(leaky, twin[0], seat, [])
    assert observe(ruleset, sealed, seat, []) == observe(ruleset, twin[0], seat, [])
    assert _strings({"a": ["x", {"b": "y"}], "type": "t"}) == {"a", "x", "b", "y"}
    log = (Entry(type="t", data=msgspec.json.encode({"secret": "word-only-red-knows"}), visibility=f"seats:{other}"),)
    hidden = hidden_words(Position("leak", ruleset, state, log), seat_viewer(seat))
    assert "word-only-red-knows" in hidden


def test_rejections_carry_a_citation(position):
    """A rules rejection carries its rulebook citation: every probe rejected for a seat that is not
    the one it was listed for."""
    ruleset, state = position.ruleset, position.state
    seats = state.core.layout.seat_ids()
    for seat in seats:
        for other in seats:
            if other == seat:
                continue
            for order in sample(game.legal(ruleset, state, other), f"cite{position.name}{other}"):
                ruling = rule(ruleset, state, seat, order).ruling
                if isinstance(ruling, Rejected):
                    assert ruling.citation is not None, (seat, order, ruling.code)
