"""Owner overrides: placeholders and inferences give way freely; printed data only when marked."""
from __future__ import annotations

import json

import pytest

from domain.kernel.pack.canonical import pack_hash
from domain.kernel.pack.decode import decode_pack
from domain.kernel.pack.errors import Issue, PackInvalid
from domain.kernel.pack.overrides import apply_overrides
from domain.kernel.pack.summary import Counts, summarize
from tests.unit.kernel.packfiles import docs, files

BASE = decode_pack(files())

OWNER_SOURCE = {"owner-map": {"kind": "rulebook", "cite": {"kind": "rulebook", "book": "physical map sheet",
                                                           "section": "map"}}}


def override(data: dict, manifest: str = "", name: str = "owner") -> dict[str, bytes]:
    head = f'files = ["*.json"]\n[override]\nname = "{name}"\nbase = "testgame"\n{manifest}'
    return {"pack.toml": head.encode(), "data.json": json.dumps(data).encode()}


def problems(base, files_) -> list[Issue]:
    with pytest.raises(PackInvalid) as e:
        apply_overrides(base, files_)
    return e.value.issues


def test_a_placeholder_hex_is_replaced_and_the_merged_pack_has_its_own_hash():
    merged = apply_overrides(BASE, override({
        "sources": OWNER_SOURCE,
        "map": {"hexes": {"0101": {"terrain": "rough", "edges": ["W"], "prov": "owner-map"}}},
    }))
    assert merged.map.hexes["0101"].terrain == "rough"
    assert merged.map.hexes["0102"] == BASE.map.hexes["0102"]
    assert merged.meta.overrides == ("owner",)
    assert pack_hash(merged) != pack_hash(BASE)
    assert summarize(merged).hexes == Counts(rulebook=2, inferred=1, placeholder=9)


def test_an_inferred_hexside_is_replaced_and_new_records_are_added():
    merged = apply_overrides(BASE, override({
        "sources": OWNER_SOURCE,
        "map": {"hexsides": {"0102/0202": {"features": ["canal"], "prov": "owner-map"},
                             "0303/0304": {"features": ["river"], "prov": "owner-map"}}},
    }))
    assert merged.map.hexsides["0102/0202"].features == ("canal",)
    assert "0303/0304" in merged.map.hexsides


def test_an_invented_field_of_a_printed_counter_may_be_replaced():
    c = dict(docs()["counters.json"]["counters"]["al-2"])
    c["movement"] = 6
    c["field_prov"] = {"movement": "owner-map"}
    merged = apply_overrides(BASE, override({"sources": OWNER_SOURCE, "counters": {"al-2": c}}))
    assert merged.counters["al-2"].movement == 6


def test_changing_a_printed_value_needs_an_explicit_mark():
    c = dict(docs()["counters.json"]["counters"]["al-1"])
    c["strength"] = 7
    issues = problems(BASE, override({"counters": {"al-1": c}}))
    assert [i.path for i in issues] == ['counters["al-1"].strength']
    assert "replace_printed" in issues[0].message
    marked = override({"counters": {"al-1": c}},
                      '[override.replace_printed]\n\'counters["al-1"]\' = "second printing shows 7-8"\n')
    assert apply_overrides(BASE, marked).counters["al-1"].strength == 7


def test_relabelling_printed_data_as_something_else_is_a_change_too():
    c = dict(docs()["counters.json"]["counters"]["al-1"])
    c["prov"] = "invented"
    paths = {i.path for i in problems(BASE, override({"counters": {"al-1": c}}))}
    assert 'counters["al-1"].strength' in paths and 'counters["al-1"].side' in paths


def test_printed_crt_cells_are_guarded_cell_by_cell():
    crt = docs()["tables.json"]["tables"]["crt"]
    crt["rows"]["2"] = [{"result": "DE", "prov": "owner-map"}, {"result": "DE", "prov": "owner-map"}]
    merged = apply_overrides(BASE, override({"sources": OWNER_SOURCE, "tables": {"crt": crt}}))
    assert [c.result for c in merged.tables["crt"].rows["2"]] == ["DE", "DE"]
    crt["rows"]["1"][0] = {"result": "AE", "prov": "book-crt"}
    assert [i.path for i in problems(BASE, override({"sources": OWNER_SOURCE, "tables": {"crt": crt}}))] == \
        ['tables["crt"].rows["1"][0].result']


def test_adding_to_a_printed_set_up_needs_a_mark():
    s = docs()["scenarios/s1.json"]["scenarios"]["s1"]
    s["setup"].append({"counter": "al-2", "at": "0102", "prov": "invented"})
    assert [i.path for i in problems(BASE, override({"scenarios": {"s1": s}}))] == ['scenarios["s1"].setup[2]']


def test_an_unused_mark_is_reported():
    issues = problems(BASE, override({}, '[override.replace_printed]\n\'counters["al-1"]\' = "why"\n'))
    assert [i.path for i in issues] == ['override.replace_printed["counters[\\"al-1\\"]"]']


def test_override_for_another_pack_or_a_changed_base_is_refused():
    assert problems(BASE, {"pack.toml": b'files = []\n[override]\nname = "x"\nbase = "othergame"\n'})[0].path \
        == "override.base"
    pinned = override({}, f'base_hash = "{"0" * 64}"\n')
    assert problems(BASE, pinned)[0].path == "override.base_hash"
    ok = override({"map": {"hexes": {"0304": {"terrain": "rough", "prov": "invented"}}}},
                  f'base_hash = "{pack_hash(BASE)}"\n')
    assert apply_overrides(BASE, ok).map.hexes["0304"].terrain == "rough"


def test_an_override_may_not_redefine_a_source_or_the_grid():
    issues = problems(BASE, override({
        "sources": {"invented": {"kind": "placeholder", "reason": "something else"}},
        "map": {"grid": {"shifted": "odd"}},
    }))
    assert {i.path for i in issues} == {'sources["invented"]', "map.grid"}


def test_the_merged_pack_is_validated_like_any_pack():
    issues = problems(BASE, override({"map": {"hexsides": {"0101/0303": {"features": [], "prov": "invented"}},
                                              "hexes": {"0101": {"terrain": "clear", "prov": "nowhere"}}}}))
    assert {i.path for i in issues} == {'map.hexsides["0101/0303"]', 'map.hexes["0101"].prov'}


def test_overrides_stack_in_order():
    first = apply_overrides(BASE, override({"map": {"hexes": {"0304": {"terrain": "rough", "prov": "invented"}}}},
                                           name="one"))
    second = apply_overrides(first, override({"map": {"hexes": {"0304": {"terrain": "forest", "prov": "invented"}}}},
                                             name="two"))
    assert second.meta.overrides == ("one", "two") and second.map.hexes["0304"].terrain == "forest"
