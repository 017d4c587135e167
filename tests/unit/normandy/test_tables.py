"""Every constraint the text fixes on a table, checked against the pack's tables; the printed
schedules (construction times, VP) read against their lines."""
from __future__ import annotations

import re
from fractions import Fraction

from tests.unit.normandy.helpers import cited_lines, line, pack, prov_kind
from tools.normandy_map.tables import parse

ORDER = ("A2", "A1", "A1D1", "D1", "D1R", "D2R", "D2RX", "E")  # worse to better for the attacker


def _t(key):
    return pack().tables[key]


def _rows(key) -> dict:
    return {r.key: r.values for r in _t(key).rows}


def _column(att: int, dfn: int) -> str:
    """The odds column: the ratio rounded in favour of the defender, clamped to the table (§6.3)."""
    cols = _t("crt").columns
    ratios = [Fraction(*map(int, c.split(":"))) for c in cols]
    fit = [c for c, r in zip(cols, ratios) if r <= Fraction(att, dfn)]
    return fit[-1] if fit else cols[0]


def test_the_crt_has_the_columns_the_text_names_and_their_order():
    cols = _t("crt").columns
    for c in ("1:3", "1:1", "3:2", "2:1", "6:1"):
        assert c in cols
    assert cols[0] == "1:3" and cols[-1] == "6:1"
    assert cols.index("3:2") == cols.index("1:1") + 1  # §6.12: 1.5 against 1 is one column shift from 1:1
    assert cols.index("2:1") - 1 == cols.index("3:2")  # §5.3: 2:1 shifted one left reads 3:2 (L221)
    assert "3:2" in line(221) and "2:1" in line(221)


def test_the_crt_worked_examples_read_their_printed_columns():
    assert _column(8, 3) == "2:1"     # "8:3 -> 2:1" rounds for the defender (§6.3)
    assert _column(20, 12) == "3:2"   # §6.12
    assert _column(8, 3) != "3:1"
    assert _column(1, 9) == "1:3" and _column(50, 1) == "6:1"


def test_the_crt_is_a_d6_table_monotone_in_odds_and_roll_with_elimination_and_exploitation():
    t = _t("crt")
    assert t.die.sides == 6 and sorted(t.rows, key=int) == [str(d) for d in range(1, 7)]
    for k, cells in t.rows.items():
        ranks = [ORDER.index(c.result) for c in cells]
        assert ranks == sorted(ranks), k
        assert all(prov_kind(c.prov) == "placeholder" for c in cells)
    for j in range(len(t.columns)):
        ranks = [ORDER.index(t.rows[str(d)][j].result) for d in range(1, 7)]
        assert ranks == sorted(ranks), t.columns[j]
    results = {c.result for cells in t.rows.values() for c in cells}
    assert "E" in results and any("X" in r for r in results)  # Q&A 38's 'E'; "If the combat result allows Exploitation"
    for r in results:
        assert "".join(parse(r)) == r and r in t.results


def test_the_column_shifts_are_the_texts():
    rows = _rows("crt_shifts")
    assert rows["hq_defense_support"]["shift"] == 1 and rows["hq_defense_support"]["direction"] == "left"
    assert rows["tas"]["shift"] == 1 and rows["enemy_d2_or_a2"]["shift"] == 2
    assert rows["beach_from_sea"] == {"source": "attack from the sea on a beach", "shift": 1, "direction": "left"}


def test_air_draws_never_exceed_the_cups_the_text_sizes():
    cups = _rows("air_cups")
    text = line(461)
    assert cups["HB"]["counters"] == 6 and "six tokens marked HB" in text
    assert cups["MB"]["counters"] == 4 and "4 counters marked MB" in text
    assert cups["FB"]["counters"] == 12 and "12 FB counters" in text
    afat = _rows("afat")
    assert "turn0" in afat  # the AFAT has a turn-0 column (§10)
    for w, v in afat.items():
        for cup in ("HB", "MB", "FB"):
            assert 0 <= v[cup] <= cups[cup]["counters"], (w, cup)
    assert afat["storm"] == {"HB": 0, "MB": 0, "FB": 0}  # a storm cancels every air mission (§1.1.1.1)
    fbat = _rows("fbat")
    assert sorted(fbat, key=int) == [str(d) for d in range(1, 7)]
    assert all(0 <= v["fb_air_superiority"] <= cups["FB"]["counters"] for v in fbat.values())


