"""The pack validates, hashes stably, its scenarios load with seat layouts for 1-4 players, it is
listed as not playable, and owner overrides apply to it."""
from __future__ import annotations

import json
import subprocess
import sys

import msgspec
import pytest

from domain.kernel.pack.canonical import pack_hash
from domain.kernel.pack.errors import PackInvalid
from domain.kernel.pack.overrides import apply_overrides
from domain.kernel.pack.summary import summarize
from infra.packs import load_pack_dir
from services.catalog import Catalog
from tests.unit.air_bridge.helpers import PACK_DIR, pack


def test_the_pack_validates_and_its_hash_depends_on_the_data_only():
    assert pack().meta.name == "air-bridge-to-victory"
    assert pack_hash(load_pack_dir(PACK_DIR)) == pack_hash(pack())


@pytest.mark.parametrize("sid,turns", [("campaign", 20), ("nijmegen", 4), ("arnhem", 4)])
def test_each_scenario_loads_with_both_sides_and_every_seat_layout(sid, turns):
    s = pack().scenarios[sid]
    assert s.end.turn - s.start.turn + 1 == turns
    assert {p.counter for p in s.setup} and {pack().counters[p.counter].side for p in s.setup} == {"allied", "german"}
    seats = {x.id for x in s.seats}
    for players, layout in s.options["seat_layouts"].items():
        assert len(layout) == int(players)
        assert sorted(x for group in layout for x in group) == sorted(seats)
    assert "designed, not the published scenario" in s.notes.lower()


def test_set_ups_respect_8_stacking_points_a_hex():
    for s in pack().scenarios.values():
        load: dict[str, int] = {}
        for p in s.setup:
            load[p.at] = load.get(p.at, 0) + pack().counters[p.counter].faces[0].values["stacking"]
        assert max(load.values()) <= 8, s.id


def test_the_campaign_lands_all_three_divisions_on_turn_1_and_the_poles_at_driel():
    s = pack().scenarios["campaign"]
    first = {pack().counters[a.counter].flags for a in s.reinforcements if a.turn == 1}
    assert {f for fl in first for f in fl if f.startswith("div:")} == {"div:1abn", "div:82", "div:101"}
    poles = [a for a in s.reinforcements if a.counter.startswith("pl-")]
    assert poles and all(a.at in pack().map.areas["dz_pol_k"].hexes and a.options == ("drop",) for a in poles)


def test_the_catalog_lists_the_scenarios_as_playable_with_provenance_counts():
    cat = Catalog()
    listed = {s.id: s for s in cat.scenarios() if s.game == "air-bridge-to-victory"}
    assert set(listed) == {"air-bridge-to-victory/campaign", "air-bridge-to-victory/nijmegen", "air-bridge-to-victory/arnhem"}
    info = listed["air-bridge-to-victory/campaign"]
    assert info.playable and info.ruleset == "air-bridge-to-victory@3"
    assert info.provenance == msgspec.to_builtins(summarize(pack()))
    assert cat.scenario("air-bridge-to-victory/campaign")[1] == "campaign"


def test_umpire_pack_report_gives_the_counts_per_kind():
    out = subprocess.run([sys.executable, "-m", "services.cli", "pack", "report", "air-bridge-to-victory"],
                         capture_output=True, text=True, check=True).stdout
    s = summarize(pack())
    assert pack_hash(pack()) in out
    line = next(x for x in out.splitlines() if x.startswith("CRT cells"))
    assert line.split()[-3:] == [str(s.crt_cells.rulebook), str(s.crt_cells.inferred), str(s.crt_cells.placeholder)]


def _override(tmp_path, data: dict, marks: str = ""):
    (tmp_path / "pack.toml").write_text(f'files = ["*.json"]\n[override]\nname = "owner"\nbase = "air-bridge-to-victory"\n{marks}')
    (tmp_path / "data.json").write_text(json.dumps(data))
    from infra.packs import read_dir

    return apply_overrides(pack(), read_dir(tmp_path))


def test_an_owner_override_replaces_placeholder_counter_values(tmp_path):
    c = msgspec.to_builtins(pack().counters["uk-2para"])
    c["faces"][0]["strength"] = 9
    c["field_prov"]["faces"] = {"kind": "inferred", "evidence": "owner's counter sheet"}
    merged = _override(tmp_path, {"counters": {"uk-2para": c}})
    assert merged.counters["uk-2para"].faces[0].strength == 9 and merged.meta.overrides == ("owner",)


def test_an_override_may_not_silently_change_a_printed_table_cell(tmp_path):
    t = msgspec.to_builtins(pack().tables["bombardment"])
    t["rows"]["2"][2]["result"] = "4"  # §9.1's printed 3
    with pytest.raises(PackInvalid) as e:
        _override(tmp_path, {"tables": {"bombardment": t}})
    assert "bombardment" in str(e.value)
