"""`umpire pack report GAME` and `umpire pack render GAME --out map.svg`."""
from __future__ import annotations

import argparse
import sys

from services.cli.command import Command
from services.config import Settings


def _pack(game: str, settings: Settings):
    from services.catalog import Catalog

    from domain.kernel.pack.listing import unplayable_packs

    catalog = Catalog(sandbox=True, overrides=settings.pack_overrides)
    found = catalog.pack_named(game)
    if found is None:
        sys.exit(f"umpire: no game {game!r}; known: {', '.join(sorted([*catalog.rulesets, *unplayable_packs()]))}")
    return found


def report(args: argparse.Namespace, settings: Settings) -> int:
    from domain.kernel.pack.summary import format_summary, summarize

    pack, h = _pack(args.game, settings)
    print(f"{pack.meta.title}\npack {h}\n")
    print(format_summary(summarize(pack)))
    return 0


def render(args: argparse.Namespace, settings: Settings) -> int:
    from services.mapsvg import render_svg

    pack, _ = _pack(args.game, settings)
    if pack.map is None:
        sys.exit(f"umpire: the {args.game} pack has no map")
    units: dict[str, list[str]] | None = None
    if args.scenario:
        units = {}
        for p in pack.scenarios[args.scenario].setup:
            if p.at and p.at in pack.map.hexes:
                c = pack.counters[p.counter]
                units.setdefault(p.at, []).append(c.label or p.counter)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(render_svg(pack.map, units, title=f"{pack.meta.title}{f' - scenario {args.scenario}' if args.scenario else ''}"))
    print(args.out)
    return 0


def render_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="e.g. breakout-pursuit")
    parser.add_argument("--out", required=True, help="the SVG file to write")
    parser.add_argument("--scenario", help="draw this scenario's set-up units")


COMMANDS: list[Command] = [
    Command(("pack", "report"), "provenance counts per kind (map, counters, tables, scenarios)", report,
            lambda p: p.add_argument("game", help="e.g. breakout-pursuit")),
    Command(("pack", "render"), "draw a pack's map as SVG", render, render_arguments),
]
