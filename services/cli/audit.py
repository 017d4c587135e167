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

    return verifier.main(args.file, ruleset=args.ruleset)


def verify_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the export, as GET /v1/games/{id}/export gives it")
    parser.add_argument("--ruleset", help="re-adjudicate under this name@version instead of the pinned one; "
                                          "reports the first ruling it would change (history is never rewritten)")


COMMANDS: list[Command] = [
    Command(("conformance",), "run a directory of conformance cases", conformance,
            lambda p: p.add_argument("path", help="a directory of *.toml cases, or one file")),
    Command(("verify",), "verify an NDJSON export offline (chain, dice keys, every ruling)", verify, verify_arguments),
]
