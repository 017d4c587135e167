"""The Breakout & Pursuit map pack against everything the rulebook says about the map.

Line numbers (L…) are those of the seed text 000_8b4f0543e9b3b018.txt; hex lists come from the
set-up sheets (digest §4.4).
"""
from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from domain.kernel.grid import Grid, hexside_id
from domain.kernel.pack.provenance import KINDS, Provenance, kind
from domain.kernel.pack.schema import MapData

PACK = Path(__file__).resolve().parents[3] / "domain" / "games" / "breakout_pursuit" / "pack"

ALLIED_JULY = "0342 0542 0544 0641 0642 0643 0740 0741 0743 0839".split()
GERMAN_JULY = ("2029 3926 0353 1019 1326 0205 0324 0408 0417 0420 0515 0621 0726 0833 0928 0931 0936 "
               "0644 0744 0941 0843 0844 0942 0943 1038 1040 1041 1139").split()
GERMAN_JULY_SOUTH = "0644 0744 0941 0843 0844 0942 0943 1038 1040 1041 1139".split()
ALLIED_AUGUST = ("1037 1038 1039 1138 1139 1140 1238 1239 1539 1540 1638 1733 1735 1738 1832 1835 1837 1838 "
                 "1939 2038 1340 1439 1440 1640 0840 0940").split()
GERMAN_AUGUST = ("0323 0420 0425 0936 0417 0931 1232 1233 1133 1334 1930 1134 1532 1731 1130 2326 2228 2428 "
                 "1227 1327 1535 0205 0408 2735 2215 2415").split()
SCREEN_MUST = "0205 0408 0417 0420 0323 0425 0930 0936 1232".split()  # L919
PAPER_HEXES = {"1400", "1502", "1903", "2103", "2029", "2129", "2130", "2134", "1833", "2041", "1439", "0847",
               *ALLIED_JULY, *GERMAN_JULY, *ALLIED_AUGUST, *GERMAN_AUGUST, *SCREEN_MUST}


@pytest.fixture(scope="module")
def m() -> MapData:
    return msgspec.json.decode((PACK / "map.json").read_bytes(), type=dict[str, MapData])["map"]


@pytest.fixture(scope="module")
def sources() -> dict[str, Provenance]:
    return msgspec.json.decode((PACK / "map_sources.json").read_bytes(), type=dict[str, dict[str, Provenance]])["sources"]


@pytest.fixture(scope="module")
def g(m) -> Grid:
    return Grid(m.grid)


def area(m, name) -> set[str]:
    return set(m.areas[name].hexes)


def coastal(m, h) -> bool:
    return "coastal" in m.hexes[h].features


def seine_adjacent(m, g, h) -> bool:
    seine = set(m.lines["river:Seine"].hexsides)
    return any(hexside_id(h, n) in seine for n in g.neighbour_ids(h))


def test_grid_is_rows_00_to_39_by_columns_00_to_53(m):
    assert len(m.hexes) == 40 * 54
    assert {"0000", "0053", "3900", "3953"} <= set(m.hexes)
    assert m.grid.major == "row" and m.grid.shifted == "even"


def test_every_prov_key_resolves(m, sources):
    refs = []
    for group in (m.hexes, m.hexsides, m.places, m.areas, m.lines, m.boxes):
        for rec in group.values():
            refs.append(rec.prov)
            refs.extend(rec.field_prov.values())
    missing = {r for r in refs if isinstance(r, str) and r not in sources}
    assert not missing
    assert {kind(p) for p in sources.values()} <= set(KINDS)


def test_every_hex_the_rulebook_names_is_a_land_hex(m):
    for h in sorted(PAPER_HEXES):
        assert h in m.hexes, h
        assert m.hexes[h].terrain != "sea", h


