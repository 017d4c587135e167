"""The tables: every cell the rulebook fixes is `rulebook`; the rest are labelled placeholders
chosen to agree with every fixed cell and with the direction the rules give (a lower modified
roll is better for the side rolling on the combat tables: §9.2's attacker result is subtracted,
§14's fatigued defender gives the attacker -1/-2 and the defender's own assault roll +1/+2)."""
from __future__ import annotations

import re

from domain.kernel.pack.provenance import Placeholder
from domain.kernel.pack.schema import Chart, ChartRow, Crt, CrtCell, Die
from tools.abtv_map.cite import rulebook

D10 = Die(sides=10, count=1, zero_reads_as=10)  # §2.5
PH = "abtv.tables.placeholder"
SOURCES = {
    PH: Placeholder(reason="the player aid's tables are not in the text; cell chosen monotone in the die roll and the "
                           "column, agreeing with every cell the worked examples fix (docs/air-bridge-data.md)"),
}


def _cells(grid: dict[str, list], fixed: dict[tuple[str, int], str]) -> dict[str, tuple[CrtCell, ...]]:
    """grid: row (die) -> results per column; fixed: (row, column index) -> rulebook source key."""
    return {row: tuple(CrtCell(result=str(v), prov=rulebook(fixed[(row, i)]) if (row, i) in fixed else PH)
                       for i, v in enumerate(vals)) for row, vals in grid.items()}


def bombardment() -> Crt:
    cols = ("1-2", "3-6", "7-12", "13-18", "19-24", "25+")
    grid = {  # result = the number of the bombardment result ("-" none)
        "1": [1, 2, 4, 4, 5, 5], "2": [1, 2, 3, 4, 4, 5], "3": ["-", 1, 2, 3, 4, 4],
        "4": ["-", 1, 2, 3, 3, 4], "5": ["-", 1, 2, 2, 3, 3], "6": ["-", "-", 2, 2, 2, 3],
        "7": ["-", "-", 1, 2, 2, 2], "8": ["-", "-", 1, 1, 2, 2], "9": ["-", "-", "-", 1, 1, 2],
        "10": ["-", "-", "-", "-", 1, 1],
    }
    fixed = {("1", 2): "support", ("2", 2): "bombard_ex", ("4", 2): "support", ("6", 2): "assault_ex",
             ("5", 1): "support"}
    return Crt(method="differential", columns=cols, die=D10, rows=_cells(grid, fixed), prov=PH,
               results={"-": "no effect", "1": "result 1", "2": "result 2", "3": "result 3", "4": "result 4", "5": "result 5"},
               notes="Bombardment/Support Table (§9.1-9.3). Columns: total bombardment points (artillery + air). "
                     "Bombardment: steps lost = result // terrain defence. Support: the maneuver DRM is the "
                     "defender's result minus the attacker's. Defensive bombardment in an assault: result // 1 in "
                     "clear, // 2 otherwise. Fixed cells: 7-12 on 1, 2, 4, 6 and 3-6 on 5 (§9.1, §9.2, §9.3, §13.2).")


def maneuver() -> Crt:
    cols = ("1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1")
    grid = {
        "-2": ["BF1", "D1F1", "D2F1", "D2F2", "D3F2", "D3F3", "D4F3"],
        "-1": ["AF1", "BF1", "D1F1", "D2F1", "D2F2", "D3F2", "D3F3"],
        "0": ["A1F1", "AF1", "BF1", "D1F1", "D2F1", "D2F2", "D3F2"],
        "1": ["A1F1", "A1F1", "AF1", "BF1", "D1F1", "D2F1", "D2F2"],
        "2": ["A1F2", "A1F1", "A1F1", "AF1", "BF1", "D1F1", "D2F1"],
        "3": ["A2F2", "A1F2", "A1F1", "AF1", "BF1", "DF1", "D1F1"],
        "4": ["A2F2", "A1F3", "A1F2", "A1F1", "AF1", "BF1", "DF1"],
        "5": ["A2F3", "A2F2", "A1F3", "A1F2", "A1F1", "AF1", "BF1"],
        "6": ["A2F3", "A2F3", "A2F2", "A1F3", "A1F2", "A1F1", "AF1"],
        "7": ["A3F3", "A2F3", "A2F3", "A2F2", "A1F3", "A1F2", "A1F1"],
        "8": ["A3F3", "A3F3", "A2F3", "A2F3", "A2F2", "A1F3", "A1F2"],
        "9": ["A3F3", "A3F3", "A3F3", "A2F3", "A2F3", "A2F2", "A1F3"],
        "10": ["A3F3", "A3F3", "A3F3", "A3F3", "A2F3", "A2F3", "A2F2"],
        "11": ["A3F3", "A3F3", "A3F3", "A3F3", "A3F3", "A2F3", "A2F3"],
        "12": ["A3F3", "A3F3", "A3F3", "A3F3", "A3F3", "A3F3", "A2F3"],
    }
    return Crt(method="odds", columns=cols, die=D10, rows=_cells(grid, {}), prov=PH,
               results={code: describe(code) for code in sorted({v for r in grid.values() for v in r})},
               notes="Maneuver Combat Table (§12). Odds = attack // defence, rounded for the defender (§12.1: 19 vs 8 "
                     "is 2-1); below 1-2 no attack, above 6-1 reads 6-1. Effectiveness shifts columns (§8.0). Rows "
                     "are the modified d10 roll, clamped to -2..12. No cell is in the text: all are placeholders in "
                     "the result codes of §12.3 (AF1, A1F3, D1F1, D2F1, BF1).")


