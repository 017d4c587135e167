"""Record a complete random game as a referee's export: the fixtures in tests/fixtures/games that CI
re-verifies ruling for ruling, so a change that alters any ruling must come as a new ruleset version.

    python -m tools.record_game breakout-pursuit/1.1 --seed 11 tests/fixtures/games/breakout-pursuit-1.1.ndjson.gz

Random legal orders (bench/script.py: chosen in memory with the game's own dice, so every one is
accepted), ruled by the worker's fold on a throwaway SQLite store; an organiser's end if the game
is still on when the orders run out. The game id is fixed by the seed, so a re-recording differs
only in its dice keys, salts and times.
"""
from __future__ import annotations

import argparse
import gzip
import random
import tempfile
from pathlib import Path

from bench import script
from domain.kernel.seats import REFEREE_VIEWER
from infra.eventstore import open_store
from services.catalog import Catalog
from services.export import export_lines
from services.games import Games
from services.queries import Queries
from services.worker.fold import fold_game


def record(scenario: str, seed: int, out: Path, *, max_orders: int) -> dict:
    with tempfile.TemporaryDirectory() as d:
        store = open_store(f"sqlite:///{d}/record.db")
        try:
            games = Games(store, Catalog(sandbox=True))
            g = games.create(scenario, game_id=f"00000000-0000-4000-8000-{seed:012d}").game_id
            commands = script.script(games, g, random.Random(seed), max_orders=max_orders, end=True).commands
            script.append(games, g, commands, batch=500)
            while games.store.lagging(limit=10):
                fold_game(games, g)
            data = b"".join(export_lines(games, g, REFEREE_VIEWER))
            summary = Queries(games).summary(g)
        finally:
            store.close()
    out.write_bytes(gzip.compress(data, 9, mtime=0) if out.suffix == ".gz" else data)
    return summary


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("scenario", help="<game>/<scenario number>, e.g. breakout-pursuit/1.1")
    p.add_argument("out", type=Path, help="the export to write (.ndjson, or .ndjson.gz)")
    p.add_argument("--seed", type=int, default=1, help="the bot's seed, and the game id's last digits")
    p.add_argument("--max-orders", type=int, default=100_000)
    args = p.parse_args()
    s = record(args.scenario, args.seed, args.out, max_orders=args.max_orders)
    print(f"{args.out}: {s['version']} events, {s['status']}, {(s['result'] or {}).get('level', 'no result')}")


if __name__ == "__main__":
    main()