def test_hexes_set_up_on_any_coastal_hex_are_coastal_and_north_of_the_seine(m):
    # German 24 August: "On any coastal hex or hexes North of the Seine River" (L1024-1032).
    for h in "0323 0420 0425 0936 0417 0931".split():
        assert coastal(m, h), h
        assert h in area(m, "north_of_seine"), h


def test_town_or_city_hexes_north_of_the_seine(m):
    # L916-917: "On any town or city hex(es) North of the Seine River (Paris excluded)".
    for h in ("1019", "1326"):
        assert m.hexes[h].terrain == "town", h
        assert h in area(m, "north_of_seine"), h


def test_paris_is_three_mutually_adjacent_city_hexes(m, g):
    paris = ("2029", "2129", "2130")
    assert set(m.places["Paris"].hexes) == set(paris)
    assert all(m.hexes[h].terrain == "town" for h in paris)
    assert g.adjacent("2029", "2129") and g.adjacent("2029", "2130") and g.adjacent("2129", "2130")


def test_st_malo_is_a_coastal_fortress_hex(m):
    h = m.hexes["0847"]
    assert "fortress" in h.features and "coastal" in h.features and h.terrain == "town"
    assert h.name == "St. Malo"


def test_every_fortress_is_a_coastal_town(m):
    assert "0847" in area(m, "fortresses")
    for h in area(m, "fortresses"):
        assert m.hexes[h].terrain == "town" and coastal(m, h), h


def test_edge_hexes_the_set_up_names(m):
    assert "D" in m.hexes["0353"].edges  # L915
    assert "B" in m.hexes["3926"].edges  # L914
    assert "East" in m.hexes["1400"].edges  # Essen, column 00


def test_ss_units_are_within_15_hexes_of_an_a_edge_hex(m, g):
    # L1071-1072.
    for h in ("2215", "2415"):
        assert min(g.distance(h, a) for a in area(m, "edge_A")) <= 15


def test_august_pipeline_chain_is_contiguous_land(m, g):
    chain = "0840 0940 1039 1139 1138".split()  # L1010
    assert all(g.adjacent(a, b) for a, b in zip(chain, chain[1:]))
    assert all(m.hexes[h].terrain != "sea" for h in chain)
    assert m.places["Bayeux"].hexes == ("0840",)  # an active chain starts on Bayeux (L438)


def test_rouen_is_exactly_four_hexes_from_1535(m, g):
    rouen = m.places["Rouen"].hexes[0]
    assert g.distance(rouen, "1535") == 4  # L1060
    assert "1535" in area(m, "south_of_seine_and_eure")
    assert "1535" not in area(m, "north_of_seine")


def test_rouen_group_is_near_rouen_or_on_the_seine_or_in_paris(m, g):
    # L1034: (a) within two hexes of Rouen, (b) adjacent to and North of the Seine, (c) in Paris.
    rouen = m.places["Rouen"].hexes[0]
    north = area(m, "north_of_seine")
    for h in "1232 1233 1133 1334 1930 1134 1532 1731".split():
        ok = g.distance(rouen, h) <= 2 or (seine_adjacent(m, g, h) and h in north) or h in m.places["Paris"].hexes
        assert ok, h


def test_north_of_and_within_four_hexes_of_the_seine(m, g):
    seine_hexes = {x for s in m.lines["river:Seine"].hexsides for x in s.split("/")}
    for h in "1130 2326 2228 2428".split():  # L1046
        assert h in area(m, "north_of_seine"), h
        assert min(g.distance(h, s) for s in seine_hexes) <= 4, h


def test_north_of_the_seine_but_not_adjacent_to_it(m, g):
    for h in ("1227", "1327"):  # L1054
        assert h in area(m, "north_of_seine") and not seine_adjacent(m, g, h), h


def test_2735_is_south_of_the_loire(m):
    assert "2735" in area(m, "south_of_loire")  # L1070


