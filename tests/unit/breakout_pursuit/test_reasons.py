"""Reasons in the record (breakout-pursuit@2, issue 16, item 5), checked over the recorded @2 games:
each supply judgement is followed by the Supply Path of every judged unit (Supply A: contiguous
hexes from the unit's own to its source, as long as the length judged) or why an isolated unit has
none; the points scored at the end name what they are for and their hexes, and add up to the
final postings; the Breakout Line crossing and the Special Rule G lift name the unit and hex."""
from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path

import pytest

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT_2
from domain.games.breakout_pursuit.supply_routes import NO_PATH
from infra.packs import load_pack_dir

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "games"
GAMES = ("breakout-pursuit-v2-1.1", "breakout-pursuit-v2-2.1", "breakout-pursuit-v2-3.1")


@lru_cache(maxsize=None)
def effects(name: str) -> list[dict]:
    lines = gzip.decompress((FIXTURES / f"{name}.ndjson.gz").read_bytes()).splitlines()
    return [{"type": e["type"], **json.loads(e["data"])} for e in map(json.loads, lines[1:]) if e.get("data")]


@lru_cache(maxsize=1)
def data():
    return BREAKOUT_PURSUIT_2.bind(load_pack_dir(BREAKOUT_PURSUIT_2.pack_dir)).data


@pytest.mark.parametrize("name", GAMES)
def test_supply_a_every_judged_state_comes_with_its_path_or_why_there_is_none(name):
    log = effects(name)
    judged = [(e, log[i + 1]) for i, e in enumerate(log) if e["type"] == "bp.supply_judged"]
    assert judged and all(r["type"] == "bp.supply_routes" and r["side"] == e["side"] for e, r in judged)
    graph, checked = data().land_graph, 0
    for e, r in judged:
        assert set(r["routes"]) | set(r["isolated"]) == set(e["states"])
        for uid, state in e["states"].items():
            if state == "isolated":
                assert r["isolated"][uid] and e["paths"][uid] == -1
                continue
            path = r["routes"][uid]
            if e["sources"][uid] in NO_PATH:
                assert path == []
                continue
            assert len(path) - 1 == e["paths"][uid], (uid, path, e["paths"][uid])
            assert all(b in graph[a] for a, b in zip(path, path[1:])), path
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("name", GAMES)
def test_victory_the_final_points_name_what_they_are_for_and_their_hexes(name):
    log = effects(name)
    end = max(i for i, e in enumerate(log) if e["type"] == "bp.flag_set" and e["name"] == "final_points_posted")
    tail = [e for e in log[:end] if e["type"] in ("bp.points_awarded", "ledger.posted")]
    tail = tail[next(i for i, e in enumerate(tail) if e["type"] == "bp.points_awarded"):]
    awards, postings = tail[0::2], tail[1::2]
    assert awards and all(a["type"] == "bp.points_awarded" for a in awards)
    assert [(a["side"], a["points"]) for a in awards] == [(p["owner"], p["amount"]) for p in postings]
    fortresses = [a for a in awards if a["what"].startswith("fortress")]
    assert fortresses and all(a["hexes"] == [a["what"].split()[-1]] for a in fortresses)


def test_victory_e_the_breakout_line_crossing_names_its_unit_and_hex():
    log = effects("breakout-pursuit-v2-1.1")
    crossed = [i for i, e in enumerate(log) if e["type"] == "bp.flag_set" and e["name"] == "breakout_line_crossed"]
    assert crossed
    cause = log[crossed[0] + 1]
    assert cause["type"] == "bp.flag_cause" and cause["flag"] == "breakout_line_crossed" and cause["unit"] and cause["hex"]


@pytest.mark.parametrize("name", GAMES)
def test_retreat_j_each_retreat_names_its_candidates_and_why_the_others_were_refused(name):
    """Retreat J: a retreating unit goes to a hex closest to its source of supply; the record weighs
    every neighbour (refused with the reason, or a candidate with its distance) and the hex taken is
    one of the closest; a unit with no candidate is the one eliminated for want of a retreat route."""
    log = effects(name)
    weighed = [e for e in log if e["type"] == "bp.retreat_weighed"]
    assert weighed
    for w in weighed:
        candidates = w["path"] or w["no_path"]
        assert set(candidates) | set(w["refused"]) and not set(candidates) & set(w["refused"])
        if w["to"] is None:
            assert not candidates
        else:
            assert candidates[w["to"]] == min(candidates.values()), w
    moved = {(e["unit"], e["to"]) for e in log if e["type"] == "bp.unit_retreated"}
    assert {(w["unit"], w["to"]) for w in weighed if w["to"]} <= moved


NEAR = 4  # Supply H: "five hexes or more" from the Supply unit, another source "within four"


def test_supply_h_each_forced_trace_shows_the_other_sources_distances_and_the_exemption_checks_out():
    """Supply H (L368): at each German attack at 1-1 or more with a Supply unit within eight hexes, the
    record gives the Supply units' and every defender's other sources' path lengths; a defender is
    forced to trace unless the nearest Supply unit is five or more away while another source is
    within four, and each forced trace follows the weighing of its hex."""
    weighed = traced = 0
    for name in GAMES:
        log = effects(name)
        for i, e in enumerate(log):
            if e["type"] == "bp.defensive_supply_weighed":
                weighed += 1
                nearest = min(e["supply_units"].values())
                exempt = {d for d, srcs in e["sources"].items() if nearest > NEAR and min(srcs.values(), default=NEAR + 1) <= NEAR}
                assert set(e["forced"]) == set(e["sources"]) - exempt, e
            elif e["type"] == "bp.defensive_supply_traced" and e["forced"]:
                traced += 1
                before = next(w for w in reversed(log[:i]) if w["type"] == "bp.defensive_supply_weighed")
                assert before["hex"] == e["hex"] and set(before["forced"]) == set(e["paths"]), (before, e)
                assert e["unit"] in before["supply_units"]
    assert weighed and traced
