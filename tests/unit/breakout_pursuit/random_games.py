"""In-process random games of Breakout & Pursuit with invariants checked after every ruling.

Used by the test suite (a sample) and by `python -m tests.unit.breakout_pursuit.random_games N
[CLASS ...]`: N games of each scenario class (breakout 1.1-1.9, pursuit 2.1-2.6, campaign 3.1-3.9,
free set-ups and set-up modifications included), the scenarios of a class taken in turn."""
from __future__ import annotations

import random
import sys
import time
from collections import Counter
from functools import lru_cache

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT
from domain.games.breakout_pursuit.model import ALLIED, GERMAN
from domain.kernel.commands import Accepted
from domain.kernel.dice import ScriptedDice
from domain.kernel.session import Session
from infra.packs import load_pack_dir
from tests.unit.breakout_pursuit.setup_check import violations

SCENARIOS = ("1.1", "2.1", "3.1")  # the historical scenario of each class
FREE_SETUPS = ("1.9", "2.6")  # free set-ups of both sides, with modifications f and r, and e
CLASSES = {
    "breakout": tuple(f"1.{i}" for i in range(1, 10)),
    "pursuit": tuple(f"2.{i}" for i in range(1, 7)),
    "campaign": tuple(f"3.{i}" for i in range(1, 10)),
}


@lru_cache(maxsize=1)
def pack():
    return load_pack_dir(BREAKOUT_PURSUIT.pack_dir)


class InvariantBroken(AssertionError):
    pass


def check_invariants(session: Session, phase_before: str, set_up_side: str | None = None) -> None:
    state, data = session.state, session.ruleset.data
    sides_at: dict[str, set[str]] = {}
    combat_units = Counter()
    for u in state.units.values():
        if u.hex is None:
            continue
        if not data.enterable(u.hex):
            raise InvariantBroken(f"{u.id} stands on {u.hex}, a sea hex")
        # A German unit may enter the Naval Supply unit's hex: it is displaced, never destroyed (Correction L656).
        if u.cls in ("mechanized", "non_mechanized", "non_combat") and u.type not in ("delay_marker", "naval_supply"):
            sides_at.setdefault(u.hex, set()).add(u.side)
        if u.cls in ("mechanized", "non_mechanized"):
            combat_units[u.hex] += 1
    for h, sides in sides_at.items():
        if sides == {ALLIED, GERMAN}:
            raise InvariantBroken(f"both sides hold {h}")
    phase_now = state.core.clock.phase
    if phase_before == "setup" and (phase_now, state.core.clock.side) != ("setup", set_up_side):
        wrong = violations(state, data, set_up_side)
        if wrong:
            raise InvariantBroken(f"the {set_up_side} set-up breaks its sheet: {wrong[:5]}")
    if phase_before in ("initial_movement", "mechanized_movement") and phase_now != phase_before:
        over = {h: n for h, n in combat_units.items() if n > 3}
        if over:
            raise InvariantBroken(f"over-stacked at the end of a movement phase: {over}")
    if phase_now in ("initial_movement", "combat", "mechanized_movement") and state.core.started and not state.core.finished:
        side = state.core.clock.side
        missing = [u.id for u in state.units.values() if u.side == side and u.hex and u.cls in ("mechanized", "non_mechanized")
                   and u.id not in state.supply]
        if missing:
            raise InvariantBroken(f"no supply state recorded for {missing[:5]} in the {phase_now}")


def pick(rng: random.Random, legal: list, by_type: bool):
    """Uniformly among the legal orders; or (by_type) first an order type, then one of that type, so
    that orders listed a few at a time (a Truck's passengers, a Supply unit's moves) are played too."""
    if not by_type:
        return rng.choice(legal)
    kinds: dict[str, list] = {}
    for o in legal:
        kind = o.__struct_config__.tag + ("+events" if getattr(o, "events", ()) else "")
        kinds.setdefault(kind, []).append(o)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


def play(scenario: str, seed: int, *, max_orders: int = 20000, check_every_legal: bool = False,
         options: dict | None = None, setup_only: bool = False, by_type: bool = False, to_the_end: bool = True,
         ruleset=BREAKOUT_PURSUIT, rulings: list | None = None, states: list | None = None) -> Session:
    """A random game to its end (with `setup_only`, until the set-up phases are over; `to_the_end`
    False stops after `max_orders` orders instead of failing). `rulings` collects each ruling,
    `states` the state after each."""
    rng = random.Random(seed)
    session = Session(ruleset, pack(), scenario, dice=lambda v: ScriptedDice([rng.randint(1, 6) for _ in range(8)], command=v),
                      game_id=f"random-{scenario}-{seed}", options=options)
    for _ in range(max_orders):
        if session.state.core.finished or (setup_only and session.state.core.clock.phase != "setup"):
            return session
        seat = rng.choice(session.to_act())
        legal = session.legal(seat)
        if not legal:
            raise InvariantBroken(f"{seat} must act but has no legal order ({session.ruleset.clock_label(session.state.core.clock)})")
        orders = legal if check_every_legal else [pick(rng, legal, by_type)]
        for order in orders[:-1]:  # each listed order would be accepted if submitted next
            from domain.kernel import game
            from domain.kernel.commands import SeatOrder

            ruling = game.adjudicate(session.ruleset, session.state, SeatOrder(seat=seat, order=order), ScriptedDice([3] * 8), version=10**6)
            if not isinstance(ruling, Accepted):
                raise InvariantBroken(f"listed order {order} refused: {ruling.code}: {ruling.message}")
        phase, side = session.state.core.clock.phase, session.state.core.clock.side
        ruling = session.submit(seat, orders[-1])
        if rulings is not None:
            rulings.append(ruling)
        if states is not None:
            states.append(session.state)
        if not isinstance(ruling, Accepted):
            raise InvariantBroken(f"listed order {orders[-1]} refused: {ruling.code}: {ruling.message}")
        check_invariants(session, phase, side)
    if not to_the_end:
        return session
    raise InvariantBroken(f"no result after {max_orders} orders")


def main(argv: list[str]) -> int:
    """`N [--by-type]`: N games over the scenarios; --by-type picks an order type first (pick())."""
    by_type = "--by-type" in argv
    argv = [a for a in argv if a != "--by-type"]
    n = int(argv[0]) if argv else 200
    classes = argv[1:] or list(CLASSES)
    games = [(CLASSES[c][i % len(CLASSES[c])], i) for c in classes for i in range(n)]
    failures = 0
    for scenario, i in games:
        t = time.perf_counter()
        try:
            s = play(scenario, seed=i, by_type=by_type)
            print(f"{scenario} seed {i}: {s.state.core.result.level} in {len(s.log)} events, {time.perf_counter() - t:.1f} s")
        except Exception as exc:
            failures += 1
            print(f"{scenario} seed {i}: FAILED {type(exc).__name__}: {exc}")
    print(f"{len(games) - failures} finished, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