def test_coastal_screen_units_are_north_of_the_seine_and_near_the_coast(m, g):
    # L919: the remainder "on any hex North of the Seine River, and no more than two hexes from a coastal hex".
    coast = {h for h in m.hexes if coastal(m, h)}
    for h in "0205 0324 0408 0417 0420 0515 0621 0726 0833 0928 0931 0936".split():
        assert h in area(m, "north_of_seine"), h
        assert min(g.distance(h, c) for c in coast) <= 2, h


def test_25_july_front_line_separates_the_july_set_ups(m):
    north = area(m, "north_of_front_line_25_july")
    assert set(ALLIED_JULY) <= north  # L886
    assert not set(GERMAN_JULY_SOUTH) & north  # L935
    sides = m.lines["front_line_25_july"].hexsides
    assert sides and all((a in north) != (b in north) for a, b in (s.split("/") for s in sides))


def test_allied_breakout_line_lies_south_of_the_july_allies_and_has_a_coast_north_of_it(m):
    north = area(m, "north_of_allied_breakout_line")
    assert set(ALLIED_JULY) <= north
    assert any(coastal(m, h) for h in north)  # the Naval Supply set-up (L1012)


def test_allied_august_groups_fit_le_mans_dreux_and_argentan(m, g):
    # L982: not more than five hexes from Le Mans (2041), or up to four within two of Dreux (1833).
    for h in "1539 1540 1638 1738 1837 1838 1939 2038".split():
        assert g.distance("2041", h) <= 5, h
    for h in "1733 1735 1832 1835".split():
        assert g.distance("1833", h) <= 2, h
    for h in ("1340", "1440"):  # L998: on or adjacent to Argentan (1439)
        assert g.adjacent("1439", h), h


def assert_chain(g, name, sides):
    assert sides, name
    assert len(set(sides)) == len(sides), name
    for s1, s2 in zip(sides, sides[1:]):
        hexes = set(s1.split("/")) | set(s2.split("/"))
        # two hexsides meet at a corner when their hexes are three mutually adjacent hexes
        assert len(hexes) == 3 and all(g.adjacent(a, b) for a in hexes for b in hexes if a < b), (name, s1, s2)


def test_rivers_are_connected_chains_of_hexsides(m, g):
    rivers = {k: v for k, v in m.lines.items() if k.startswith("river:")}
    assert {f"river:{r}" for r in ("Seine", "Loire", "Eure", "Somme", "Oise", "Marne", "Aisne", "Meuse", "Moselle",
                                   "Rhine", "Waal", "Scheldt", "Orne", "Vire", "Mayenne", "Sarthe")} <= set(rivers)
    for name, line in rivers.items():
        assert_chain(g, name, line.hexsides)
        for s in line.hexsides:
            assert "river" in m.hexsides[s].features, (name, s)


def test_front_line_and_breakout_line_are_unbroken(m, g):
    for name in ("front_line_25_july", "allied_breakout_line"):
        assert_chain(g, name, m.lines[name].hexsides)


def test_sea_hexsides_lie_between_land_and_sea(m):
    for sid, hs in m.hexsides.items():
        a, b = sid.split("/")
        if "sea" in hs.features:
            assert (m.hexes[a].terrain == "sea") != (m.hexes[b].terrain == "sea"), sid
        else:
            assert m.hexes[a].terrain != "sea" and m.hexes[b].terrain != "sea", sid


def test_coastal_hexes_are_exactly_the_land_hexes_with_a_sea_hexside(m, g):
    for h, x in m.hexes.items():
        has_sea_side = any(n in m.hexes and m.hexes[n].terrain == "sea" for n in g.neighbour_ids(h))
        assert ("coastal" in x.features) == (x.terrain != "sea" and has_sea_side), h


def test_rhine_breach_region_is_east_of_the_rhine_and_south_of_the_ruhr(m):
    breach = area(m, "east_of_rhine_south_of_ruhr")
    assert breach
    assert not {"1400", "1903", "2103"} & breach  # Essen north of the Ruhr; Bonn and Remagen (L662) west of the Rhine
    assert {"1502", "1600"} <= breach  # Düsseldorf and Wuppertal: right bank, south of the Ruhr


