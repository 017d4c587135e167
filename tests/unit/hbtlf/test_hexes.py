"""Geometry from the hex ids, calibrated on the fortress rings the scenarios print around their
cities: each ring must be exactly the six neighbours of its centre."""
from __future__ import annotations

import pytest

from domain.games.hbtlf import hexes

# (centre, the six ring hexes as printed in the set-ups; digest section 4.2)
RINGS = {
    "Verdun": ("E:4228", ["E:4127", "E:4227", "E:4128", "E:4328", "E:4327", "E:4229"]),
    "Metz": ("E:4120", ["E:4020", "E:4119", "E:4021", "E:4221", "E:4220", "E:4121"]),
    "Mainz": ("E:2305", ["E:2205", "E:2304", "E:2206", "E:2406", "E:2405", "E:2306"]),
    "Toul": ("E:4921", ["E:4821", "E:4920", "E:4822", "E:5022", "E:5021", "E:4922"]),
    "Belfort": ("E:6309", ["E:6209", "E:6308", "E:6210", "E:6410", "E:6409", "E:6310"]),
    "Langres": ("E:6324", ["E:6224", "E:6323", "E:6225", "E:6425", "E:6424", "E:6325"]),
    "Strassbourg": ("E:4504", ["E:4404", "E:4503", "E:4405", "E:4605", "E:4604", "E:4505"]),
    "Rheims": ("W:4307", ["W:4207", "W:4306", "W:4208", "W:4408", "W:4407", "W:4308"]),
    "Maubeuge": ("W:2710", ["W:2610", "W:2709", "W:2611", "W:2811", "W:2810", "W:2711"]),
    "Lille": ("W:2319", ["W:2219", "W:2318", "W:2220", "W:2420", "W:2419", "W:2320"]),
}


@pytest.mark.parametrize("city", sorted(RINGS))
def test_fortress_ring_is_the_centres_neighbours(city):
    centre, ring = RINGS[city]
    assert sorted(hexes.neighbours(centre)) == sorted(ring)
    assert all(hexes.distance(centre, h) == 1 for h in ring)


def test_distances():
    assert hexes.distance("W:5321", "W:5321") == 0
    assert hexes.distance("W:5321", "W:5325") == 4  # along a row
    assert hexes.distance("W:5321", "W:5521") == 2  # two rows south, same column: odd row 53 then even 54
    assert hexes.distance("W:5321", "W:4533") == 16  # Paris to Rouen: 8 rows, 12 columns west, 4 absorbed by the rows
    # Paris 2 (W:5119) and Paris 3 (W:5021) against Paris 13 (W:5321): 2 rows buy 1 column, so 3 each
    assert hexes.distance("W:5119", "W:5321") == 3 and hexes.distance("W:5021", "W:5321") == 3
    assert hexes.within("W:5119", 3, "W:5321") is True
    assert hexes.within("W:5021", 2, "W:5321") is False


def test_across_the_seam_is_not_computed():
    assert hexes.distance("W:5321", "E:4228") is None
    assert hexes.within("E:4228", 10, "W:5321") is None


def test_hexrows_and_control_lines():
    s2 = [{"map": "W", "rows": [27, 70], "west_of_col": 3}, {"map": "W", "rows": [10, 26]}, {"map": "E", "rows": [10, 26], "west_of_col": 15}]
    assert hexes.in_area("W:2704", s2) and not hexes.in_area("W:2703", s2)  # west of the 0003 hexrow, south of 2700
    assert hexes.in_area("W:2603", s2) and hexes.in_area("E:2616", s2) and not hexes.in_area("E:2615", s2)
    assert not hexes.in_area("E:2716", s2)
    line = ["W:1004", "W:2319"]
    assert hexes.west_of_line("W:2325", line) and hexes.west_of_line("W:2319", line)
    assert not hexes.west_of_line("W:2318", line) and not hexes.west_of_line("W:3030", line)


def test_bad_ids_refused():
    for bad in ("W:44703", "3:1523", "E2129", "X:1000"):
        assert not hexes.is_hex(bad)
        with pytest.raises(hexes.NotAHex):
            hexes.parse(bad)