def describe(code: str) -> str:
    """A §12.3 result code in words: A/D (retreat 1 / 2 hexes), A#/D# (steps), F# (units fatigued), BF1."""
    if code == "BF1":
        return "both sides fatigue 1 unit and stay in place"
    m = re.fullmatch(r"([AD])(\d*)(?:F(\d))?", code)
    side, steps, fat = m.group(1), m.group(2), m.group(3)
    who = "attacker" if side == "A" else "defender"
    parts = []
    if steps:
        parts.append(f"{who} loses {steps} step(s)" + (" // terrain defence" if side == "D" else ""))
    if fat:
        parts.append(f"fatigues {fat} unit(s)")
    parts.append("retreats 1 hex" if side == "A" else "retreats 2 hexes")
    return f"{who}: " + ", ".join(parts)


def assault() -> Crt:
    cols = ("1-2", "3-6", "7-10", "11-14", "15-18", "19+")
    grid = {
        "-2": [1, 2, 3, 3, 4, 4], "-1": [1, 2, 2, 3, 3, 4], "0": [1, 1, 2, 3, 3, 3],
        "1": [0, 1, 2, 2, 3, 3], "2": [0, 1, 2, 2, 2, 3], "3": [0, 1, 1, 2, 2, 3],
        "4": [0, 1, 1, 2, 2, 2], "5": [0, 0, 1, 1, 2, 2], "6": [0, 0, 1, 1, 1, 2],
        "7": [0, 0, 0, 1, 1, 2], "8": [0, 0, 0, 1, 1, 1], "9": [0, 0, 0, 0, 1, 1],
        "10": [0, 0, 0, 0, 0, 1], "11": [0, 0, 0, 0, 0, 0], "12": [0, 0, 0, 0, 0, 0],
    }
    fixed = {("5", 2): "assault_ex", ("1", 3): "assault_ex", ("7", 3): "assault_ex"}
    return Crt(method="differential", columns=cols, die=D10, rows=_cells(grid, fixed), prov=PH,
               notes="Assault Table (§13): columns by the firing side's total (the defender's defence values, the "
                     "attacker's attack values); the result is the steps the other side loses, no terrain division. "
                     "Modified roll clamped to -2..12. Fixed cells (§13.2 example): 7-10 on 5 -> 1, 11-14 on 1 -> 2, "
                     "11-14 on 7 -> 1. 'method' is the kernel's name for a table read by totals, not ratios.")


def _chart(columns: tuple[str, ...], rows: list[tuple[str, dict, str]], notes: str, prov=PH) -> Chart:
    return Chart(columns=columns, notes=notes, prov=prov,
                 rows=tuple(ChartRow(key=k, values=v, prov=rulebook(p) if p != PH else PH) for k, v, p in rows))


