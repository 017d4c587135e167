"""Fog of war for the Airdrop Cycle as non-interference (issue 9, Done when; Paratroop Procedure
L408: "the markers are placed inverted so the German Player is unaware which is the Real Airdrop
Zone marker").

A random game is played in two worlds that differ only in which of the six markers is real: at the
first StartAirdropCycle, world B gets the same six hexes with another one real, and from then on
both worlds receive the same orders and the same dice. Until the reveal, the German seat must
observe byte-identical things in both: its event feed (the log entries it may see: ruling heads
and effects), its view, its legal orders, whom the game waits for, and the rulings on its orders
(a sample of the listed ones, of the moves through marker hexes, and attacks on marker hexes). At the reveal its feed must differ, and only by
the reveal. The last tests show that the check fails when a hidden field is made to leak, through
a view, an effect's visibility, or the order of the legal orders.
"""
from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT, airdrop
from domain.games.breakout_pursuit.orders import Attack, Move, StartAirdropCycle
from domain.games.breakout_pursuit.rules import BreakoutPursuit
from domain.kernel import game
from domain.kernel.commands import SeatOrder
from domain.kernel.dice import ScriptedDice
from domain.kernel.seats import can_see, seat_viewer
from domain.kernel.session import Session
from tests.unit.breakout_pursuit.random_games import pack

GERMAN = "german"
PROBES = 8  # listed German orders ruled on at each German decision, and as many moves through marker hexes


class Diverged(AssertionError):
    """The German seat observed a difference between the twin worlds before the reveal."""


def dice(seed: int):
    return lambda v: ScriptedDice([random.Random(seed * 1_000_003 + v).randint(1, 6) for _ in range(8)], command=v)


def feed(session: Session, start: int) -> list[tuple[str, bytes]]:
    """The log entries from `start` on that the German seat may see."""
    viewer = seat_viewer(GERMAN)
    return [(e.type, e.data) for e in session.log[start:] if can_see(e.visibility, viewer)]


def probes(session: Session, legal: list, rng: random.Random) -> list:
    """German orders worth ruling on: samples of the listed ones and of the listed moves through a
    marker hex, and attacks on marker hexes by adjacent German units (listed or not)."""
    c = session.state.airdrop
    marked = set(c.markers) if c else set()
    through = [o for o in legal if isinstance(o, Move) and marked & set(o.path)]
    out = rng.sample(legal, min(PROBES, len(legal))) + rng.sample(through, min(PROBES, len(through)))
    data = session.ruleset.data
    for u in sorted(session.state.units.values(), key=lambda u: u.id):
        if u.side == GERMAN and u.hex in data.neighbours:
            out += [Attack(attackers=(u.id,), hex=h) for h in data.neighbours[u.hex] if h in marked]
    return out


def observe(session: Session, orders: list) -> bytes:
    state, rs = session.state, session.ruleset

    def ruling(order):
        r = game.adjudicate(rs, state, SeatOrder(seat=GERMAN, order=order), ScriptedDice([3] * 8), version=10**6)
        return msgspec.to_builtins(r)

    return msgspec.json.encode({
        "to_act": game.to_act(rs, state),
        "view": game.view(rs, state, seat_viewer(GERMAN)),
        "legal": game.legal(rs, state, GERMAN),
        "rulings": [ruling(o) for o in orders],
    }, order="sorted")


def twin_start(order: StartAirdropCycle, rng: random.Random) -> StartAirdropCycle:
    """The same six hexes, another one real."""
    six = (order.real, *order.dummies)
    real = rng.choice(order.dummies)
    return StartAirdropCycle(real=real, dummies=tuple(h for h in six if h != real))


