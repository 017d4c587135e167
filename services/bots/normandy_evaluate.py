"""Normandy bots against each other in process: `python -m services.bots.normandy_evaluate 50`
plays 50 seeded games of Scenario 1 with the greedy player on each side in turn against the random
player, and reports the results.

    python -m services.bots.normandy_evaluate N [--scenario 1] [--first 0] [--side allied] [--progress]

The greedy player sees what it would see over HTTP: the seat's view, its legal orders and their
assessments as JSON; its answer is decoded as the server decodes an order."""
from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from collections import Counter
from functools import lru_cache

import msgspec

from domain.games.normandy import NORMANDY_5 as NORMANDY
from domain.games.normandy.data import GameData
from domain.kernel import game
from domain.kernel.commands import Accepted
from domain.kernel.dice import KeyedDice
from domain.kernel.seats import Viewer
from domain.kernel.session import Session
from infra.packs import load_pack_dir
from services.bots import normandy_greedy


@lru_cache(maxsize=1)
def pack():
    return load_pack_dir(NORMANDY.pack_dir)


def as_json(value):
    return msgspec.json.decode(msgspec.json.encode(value))


def data_of_ruleset(ruleset) -> GameData:
    return ruleset.data


def greedy_order(session: Session, seat: str):
    state, ruleset = session.state, session.ruleset
    legal = session.legal(seat)
    view = as_json(game.view(ruleset, state, Viewer(role="seat", seat=seat)))
    assessed = [as_json(ruleset.assess(state, seat, o)) for o in legal]
    choice = normandy_greedy.choose(view, as_json(legal), assessed, state.core.layout.side_of(seat), state.core.scenario,
                                    data_of_ruleset(ruleset).distance)
    return session.codec.decode_order(msgspec.json.encode(choice))


def play(seed: int, scenario: str, greedy_side: str, max_orders: int = 20000) -> Session:
    rng = random.Random(seed)
    session = Session(NORMANDY, pack(), scenario, game_id=f"eval-{scenario}-{seed}",
                      dice=lambda c: KeyedDice(game_id=f"eval-{seed}", command=c,
                                               keys=lambda ch, e: hashlib.sha256(f"{seed}{ch}{e}".encode()).digest()))
    for _ in range(max_orders):
        if session.state.core.finished:
            return session
        seat = session.to_act()[0]
        side = session.state.core.layout.side_of(seat)
        order = greedy_order(session, seat) if side == greedy_side else rng.choice(session.legal(seat))
        ruling = session.submit(seat, order)
        if not isinstance(ruling, Accepted):
            raise AssertionError(f"{seat} {order}: {ruling}")
    raise AssertionError(f"no result after {max_orders} orders")


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m services.bots.normandy_evaluate", description=__doc__.splitlines()[0])
    p.add_argument("games", type=int, nargs="?", default=50)
    p.add_argument("--scenario", default="1")
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--side", choices=("allied", "german"), action="append",
                   help="the greedy player's side (repeatable; default both, one after the other)")
    p.add_argument("--progress", action="store_true", help="print each game's result as it ends")
    args = p.parse_args(argv)
    for greedy_side in args.side or ("allied", "german"):
        winners: Counter[str] = Counter()
        levels: Counter[str] = Counter()
        start = time.process_time()
        for seed in range(args.first, args.first + args.games):
            result = play(seed, args.scenario, greedy_side).state.core.result
            assert result is not None
            winners[result.winner or "draw"] += 1
            levels[result.level] += 1
            if args.progress:
                print(f"  greedy {greedy_side}, seed {seed}: {result.winner or 'draw'}, {result.level} "
                      f"({time.process_time() - start:.0f} s CPU so far)", flush=True)
        print(f"greedy {greedy_side} vs random, scenario {args.scenario}, {args.games} games: greedy won "
              f"{winners[greedy_side]}/{args.games}; {dict(levels)} ({time.process_time() - start:.0f} s CPU)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
