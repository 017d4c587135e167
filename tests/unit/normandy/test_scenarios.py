"""The Race to Cherbourg as printed, D-Day on the reconstructed beaches, the campaign's schedule."""
from __future__ import annotations

import re
from collections import defaultdict

from tests.unit.normandy.helpers import cited_lines, line, pack, prov_kind


def _by_hex(sc):
    out = defaultdict(list)
    for p in sc.setup:
        out[p.at].append(p.counter)
    return out


def test_the_race_to_cherbourg_sets_up_the_us_as_printed_on_the_west_side_of_the_map():
    sc = pack().scenarios["1"]
    assert (sc.start.turn, sc.end.turn) == (1, 4) and "4 turns later" in line(465)
    printed = defaultdict(set)
    for p in sc.setup:
        if prov_kind(p.prov) == "rulebook":
            printed[cited_lines(p.prov)[0]].add(p.at)
    for n in range(473, 478):
        hexes = {h if len(h) == 4 else h.zfill(4) for h in re.findall(r"\b(\d{3,4})\b", line(n).split(":", 1)[1])}
        assert printed[n] == hexes, (n, line(n))
    assert printed[471] == {"0218", "0617"}  # LXXXIV corps at "Marigny (0218)"; WN Madeleine on Utah
    west = set(pack().map.areas["west_of_column_17"].hexes)
    m, c = pack().map, pack().counters
    for h, keys in _by_hex(sc).items():
        assert m.hexes[h].terrain != "sea" and h in west, h
        assert len({c[k].side for k in keys}) == 1, h  # no hex holds both sides
        assert sum(c[k].faces[0].values.get("sv", 0) for k in keys if c[k].type != "hq") <= 5, h
    assert set(sc.options["disorganised"]) == {"us-82-abn-507", "us-82-abn-508", "us-101-abn"}  # "(D1)", L474-475
    assert {a.counter for a in sc.reinforcements} == {"de-77-inf", "de-353-inf", "de-17-ss", "de-265-inf",
                                                      "us-83-inf", "us-9-inf", "us-79-inf"}
    assert all(a.at == "0617" for a in sc.reinforcements if a.counter.startswith("us-"))  # "via Utah Beach"


def test_d_day_puts_a_garrison_on_every_beach_hex_and_lands_each_assault_on_its_beach():
    sc = pack().scenarios["dday"]
    m, c = pack().map, pack().counters
    beach_hexes = {h for b in ("utah", "omaha", "gold", "juno", "sword") for h in m.places[b].hexes}
    garrisoned = {p.at for p in sc.setup if c[p.counter].type == "garrison"}
    assert garrisoned == beach_hexes
    assert next(p for p in sc.setup if p.at == "0617").counter == "de-garrison-wn-madeleine"
    landed = {a.counter: a.at for a in sc.reinforcements}
    assert landed["us-4-inf-8"] in m.places["utah"].hexes and landed["ca-3-inf"] in m.places["juno"].hexes
    assert landed["us-1-inf"] in m.places["omaha"].hexes and landed["br-3-inf"] in m.places["sword"].hexes
    assert all(a.turn == 0 for a in sc.reinforcements)


def test_cobras_reinforcements_start_on_turn_7_and_the_campaign_ends_late_august():
    cobra, camp = pack().scenarios["2"], pack().scenarios["campaign"]
    assert cobra.reinforcements and all(a.turn >= 7 for a in cobra.reinforcements)  # L578
    assert (cobra.start.turn, cobra.end.turn) == (7, 12) and "turn 7" in line(496) and "turn 12" in line(496)
    assert (camp.start.turn, camp.end.turn) == (0, 12)
    turns = {r.key: r.values["date"] for r in pack().tables["turns"].rows}
    assert turns["0"] == "6 June 1944" and turns["7"] == "18 July 1944"
