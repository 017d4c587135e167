"""Every event type the recorded games emit reads as a sentence (issue 21): the kernel's events in
the kernel's words, each game's own effects by its ruleset's `describe`, never the generic dump."""
from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import get_args

import pytest

from domain.games.air_bridge import describe as abtv_describe
from domain.games.air_bridge.effects import ABTVEffect
from domain.games.breakout_pursuit import describe as bp_describe
from domain.games.hbtlf import describe as hbtlf_describe
from domain.games.normandy import describe as normandy_describe
from domain.games.sandbox import describe as sandbox_describe
from domain.kernel.describe import kernel_sentence, sentence
from domain.kernel.pack.provenance import kind, resolve
from services.catalog import Catalog

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "games"
CATALOG = Catalog(sandbox=True)
OWN = {"breakout-pursuit": bp_describe.SAY, "sandbox": sandbox_describe.SAY, "home-before-the-leaves-fall": hbtlf_describe.SAY,
       "normandy-1944": normandy_describe.SAY, "air-bridge-to-victory": abtv_describe.SAY}
MAX_CHARS = 400  # a line in the history, not a dump


def _events(path: Path):
    with (gzip.open(path, "rt") if path.suffix == ".gz" else path.open()) as f:
        header = json.loads(f.readline())
        events = []
        for line in f:
            e = json.loads(line)
            if isinstance(e.get("data"), str):
                e["data"] = json.loads(e["data"])
            events.append(e)
    return header, events


def _bound(ruleset_id: str):
    ruleset = CATALOG.ruleset(ruleset_id)
    return ruleset.bind(CATALOG.pack(ruleset)[0])


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.ndjson*")), ids=lambda p: p.name.split(".ndjson")[0])
def test_every_event_type_of_a_recorded_game_gets_a_sentence_of_its_own(path):
    header, events = _events(path)
    ruleset = _bound(header["ruleset"])
    layout = events[0]["data"]["layout"]
    seats = {x["id"]: x["name"] for x in layout["sides"] + layout["seats"]}
    said: dict[str, str] = {}
    known = ruleset.names()
    for e in events:
        text = sentence(ruleset, e, {}, seats, known)
        assert text.strip(), f"#{e['version']} {e['type']}: empty sentence"
        assert len(text) <= MAX_CHARS and "{" not in text, f"#{e['version']} {e['type']}: {text}"
        said.setdefault(e["type"], text)
    game_own = {t for t in said if kernel_sentence({"type": t, "data": {}}, str, str) is None
                and t not in ("order.submitted", "system.command")}
    assert game_own and game_own <= set(OWN[ruleset.name]), f"said generically: {sorted(game_own - set(OWN[ruleset.name]))}"


def test_a_breakout_pursuit_attack_reads_in_the_games_words_with_a_reconstructed_crt_cell_marked():
    header, events = _events(FIXTURES / "breakout-pursuit-1.1.ndjson.gz")
    ruleset = _bound(header["ruleset"])
    attack = next(e for e in events if e["type"] == "bp.attack_resolved")
    d = attack["data"]
    text = ruleset.describe(d, {})
    assert text.startswith(f"Attack on {d['hex']}")
    assert f"{d['attack']} against {d['defense']}, {d['computed_odds']}" in text
    assert f"die {d['roll']['value']}" in text and f"→ {d['result']}" in text
    crt = ruleset.pack.tables["crt"]
    cell = crt.rows[str(d["modified"])][crt.columns.index(d["odds"])]
    printed = kind(resolve(cell.prov, ruleset.pack.sources)) == "rulebook"
    assert ("CRT cell)" in text) is (not printed)
    move = next(e for e in events if e["type"] == "bp.unit_moved" and e["data"]["unit"] == "us-jul-xx-11-5-83")
    assert ruleset.describe(move["data"], {}).startswith("US XX 11-5 (83) moves ")
    names = ruleset.names()
    assert names["places"]["0205"] == "Amsterdam" and names["terms"]["Dr"].startswith("Defender Retreats")


@pytest.mark.parametrize("fixture", ["air-bridge-to-victory-nijmegen", "air-bridge-to-victory-v2-nijmegen", "air-bridge-to-victory-v3-nijmegen",
                                     "air-bridge-to-victory-v3-nijmegen-combat"])
def test_an_air_bridge_bombardment_reads_with_its_points_column_die_and_steps_9_1(fixture):
    """§9.1: a bombardment is its points, the column they fall in, the die and the steps lost."""
    header, events = _events(FIXTURES / f"{fixture}.ndjson.gz")
    ruleset = _bound(header["ruleset"])
    d = next(e for e in events if e["type"] == "abtv.bombarded")["data"]
    text = ruleset.describe(d, {})
    assert text.startswith(f"Bombardment of {d['target']}: {d['points']} points, column {d['column']}, ")
    assert f"die {d['roll']['value']} → {d['result']}" in text and text.endswith(f"{d['steps']} step(s) lost")
    test = next(e for e in events if e["type"] == "abtv.test")["data"]
    assert ruleset.describe(test, {}).endswith("passed" if test["passed"] else "failed")


def test_every_air_bridge_effect_tag_has_a_sentence_even_those_no_recorded_game_emits():
    assert {t.__struct_config__.tag for t in get_args(ABTVEffect)} == set(abtv_describe.SAY)
