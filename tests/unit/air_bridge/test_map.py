"""The corridor map: places, bridges over the right water, Highway 69 unbroken, river banks."""
from __future__ import annotations

import pytest

from domain.kernel.grid import hexside_id
from tests.unit.air_bridge.helpers import bank, bounds, pack, path_of

PLACES = ["De Groote Barriere", "Neerpelt", "Lommel", "Valkenswaard", "Eindhoven", "Best", "Son", "Sint-Oedenrode",
          "Veghel", "Uden", "Grave", "Heumen", "Groesbeek", "Nijmegen", "Lent", "Elst", "Driel", "Oosterbeek",
          "Wolfheze", "Arnhem"]
BRIDGES = {  # bridge line -> the water it crosses
    "joes_bridge": "Meuse-Escaut canal", "son": "Wilhelmina canal", "best": "Wilhelmina canal",
    "sint_oedenrode": "Dommel", "veghel_canal": "Zuid-Willemsvaart", "veghel_aa": "Aa", "grave": "Maas",
    "heumen": "Maas-Waal canal", "honinghutje": "Maas-Waal canal", "nijmegen_road": "Waal", "nijmegen_rail": "Waal",
    "arnhem_road": "Neder Rijn", "oosterbeek_rail": "Neder Rijn", "driel_ferry": "Neder Rijn",
}
HIGHWAY_BRIDGES = ["joes_bridge", "son", "sint_oedenrode", "veghel_canal", "veghel_aa", "grave", "honinghutje",
                   "nijmegen_road", "arnhem_road"]


@pytest.mark.parametrize("name", PLACES)
def test_each_place_of_the_corridor_is_on_the_map(name):
    m = pack().map
    place = m.places[name]
    assert place.hexes and all(m.hexes[h].name == name for h in place.hexes)
    assert m.hexes[place.hexes[0]].terrain in ("village", "city")


def test_the_three_cities_are_city_hexes_and_the_villages_of_the_text_are_villages():
    m = pack().map
    for city in ("Eindhoven", "Nijmegen", "Arnhem"):
        assert m.places[city].kind == "city" and len(m.places[city].hexes) > 1
    assert m.places["De Groote Barriere"].kind == m.places["Son"].kind == "village"  # §22: "village"


@pytest.mark.parametrize("bridge,water", sorted(BRIDGES.items()))
def test_each_bridge_hexside_crosses_its_own_river(bridge, water):
    m = pack().map
    (side,) = m.lines[f"bridge:{bridge}"].hexsides
    assert side in m.lines[f"river:{water}"].hexsides
    rec = m.hexsides[side]
    assert rec.name == water
    assert ("ferry" if bridge == "driel_ferry" else "bridge") in rec.features


def test_the_main_bridges_are_grave_nijmegen_and_arnhem():
    m = pack().map
    main = {s for s, h in m.hexsides.items() if "main_bridge" in h.features}
    assert main == {m.lines[f"bridge:{b}"].hexsides[0] for b in ("grave", "nijmegen_road", "arnhem_road")}


def test_highway_69_is_continuous_from_the_border_to_arnhem_over_its_bridges():
    m, b = pack().map, bounds()
    hexes = path_of("road:Highway 69")
    assert all(y in b.neighbours(x) for x, y in zip(hexes, hexes[1:]))
    assert m.hexes[hexes[0]].edges == ("S",)
    assert set(m.places["Arnhem"].hexes) & set(hexes)
    for town in ("De Groote Barriere", "Valkenswaard", "Eindhoven", "Son", "Veghel", "Uden", "Grave", "Nijmegen", "Elst"):
        assert set(m.places[town].hexes) & set(hexes), town
    crossed = [hexside_id(x, y) for x, y in zip(hexes, hexes[1:])]
    water = [s for s in crossed if {"river", "canal"} & set(m.hexsides[s].features)]
    assert all("bridge" in m.hexsides[s].features for s in water)
    named = {m.lines[f"bridge:{k}"].hexsides[0]: k for k in HIGHWAY_BRIDGES}
    assert [named[s] for s in water if s in named] == HIGHWAY_BRIDGES  # each once, border to Arnhem


def test_arnhem_is_north_of_the_neder_rijn_and_nijmegen_south_of_the_waal():
    m = pack().map
    north = bank(m.places["Oosterbeek"].hexes[0], "Neder Rijn")
    assert set(m.places["Arnhem"].hexes) <= north
    assert not {m.places[t].hexes[0] for t in ("Driel", "Elst")} & north
    south = bank(m.places["Grave"].hexes[0], "Waal")
    assert set(m.places["Nijmegen"].hexes) <= south
    assert m.places["Lent"].hexes[0] not in south
    assert m.places["Grave"].hexes[0] not in bank(m.places["Heumen"].hexes[0], "Maas")  # Grave is south of the Maas


def test_the_polder_zone_lies_between_the_waal_and_the_neder_rijn():
    m = pack().map
    zone = set(m.areas["polder_zone"].hexes)
    assert m.places["Elst"].hexes[0] in zone and m.places["Driel"].hexes[0] in zone
    assert not zone & (set(m.places["Arnhem"].hexes) | set(m.places["Nijmegen"].hexes))
    assert set(m.areas["waterlogged_highway"].hexes) <= zone & set(path_of("road:Highway 69"))


def test_the_calibration_residuals_are_recorded_and_within_a_hex():
    r = pack().map.calibration["residuals"]
    assert r["towns_max_hex"] <= 0.6 and r["bridges_max_hex"] <= 0.75
    assert all(x["max_hex"] <= 0.6 for x in r["rivers"])
    assert pack().map.calibration["similarity"]["km_per_hex"] == pytest.approx(1.609, abs=0.001)  # §2.2: one mile


def test_every_hex_and_hexside_says_where_it_comes_from():
    p = pack()
    kinds = {p.sources[h.prov].__struct_config__.tag for h in p.map.hexes.values()}
    assert kinds == {"inferred", "placeholder"}
    assert all(isinstance(h.prov, str) and h.prov in p.sources for h in p.map.hexsides.values())
