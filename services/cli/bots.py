"""`umpire bot random|greedy`: bots that play a seat through the HTTP API."""
from __future__ import annotations

import argparse

from services.cli.command import Command
from services.config import Settings


def _report(final: dict) -> int:
    print(f"game {final['id']}: {final['status']}; result: {(final.get('result') or {}).get('level', 'none')}")
    return 0


def bot_random(args: argparse.Namespace, settings: Settings) -> int:
    from services.bots.random_bot import run

    return _report(run(args.url, args.token, seed=args.seed, verbose=args.verbose))


def bot_greedy(args: argparse.Namespace, settings: Settings) -> int:
    from services.bots.greedy_bot import run

    return _report(run(args.url, args.token, seed=args.seed, verbose=args.verbose))


def bot_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--url", required=True, help="the Umpire server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--token", required=True, help="the seat's token")
    parser.add_argument("--seed", type=int, help="seed of the bot's own choices (reproducible play)")
    parser.add_argument("--verbose", action="store_true", help="print each order and its ruling")


COMMANDS: list[Command] = [
    Command(("bot", "random"), "play a seat uniformly at random over /legal", bot_random, bot_arguments),
    Command(("bot", "greedy"), "play a Breakout & Pursuit or Air Bridge to Victory seat greedily: best-odds attacks, objectives",
            bot_greedy, bot_arguments),
]
