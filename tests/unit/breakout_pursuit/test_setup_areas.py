"""The free set-up areas of the Breakout & Pursuit pack (set-up sheets L878-1091) against the text.

The map computes them (tools/bp_map/setup_areas.py); these tests read the committed pack, check
each area against its printed definition with the grid, and check that every historical set-up
hex lies in the free set-up area of its heading.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from domain.kernel.grid import Grid, hexside_id
from domain.kernel.pack.provenance import kind, resolve
from domain.kernel.pack.schema import Pack
from infra.packs import load_pack_dir

PACK = Path(__file__).resolve().parents[3] / "domain" / "games" / "breakout_pursuit" / "pack"
SCREEN_MUST = "0205 0408 0417 0420 0323 0425 0930 0936 1232".split()  # L919
LE_MANS_GROUP = "1539 1540 1638 1733 1735 1738 1832 1835 1837 1838 1939 2038".split()  # L985-996


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack_dir(PACK)  # raises PackInvalid listing every issue


@pytest.fixture(scope="module")
def g(pack) -> Grid:
    return Grid(pack.map.grid)


@pytest.fixture(scope="module")
def land(pack) -> set[str]:
    return {h for h, x in pack.map.hexes.items() if x.terrain != "sea"}


def area(pack, name) -> set[str]:
    return set(pack.map.areas[name].hexes)


def coastal(pack) -> set[str]:
    return {h for h, x in pack.map.hexes.items() if "coastal" in x.features}


def named_areas(pack) -> set[str]:
    """Every area a scenario, a set-up modification, a constraint or a special rule names."""
    names = {p.area for s in pack.scenarios.values() for p in s.setup if p.area}
    names |= {a.edge for s in pack.scenarios.values() for a in s.reinforcements if a.edge}
    extra = pack.extra
    names |= set(extra["setup_areas"])
    for mod in extra["setup_modifications"].values():
        names |= {mod[k] for k in ("area", "from_area", "to_area") if k in mod}
    for c in extra["setup_constraints"].values():
        names |= {alt["area"] for alt in c.get("alternatives", ())}
    names |= {r["release_area"] for r in extra["special_rules"].values() if "release_area" in r}
    return names


def test_every_named_area_exists_and_is_non_empty_land(pack, land):
    names = named_areas(pack)
    assert len(names) > 25
    for name in sorted(names):
        hexes = area(pack, name)
        assert hexes and hexes <= land, name


def test_setup_area_provenance_gives_the_printed_line(pack):
    checked = 0
    for name, entry in pack.extra["setup_areas"].items():
        a = pack.map.areas[name]
        if not (isinstance(a.prov, str) and a.prov.startswith("bp.map.area.setup.")) or entry["prov"]["kind"] != "rulebook":
            continue
        line = entry["prov"]["cite"]["lines"][0]
        p = resolve(a.prov, pack.sources)
        if kind(p) == "rulebook":
            assert p.cite.lines[0] == line, name
        else:
            assert f"L{line}" in (p.evidence if kind(p) == "inferred" else p.reason), name
        checked += 1
    assert checked >= 15


def test_areas_resting_on_placeholder_lines_are_placeholders(pack):
    # The Allied Breakout Line (L1012) and the Seine-Eure angle (L1060) are not printed.
    for name in ("coastal_north_of_breakout_line", "exactly_4_from_rouen_south_of_seine_and_eure",
                 "coastal_north_of_front_line_25_july"):
        assert kind(resolve(pack.map.areas[name].prov, pack.sources)) == "placeholder", name
    assert kind(resolve(pack.map.areas["within_5_of_le_mans"].prov, pack.sources)) == "inferred"


# --- each area is its printed definition ------------------------------------------------------

DISTANCE_AREAS = {
    # name: (centres, at most n hexes, restricted to this base area or None); "exactly" for L1060
    "within_5_of_le_mans": (lambda p: {"2041"}, 5, None),  # L982
    "within_2_of_dreux": (lambda p: {"1833"}, 2, None),  # L982
    "within_4_of_chartres": (lambda p: {"2134"}, 4, None),  # L982
    "on_or_adjacent_argentan": (lambda p: {"1439"}, 1, None),  # L998
    "on_or_adjacent_pipeline_24_aug": (lambda p: {"0840", "0940", "1039", "1138", "1139"}, 1, None),  # L970, L1010
    "coastal_band_north_of_seine": (coastal, 2, "north_of_seine"),  # L919
    "within_6_of_coast_north_of_seine": (coastal, 6, "north_of_seine"),  # L950
    "within_15_of_edge_A": (lambda p: area(p, "edge_A"), 15, None),  # L1071
    "within_20_of_edge_A": (lambda p: area(p, "edge_A"), 20, None),  # L1077
    "within_10_of_edge_A": (lambda p: area(p, "edge_A"), 10, None),  # L1078
}


@pytest.mark.parametrize("name", sorted(DISTANCE_AREAS))
def test_distance_areas_are_every_land_hex_within_range(pack, g, land, name):
    centres, n, within = DISTANCE_AREAS[name]
    cs = centres(pack)
    expected = {h for h in land if min(g.distance(h, c) for c in cs) <= n}
    if within:
        expected &= area(pack, within)
    assert area(pack, name) == expected


def test_1535_is_exactly_four_from_rouen_south_of_the_seine_and_eure(pack, g):
    rouen = pack.map.places["Rouen"].hexes[0]
    assert rouen == "1232"  # a coastal-screen hex (L919), Rouen on the map
    four = area(pack, "exactly_4_from_rouen_south_of_seine_and_eure")
    assert "1535" in four and g.distance(rouen, "1535") == 4  # L1060
    assert all(g.distance(rouen, h) == 4 for h in four)
    assert four <= area(pack, "south_of_seine_and_eure") and not four & area(pack, "north_of_seine")


def test_every_coastal_screen_hex_can_be_covered_from_the_band(pack, g):
    # L919: a unit on or adjacent to each listed hex, the remainder in the band.
    band = area(pack, "coastal_band_north_of_seine")
    for h in SCREEN_MUST:
        assert h in band or any(g.adjacent(h, b) for b in band), h
    assert "1232" not in band  # Rouen is three hexes inland: covered from a neighbour


def test_le_mans_group_is_near_le_mans_or_dreux_or_chartres(pack):
    # L982: within five of Le Mans, or up to four within two of Dreux, up to five within four of Chartres.
    le_mans, dreux, chartres = (area(pack, n) for n in ("within_5_of_le_mans", "within_2_of_dreux", "within_4_of_chartres"))
    for h in LE_MANS_GROUP:
        assert h in le_mans | dreux | chartres, h
    assert len([h for h in LE_MANS_GROUP if h not in le_mans]) <= 4 + 5


def test_north_west_or_south_of_argentan_leaves_out_the_eastern_hexes(pack, g):
    # L1005. The grid is turned so that 1438 (lower column, same row) is ENE and 1539 ESE of 1439;
    # 1339 lies due North, 1540 due South, 1440 WSW and 1340 WNW.
    nws = area(pack, "within_2_nws_of_argentan")
    assert {"1439", "1339", "1340", "1440", "1540", "1640"} <= nws
    assert not {"1438", "1539", "1437", "1538", "1638"} & nws
    assert len(nws) == 19 - 5 and all(g.distance("1439", h) <= 2 for h in nws)


def test_the_front_line_bands(pack, g, land):
    north = area(pack, "north_of_front_line_25_july")
    four = area(pack, "within_4_south_of_front_line_25_july")
    bank = {h for s in pack.map.lines["front_line_25_july"].hexsides for h in s.split("/") if h not in north}
    assert bank <= four and not four & north
    assert all(min(g.distance(h, n) for n in north) <= 4 for h in four)  # L950
    assert area(pack, "not_within_4_of_front_line_25_july") == land - north - four  # L952
    assert area(pack, "not_north_of_front_line_25_july") == land - north  # L935


def test_seine_areas_split_the_north_bank(pack, g):
    seine = set(pack.map.lines["river:Seine"].hexsides)
    north = area(pack, "north_of_seine")
    bank = {h for h in north if any(hexside_id(h, n) in seine for n in g.neighbour_ids(h))}
    assert bank and bank <= area(pack, "north_within_4_of_seine") <= north  # L1046
    assert bank <= area(pack, "rouen_or_seine_bank_or_paris")  # L1034 (b)
    assert area(pack, "north_of_seine_not_adjacent") == north - bank  # L1054
    assert "1326" not in area(pack, "north_within_4_of_seine")  # Amiens, on the Somme


def test_coastal_and_town_areas(pack):
    coast, north = coastal(pack), area(pack, "north_of_seine")
    assert area(pack, "coastal_north_of_seine") == coast & north  # L1024
    assert area(pack, "coastal_north_of_breakout_line") == coast & area(pack, "north_of_allied_breakout_line")  # L1012
    towns = area(pack, "towns_north_of_seine_excl_paris")  # L916
    assert {"1019", "1326"} <= towns and not towns & set(pack.map.places["Paris"].hexes)
    assert all(pack.map.hexes[h].terrain == "town" for h in towns) and towns <= north
    assert area(pack, "paris") == {"2029", "2129", "2130"}  # L913
    assert all(int(h[:2]) < 20 for h in area(pack, "north_of_seine_above_2000_row"))  # L908


# --- the historical set-ups against the free set-up areas -------------------------------------


def placements(pack, oob: str, mode: str) -> dict[str, object]:
    out = {}
    for s in pack.scenarios.values():
        if s.options["order_of_battle"].startswith(oob):
            for p in s.setup:
                side = pack.counters[p.counter].side
                if s.options[f"{side}_setup"] == mode:
                    out[p.counter] = p
    return out


def outside_their_area(pack) -> list[str]:
    """Historical hexes outside the free set-up area of their heading (alternatives allowed)."""
    alternatives = {a["area"] for c in pack.extra["setup_constraints"].values() for a in c.get("alternatives", ())}
    out = []
    for oob in ("25 July", "24 August"):
        hist, free = placements(pack, oob, "historical"), placements(pack, oob, "free")
        for cid, h in sorted(hist.items()):
            f = free.get(cid)
            for name in {x for x in (h.area, f.area if f else None) if x}:
                if h.at is None or h.at == "staging":
                    continue
                allowed = area(pack, name)
                if name == "within_5_of_le_mans":  # L982: Dreux and Chartres instead, for some
                    allowed |= set().union(*(area(pack, a) for a in alternatives))
                if h.at not in allowed:
                    out.append(f"{oob}: {cid} at {h.at} not in {name}")
    return out


def test_every_historical_hex_lies_in_its_free_setup_area(pack):
    bad = outside_their_area(pack)
    print("\n".join(bad) or "every historical set-up hex lies in its free set-up area")
    assert not bad, bad


def test_paratroops_start_in_the_staging_box_in_a_free_setup(pack):
    # L1014: "either the Paratroop & Reinforcement Staging Area, or stacked with any unit(s) on map"
    free = placements(pack, "24 August", "free")
    paras = [p for cid, p in free.items() if "-stg" in cid or cid == "uk-aug-xx-7-6-1038"]
    assert len(paras) == 6 and all(p.at == "staging" and p.area is None for p in paras)
    assert "staging" in pack.map.boxes
    assert pack.extra["setup_constraints"]["aug_paratroops"]["or_stacked_with_any_unit"] is True
