"""tools.record_game (issue 22's follow-up): with `--pin-dice` a seed reproduces one game (the same
orders, dice and rulings; only salts, hashes and times differ) and the export verifies; without it
the dice keys are fresh secrets. The `combat` picker brings ABtV's units into fights."""
from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

from services.catalog import Catalog
from services.verify import main
from tools.record_game import record

SCENARIO = "air-bridge-to-victory/nijmegen"


def _game(path: Path) -> list[tuple]:
    """What a recording says happened: each event's type and data, the header's options."""
    lines = [json.loads(x) for x in gzip.open(path, "rt")]
    return [(e.get("type"), e.get("data"), e.get("options")) for e in lines]


def _orders(game: list[tuple]) -> list[str]:
    return [json.loads(d)["order"]["type"] for t, d, _ in game if t == "order.submitted"]


def test_a_pinned_seed_reproduces_one_game_that_verifies(tmp_path):
    a, b, c = tmp_path / "a.ndjson.gz", tmp_path / "b.ndjson.gz", tmp_path / "c.ndjson.gz"
    record(SCENARIO, 5, a, max_orders=60, pin_dice=True, picker="combat")
    record(SCENARIO, 5, b, max_orders=60, pin_dice=True, picker="combat")
    record(SCENARIO, 5, c, max_orders=60, picker="combat")
    assert _game(a) == _game(b)
    keys = [d for t, d, _ in _game(c) if t == "key.revealed"]
    assert keys and keys != [d for t, d, _ in _game(a) if t == "key.revealed"]  # fresh secrets: other dice
    out = io.StringIO()
    assert main(str(a), out=out, catalog=Catalog(sandbox=True)) == 0, out.getvalue()


def test_the_combat_picker_declares_combats(tmp_path):
    out = tmp_path / "g.ndjson.gz"
    record(SCENARIO, 5, out, max_orders=200, pin_dice=True, picker="combat")
    assert "declare" in _orders(_game(out))
