"""The pack's grid is the maps' numbering (its neighbours are hexes.py's, calibrated on the fortress
rings) and lists no hex: an owner's override adds hexes and their terrain from the physical maps."""
from __future__ import annotations

import random

from domain.games.hbtlf import HBTLF, hexes
from domain.kernel.grid import Grid
from infra.packs import load_pack_dir

OVERRIDE = {
    "pack.toml": 'files = ["map.toml"]\n[override]\nname = "my-copy"\nbase = "home-before-the-leaves-fall"\n',
    "map.toml": '[sources.my-map]\nkind = "inferred"\nevidence = "read off my copy of the West map"\n\n'
                '[map.hexes."W:5321"]\nprov = "my-map"\nterrain = "city"\nname = "Paris"\n',
}


def test_pack_grid_agrees_with_hexes():
    grid = Grid(load_pack_dir(HBTLF.pack_dir).map.grid)
    ids = [f"{m}:{r:02d}{c:02d}" for m in "WE" for r in range(10, 71) for c in range(1, 35)]
    for h in ids:
        assert sorted(grid.neighbour_ids(h)) == sorted(n for n in hexes.neighbours(h) if grid.is_id(n))
    rng = random.Random(0)
    for a, b in (rng.sample(ids[: len(ids) // 2], 2) for _ in range(500)):
        assert grid.distance(a, b) == hexes.distance(a, b)


def test_an_owner_override_adds_terrain(tmp_path):
    for name, text in OVERRIDE.items():
        (tmp_path / name).write_text(text)
    base = load_pack_dir(HBTLF.pack_dir)
    assert base.map.hexes == {}
    merged = load_pack_dir(HBTLF.pack_dir, tmp_path)
    assert merged.map.hexes["W:5321"].terrain == "city" and merged.meta.overrides == ("my-copy",)
