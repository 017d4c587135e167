"""The provenance summary counts each record under its weakest provenance."""
from __future__ import annotations

from domain.kernel.pack.decode import decode_pack
from domain.kernel.pack.summary import Counts, format_summary, summarize
from tests.unit.kernel.packfiles import docs, files


def test_summary_of_the_fixture_pack_counted_by_hand():
    s = summarize(decode_pack(files()))
    # See packfiles.py: 0203 printed, 0102 inferred, ten placeholder hexes.
    assert s.hexes == Counts(rulebook=1, inferred=1, placeholder=10)
    assert s.hexsides == Counts(inferred=1, placeholder=1)
    assert s.places == Counts(rulebook=1)
    assert s.areas == Counts(placeholder=1) and s.lines == Counts(placeholder=1)
    assert s.boxes == Counts(placeholder=3)
    # al-2 is printed except its movement allowance, so it counts as a placeholder.
    assert s.counters == Counts(rulebook=1, placeholder=2)
    assert s.crt_cells == Counts(rulebook=2, placeholder=2)
    assert s.chart_rows == Counts(rulebook=1, placeholder=1)
    assert s.scenarios == Counts(rulebook=1)
    assert s.placements == Counts(rulebook=1, placeholder=1)
    assert s.arrivals == Counts(rulebook=1)


def test_an_inferred_field_on_a_printed_record_makes_it_inferred():
    d = docs()
    d["counters.json"]["counters"]["al-1"]["field_prov"] = {"strength": "geo"}
    assert summarize(decode_pack(files(d))).counters == Counts(inferred=1, placeholder=2)


def test_formatted_summary_lists_the_non_empty_rows():
    text = format_summary(summarize(decode_pack(files())))
    lines = text.splitlines()
    assert lines[0].split() == ["rulebook", "inferred", "placeholder"]
    assert "map hexes                        1         1           10" in lines
    assert any(line.startswith("CRT cells") and line.split()[-3:] == ["2", "0", "2"] for line in lines)
    assert len(lines) == 13
