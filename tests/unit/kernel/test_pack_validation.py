"""Pack decoding and validation: each kind of error, reported with its path, and all of them."""
from __future__ import annotations

import json

import pytest

from domain.kernel.pack.decode import decode_pack
from domain.kernel.pack.errors import Issue, PackInvalid
from domain.kernel.pack.schema import SCHEMA_VERSION, Crt
from tests.unit.kernel.packfiles import PACK_TOML, docs, files


def problems(documents=None, extra=None) -> list[Issue]:
    with pytest.raises(PackInvalid) as e:
        decode_pack(files(documents, extra))
    return e.value.issues


def only(issues: list[Issue], path: str) -> Issue:
    hits = [i for i in issues if i.path == path]
    assert len(hits) == 1, f"expected one issue at {path}, got {[str(i) for i in issues]}"
    return hits[0]


def test_the_fixture_pack_is_valid():
    pack = decode_pack(files())
    assert pack.meta.schema_version == SCHEMA_VERSION
    assert len(pack.map.hexes) == 12 and set(pack.counters) == {"al-1", "al-2", "ge-1"}
    assert isinstance(pack.tables["crt"], Crt)


# --- provenance ----------------------------------------------------------------------------------


def test_unknown_source():
    d = docs()
    d["counters.json"]["counters"]["al-1"]["prov"] = "foo"
    assert only(problems(d), 'counters["al-1"].prov').message == 'unknown source "foo"'


def test_field_prov_naming_a_field_the_record_lacks():
    d = docs()
    d["counters.json"]["counters"]["al-2"]["field_prov"]["speed"] = "invented"
    assert "speed" in only(problems(d), 'counters["al-2"].field_prov["speed"]').message


def test_field_prov_may_name_a_chart_rows_value_but_not_a_stranger():
    d = docs()
    d["tables.json"]["tables"]["tec"]["rows"][1]["field_prov"]["attack"] = "invented"
    only(problems(d), 'tables["tec"].rows[1].field_prov["attack"]')


def test_unknown_source_in_a_crt_cell():
    d = docs()
    d["tables.json"]["tables"]["crt"]["rows"]["2"][1]["prov"] = "nowhere"
    only(problems(d), 'tables["crt"].rows["2"][1].prov')


# --- map -----------------------------------------------------------------------------------------


def test_hex_id_not_parseable_by_the_grid():
    d = docs()
    d["map/hexes.json"]["map"]["hexes"]["01x1"] = {"terrain": "clear", "prov": "invented"}
    assert "not a hex id" in only(problems(d), 'map.hexes["01x1"]').message


def test_hexside_whose_hexes_are_not_adjacent():
    d = docs()
    d["map/features.json"]["map"]["hexsides"]["0101/0103"] = {"features": ["river"], "prov": "invented"}
    assert only(problems(d), 'map.hexsides["0101/0103"]').message == "0101 and 0103 are not adjacent"


def test_hexside_written_in_the_wrong_order():
    d = docs()
    d["map/features.json"]["map"]["hexsides"]["0202/0102"] = {"features": ["river"], "prov": "invented"}
    assert "0102/0202" in only(problems(d), 'map.hexsides["0202/0102"]').message


def test_hexside_off_the_map():
    d = docs()
    d["map/features.json"]["map"]["hexsides"]["0808/0809"] = {"features": ["river"], "prov": "invented"}
    only(problems(d), 'map.hexsides["0808/0809"]')


def test_place_area_and_line_must_lie_on_the_map():
    d = docs()
    feats = d["map/features.json"]["map"]
    feats["places"]["ville"]["hexes"].append("0909")
    feats["areas"]["west-edge"]["hexes"][0] = "0100"
    feats["lines"]["front"]["hexsides"].append("0101/0303")
    issues = problems(d)
    only(issues, 'map.places["ville"].hexes[1]')
    only(issues, 'map.areas["west-edge"].hexes[0]')
    only(issues, 'map.lines["front"].hexsides[2]')