def play_twins(scenario: str, seed: int, ruleset: Any = BREAKOUT_PURSUIT, max_orders: int = 6000) -> dict:
    """Play until the first cycle's reveal in two worlds; raise Diverged at the first difference the
    German seat could observe before it. Returns what was checked."""
    rng, probe_rng = random.Random(seed), random.Random(seed + 1)
    a = Session(ruleset, pack(), scenario, dice=dice(seed), game_id=f"fog-{seed}")
    b: Session | None = None
    history: list[tuple[str, Any]] = []
    checked = {"commands": 0, "german_decisions": 0, "probes": 0}
    for _ in range(max_orders):
        if a.state.core.finished:
            break
        seat = rng.choice(a.to_act())
        legal = a.legal(seat)
        starts = [o for o in legal if isinstance(o, StartAirdropCycle)]
        order = rng.choice(starts) if b is None and starts else rng.choice(legal)
        if b is None and isinstance(order, StartAirdropCycle):
            b = Session(ruleset, pack(), scenario, dice=dice(seed), game_id=f"fog-{seed}")
            for s, o in history:
                b.submit(s, o)
            mark_a, mark_b = len(a.log), len(b.log)
            a.submit(seat, order)
            b.submit(seat, twin_start(order, rng))
            assert a.state.airdrop.real != b.state.airdrop.real
        elif b is not None:
            mark_a, mark_b = len(a.log), len(b.log)
            a.submit(seat, order)
            b.submit(seat, order)
        else:
            history.append((seat, order))
            a.submit(seat, order)
            continue
        seen_a, seen_b = feed(a, mark_a), feed(b, mark_b)
        if a.state.airdrop is None or a.state.airdrop.stage != "placed":  # the reveal
            changed = [(ta, tb) for (ta, da), (tb, db) in zip(seen_a, seen_b) if da != db]
            assert changed and all(t == ("bp.airdrop_revealed",) * 2 for t in changed), changed
            return checked
        if seen_a != seen_b:
            raise Diverged(f"event feed after {seat} {order}: {seen_a} != {seen_b}")
        checked["commands"] += 1
        german_turn = GERMAN in a.to_act()
        orders = probes(a, a.legal(GERMAN), probe_rng) if german_turn else []
        if observe(a, orders) != observe(b, orders):
            raise Diverged(f"view, legal orders or rulings after {seat} {order}")
        checked["german_decisions"] += german_turn
        checked["probes"] += len(orders)
    raise AssertionError(f"no airdrop cycle was revealed in {scenario} seed {seed}")


@pytest.mark.parametrize("scenario, seed", [("1.1", 1), ("2.1", 2), ("3.1", 3)])
def test_the_german_seat_never_learns_the_real_marker_before_the_reveal(scenario, seed):
    checked = play_twins(scenario, seed)
    assert checked["german_decisions"] > 0 and checked["probes"] > 0


# --- the check catches leaks ----------------------------------------------------------------------


class LeakyView(BreakoutPursuit):
    """A view that lets slip the real marker's hex."""

    def view(self, state, viewer):
        out = super().view(state, viewer)
        out["debug"] = state.airdrop.real if state.airdrop else None
        return out


class LeakyLegal(BreakoutPursuit):
    """Legal orders in an order that depends on the real marker."""

    def legal(self, state, seat, *, unit=None):
        orders = super().legal(state, seat, unit=unit)
        c = state.airdrop
        if c and c.real and orders:
            k = c.markers.index(c.real) % len(orders)
            orders = orders[k:] + orders[:k]
        return orders


@pytest.mark.parametrize("leaky", [LeakyView, LeakyLegal], ids=["view", "legal-order"])
def test_the_fog_check_catches_a_leaking_ruleset(leaky):
    with pytest.raises(Diverged):
        play_twins("1.1", 1, ruleset=leaky())


def test_the_fog_check_catches_a_private_effect_made_public(monkeypatch):
    monkeypatch.setattr(airdrop, "allied_seats", lambda state: "public")
    with pytest.raises(Diverged, match="event feed"):
        play_twins("1.1", 1)


def main(argv: list[str]) -> int:
    """`python -m tests.unit.breakout_pursuit.test_airdrop_fog N`: the twin-world check on N seeds."""
    n, failures = int(argv[0]) if argv else 30, 0
    for seed in range(n):
        scenario = ("1.1", "2.1", "3.1")[seed % 3]
        try:
            checked = play_twins(scenario, seed)
            print(f"{scenario} seed {seed}: identical until the reveal ({checked})", flush=True)
        except AssertionError as exc:
            failures += 1
            print(f"{scenario} seed {seed}: FAILED {type(exc).__name__}: {str(exc)[:300]}", flush=True)
    print(f"{n - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
