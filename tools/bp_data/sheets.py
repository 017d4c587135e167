"""The four Order of Battle and Set-Up sheets (L878-1091), read line by line.

Each sheet is a run of free set-up headings, each followed by a table of `hex<TAB>counters` rows
(several counters in one cell, separated by "; "). The headings are matched against the known
printed openings below, which also name the map area each one defines (the map pack creates the
areas under these names). Lines that are neither a known heading nor a table row are commentary.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from tools.bp_data import seed
from tools.bp_data.counters import Parsed, parse

SHEETS = (
    ("allied", "jul", "Allied 25 July 1944 Order of Battle and Set-Ups"),
    ("german", "jul", "German 25 July 1944 Order of Battle and Set-Ups"),
    ("allied", "aug", "Allied 24 August 1944 Order of Battle and Set-Ups"),
    ("german", "aug", "German 24 August 1944 Order of Battle and Set-Ups"),
)

# printed opening of a heading -> (group id, free set-up area, default size, default symbol)
HEADINGS = {
    "Free set-up for all units: Anywhere North of the 25 July Front Line":
        ("jul_allied", "north_of_front_line_25_july", None, None),
    "Coastal-screen band:": ("jul_coastal_screen", "coastal_band_north_of_seine", "XX", None),
    "The units below are to be placed: Anywhere on the map except North":
        ("jul_inland", "not_north_of_front_line_25_july", None, None),
    'German Set-Up Modification "r"': ("mod_r", "not_within_4_of_front_line_25_july", None, None),
    "On or adjacent to a Supply Pipeline unit:":
        ("aug_pipeline", "on_or_adjacent_pipeline_24_aug", None, None),
    "Not more than five hexes from Le Mans (2041).": ("aug_le_mans", "within_5_of_le_mans", "XX", None),
    "On or adjacent to Argentan (1439):": ("aug_argentan", "on_or_adjacent_argentan", None, None),
    "No more than two hexes North, West or South of Argentan (1439):":
        ("aug_argentan_rear", "within_2_nws_of_argentan", None, None),
    # the Staging Area is a box, not an area: see FREE_BOX
    "These units are always placed on the map last.": ("aug_paratroops", None, None, None),
    "On any coastal hex or hexes North of the Seine River:":
        ("aug_coast", "coastal_north_of_seine", "XX", None),
    "On any hex or hexes either (a) within two hexes of Rouen":
        ("aug_rouen", "rouen_or_seine_bank_or_paris", None, None),
    "On any hex or hexes both North and within four hexes of the Seine River:":
        ("aug_seine_4", "north_within_4_of_seine", None, None),
    "On any hex or hexes North of the Seine River, but not adjacent to it:":
        ("aug_seine_rear", "north_of_seine_not_adjacent", None, None),
    "On any one hex exactly four hexes from Rouen":
        ("aug_rouen_4", "exactly_4_from_rouen_south_of_seine_and_eure", None, None),
    "Hex-specific placements:": ("aug_hex_specific", None, None, None),
    'German Set-Up Modification "e"': ("mod_e", None, None, None),
    "German Mechanized Units Available as Replacements": ("replacement_mech", None, None, "oval"),
    "German Non-Mechanized Units Available as Replacements":
        ("replacement_nonmech", None, None, "crossed box"),
}

# German July rows that carry their own area in a first column
ROW_AREAS = {
    "On any Paris hex (2029, 2129, 2130)": "paris",
    'On any map edge hex marked "B"': "edge_B",
    'On any map edge hex marked "D"': "edge_D",
    "On any town or city hex(es) North of the Seine River (Paris excluded)": "towns_north_of_seine_excl_paris",
}
# notes printed after a counter on the German August hex-specific rows
SUFFIX_AREAS = {
    "on any hex South of the Loire River": "south_of_loire",
    'on any hex or hexes no more than 15 hexes from any map-edge hex marked "A"': "within_15_of_edge_A",
    "same placement as 2215": "within_15_of_edge_A",
}
# bullets of modification "e": printed area -> area name
BULLET_AREAS = {
    "Any hex or hexes north of the Seine River": "north_of_seine",
    'Any hex or hexes within 20 hexes of a map edge hex marked "A"': "within_20_of_edge_A",
    'Any hex or hexes within 10 hexes of a map edge hex marked "A"': "within_10_of_edge_A",
}
# groups whose free set-up is an off-map box; the alternative ("or stacked with any unit(s) on
# map", L1014) is setup_constraints.aug_paratroops
FREE_BOX = {"aug_paratroops": "staging"}
STAGING = "Paratroop & Reinforcement Staging Area"
PIPELINES = re.compile(r"^Supply Pipeline units \(one each\) are placed on hexes ([\d, and]+)\.$")
NAVAL = "Any coastal hex North of the Allied Breakout Line: Naval Supply unit."


@dataclass(frozen=True)
class Entry:
    side: str
    sheet: str          # "jul" | "aug"
    group: str
    area: str | None    # free set-up area name (None: the hex itself, or no area printed)
    hex: str | None     # historical hex, "staging", or None when the sheet prints none
    counter: Parsed
    line: int
    section: str
    heading_line: int
    area_line: int      # the line that defines `area`: the heading's, or the row's own


def pad(h: str) -> str:
    return h.zfill(4)


def _bounds() -> list[tuple[str, str, str, int, int]]:
    lines = seed.lines()
    starts = [(side, sheet, title, lines.index(title) + 1) for side, sheet, title in SHEETS]
    out = []
    for i, (side, sheet, title, start) in enumerate(starts):
        end = starts[i + 1][3] - 1 if i + 1 < len(starts) else len(lines)
        out.append((side, sheet, title, start, end))
    return out


def _heading(text: str):
    for opening, spec in HEADINGS.items():
        if text.startswith(opening):
            return spec
    return None


def _cells(cell: str) -> list[str]:
    return [c.strip() for c in cell.split(";") if c.strip()]


def read_sheets() -> list[Entry]:
    out: list[Entry] = []
    for side, sheet, title, start, end in _bounds():
        group = area = size = symbol = None
        heading_line = start
        for n in range(start, end + 1):
            text = seed.line(n)

            def add(label: str, hex_: str | None, area_: str | None, p: Parsed | None = None) -> None:
                p = p or parse(label, size, symbol)
                out.append(Entry(side, sheet, group, area_, hex_, p, n, title, heading_line,
                                 heading_line if area_ == area else n))

            spec = _heading(text)
            if spec:
                group, area, size, symbol = spec
                heading_line = n
                continue
            if not text.strip() or text.startswith("Historical Hex") or text.startswith("Placement\t"):
                continue
            if m := PIPELINES.match(text):
                group, heading_line = "aug_pipelines", n
                for h in re.findall(r"\d+", m[1]):
                    add("Supply Pipeline", pad(h), None, Parsed(label="Supply Pipeline units", kind="pipeline"))
                continue
            if text == NAVAL:
                group, heading_line = "aug_naval", n
                add("Naval Supply unit", None, "coastal_north_of_breakout_line",
                    Parsed(label="Naval Supply unit", kind="naval_supply"))
                continue
            cols = text.split("\t")
            if len(cols) == 3 and cols[0] in ROW_AREAS:
                group, heading_line = "jul_specific", n
                for c in _cells(cols[1]):
                    add(c, pad(cols[2]), ROW_AREAS[cols[0]])
            elif len(cols) == 1 and text.isdigit() and group:
                # a historical hex printed with no counter beside it (the German July "936" row)
                add("", pad(text), area, Parsed(label="", kind="missing"))
            elif len(cols) == 2 and cols[0] == STAGING:
                for c in _cells(cols[1]):
                    add(c, "staging", area)
            elif len(cols) == 2 and cols[0].isdigit():
                if group is None:
                    raise ValueError(f"L{n}: table row before any heading")
                _row(cols[1], pad(cols[0]), area, size, symbol, add)
            elif text.startswith("• "):
                _bullet(text[2:], group, area, size, symbol, add)
    return out


def _row(cell, hex_, area, size, symbol, add) -> None:
    cells = _cells(cell)
    shared = re.search(r"\(all ([^)]+)\)$", cells[-1]) if cells else None
    for c in cells:
        note = None
        if " — " in c:
            c, note = c.split(" — ", 1)
        p = parse(c, size, shared[1] if shared else symbol)
        add(c, hex_, SUFFIX_AREAS[note] if note else area, p)


def _bullet(text, group, area, size, symbol, add) -> None:
    if group == "mod_r":
        add(text, None, area)
    elif group == "mod_e":
        where, cell = text.split(": ", 1)
        for c in _cells(cell):
            add(c, None, BULLET_AREAS[where])
    elif group in ("replacement_mech", "replacement_nonmech"):
        _, cell = text.split(": ", 1)
        for c in _cells(cell):
            add(c, None, None)
