"""`umpire bot random|greedy`: bots that play a seat through the HTTP API.

`--token` may be given several times: one process then plays every seat it holds a token for (the
seats a player holds in a game of several seats per side, such as Air Bridge to Victory's two or
one-player layouts), one thread per seat, each seat's choices seeded `seed + i`."""
from __future__ import annotations

import argparse
import threading
from typing import Callable

from services.cli.command import Command
from services.config import Settings

Run = Callable[..., dict]


def _report(final: dict) -> None:
    print(f"game {final['id']}: {final['status']}; result: {(final.get('result') or {}).get('level', 'none')}", flush=True)


def _play(run: Run, args: argparse.Namespace) -> int:
    """Each token's seat to the end; a thread's failure is re-raised so the process exits non-zero."""
    tokens: list[str] = args.token
    seed = args.seed
    if len(tokens) == 1:
        _report(run(args.url, tokens[0], seed=seed, verbose=args.verbose))
        return 0
    finals: list[dict] = []
    errors: list[BaseException] = []

    def one(i: int, token: str) -> None:
        try:
            finals.append(run(args.url, token, seed=None if seed is None else seed + i, verbose=args.verbose))
        except BaseException as e:  # a thread's exception is otherwise only printed
            errors.append(e)

    threads = [threading.Thread(target=one, args=(i, t), daemon=True) for i, t in enumerate(tokens)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    for final in finals:
        _report(final)
    return 0


def bot_random(args: argparse.Namespace, settings: Settings) -> int:
    from services.bots.random_bot import run

    return _play(run, args)


def bot_greedy(args: argparse.Namespace, settings: Settings) -> int:
    from services.bots.greedy_bot import run

    return _play(run, args)


def bot_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--url", required=True, help="the Umpire server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--token", required=True, action="append",
                        help="the seat's token; repeat it to play several seats of one game from one process")
    parser.add_argument("--seed", type=int, help="seed of the bot's own choices (reproducible play)")
    parser.add_argument("--verbose", action="store_true", help="print each order and its ruling")


COMMANDS: list[Command] = [
    Command(("bot", "random"), "play a seat (or several: --token repeated) uniformly at random over /legal", bot_random,
            bot_arguments),
    Command(("bot", "greedy"), "play a Breakout & Pursuit or Air Bridge to Victory seat greedily: best-odds attacks, objectives",
            bot_greedy, bot_arguments),
]
