"""A small pack written by hand, as files, for the pack tooling tests.

Three rows of four hexes (0101-0304). Its provenance is chosen so the summary can be counted by
eye: hex 0203 is printed, 0102 inferred, the other ten placeholders; al-1 is a printed counter,
al-2 is printed but for an invented movement allowance, ge-1 is invented.
"""
from __future__ import annotations

import json
from typing import Any

PACK_TOML = b'''
files = ["sources.toml", "map/*.toml", "map/*.json", "counters.json", "tables.json", "scenarios/*.json"]

[meta]
name = "testgame"
title = "Test Game"
schema_version = 1
ruleset = "testgame@1"
book = "000_test.txt"
'''

SOURCES_TOML = b'''
[sources.book-tec]
kind = "rulebook"
cite = { kind = "rulebook", book = "000_test.txt", section = "Terrain Effects Chart", lines = [10, 12] }

[sources.book-oob]
kind = "rulebook"
cite = { kind = "rulebook", book = "000_test.txt", section = "Set-up", lines = [40, 60] }

[sources.book-crt]
kind = "rulebook"
cite = { kind = "rulebook", book = "000_test.txt", section = "Combat Results Table", lines = [20, 24] }

[sources.geo]
kind = "inferred"
evidence = "fitted from the places the text names"

[sources.invented]
kind = "placeholder"
reason = "the text has no map"
'''

GRID_TOML = b'''
[map.grid]
major = "row"
shifted = "even"
'''


def docs() -> dict[str, Any]:
    """The JSON documents of the pack, as Python data a test may change before encoding."""
    hexes: dict[str, Any] = {f"{r:02d}{c:02d}": {"terrain": "clear", "prov": "invented"}
                             for r in range(1, 4) for c in range(1, 5)}
    hexes["0102"]["prov"] = "geo"
    hexes["0203"] = {"terrain": "town", "name": "Ville", "prov": {
        "kind": "rulebook", "cite": {"kind": "rulebook", "book": "000_test.txt", "section": "Cities", "lines": [30, 30]}}}
    hexes["0101"]["edges"] = ["W"]
    return {
        "map/hexes.json": {"map": {"hexes": hexes}},
        "map/features.json": {"map": {
            "hexsides": {
                "0102/0202": {"features": ["river"], "prov": "geo"},
                "0202/0203": {"features": ["river", "bridge"], "prov": "invented"},
            },
            "places": {"ville": {"kind": "town", "hexes": ["0203"], "prov": "book-tec"}},
            "areas": {"west-edge": {"hexes": ["0101", "0201", "0301"], "prov": "invented"}},
            "lines": {"front": {"hexsides": ["0102/0202", "0202/0203"], "prov": "invented"}},
            "boxes": {
                "staging": {"name": "Staging Area", "links": ["0101"], "prov": "invented"},
                "holding": {"name": "Holding Box", "prov": "invented"},
                "inner": {"name": "Festung", "parent": "holding", "prov": "invented"},
            },
        }},
        "counters.json": {"counters": {
            "al-1": {"side": "allied", "type": "armor", "cls": "mech", "strength": 6, "movement": 8, "prov": "book-oob"},
            "al-2": {"side": "allied", "type": "infantry", "cls": "nonmech", "strength": 4, "movement": 5,
                     "prov": "book-oob", "field_prov": {"movement": "invented"}},
            "ge-1": {"side": "german", "type": "infantry", "cls": "nonmech", "strength": 3, "movement": 5,
                     "prov": "invented"},
        }},
        "tables.json": {"tables": {
            "crt": {"kind": "crt", "method": "odds", "columns": ["1-1", "2-1"], "prov": "book-crt",
                    "results": {"AE": "attacker eliminated", "DE": "defender eliminated", "NE": "no effect"},
                    "rows": {"1": [{"result": "NE", "prov": "book-crt"}, {"result": "DE", "prov": "book-crt"}],
                             "2": [{"result": "AE", "prov": "invented"}, {"result": "NE", "prov": "invented"}]}},
            "tec": {"kind": "chart", "columns": ["move", "defense"], "prov": "book-tec", "rows": [
                {"key": "clear", "values": {"move": 1, "defense": 1}, "prov": "book-tec"},
                {"key": "rough", "values": {"move": 2, "defense": 2}, "prov": "book-tec",
                 "field_prov": {"move": "invented"}},
            ]},
        }},
        "scenarios/s1.json": {"scenarios": {"s1": {
            "id": "s1", "title": "Scenario One", "prov": "book-oob",
            "sides": [{"id": "allied", "name": "Allies"}, {"id": "german", "name": "Germans"}],
            "seats": [{"id": "allied", "side": "allied", "name": "Allied player"},
                      {"id": "german", "side": "german", "name": "German player"}],
            "start": {"turn": 1}, "end": {"turn": 5},
            "setup": [{"counter": "al-1", "at": "0101", "prov": "book-oob"},
                      {"counter": "ge-1", "at": "0304", "prov": "invented"}],
            "reinforcements": [{"turn": 2, "counter": "al-2", "at": "staging", "prov": "book-oob"}],
        }}},
    }


def files(documents: dict[str, Any] | None = None, extra: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """The pack directory as {path: bytes}; `extra` replaces or adds raw files."""
    out = {"pack.toml": PACK_TOML, "sources.toml": SOURCES_TOML, "map/grid.toml": GRID_TOML}
    for name, doc in (docs() if documents is None else documents).items():
        out[name] = json.dumps(doc).encode()
    out.update(extra or {})
    return out
