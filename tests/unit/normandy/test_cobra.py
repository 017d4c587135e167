"""Operation Cobra placed exactly as printed: every unit on its hex, on land, on its side of the
18 July front, within stacking (the issue's "Done when")."""
from __future__ import annotations

import re
from collections import defaultdict

import numpy as np

from tools.bp_map.polygons import inside, polyline_distance
from tools.normandy_map import geometry
from tools.normandy_map.data_places import FRONT_18_JULY
from tools.normandy_map.warp import Warp
from tests.unit.normandy.helpers import cited_lines, line, pack

HEX = re.compile(r"\b(\d{4})\b")


def _cobra():
    return pack().scenarios["2"]


def _at() -> dict[str, list[str]]:
    out = defaultdict(list)
    for p in _cobra().setup:
        if p.at:
            out[p.at].append(p.counter)
    return out


def test_every_printed_line_is_placed_on_the_hexes_it_prints():
    by_line = defaultdict(set)
    for p in _cobra().setup:
        a, b = cited_lines(p.prov)
        assert a == b
        by_line[a].add(p.at or f"area:{p.area}")
    for n in list(range(499, 528)) + list(range(531, 550)) + list(range(551, 576)):
        printed = set(HEX.findall(line(n).split(":", 1)[1])) if ":" in line(n) else set()
        placed = {h for h in by_line[n] if not h.startswith("area:")}
        assert placed == printed, (n, line(n), placed)
    assert by_line[499] == {"area:east_of_column_13"}  # "anywhere east of column XX13"
    assert by_line[575] == {"area:cobra_british_setup"}  # the 79th's brigades, at the player's discretion


def test_fifteen_hqs_and_ninety_eight_units_on_sixty_one_hexes_plus_three_brigades_to_place():
    c = pack().counters
    placed = [p for p in _cobra().setup if cited_lines(p.prov)[0] != 575]
    hqs = [p for p in placed if c[p.counter].type == "hq"]
    assert len(hqs) == 15 and len(placed) - len(hqs) == 98
    assert len({p.at for p in placed if p.at}) == 61
    decided = [p for p in _cobra().setup if cited_lines(p.prov)[0] == 575]
    assert len(decided) == 3 and _cobra().options["setup_decisions"][0]["counters"] == [p.counter for p in decided]
    assert len({p.counter for p in _cobra().setup}) == len(_cobra().setup)  # no counter placed twice


def test_every_cobra_hex_and_area_hex_is_land():
    m = pack().map
    for h in _at():
        assert m.hexes[h].terrain != "sea", h
    for area in ("east_of_column_13", "cobra_british_setup"):
        assert m.areas[area].hexes and all(m.hexes[h].terrain != "sea" for h in m.areas[area].hexes)


def _front():
    warp = Warp.from_record(pack().map.calibration)
    line_pts = [warp.to_map(lat, lon) for lat, lon, _ in FRONT_18_JULY]
    # the lodgement: the front closed round through the sea to the north
    (x0, y0), (x1, y1) = line_pts[0], line_pts[-1]
    poly = line_pts + [(x1, y1 + 20), (x0, y0 + 20)]
    return line_pts, poly


def test_each_side_stands_on_its_side_of_the_18_july_front():
    """Allied hexes inside the lodgement, German ones outside; a hex whose centre is within half a
    hex of the front line may be either (the front runs through it)."""
    c = pack().counters
    line_pts, poly = _front()
    on_line, wrong = [], []
    for h, keys in sorted(_at().items()):
        x, y = geometry.centre(h)
        allied = {c[k].side for k in keys}
        assert len(allied) == 1, h  # no hex holds both sides
        lodgement = bool(inside([(py, px) for px, py in poly], np.array([y]), np.array([x]))[0])
        near = polyline_distance((x, y), line_pts) <= 0.5
        if lodgement != (allied == {"allied"}):
            (on_line if near else wrong).append(h)
    assert wrong == [], wrong
    assert len(on_line) <= 6, on_line  # the front runs through a handful of hexes, not the whole set-up


def test_every_hex_is_within_stacking():
    """<= 5 stacking points, plus one SV-0 unit and one HQ (L151); US and British never stack (L152)."""
    c = pack().counters
    for h, keys in _at().items():
        hqs = [k for k in keys if c[k].type == "hq"]
        units = [k for k in keys if c[k].type != "hq"]
        sv = [c[k].faces[0].values["sv"] for k in units]
        assert len(hqs) <= 1, h
        assert sum(sv) <= 5, (h, keys)
        assert sum(v == 0 for v in sv) <= 1, (h, keys)
        nations = {"us" if c[k].nationality in ("us", "french") else "commonwealth" for k in keys if c[k].side == "allied"}
        assert len(nations) <= 1, (h, keys)


def test_reduced_units_are_those_printed_minus_one():
    reduced = set(_cobra().options["reduced"])
    printed = set()
    for p in _cobra().setup:
        n = cited_lines(p.prov)[0]
        if "(-1)" in line(n):
            printed.add(n)
    assert {cited_lines(p.prov)[0] for p in _cobra().setup if p.counter in reduced} <= printed
    assert len(reduced) == sum(line(n).count("(-1)") for n in range(497, 576))