# Issue 16: the places a referee found on the wrong bank, or in a region they are not in.
KENT_SUSSEX = {f"00{r}" for r in range(24, 31)}
JERSEY = {"0446"}
BETUWE = {"0507", "0508", "0605", "0606", "0704", "0803"}  # between the Waal and the Nederrijn: Dordrecht, Nijmegen


def rhine(m, a: str, b: str) -> bool:
    hs = m.hexsides.get(hexside_id(a, b))
    return hs is not None and "river" in hs.features and hs.name == "Rhine"


def test_game_length_b_dusseldorf_is_on_the_rhines_right_bank_across_the_river_from_krefeld(m):
    """Düsseldorf's centre (1502) is on the right bank, Krefeld (1402) and Neuss on the left: the Rhine
    runs along 1502's west side, so 1502 is east of the Rhine and south of the Ruhr (L207-212)."""
    assert m.places["Düsseldorf"].hexes == ("1502",) and m.places["Krefeld"].hexes == ("1402",)
    assert rhine(m, "1502", "1402") and rhine(m, "1502", "1503") and rhine(m, "1502", "1602")
    assert not any(rhine(m, "1502", n) for n in ("1401", "1501", "1601"))
    breach = area(m, "east_of_rhine_south_of_ruhr")
    assert "1502" in breach and "1402" not in breach


def test_game_length_b_the_breach_area_is_on_the_mainland_only(m):
    """East of the Rhine and south of the Ruhr holds no English, Channel Island or Betuwe hex: the
    Betuwe lies between the Rhine's branches, England and Jersey beyond the sea."""
    breach = area(m, "east_of_rhine_south_of_ruhr")
    assert not (KENT_SUSSEX | JERSEY | BETUWE) & breach
    assert m.places["Nijmegen"].hexes[0] in BETUWE and m.places["Dordrecht"].hexes[0] in BETUWE


def test_paratroops_the_channel_coast_is_the_continents_only(m):
    """The airdrop range counts from the English Channel coast (L406): the French and Belgian coast,
    not Kent, Sussex or Jersey."""
    coast = area(m, "english_channel_coast")
    assert coast and not (KENT_SUSSEX | JERSEY) & coast
    assert m.places["Cherbourg"].hexes[0] in coast


def test_rouen_is_on_the_seines_right_bank_with_the_river_along_its_south(m):
    """Rouen (1232) is on the right (north) bank; the Seine runs between it and 1333 to its south,
    not along its west side (1232|1233)."""
    seine = {s for s in m.lines["river:Seine"].hexsides}
    assert hexside_id("1232", "1333") in seine and hexside_id("1232", "1233") not in seine
    assert "1232" in area(m, "north_of_seine") and "1333" not in area(m, "north_of_seine")


def test_west_wall_hexes_are_german_land(m):
    ww = area(m, "west_wall")
    assert len(ww) >= 20
    assert all(m.hexes[h].terrain != "sea" and "west_wall" in m.hexes[h].features for h in ww)


def test_staging_area_box_links_to_cherbourg(m):
    assert m.boxes["staging"].links == m.places["Cherbourg"].hexes  # L416


def test_calibration_records_the_fit_and_its_residuals(m):
    cal = m.calibration
    towns = {a["town"] for a in cal["anchors"]}
    assert towns == {"Essen", "Düsseldorf", "Bonn", "Remagen", "Paris", "Chartres", "Dreux", "Le Mans", "Argentan", "St. Malo"}
    assert all(a["residual_hex"] < 0.75 for a in cal["anchors"])
    assert cal["rubber_sheet"]["min_jacobian"] > 0  # the rubber sheet never folds


def test_forced_values_carry_rulebook_provenance(m, sources):
    for h in m.calibration["forced"]["land"]:
        assert kind(sources[m.hexes[h].prov]) == "rulebook", h
