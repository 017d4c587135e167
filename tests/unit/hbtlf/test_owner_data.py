"""The pack's grid is the maps' numbering (its neighbours are hexes.py's, calibrated on the fortress
rings) and lists no hex: an owner's override adds hexes and their terrain from the physical maps."""
from __future__ import annotations

import random

from domain.games.hbtlf import HBTLF, hexes
from domain.kernel.grid import Grid
from domain.kernel.pack.summary import format_summary, summarize
from domain.kernel.seats import seat_viewer
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


OWNER = {
    "pack.toml": 'files = ["map.toml"]\n[override]\nname = "owner-copy"\nbase = "home-before-the-leaves-fall"\n',
    "map.toml": '[sources.my-maps]\nkind = "owner"\nowner = "the German player"\nevidence = "my copy of the West map, 1st printing"\n\n'
                '[map.hexes."W:5321"]\nprov = "my-maps"\nterrain = "city"\nname = "Paris"\n'
                '[map.hexes."W:1109"]\nprov = "my-maps"\nterrain = "city"\nname = "Antwerp"\n',
}


def test_owner_data_is_labelled_owner_in_the_pack_report(tmp_path):
    """Issue 19 item 6: data an owner supplies from the physical game is labelled `owner`, not
    rulebook, inferred or placeholder, and the report shows the owner column only then."""
    for name, text in OWNER.items():
        (tmp_path / name).write_text(text)
    merged = load_pack_dir(HBTLF.pack_dir, tmp_path)
    summary = summarize(merged)
    assert (summary.hexes.owner, summary.hexes.rulebook, summary.hexes.inferred, summary.hexes.placeholder) == (2, 0, 0, 0)
    report = format_summary(summary)
    assert report.splitlines()[0].split()[-1] == "owner"
    assert "owner" not in format_summary(summarize(load_pack_dir(HBTLF.pack_dir))).splitlines()[0]


def test_a_game_played_with_owner_data_names_the_override_in_its_view(tmp_path):
    for name, text in OWNER.items():
        (tmp_path / name).write_text(text)
    ruleset = HBTLF.bind(load_pack_dir(HBTLF.pack_dir, tmp_path))
    state = ruleset.setup(ruleset.pack, "1", game_id="g", options=ruleset.resolve_options({}))
    assert ruleset.view(state, seat_viewer("german"))["pack_overrides"] == ["owner-copy"]
    plain = HBTLF.bind(load_pack_dir(HBTLF.pack_dir))
    assert plain.view(plain.setup(plain.pack, "1", game_id="g", options=plain.resolve_options({})), seat_viewer("german"))["pack_overrides"] == []
