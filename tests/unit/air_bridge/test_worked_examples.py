"""Every worked example of the rulebook, replayed against the pack's tables.

The rules engine is not built (issue 22), so the arithmetic the examples do is done here, in
the rulebook's own terms, reading every number from the tables; each fixed cell must also be
labelled `rulebook`.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from domain.kernel.pack.provenance import kind, resolve
from domain.kernel.pack.schema import Chart, Crt
from tests.unit.air_bridge.helpers import pack


def crt(name: str) -> Crt:
    t = pack().tables[name]
    assert isinstance(t, Crt)
    return t


def chart(name: str) -> Chart:
    t = pack().tables[name]
    assert isinstance(t, Chart)
    return t


def column_of(table: Crt, total: int) -> str:
    """The column whose range holds the total ("7-12", "25+")."""
    for c in table.columns:
        lo, _, hi = c.partition("-")
        if c.endswith("+") and total >= int(c[:-1]) or hi and int(lo) <= total <= int(hi):
            return c
    raise ValueError(total)


def cell(table: Crt, total_or_column, roll: int, printed: bool = True) -> str:
    col = total_or_column if isinstance(total_or_column, str) else column_of(table, total_or_column)
    lo, hi = min(map(int, table.rows)), max(map(int, table.rows))
    c = table.rows[str(max(lo, min(hi, roll)))][table.columns.index(col)]
    if printed:
        assert kind(resolve(c.prov, pack().sources)) == "rulebook", f"{col} on {roll} is not cited"
    return c.result


def number(result: str) -> int:
    return 0 if result == "-" else int(result)


def defence(terrain: str) -> int:
    return next(r.values["defence"] for r in chart("tec").rows if r.key == terrain)


def row(name: str, key: str) -> dict:
    r = next(r for r in chart(name).rows if r.key == key)
    assert kind(resolve(r.prov, pack().sources)) == "rulebook", f"{name}[{key}] is not cited"
    return r.values


def shift(att_eff: list[int], def_eff: list[int]) -> int:
    """§8.0: columns shifted toward the attacker (+) or the defender (-)."""
    diff = Fraction(sum(att_eff), len(att_eff)) - Fraction(sum(def_eff), len(def_eff))
    key = "equal" if diff == 0 else "under_3" if abs(diff) < 3 else "3_or_more"
    return row("effectiveness_shift", key)["columns"] * (1 if diff > 0 else -1)


def test_E1_effectiveness_8_5_4_against_6_shifts_one_column_to_the_defender():
    assert shift([8, 5, 4], [6]) == -1


def test_E2_bombardment_of_8_points_on_a_2_rolls_3_and_mixed_terrain_halves_it_to_1_step():
    result = number(cell(crt("bombardment"), 4 + 4, 2))
    assert result == 3
    assert result // defence("mixed") == 1


def test_E3_support_fire_gives_minus_1_then_minus_4():
    b = crt("bombardment")
    us, german = number(cell(b, 6 + 6, 4)), number(cell(b, 3, 5))
    assert (us, german) == (2, 1)
    assert german - us == -1
    assert 0 - number(cell(b, 10, 1)) == -4  # the German put no points in: no roll, 0


def test_E4_defensive_bombardment_of_12_on_a_4_costs_the_assault_2_steps_from_clear_1_otherwise():
    result = number(cell(crt("bombardment"), 12, 4))
    assert result // defence("clear") == 2
    assert result // 2 == 1  # §9.3: assaulting from or into terrain of defence over 1 counts as 2


def test_E5_19_against_8_is_2_to_1_and_the_maneuver_table_has_that_column():
    odds = 19 // 8
    assert f"{odds}-1" == "2-1" and "2-1" in crt("maneuver").columns


@pytest.mark.parametrize("code,terrain,steps", [("D1F1", "clear", 1), ("D2F1", "forest", 0)])
def test_E6_a_defender_result_is_divided_by_the_terrain_defence(code, terrain, steps):
    assert int(code[1]) // defence(terrain) == steps
    used = {c.result for r in crt("maneuver").rows.values() for c in r}
    assert {"AF1", "A1F3", "D1F1", "D2F1", "BF1"} <= used <= set(crt("maneuver").results)


def test_E7_the_assault_example_round_by_round():
    a, b = crt("assault"), crt("bombardment")
    german = [4, 4, 4, 4]
    # Defensive bombardment: 10 air points on a 6, result 2, halved: the assault is from non-clear hexes.
    german[0] = 2 if number(cell(b, 10, 6)) // 2 == 1 else german[0]
    # US first fire: defence 4 + 5 = 9 on a 5.
    assert int(cell(a, 4 + 5, 5)) == 1
    german[1] = 2
    drm = row("assault_drm", "from_4_hexes")["drm"]
    assert sum(german) == 12 and drm == -2
    assert int(cell(a, sum(german), 3 + drm)) == 2  # the defence-4 unit is eliminated
    # Effectiveness: US 6 rolls 7 (fails), German 4 rolls 4 (passes): only the German fires again.
    assert (7 <= 6, 4 <= 4) == (False, True)
    assert int(cell(a, sum(german), 9 + drm)) == 1  # the defence-5 unit flips; the defender survives


def test_E8_losing_one_of_four_assault_hexes_recomputes_the_drm_to_minus_1():
    assert row("assault_drm", "from_4_hexes")["drm"] == -2
    assert row("assault_drm", "from_3_hexes")["drm"] == -1


def test_E9_engineers_cancel_the_bridge_drm_and_take_one_off_the_city_defence():
    assert row("maneuver_drm", "across_bridge")["drm"] == 2  # cancelled by the engineers
    assert max(1, defence("city") - 1) == 3


def test_E10_inf_armor_attacking_inf_is_minus_2():
    assert row("armor_maneuver", "inf/armor|inf")["drm"] == -2


def test_E11_inf_assaulting_inf_armor_is_NE_for_the_attacker_and_minus_2_for_the_defender():
    v = row("armor_assault", "inf|inf/armor")
    assert (v["attacker_drm"], v["defender_drm"]) == (0, -2)


@pytest.mark.parametrize("roll,result", [(1, "safe"), (4, "safe"), (5, "scattered: fatigue marker"),
                                         (8, "scattered: fatigue marker"), (9, "bad landing: loses 1 step"),
                                         (10, "bad landing: loses 1 step")])
def test_the_alternate_dz_table_is_the_rulebooks(roll, result):
    hit = [r for r in chart("alternate_dz").rows if r.values["roll"][0] <= roll <= r.values["roll"][1]]
    assert [r.values["result"] for r in hit] == [result]
    assert kind(resolve(hit[0].prov, pack().sources)) == "rulebook"


def test_weather_reads_the_face_0_as_10_which_is_bad():
    die = crt("bombardment").die
    assert (die.sides, die.zero_reads_as) == (10, 10)
    bad = row("weather", "8-10")
    assert bad["weather"] == "bad" and bad["roll"][0] <= 10 <= bad["roll"][1]


def test_placeholder_cells_never_undercut_a_printed_neighbour():
    """Lower rolls are never worse for the roller, higher columns never worse: the fixed cells sit in a monotone table."""
    for name in ("bombardment", "assault"):
        t = crt(name)
        rows = sorted(t.rows, key=int)
        for i, col in enumerate(t.columns):
            vals = [number(t.rows[r][i].result) for r in rows]
            assert vals == sorted(vals, reverse=True), (name, col)
        for r in rows:
            vals = [number(c.result) for c in t.rows[r]]
            assert vals == sorted(vals), (name, r)