def charts() -> dict[str, Chart]:
    return {
        "tec": _chart(("terrain", "defence", "mp", "zoc_into", "note"), [
            ("clear", {"terrain": "clear", "defence": 1, "mp": 1, "zoc_into": True, "note": ""}, "clear_d1"),
            ("mixed", {"terrain": "mixed", "defence": 2, "mp": 2, "zoc_into": True, "note": ""}, "bombard_ex"),
            ("forest", {"terrain": "forest", "defence": 3, "mp": 3, "zoc_into": True, "note": ""}, "forest_d3"),
            ("city", {"terrain": "city", "defence": 4, "mp": 1, "zoc_into": False, "note": "urban: may ignore retreat"}, "engineer_ex"),
            ("village", {"terrain": "village", "defence": 2, "mp": 1, "zoc_into": True, "note": ""}, PH),
            ("heath", {"terrain": "heath", "defence": 1, "mp": 1, "zoc_into": True, "note": ""}, PH),
            ("polder", {"terrain": "polder", "defence": 1, "mp": 2, "zoc_into": True, "note": "§4.1 zone"}, PH),
            ("main_road", {"terrain": "main_road", "defence": None, "mp": 0.5, "zoc_into": None, "note": "ignored in combat (§7.1)"}, PH),
            ("road", {"terrain": "road", "defence": None, "mp": 1, "zoc_into": None, "note": "ignored in combat (§7.1)"}, PH),
        ], "Terrain Effects Chart. Defence values of clear, mixed, forest and city are printed in the examples "
           "(§12.3, §9.1, §17.2); their MP costs and the rest are placeholders. Rivers and canals: impassable but "
           "at bridges (§7.2); a bridge repaired this phase costs +1 MP (§17.1)."),
        "effectiveness_shift": _chart(("difference", "columns"), [
            ("equal", {"difference": "0", "columns": 0}, "eff_shift"),
            ("under_3", {"difference": ">0 and <3", "columns": 1}, "eff_shift"),
            ("3_or_more", {"difference": ">=3", "columns": 2}, "eff_shift"),
        ], "§8.0: the side with the higher average effectiveness shifts the Maneuver Combat Table in its favour.",
           prov=rulebook("eff_shift")),
        "maneuver_drm": _chart(("case", "drm", "threshold"), [
            ("across_bridge", {"case": "attack across a bridge", "drm": 2, "threshold": "50% of attacking steps"}, "engineer_ex"),
            ("unsupplied", {"case": "unsupplied attackers", "drm": 3, "threshold": "50% of attacking steps"}, "unsupplied"),
            ("up_slope", {"case": "attack up a slope", "drm": 1, "threshold": "50% of attacking steps"}, PH),
            ("defender_fatigued_some", {"case": "defender fatigued steps >0 and <50%", "drm": -1, "threshold": ""}, "fatigue_drm"),
            ("defender_fatigued_half", {"case": "defender fatigued steps >=50%", "drm": -2, "threshold": ""}, "fatigue_drm"),
        ], "Maneuver combat DRMs (§12.2, §14, §16, §17.2); the slope value is not in the text."),
        "assault_drm": _chart(("case", "drm", "roll"), [
            ("from_1_hex", {"case": "assault from 1 hex", "drm": 0, "roll": "attacker"}, PH),
            ("from_2_hexes", {"case": "assault from 2 hexes", "drm": 0, "roll": "attacker"}, PH),
            ("from_3_hexes", {"case": "assault from 3 hexes", "drm": -1, "roll": "attacker"}, "assault_hexes"),
            ("from_4_hexes", {"case": "assault from 4 hexes", "drm": -2, "roll": "attacker"}, "assault_hexes"),
            ("from_5_hexes", {"case": "assault from 5 hexes", "drm": -3, "roll": "attacker"}, PH),
            ("from_6_hexes", {"case": "assault from 6 hexes", "drm": -4, "roll": "attacker"}, PH),
            ("across_bridge", {"case": "assault across a bridge", "drm": 2, "roll": "attacker"}, PH),
            ("defender_fatigued_some", {"case": "defender fatigued steps >0 and <50%", "drm": 1, "roll": "defender"}, "fatigue_drm"),
            ("defender_fatigued_half", {"case": "defender fatigued steps >=50%", "drm": 2, "roll": "defender"}, "fatigue_drm"),
        ], "Assault DRMs (§13.2, §14, §17.2), recomputed at each roll."),
        "armor_maneuver": _armor(maneuver=True),
        "armor_assault": _armor(maneuver=False),
        "alternate_dz": _chart(("roll", "result"), [
            ("1-4", {"roll": [1, 4], "result": "safe"}, "alt_dz"),
            ("5-8", {"roll": [5, 8], "result": "scattered: fatigue marker"}, "alt_dz"),
            ("9-10", {"roll": [9, 10], "result": "bad landing: loses 1 step"}, "alt_dz"),
        ], "§7.3: one roll per unit dropped on an alternate DZ; none on the original side.", prov=rulebook("alt_dz")),
        "dz": _chart(("side", "supply_radius", "drop_roll"), [
            ("original", {"side": "original", "supply_radius": 10, "drop_roll": False}, "dz"),
            ("alternate", {"side": "alternate", "supply_radius": 5, "drop_roll": True}, "dz"),
        ], "§7.3: DZ marker defence 1, one step; returns 2 turns after its destruction on the alternate side.",
           prov=rulebook("dz")),
        "weather": _chart(("roll", "weather"), [
            ("1-7", {"roll": [1, 7], "weather": "clear"}, "weather"),
            ("8-10", {"roll": [8, 10], "weather": "bad"}, "weather"),
        ], "§18: rolled by the Allied player each AM from 18 September; the face 0 reads 10 (§2.5), so bad.",
           prov=rulebook("weather")),
        "initiative": _chart(("turns", "rule"), [
            ("fixed", {"turns": [1, 2, 3, 4], "rule": "Allied initiative (translator's note: 17 and 18 September)"}, "initiative"),
            ("rolled", {"turns": "from 5, each AM", "rule": "both roll a d10; the lower roller chooses the first player for the day"}, "initiative"),
            ("tie", {"turns": "", "rule": "reroll"}, PH),
        ], "§20.", prov=rulebook("initiative")),
        "bridge_demolition": _chart(("method", "destroyed_on", "note"), [
            ("method_1", {"method": "1 (first Allied contact, 'x' bridges)", "destroyed_on": [1, 4], "note": "once per bridge"}, PH),
            ("method_2", {"method": "2 (engineer, both hexes)", "destroyed_on": [1, 6], "note": "repeatable; only way for Grave, Nijmegen, Arnhem"}, PH),
        ], "Bridge Demolition Table (§7.2): the table is not in the text; the rolls that destroy are placeholders."),
        "air_points": _chart(("side", "per_turn"), [
            ("allied", {"side": "allied", "per_turn": 10}, PH),
            ("german", {"side": "german", "per_turn": 3}, PH),
        ], "Air points per side, granted in the first player's Initial Phase (§15); zero in bad weather (§18.1). "
           "The track reaches 10 (§9.2 example); the amounts are placeholders."),
        "overrun": _chart(("target", "ratio"), [
            ("normal", {"target": "any", "ratio": 7}, "overrun"),
            ("weak", {"target": "only fatigued or unsupplied units", "ratio": 5}, "overrun"),
        ], "§4.2: cost = terrain + 1 MP; C/M units only.", prov=rulebook("overrun")),
        "game_turns": _chart(("turn", "date", "half"), [
            (str(n), {"turn": n, "date": f"{17 + (n - 1) // 2} September 1944", "half": "AM" if n % 2 else "PM"},
             "calendar" if n == 1 else PH) for n in range(1, 21)
        ], "Turn 1 = 17 September AM (§18); two turns a day. The game's length is not in the text: 20 turns "
           "(to 26 September PM) is a placeholder."),
    }