def test_boxes_parent_links_and_loops():
    d = docs()
    boxes = d["map/features.json"]["map"]["boxes"]
    boxes["staging"]["parent"] = "nowhere"
    boxes["staging"]["links"].append("0909")
    boxes["holding"]["parent"] = "inner"  # inner's parent is holding
    boxes["0102"] = {"name": "looks like a hex", "prov": "invented"}
    issues = problems(d)
    only(issues, 'map.boxes["staging"].parent')
    only(issues, 'map.boxes["staging"].links[1]')
    assert "loop" in only(issues, 'map.boxes["holding"].parent').message
    only(issues, 'map.boxes["0102"]')


def test_a_seam_alias_is_not_a_canonical_hex_key():
    d = docs()
    grid = b'''
[map.grid]
sheets = [
  { prefix = "W", rows = [1, 3], cols = [1, 4] },
  { prefix = "E", rows = [1, 3], cols = [1, 4], origin = [0, 3] },
]
'''
    d["map/hexes.json"]["map"]["hexes"] = {"W:0104": {"terrain": "clear", "prov": "invented"},
                                           "E:0101": {"terrain": "clear", "prov": "invented"}}
    d["map/features.json"]["map"] = {}
    d["scenarios/s1.json"]["scenarios"]["s1"]["setup"] = []
    d["scenarios/s1.json"]["scenarios"]["s1"]["reinforcements"] = []
    issues = problems(d, {"map/grid.toml": grid})
    assert "'W:0104'" in only(issues, 'map.hexes["E:0101"]').message
    assert len(issues) == 1


# --- tables --------------------------------------------------------------------------------------


def test_crt_with_ragged_rows():
    d = docs()
    d["tables.json"]["tables"]["crt"]["rows"]["2"].pop()
    assert only(problems(d), 'tables["crt"].rows["2"]').message == "1 cells for 2 columns"


def test_crt_result_missing_from_its_legend():
    d = docs()
    d["tables.json"]["tables"]["crt"]["rows"]["1"][0]["result"] = "EX"
    only(problems(d), 'tables["crt"].rows["1"][0].result')


def test_chart_values_outside_its_columns_and_duplicate_rows():
    d = docs()
    rows = d["tables.json"]["tables"]["tec"]["rows"]
    rows[0]["values"]["speed"] = 3
    rows[1]["key"] = "clear"
    issues = problems(d)
    only(issues, 'tables["tec"].rows[0].values["speed"]')
    only(issues, 'tables["tec"].rows[1].key')


# --- scenarios -----------------------------------------------------------------------------------


def test_scenario_seat_on_an_undeclared_side():
    d = docs()
    d["scenarios/s1.json"]["scenarios"]["s1"]["seats"][1]["side"] = "soviet"
    assert "soviet" in only(problems(d), 'scenarios["s1"].seats[1].side').message


def test_placement_at_a_hex_not_on_the_map():
    d = docs()
    d["scenarios/s1.json"]["scenarios"]["s1"]["setup"][0]["at"] = "0909"
    assert "0909" in only(problems(d), 'scenarios["s1"].setup[0].at').message


def test_placements_need_a_known_counter_of_a_scenario_side_and_a_place():
    d = docs()
    s = d["scenarios/s1.json"]["scenarios"]["s1"]
    s["setup"][0]["counter"] = "zz-9"
    s["setup"][1] = {"counter": "ge-1", "prov": "invented"}
    s["reinforcements"][0]["edge"] = "Q"
    issues = problems(d)
    only(issues, 'scenarios["s1"].setup[0].counter')
    only(issues, 'scenarios["s1"].setup[1]')
    only(issues, 'scenarios["s1"].reinforcements[0].edge')


