"""Hex geometry on printed ids: both offset parities, column-major ids, sheets and seams."""
from __future__ import annotations

import pytest

from domain.kernel.grid import Grid, hexside_hexes, hexside_id
from domain.kernel.pack.schema import GridSpec, Sheet

BP = Grid(GridSpec())  # Breakout & Pursuit: RRCC ids, even rows shifted
ODD = Grid(GridSpec(shifted="odd"))


# --- one sheet, both parities --------------------------------------------------------------------


def test_bp_paris_hexes_are_mutually_adjacent():
    # Digest §5.2 evidence 1: Paris is 2029, 2129 and 2130.
    assert BP.adjacent("2029", "2129") and BP.adjacent("2029", "2130") and BP.adjacent("2129", "2130")


def test_bp_hexes_on_or_adjacent_to_argentan():
    # Digest §5.2 evidence 2: "on or adjacent to Argentan (1439)" lists 1340 and 1440.
    assert {"1340", "1440"} <= set(BP.neighbour_ids("1439"))


def test_bp_august_pipeline_is_one_contiguous_chain():
    chain = ["0840", "0940", "1039", "1139", "1138"]
    assert all(BP.adjacent(a, b) for a, b in zip(chain, chain[1:]))


def test_even_shifted_neighbours_of_an_even_and_an_odd_row():
    # Even rows sit half a hex toward higher columns: an even row's hexes touch c and c+1 above
    # and below; an odd row's touch c-1 and c.
    assert set(BP.neighbour_ids("1010")) == {"1009", "1011", "0910", "0911", "1110", "1111"}
    assert set(BP.neighbour_ids("1139")) == {"1138", "1140", "1038", "1039", "1238", "1239"}


def test_odd_shifted_neighbours_mirror_the_even_layout():
    assert set(ODD.neighbour_ids("1010")) == {"1009", "1011", "0909", "0910", "1109", "1110"}
    assert set(ODD.neighbour_ids("1139")) == {"1138", "1140", "1039", "1040", "1239", "1240"}


def test_parity_decides_whether_the_paris_hexes_touch():
    assert not (ODD.adjacent("2029", "2130") and ODD.adjacent("2129", "2130") and ODD.adjacent("2029", "2129"))


def test_distance_two_rows_straight_down_is_two():
    assert BP.distance("1010", "1210") == 2
    assert BP.distance("1010", "1014") == 4
    assert BP.distance("1010", "1010") == 0


def test_column_major_ids_air_bridge_example():
    # Air Bridge §9.3: 4509 is assaulted from 4408 and 4508, so both touch it. Ids read CCRR, and
    # the sheets print them without a separator ("B5014").
    even = Grid(GridSpec(major="col", separator=""))
    odd = Grid(GridSpec(major="col", shifted="odd", separator=""))
    assert even.adjacent("4509", "4408") and even.adjacent("4509", "4508")
    assert not odd.adjacent("4509", "4408")


def test_neighbours_are_given_in_direction_order_and_opposites_match():
    n = BP.neighbours_at("1010")
    for i, hid in enumerate(n):
        assert BP.direction("1010", hid) == i
        assert BP.direction(hid, "1010") == (i + 3) % 6


def test_neighbours_stop_at_the_numbering():
    assert set(BP.neighbour_ids("0000")) == {"0001", "0100", "0101"}


@pytest.mark.parametrize("bad", ["840", "08400", "08a0", "E:0840", "0840/0841", ""])
def test_malformed_ids_are_rejected(bad):
    assert not BP.is_id(bad)
    with pytest.raises(ValueError):
        BP.parse(bad)


def test_separator_is_part_of_the_id():
    g = Grid(GridSpec(major="col", separator="", sheets=(Sheet(prefix="B", rows=(1, 20), cols=(1, 60)),)))
    assert g.parse("B5014") == (50, 14)  # column 50 is the offset line, row 14 the position
    assert not g.is_id("B:5014")


# --- hexsides ------------------------------------------------------------------------------------


def test_hexside_id_is_order_free():
    assert hexside_id("0941", "0840") == hexside_id("0840", "0941") == "0840/0941"
    assert hexside_hexes("0840/0941") == ("0840", "0941")