def test_weather_reads_the_examples_and_mulberries_break_on_four_to_six():
    w = _rows("weather")
    assert w["5"]["weather"] == "overcast"            # a modified 5: Overcast/Cloudy (§1.1.1.1)
    assert w["6"]["storm_test"] and not any(v["storm_test"] for k, v in w.items() if k != "6")
    assert min(int(k) for k in w) == -1                # the DRM reaches -2 at most: 1 - 2
    mul = _rows("mulberry_storm")
    assert [d for d, v in sorted(mul.items()) if v["destroyed"]] == ["4", "5", "6"] and "4, 5 or 6" in line(333)
    assert pack().scenarios["dday"].options["weather"] == {"0": "cloudy", "A": "cloudy", "B": "clear"}


def test_construction_times_are_the_texts():
    ct = _rows("construction_times")
    assert ct["beach"]["turns"] == 0 and "Beach depots are available immediately" in line(335)
    assert ct["minor_port"]["turns"] == 2 and "minor port is 2 turns" in line(335)
    assert ct["mulberry"]["turns"] == 2 and "two turns" in line(332) and ct["mulberry"]["initial"] == "reduced"
    assert ct["cherbourg"] == {"turns": 3, "initial": "reduced", "full_after": 3}
    assert "«reduced» harbor is 3 turns" in line(337) and "3 extra turns" in line(337)
    # the St Laurent example: taken on turn 0, the depot arrives on turn 3 (L326)
    assert 0 + ct["mulberry"]["turns"] + 1 == 3 and "turn 3" in line(326)
    for r in _t("construction_times").rows:
        assert prov_kind(r.prov) == "rulebook"


def test_the_vp_schedule_is_the_texts_line_by_line():
    for r in _t("vp").rows:
        a, b = cited_lines(r.prov)
        text = " ".join(line(n) for n in range(a, b + 1))
        v = r.values["vp"]
        if isinstance(v, int):
            assert re.search(rf"(?<!\d){re.escape(f'{v:+d}')} VP|{abs(v)} VP", text), (r.key, v, text[:120])
        else:
            assert "+3+x VP" in text
    lv = _rows("victory_levels")
    assert (lv["marginal"]["vp"], lv["decisive"]["vp"]) == (25, 50) and "+25 VP" in line(614) and "+50 VP" in line(614)


def test_stacking_is_the_texts():
    st = _rows("stacking")
    assert st["stacking_points"]["limit"] == 5 and "up to 5 SP, plus one unit of a SV of 0 and one HQ" in line(151)
    assert st["offensive_markers"]["limit"] == 2 and "no more than two" in line(55)


def test_the_tec_keeps_the_facts_the_text_fixes():
    tec = _rows("tec")
    assert tec["clear"]["tactical_interdiction_double"] and tec["river"]["tactical_interdiction_double"]
    assert not tec["town"]["tactical_interdiction_double"] and not tec["forest"]["tactical_interdiction_double"]
    assert "clear terrain or river crossing" in line(380)
    for t, v in tec.items():
        if v["motorized"] is not None:
            assert v["motorized"] >= 1 and v["non_motorized"] >= 1  # a hex always costs something
    assert tec["marsh"]["motorized"] is None  # armored restrictions in marsh (L45), the placeholder's reading
    assert {"clear", "bocage", "forest", "town", "village", "city", "marsh", "river", "road", "beach"} <= set(tec)


def test_bombardment_modifiers_are_the_texts():
    drm = _rows("bombardment_drm")
    assert drm["medium_bombers_half"]["modifier"] == 1 and "+1 die roll" in line(386)
    assert drm["garrison_target"]["modifier"] == -1


def test_every_table_is_labelled_and_tables_the_text_lacks_are_placeholders():
    for key, t in pack().tables.items():
        assert prov_kind(t.prov) in ("rulebook", "placeholder"), key
    for key in ("bombardment", "fbat", "afat", "tec", "storm_test", "resource_allocation", "german_replacements",
                "infiltration", "drop", "dd_survival", "ranger_5th", "box_interdiction", "naval_track"):
        assert prov_kind(_t(key).prov) == "placeholder", key
    for key in ("construction_times", "vp", "victory_levels", "stacking", "air_cups", "mulberry_storm"):
        assert prov_kind(_t(key).prov) == "rulebook", key