def test_scenario_key_sides_seats_and_clock():
    d = docs()
    s = d["scenarios/s1.json"]["scenarios"]["s1"]
    s["id"] = "s2"
    s["sides"].append({"id": "allied", "name": "again"})
    s["end"] = {"turn": 0}
    issues = problems(d)
    only(issues, 'scenarios["s1"].id')
    only(issues, 'scenarios["s1"].sides[2].id')
    only(issues, 'scenarios["s1"].end.turn')


def test_counter_side_declared_by_no_scenario():
    d = docs()
    d["counters.json"]["counters"]["ge-1"]["side"] = "axis"
    issues = problems(d)
    only(issues, 'counters["ge-1"].side')
    only(issues, 'scenarios["s1"].setup[1].counter')


# --- structure -----------------------------------------------------------------------------------


def test_wrong_type_and_unknown_field_are_reported_at_the_field():
    d = docs()
    d["counters.json"]["counters"]["al-1"]["strength"] = "six"
    d["map/hexes.json"]["map"]["hexes"]["0101"]["colour"] = "green"
    issues = problems(d)
    assert only(issues, 'counters["al-1"].strength').message == "Expected `int | null`, got `str`"
    hexes = only(issues, 'map.hexes["0101"]')
    assert "colour" in hexes.message and hexes.file == "map/hexes.json"


def test_a_record_defined_in_two_files():
    extra = {"more.json": json.dumps({"counters": {"al-1": {"side": "allied", "type": "x", "cls": "y",
                                                              "prov": "invented"}}}).encode(),
             "pack.toml": PACK_TOML.replace(b'"scenarios/*.json"]', b'"scenarios/*.json", "more.json"]')}
    issue = only(problems(extra=extra), 'counters["al-1"]')
    assert "counters.json" in issue.message and issue.file == "more.json"


def test_manifest_problems():
    bad_pattern = PACK_TOML.replace(b'"tables.json"', b'"tabels.json"')
    issues = problems(extra={"pack.toml": bad_pattern})
    assert "tabels.json" in only(issues, "files[4]").message
    issues = problems(extra={"map/grid.toml": b"[map.grid\nmajor = 'row'"})
    assert "cannot be read" in only(issues, "map/grid.toml").message
    issues = problems(extra={"pack.toml": PACK_TOML.replace(b"schema_version = 1", b"schema_version = 99")})
    only(issues, "meta.schema_version")
    issues = problems(extra={"pack.toml": PACK_TOML + b"\n[bogus]\nx = 1\n"})
    only(issues, "bogus")


def test_every_error_is_reported_not_just_the_first():
    d = docs()
    d["counters.json"]["counters"]["al-1"]["prov"] = "foo"
    d["counters.json"]["counters"]["ge-1"]["prov"] = "bar"
    d["tables.json"]["tables"]["crt"]["rows"]["2"].pop()
    d["scenarios/s1.json"]["scenarios"]["s1"]["seats"][0]["side"] = "soviet"
    d["map/features.json"]["map"]["hexsides"]["0101/0103"] = {"features": [], "prov": "invented"}
    paths = {i.path for i in problems(d)}
    assert paths == {'counters["al-1"].prov', 'counters["ge-1"].prov', 'tables["crt"].rows["2"]',
                     'scenarios["s1"].seats[0].side', 'map.hexsides["0101/0103"]'}


def test_every_structural_error_is_reported_too():
    d = docs()
    d["counters.json"]["counters"]["al-1"]["strength"] = "six"
    d["counters.json"]["counters"]["ge-1"]["movement"] = []
    d["map/hexes.json"]["map"]["hexes"]["0304"]["terrain"] = 4
    paths = {i.path for i in problems(d)}
    assert paths == {'counters["al-1"].strength', 'counters["ge-1"].movement', 'map.hexes["0304"].terrain'}


def test_issues_print_with_path_and_file():
    d = docs()
    d["counters.json"]["counters"]["al-1"]["strength"] = "six"
    with pytest.raises(PackInvalid) as e:
        decode_pack(files(d))
    assert 'counters["al-1"].strength: Expected `int | null`, got `str` (in counters.json)' in str(e.value)
