"""`umpire conformance DIR` and `umpire verify FILE`: the referee's offline tools."""
from __future__ import annotations

import argparse
import sys

from services.cli.command import Command
from services.config import Settings


def conformance(args: argparse.Namespace, settings: Settings) -> int:
    from services import conformance as runner

    return runner.main(args.path)


def verify(args: argparse.Namespace, settings: Settings) -> int:
    from services import verify as verifier

    if args.finished:
        from services.bootstrap import build_games

        games = build_games(settings)
        reports = verifier.verify_finished(games)
        bad = [g for g, r in reports.items() if not r.ok]
        for g, r in sorted(reports.items()):
            print(f"{g}: {('PARTIAL' if r.unverified else 'OK') if r.ok else 'FAILED'} ({r.rulings_checked} rulings)"
                  + (f"; first bad event {r.first_bad['version']}: {r.first_bad['why']}" if r.first_bad else ""))
        partial = [g for g, r in reports.items() if r.ok and r.unverified]
        print(f"{len(reports) - len(bad) - len(partial)} verified, {len(partial)} in part, {len(bad)} failed")
        return 1 if bad else verifier.PARTIAL if partial and not args.partial_ok else 0
    if not args.file:
        sys.exit("umpire verify: give an export FILE, or --finished")
    return verifier.main(args.file, ruleset=args.ruleset, head=args.head, partial_ok=args.partial_ok)


def verify_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", help="the export, as GET /v1/games/{id}/export gives it")
    parser.add_argument("--finished", action="store_true", help="verify every finished game of this service's store")
    parser.add_argument("--ruleset", help="re-adjudicate under this name@version instead of the pinned one; "
                                          "reports the first ruling it would change (history is never rewritten)")
    parser.add_argument("--head", type=_head, metavar="VERSION:LINK",
                        help="a head recorded earlier (GET /v1/games/{id}: version, head_link): the export must hold "
                             "that event with that link, so nothing before it was altered or cut off")
    parser.add_argument("--partial-ok", action="store_true",
                        help="exit 0, not 3, when everything checkable matches but some rulings are not checkable yet "
                             "(a running game, a seat's filtered export)")


def _head(text: str) -> tuple[int, str]:
    version, _, link = text.partition(":")
    if not version.isdigit() or int(version) < 1 or len(link) != 64 or any(c not in "0123456789abcdefABCDEF" for c in link):
        raise argparse.ArgumentTypeError(f"{text!r} is not VERSION:LINK (a version from 1, a colon, 64 hex digits)")
    return int(version), link.lower()


COMMANDS: list[Command] = [
    Command(("conformance",), "run a directory of conformance cases", conformance,
            lambda p: p.add_argument("path", help="a directory of *.toml cases, or one file")),
    Command(("verify",), "verify an NDJSON export offline (chain, dice keys, every ruling)", verify, verify_arguments),
]
