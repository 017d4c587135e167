"""Bots against each other in process for Air Bridge to Victory: `python -m services.bots.abtv_evaluate
50 --scenario nijmegen` plays 50 seeded games with the greedy Allies against random Germans and 50
the other way round, and reports the wins by side.

Each game is a `Session` (the kernel's in-memory log and fold) with keyed dice from the seed; the
greedy bot sees what it would see over HTTP: the seat's view and its legal orders as JSON, and its
answer is decoded as the server decodes an order. An order the umpire refuses is an error."""
from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from collections import Counter
from functools import lru_cache

import msgspec

from domain.games.air_bridge import AIR_BRIDGE_3 as AIR_BRIDGE  # the newest version
from domain.games.air_bridge.rules import AirBridgeToVictory
from domain.kernel import game
from domain.kernel.commands import Accepted
from domain.kernel.dice import KeyedDice
from domain.kernel.pack.schema import Pack
from domain.kernel.seats import Viewer
from domain.kernel.session import Session
from infra.packs import load_pack_dir
from services.bots import abtv_greedy

BOTS = ("greedy", "random")


@lru_cache(maxsize=1)
def pack() -> Pack:
    return load_pack_dir(AIR_BRIDGE.pack_dir)


@lru_cache(maxsize=4)
def knowledge(scenario: str) -> abtv_greedy.Knowledge:
    bound = AIR_BRIDGE.bind(pack())
    assert isinstance(bound, AirBridgeToVictory)
    return abtv_greedy.Knowledge(bound.data, scenario)


def as_json(value: object) -> object:
    return msgspec.json.decode(msgspec.json.encode(value))


class Refused(AssertionError):
    pass


def play(seed: int, scenario: str = "nijmegen", *, allied: str = "greedy", german: str = "random", players: int = 2,
         max_orders: int = 20000) -> Session:
    rng = random.Random(seed)

    def dice(version: int) -> KeyedDice:
        return KeyedDice(game_id=f"eval-{seed}", command=version,
                         keys=lambda chain, epoch: hashlib.sha256(f"{seed}:{chain}:{epoch}".encode()).digest())

    session = Session(AIR_BRIDGE, pack(), scenario, game_id=f"eval-{scenario}-{seed}", dice=dice, options={"players": players})
    bots = {"allied": allied, "german": german}
    for _ in range(max_orders):
        if session.state.core.finished:
            return session
        seat = session.to_act()[0]
        side = session.state.core.layout.side_of(seat)
        if bots[side] == "greedy":
            view = as_json(game.view(session.ruleset, session.state, Viewer(role="seat", seat=seat)))
            orders = as_json(session.legal(seat))
            choice = abtv_greedy.choose(view, orders, knowledge(scenario), side)  # type: ignore[arg-type]
            order = session.codec.decode_order(msgspec.json.encode(choice))
        else:
            order = rng.choice(session.legal(seat))
        ruling = session.submit(seat, order)
        if not isinstance(ruling, Accepted):
            raise Refused(f"{seat} ({bots[side]}) {order}: {ruling.code}: {ruling.message}")
    raise Refused(f"no result after {max_orders} orders")


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m services.bots.abtv_evaluate", description=__doc__.splitlines()[0])
    p.add_argument("games", type=int, nargs="?", default=50)
    p.add_argument("--scenario", default="nijmegen")
    p.add_argument("--first", type=int, default=0)
    args = p.parse_args(argv)
    start = time.perf_counter()
    for allied, german in (("greedy", "random"), ("random", "greedy")):
        winners: Counter[str] = Counter()
        for seed in range(args.first, args.first + args.games):
            result = play(seed, args.scenario, allied=allied, german=german).state.core.result
            assert result is not None
            winners[result.winner or "draw"] += 1
        print(f"{allied} (Allied) vs {german} (German), {args.scenario}, {args.games} games: Allied wins {winners['allied']}, "
              f"German wins {winners['german']}, draws {winners['draw']} ({time.perf_counter() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