def test_a_hex_has_six_hexsides_each_shared_with_one_neighbour():
    sides = BP.hexsides("1010")
    assert len(set(sides)) == 6
    for side, n in zip(sides, BP.neighbours_at("1010")):
        a, b = hexside_hexes(side)
        assert {a, b} == {"1010", n}
        assert side in BP.hexsides(n)


# --- lines, rings, areas -------------------------------------------------------------------------


def test_line_along_a_row():
    assert BP.line("1010", "1014") == ("1010", "1011", "1012", "1013", "1014")


@pytest.mark.parametrize("a,b", [("0840", "1138"), ("1010", "1530"), ("2029", "0205"), ("1400", "3926")])
def test_line_is_a_chain_of_neighbours_as_long_as_the_distance(a, b):
    line = BP.line(a, b)
    assert line[0] == a and line[-1] == b
    assert len(line) == BP.distance(a, b) + 1
    assert all(BP.adjacent(x, y) for x, y in zip(line, line[1:]))


def test_rings_and_areas():
    assert set(BP.ring("1010", 1)) == set(BP.neighbour_ids("1010"))
    ring2 = BP.ring("1010", 2)
    assert len(ring2) == 12 and all(BP.distance("1010", h) == 2 for h in ring2)
    area = BP.within("1010", 3)
    assert len(area) == 37 and len(set(area)) == 37
    assert BP.ring("1010", 0) == ("1010",)


def test_ring_is_clipped_at_the_numbering():
    assert set(BP.ring("0000", 1)) == {"0001", "0100", "0101"}


# --- several sheets and seams --------------------------------------------------------------------

# Two sheets side by side; the seam column is printed on both (W col 10 = E col 1); W owns it.
WE = Grid(GridSpec(sheets=(
    Sheet(prefix="W", rows=(1, 10), cols=(1, 10)),
    Sheet(prefix="E", rows=(1, 10), cols=(1, 10), origin=(0, 9)),
)))
# Two sheets one above the other, abutting (no overlap): S row 1 lies just below N row 5.
NS = Grid(GridSpec(sheets=(
    Sheet(prefix="N", rows=(1, 5), cols=(1, 8)),
    Sheet(prefix="S", rows=(1, 5), cols=(1, 8), origin=(5, 0)),
)))


def test_a_seam_hex_printed_on_two_sheets_resolves_to_the_first_sheet():
    assert WE.canonical("E:0501") == "W:0510"
    assert WE.canonical("W:0510") == "W:0510"
    assert WE.parse("E:0501") == WE.parse("W:0510")


def test_neighbours_across_a_vertical_seam():
    # W:0510 is in odd row 5: rows 4 and 6 touch columns 9 and 10, which W numbers; east of it lies
    # global column 11 = E column 2.
    assert set(WE.neighbour_ids("W:0510")) == {"W:0509", "E:0502", "W:0409", "W:0410", "W:0609", "W:0610"}
    # E:0402 (even row 4, shifted): west is the seam hex, owned by W.
    assert set(WE.neighbour_ids("E:0402")) == {"W:0410", "E:0403", "E:0302", "E:0303", "E:0502", "E:0503"}


def test_distance_and_hexsides_across_a_seam():
    # E column 5 is global column 14: nine hexes along row 5.
    assert WE.distance("W:0505", "E:0505") == 9
    assert hexside_id("W:0410", "E:0402") in WE.hexsides("E:0402")
    assert WE.adjacent("W:0410", "E:0402")


def test_neighbours_across_a_horizontal_seam():
    # N:0503 is in global row 5 (odd); the row below is global row 6 = S row 1, which S numbers.
    assert {"S:0102", "S:0103"} <= set(NS.neighbour_ids("N:0503"))
    assert NS.distance("N:0103", "S:0103") == 5


def test_ring_spans_sheets():
    assert set(WE.ring("W:0510", 1)) == set(WE.neighbour_ids("W:0510"))
    assert "E:0503" in WE.within("W:0510", 2)


def test_ids_outside_a_sheet_or_of_no_sheet_are_rejected():
    for bad in ("W:0511", "X:0101", "0510", "E:1101"):
        with pytest.raises(ValueError):
            WE.parse(bad)


def test_format_names_a_hex_on_either_sheet_of_a_seam():
    line, pos = WE.parse("W:0510")
    assert WE.format(line, pos, "E") == "E:0501"
    assert WE.id_of(line, pos) == "W:0510"
