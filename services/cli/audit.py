"""`umpire conformance DIR` and `umpire verify FILE`: the referee's offline tools."""
from __future__ import annotations

import argparse

from services.cli.command import Command
from services.config import Settings


def conformance(args: argparse.Namespace, settings: Settings) -> int:
    from services import conformance as runner

    return runner.main(args.path)


def verify(args: argparse.Namespace, settings: Settings) -> int:
    from services import verify as verifier

    return verifier.main(args.file)


COMMANDS: list[Command] = [
    Command(("conformance",), "run a directory of conformance cases", conformance,
            lambda p: p.add_argument("path", help="a directory of *.toml cases, or one file")),
    Command(("verify",), "verify an NDJSON export offline (chain, dice keys, every ruling)", verify,
            lambda p: p.add_argument("file", help="the export, as GET /v1/games/{id}/export gives it")),
]
