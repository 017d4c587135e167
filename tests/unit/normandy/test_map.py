"""The reconstructed map: the places the text names, where the text and geography put them."""
from __future__ import annotations

import math

from tests.unit.normandy.helpers import grid, pack, prov_kind

BEACHES = ("utah", "omaha", "gold", "juno", "sword")


def _hexes(place: str) -> tuple[str, ...]:
    return pack().map.places[place].hexes


def _row(h: str) -> int:
    return int(h[:2])


def _col(h: str) -> int:
    return int(h[2:])


def _sea(h: str) -> bool:
    hx = pack().map.hexes.get(h)
    return hx is not None and hx.terrain == "sea"


def test_the_five_beaches_are_named_coastal_land_west_to_east_with_utah_on_0617_and_omaha_at_st_laurent():
    m = pack().map
    for b in BEACHES:
        hexes = _hexes(b)
        assert hexes, b
        for h in hexes:
            assert m.hexes[h].terrain != "sea" and {"coastal", "beach"} <= set(m.hexes[h].features), (b, h)
    assert "0617" in _hexes("utah") and prov_kind(m.places["utah"].prov) == "rulebook"
    assert "0714" in _hexes("omaha")  # St Laurent, Mulberry A (L332)
    west_to_east = [max(_col(h) for h in _hexes(b)) for b in BEACHES]
    assert west_to_east == sorted(west_to_east, reverse=True)  # columns fall eastward


def test_cherbourg_is_two_hexes_on_the_cotentins_north_coast_with_the_port_on_0223():
    m = pack().map
    assert "0223" in _hexes("cherbourg") and len(_hexes("cherbourg")) == 2
    assert {"port", "major_port", "coastal", "city"} <= set(m.hexes["0223"].features)
    north = [n for n in grid().neighbour_ids("0223") if _row(n) < _row("0223")]
    assert north and all(_sea(n) for n in north)  # the sea is to the north
    # the Cotentin: Cherbourg is further west than every beach and north of them all
    assert _col("0223") > max(_col(h) for b in BEACHES for h in _hexes(b))
    assert _row("0223") < min(_row(h) for b in BEACHES for h in _hexes(b))


def _river_touches(river: str, hexes: tuple[str, ...], within: int = 0) -> bool:
    sides = pack().map.lines[f"river:{river}"].hexsides
    near = {n for h in hexes for n in grid().within(h, within)} if within else set(hexes)
    return any(set(s.split("/")) & near for s in sides)


def test_caen_is_a_city_on_the_orne_and_saint_lo_a_town_on_the_vire():
    m = pack().map
    assert m.places["caen"].kind == "city" and _river_touches("orne", _hexes("caen"))
    assert m.places["saint_lo"].kind == "town" and _river_touches("vire", _hexes("saint_lo"))
    assert _river_touches("douve", _hexes("carentan"), within=1)


def test_avranches_is_on_land_at_the_south_west_foot_of_the_cotentin():
    (h,) = _hexes("avranches")
    assert pack().map.hexes[h].terrain != "sea"
    assert _row(h) >= 19 and _col(h) >= 17  # far south, and as far west as the Utah coast
    assert any(_sea(n) for n in grid().within(h, 2))  # the bay of Mont-Saint-Michel


def test_the_cotentin_marshes_are_marsh_and_the_caen_plain_clear():
    m = pack().map
    assert m.hexes[_hexes("carentan")[0]].terrain == "marsh" or any(
        m.hexes[n].terrain == "marsh" for n in grid().neighbour_ids(_hexes("carentan")[0]))
    assert m.hexes[_hexes("caen")[0]].terrain == "clear"
    assert sum(h.terrain == "bocage" for h in m.hexes.values()) > sum(h.terrain == "clear" for h in m.hexes.values())


def test_the_hexes_the_text_makes_coastal_are_coastal():
    m = pack().map
    for h in ("0216", "0713", "0712", "0502", "0617", "0714", "0711", "0808", "0223"):  # L238, L332, L343, L419, L491
        assert "coastal" in m.hexes[h].features, h
    for area, first, last in (("coast_wtf", "0216", "0713"), ("coast_etf", "0712", "0502")):
        hexes = m.areas[area].hexes
        assert first in hexes and last in hexes


def test_the_calibration_reports_a_residual_for_every_named_hex_with_a_place():
    cal = pack().map.calibration
    named = {"0223", "0617", "0714", "0711", "0808", "0218", "0712"}  # every hex the text ties to a place
    reported = {a["hex"] for a in cal["anchors"]} | {c["hex"] for c in cal["checks"]}
    assert named <= reported
    r = [a["residual_hex"] for a in cal["anchors"]]
    assert math.isclose(cal["residual_mean_hex"], sum(r) / len(r), abs_tol=1e-3)
    assert cal["residual_max_hex"] == max(r)
    assert cal["worst_five"] == [a["hex"] for a in sorted(cal["anchors"], key=lambda a: -a["residual_hex"])[:5]]
    # the fit is a map, not noise: no anchor is off by two hexes, and the mean is under one
    assert cal["residual_max_hex"] < 2 and cal["residual_mean_hex"] < 1
    # the text's 'Marigny (0218)' is the one identification geography refuses; it reads as 1218
    marigny = next(c for c in cal["checks"] if c["hex"] == "0218")
    assert marigny["residual_hex"] > 5 and marigny["fitted_hex"] == "1218"
    assert cal["shifted"]["mean_hex"] < cal["shifted"]["other_mean_hex"]


def test_the_box_graph_links_both_ways_and_reaches_the_map_through_the_lettered_exits():
    m = pack().map
    boxes = m.boxes
    assert boxes["box-festung-st-nazaire"].parent == "box-rennes"  # L48
    for key, b in boxes.items():
        for link in b.links:
            if link in boxes:
                assert key in boxes[link].links, (key, link)
            else:
                assert link in m.hexes and any(e.startswith("exit-") for e in m.hexes[link].edges), (key, link)
    exits = sorted(e for h in m.hexes.values() for e in h.edges if e.startswith("exit-"))
    assert exits == [f"exit-{c}" for c in "abcdefghijkl"]  # twelve, "a" to "l" (L114)
    linked = {link for b in boxes.values() for link in b.links if link in m.hexes}
    assert linked == {h for h, x in m.hexes.items() if x.edges}
    # from every exit a path of box links reaches Paris
    seen, todo = set(), ["box-paris"]
    while todo:
        k = todo.pop()
        if k in seen:
            continue
        seen.add(k)
        todo += list(boxes[k].links) if k in boxes else []
    assert linked <= seen


def test_every_hex_and_hexside_has_provenance_and_rivers_are_joined_chains_of_sides():
    m = pack().map
    for h, hx in m.hexes.items():
        assert prov_kind(hx.prov) in ("rulebook", "inferred", "placeholder")
    for s in m.hexsides:
        a, b = s.split("/")
        assert grid().adjacent(a, b)
    assert {"douve", "vire", "orne", "dives", "seine", "merderet", "taute"} <= {k.split(":")[1] for k in m.lines if k.startswith("river:")}
