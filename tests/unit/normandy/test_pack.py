"""The pack validates, hashes and rebuilds byte for byte; it is registered as a game whose rules
are not built, so `umpire pack report` reads it and the catalog lists its scenarios as not
playable; owner overrides apply to it like any pack."""
from __future__ import annotations

import json

import msgspec
import pytest

from domain.kernel.pack.canonical import canonical_bytes, pack_hash
from domain.kernel.pack.errors import PackInvalid
from domain.kernel.pack.schema import Pack
from domain.kernel.pack.summary import summarize
from infra.packs import load_pack_dir
from services.catalog import Catalog, ScenarioNotStartable, UnknownScenario
from services.cli import main
from tests.unit.normandy.helpers import PACK_DIR, pack
from tools.normandy_map.__main__ import encode
from tools.normandy_map.build import build


def test_the_pack_hashes_its_canonical_bytes_and_decodes_back_to_itself():
    p = pack()
    assert pack_hash(p) == pack_hash(load_pack_dir(PACK_DIR))
    assert msgspec.json.decode(canonical_bytes(p), type=Pack) == p


@pytest.mark.slow  # ~10 s: the gazetteer and the land mask load
def test_the_builder_reproduces_the_map_file_byte_for_byte():
    m, sources, _, _ = build()
    assert encode({"map": m}) == (PACK_DIR / "map.json").read_bytes()
    assert encode({"sources": sources}) == (PACK_DIR / "map_sources.json").read_bytes()


def test_pack_report_prints_the_provenance_counts(capsys):
    assert main(["pack", "report", "normandy-1944"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Normandy 1944: A Bloody Summer\npack " + pack_hash(pack()))
    counts = summarize(pack()).placements
    row = next(r for r in out.splitlines() if r.startswith("set-up placements"))
    assert row.split()[-3:] == [str(counts.rulebook), str(counts.inferred), str(counts.placeholder)]
    assert counts.rulebook == 130  # Cobra's 116, Scenario 1's 13, D-Day's WN Madeleine


def test_the_catalog_lists_scenarios_1_and_2_playable_and_refuses_the_two_that_need_turn_0():
    cat = Catalog()
    listed = {s.id: s for s in cat.scenarios() if s.game == "normandy-1944"}
    assert set(listed) == {"normandy-1944/1", "normandy-1944/2", "normandy-1944/campaign", "normandy-1944/dday"}
    cobra = listed["normandy-1944/2"]
    assert cobra.playable and cobra.startable and cobra.ruleset == "normandy-1944@5"
    assert cobra.length == {"start": {"turn": 7, "phase": None}, "end": {"turn": 12, "phase": None}, "turns": 6}
    assert cobra.provenance["placements"]["rulebook"] == 130
    assert {s["id"] for s in cobra.seats} == {"us", "british", "german"}
    assert cat.scenario("normandy-1944/2")[1] == "2" and cat.scenario("normandy-1944/1")[1] == "1"
    for ref in ("normandy-1944/campaign", "normandy-1944/dday"):
        assert not listed[ref].startable and "Turn 0" in listed[ref].not_startable_reason
        with pytest.raises(ScenarioNotStartable) as e:
            cat.scenario(ref)
        assert "Turn 0" in e.value.reason
    with pytest.raises(UnknownScenario) as e:
        cat.scenario("normandy-1944/9")
    assert not isinstance(e.value, ScenarioNotStartable)


def _override(tmp_path, records: dict, marks: dict | None = None):
    d = tmp_path / "owner"
    d.mkdir()
    marks_toml = "".join(f"'{k}' = \"{v}\"\n" for k, v in (marks or {}).items())
    (d / "pack.toml").write_text('files = ["*.json"]\n\n[override]\nname = "my-normandy"\nbase = "normandy-1944"\n'
                                 + ("\n[override.replace_printed]\n" + marks_toml if marks else ""))
    (d / "data.json").write_text(json.dumps(records))
    return d


def test_an_owner_override_replaces_placeholder_values_freely(tmp_path):
    c = msgspec.to_builtins(pack().counters["us-4-arm"])
    c["strength"], c["faces"][0]["strength"] = 9, 9
    merged = load_pack_dir(PACK_DIR, [_override(tmp_path, {"counters": {"us-4-arm": c}})])
    assert merged.counters["us-4-arm"].strength == 9 and merged.meta.overrides == ("my-normandy",)
    assert pack_hash(merged) != pack_hash(pack())


def test_an_owner_override_may_not_move_a_printed_cobra_unit_silently(tmp_path):
    sc = msgspec.to_builtins(pack().scenarios["2"])
    sc["setup"][0]["at"] = "0904" if sc["setup"][0]["at"] != "0904" else "0903"
    sc["setup"][0]["area"] = None
    with pytest.raises(PackInvalid) as e:
        load_pack_dir(PACK_DIR, [_override(tmp_path, {"scenarios": {"2": sc}})])
    assert "scenarios" in str(e.value)


def test_versions_1_to_4_keep_their_frozen_pack_and_version_5_has_1213_a_village():
    """W6 (§2.2 L161): 1213 is a village as well as bocage in @5's pack (pack/); @1-@4 play pack_v4/,
    the pack their recorded games pin by hash, where it is bocage only. Nothing else differs."""
    from domain.games.normandy import NORMANDY, NORMANDY_4, NORMANDY_5

    assert NORMANDY.pack_dir == NORMANDY_4.pack_dir != NORMANDY_5.pack_dir == str(PACK_DIR)
    old, new = load_pack_dir(NORMANDY_4.pack_dir), pack()
    assert "village" not in old.map.hexes["1213"].features and "village" in new.map.hexes["1213"].features
    assert {h for h in new.map.hexes if new.map.hexes[h] != old.map.hexes[h]} == {"1213"}
    assert set(new.map.places) - set(old.map.places) == {"village_1213"}
    assert (old.counters, old.tables, old.scenarios) == (new.counters, new.tables, new.scenarios)
