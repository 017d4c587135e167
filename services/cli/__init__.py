"""The `umpire` command. Settings come from the environment (services/config.py).

    umpire serve                     the API; in embedded mode it also folds, on a thread
    umpire db migrate                bring the event store's schema up to date (also done at every start-up)
    umpire worker / umpire beat      the adjudicating Celery worker and the lag sweep (server mode)
    umpire token create|revoke|list  API tokens of organisers and referees
    umpire bot random|greedy         play a seat through the HTTP API
    umpire conformance DIR           run conformance cases; ends "N passed, N failed"
    umpire verify FILE               check an export offline
    umpire pack report|render GAME   a content pack's provenance counts, or its map as SVG

Each subcommand is a small function plus a row of a COMMANDS table in the module of its group.
"""
from __future__ import annotations

import argparse

from services.cli import audit, bots, packs, server, tokens
from services.cli.command import GROUPS, Command
from services.config import from_env

COMMANDS: list[Command] = server.COMMANDS + tokens.COMMANDS + bots.COMMANDS + audit.COMMANDS + packs.COMMANDS


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="umpire", description="Umpire: an impartial umpire for hex-and-counter wargames")
    groups: dict[tuple[str, ...], argparse._SubParsersAction] = {(): root.add_subparsers(dest="command", required=True)}
    for command in COMMANDS:
        for depth in range(1, len(command.words)):  # intermediate words ("db", "token") become their own parsers
            prefix = command.words[:depth]
            if prefix not in groups:
                sub = groups[prefix[:-1]].add_parser(prefix[-1], help=GROUPS.get(prefix[-1]))
                groups[prefix] = sub.add_subparsers(dest=f"command_{depth}", required=True)
        leaf = groups[command.words[:-1]].add_parser(command.words[-1], help=command.help)
        command.arguments(leaf)
        leaf.set_defaults(run=command.run)
    return root


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return args.run(args, from_env()) or 0
