"""Bots against each other in process: `python -m services.bots.evaluate 50` plays 50 seeded games
of scenario 1.1, greedy Allies against random Germans, and reports the results by victory level.

    python -m services.bots.evaluate N [--scenario 1.1] [--allied greedy] [--german random] [--first 0] [--version 2]

Each game is a `Session` (the kernel's in-memory log and fold); the greedy bot sees exactly what
it would see over HTTP: the seat's view and its legal orders as JSON, and its answer is decoded
as the server decodes an order. Game `seed` uses the seed for the dice and the random bot.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from functools import lru_cache

import msgspec

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT
from domain.games.breakout_pursuit.rules import BreakoutPursuit
from domain.kernel import game
from domain.kernel.ruleset import Ruleset, get, latest
from domain.kernel.commands import Accepted
from domain.kernel.dice import ScriptedDice
from domain.kernel.seats import Viewer
from domain.kernel.session import Session
from infra.packs import load_pack_dir
from services.bots import greedy
from services.bots.position import Knowledge

BOTS = ("greedy", "random")
NEWEST = latest(BREAKOUT_PURSUIT.name)  # what `POST /v1/games` starts


@lru_cache(maxsize=2)
def pack(ruleset: Ruleset = NEWEST):
    return load_pack_dir(ruleset.pack_dir)


@lru_cache(maxsize=2)
def knowledge(ruleset: Ruleset = NEWEST) -> Knowledge:
    bound = ruleset.bind(pack(ruleset))
    assert isinstance(bound, BreakoutPursuit), ruleset.id  # the greedy bot plays Breakout & Pursuit only
    return Knowledge(bound.data)


def as_json(value):
    """What a bot would read over HTTP."""
    return msgspec.json.decode(msgspec.json.encode(value))


def greedy_order(session: Session, seat: str):
    view = as_json(game.view(session.ruleset, session.state, Viewer(role="seat", seat=seat)))
    orders = as_json(session.legal(seat))
    choice = greedy.choose(view, orders, knowledge(session.ruleset), session.state.core.layout.side_of(seat))
    return session.codec.decode_order(msgspec.json.encode(choice))


class Refused(AssertionError):
    pass


def play(seed: int, scenario: str = "1.1", *, allied: str = "greedy", german: str = "random",
         max_orders: int = 20000, ruleset: Ruleset = NEWEST) -> Session:
    """One game to its end; a greedy order the umpire refuses is an error of the bot."""
    rng = random.Random(seed)
    session = Session(ruleset, pack(ruleset), scenario, game_id=f"eval-{scenario}-{seed}",
                      dice=lambda v: ScriptedDice([rng.randint(1, 6) for _ in range(8)], command=v))
    bots = {"allied": allied, "german": german}
    for _ in range(max_orders):
        if session.state.core.finished:
            return session
        seat = session.to_act()[0]
        if bots[session.state.core.layout.side_of(seat)] == "greedy":
            order = greedy_order(session, seat)
        else:
            order = rng.choice(session.legal(seat))
        ruling = session.submit(seat, order)
        if not isinstance(ruling, Accepted):
            raise Refused(f"{seat} ({bots[seat]}) {order}: {ruling.code}: {ruling.message}")
    raise Refused(f"no result after {max_orders} orders")


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m services.bots.evaluate", description=__doc__.splitlines()[0])
    p.add_argument("games", type=int, nargs="?", default=50)
    p.add_argument("--scenario", default="1.1")
    p.add_argument("--allied", choices=BOTS, default="greedy")
    p.add_argument("--german", choices=BOTS, default="random")
    p.add_argument("--first", type=int, default=0, help="the first seed")
    p.add_argument("--version", type=int, default=NEWEST.version, help="the breakout-pursuit version to play")
    args = p.parse_args(argv)
    ruleset = get(f"{BREAKOUT_PURSUIT.name}@{args.version}")
    levels: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    start = time.perf_counter()
    for seed in range(args.first, args.first + args.games):
        t = time.perf_counter()
        result = play(seed, args.scenario, allied=args.allied, german=args.german, ruleset=ruleset).state.core.result
        levels[result.level] += 1
        winners[result.winner or "draw"] += 1
        pts = {s: r.points for s, r in result.sides.items()}
        print(f"seed {seed}: {result.level} ({pts['allied']}-{pts['german']}) {time.perf_counter() - t:.1f} s", flush=True)
    print(f"{args.allied} (Allied) vs {args.german} (German), {ruleset.id} scenario {args.scenario}, {args.games} games, "
          f"{time.perf_counter() - start:.0f} s:")
    print(f"  Allied wins {winners['allied']}, German wins {winners['german']}, draws {winners['draw']}")
    for level, n in levels.most_common():
        print(f"  {level}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