def _armor(maneuver: bool) -> Chart:
    """Attacker category x defender category. Maneuver: one DRM on the attacker's roll. Assault: a
    DRM for each side's roll (attacker, defender), "NE" written as 0."""
    cats = ("inf", "armor", "at", "inf/armor", "inf/at", "armor/at", "inf/armor/at")
    rows = []
    for a in cats:
        for d in cats:
            ar, dr = ("armor" in a), ("armor" in d)
            aat, dat = ("at" in a.split("/")), ("at" in d.split("/"))
            if maneuver:
                drm = (-2 if ar and not dr and not dat else -1 if ar and not dr else 0) + (2 if dr and not ar and not aat else 1 if dr and not ar else 0)
                key, vals = f"{a}|{d}", {"attacker": a, "defender": d, "drm": drm}
                prov = "armor_man" if (a, d) == ("inf/armor", "inf") else PH
            else:
                att = -2 if ar and not dr and not dat else 0
                dfn = -2 if dr and not ar and not aat else 0
                key, vals = f"{a}|{d}", {"attacker": a, "defender": d, "attacker_drm": att, "defender_drm": dfn}
                prov = "armor_ass" if (a, d) == ("inf", "inf/armor") else PH
            rows.append((key, vals, prov))
    what = "maneuver combat (§19.1): the DRM on the attacker's roll" if maneuver else \
        "assault (§19.2): the DRMs of the attacker's and the defender's rolls, NE = 0"
    return _chart(("attacker", "defender", "drm") if maneuver else ("attacker", "defender", "attacker_drm", "defender_drm"),
                  rows, f"Armor/Anti-Tank Effects, {what}. Categories: the classes present among the units involved. "
                        "Placeholder rule: armour without enemy armour or AT gives -2 (with enemy AT -1 in maneuver) to "
                        "its side's roll, matching the one printed cell.")


def tables() -> dict:
    return {"bombardment": bombardment(), "maneuver": maneuver(), "assault": assault(), **charts()}
