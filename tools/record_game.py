"""Record a complete random game as a referee's export: the fixtures in tests/fixtures/games that CI
re-verifies ruling for ruling, so a change that alters any ruling must come as a new ruleset version.

    python -m tools.record_game breakout-pursuit/1.1 --seed 11 tests/fixtures/games/breakout-pursuit-1.1.ndjson.gz
    python -m tools.record_game air-bridge-to-victory/nijmegen --seed 5 --pin-dice --picker combat out.ndjson.gz

Random legal orders (bench/script.py: chosen in memory with the game's own dice, so every one is
accepted), ruled by the worker's fold on a throwaway SQLite store; an organiser's end if the game
is still on when the orders run out. The game id is fixed by the seed. Without `--pin-dice` the dice
seeds are fresh secrets, so each re-recording is another game; with it they are derived from the
seed (services.keys.pinned_seeds), so a seed reproduces one game: the same orders, dice and
rulings (only the events' salts, hashes and times differ).

`--picker combat` chooses orders that lead to fights more often than the uniform picker (which
rarely brings opposing units together): a declaration or bombardment when one is listed, a move
ending next to an enemy unit; anything else, and every frame's answer, uniformly.
"""
from __future__ import annotations

import argparse
import gzip
import random
import tempfile
from pathlib import Path

from typing import Any

import msgspec

from bench import script
from domain.kernel.seats import REFEREE_VIEWER
from infra.eventstore import open_store
from services.catalog import Catalog
from services.export import export_lines
from services.games import Games
from services.keys import pinned_seeds
from services.queries import Queries
from services.worker.fold import fold_game


FIGHTS = ("declare", "bombard")  # order types that start a combat or a bombardment (ABtV's; other games have none)


def _kind(order: Any) -> str:
    return str(type(order).__struct_config__.tag or "")


def _next_to_enemy(ruleset: Any, state: Any, order: Any) -> bool:
    """A move (or an entry moving on) ending next to an enemy unit: ABtV's state and map."""
    path = getattr(order, "path", None)
    units = getattr(state, "units", None)
    data = getattr(ruleset, "data", None)
    if not path or not isinstance(units, dict) or not hasattr(data, "neighbours"):
        return False
    movers = getattr(order, "units", None) or (getattr(order, "unit", None),)
    side = next((units[u].side for u in movers if u in units), None)
    enemy = {u.hex for u in units.values() if u.hex is not None and u.side != side}
    return any(n in enemy for n in data.neighbours(path[-1]))


def combat(rng: random.Random, ruleset: Any, state: Any, choices: list[tuple[str, Any]]) -> tuple[str, Any]:
    fights = [c for c in choices if _kind(c[1]) in FIGHTS]
    if fights and rng.random() < 0.8:
        return rng.choice(fights)
    closing = [c for c in choices if _kind(c[1]) in ("move", "enter") and _next_to_enemy(ruleset, state, c[1])]
    if closing and rng.random() < 0.6:
        return rng.choice(closing)
    return rng.choice(choices)


PICKERS: dict[str, script.Pick] = {"uniform": script.uniform, "combat": combat}


def record(scenario: str, seed: int, out: Path, *, max_orders: int, pin_dice: bool = False, picker: str = "uniform") -> dict:
    with tempfile.TemporaryDirectory() as d:
        store = open_store(f"sqlite:///{d}/record.db")
        try:
            games = Games(store, Catalog(sandbox=True))
            game_id = f"00000000-0000-4000-8000-{seed:012d}"
            g = games.create(scenario, game_id=game_id,
                             dice_seeds=pinned_seeds(f"{scenario}:{seed}") if pin_dice else None).game_id
            commands = script.script(games, g, random.Random(seed), max_orders=max_orders, end=True,
                                     pick=PICKERS[picker]).commands
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
    p.add_argument("--pin-dice", action="store_true", help="dice seeds derived from the seed: the seed reproduces the game")
    p.add_argument("--picker", choices=sorted(PICKERS), default="uniform", help="how orders are chosen (see above)")
    args = p.parse_args()
    s = record(args.scenario, args.seed, args.out, max_orders=args.max_orders, pin_dice=args.pin_dice, picker=args.picker)
    print(f"{args.out}: {s['version']} events, {s['status']}, {(s['result'] or {}).get('level', 'no result')}")


if __name__ == "__main__":
    main()
