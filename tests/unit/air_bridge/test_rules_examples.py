"""The rulebook's worked examples through the rules modules themselves (issue 22): the effectiveness
shift (§8.0), the odds (§12.1), the result codes (§12.3), engineers (§17.2) and both armour examples
(§19.1, §19.2). Counters of the pack stand in for the examples' units where their values match;
where the example names values no counter has, the test makes a unit of those values by replacing
the pack counter's face (a position, not a mock: the rules read it as they read the pack)."""
from __future__ import annotations

from functools import lru_cache

from fractions import Fraction

from msgspec.structs import replace

from domain.games.air_bridge import AIR_BRIDGE, armor, effectiveness, maneuver, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import Declared, Unit
from tests.unit.air_bridge.helpers import pack


@lru_cache(maxsize=1)
def data() -> GameData:
    return AIR_BRIDGE.bind(pack()).data


def with_effectiveness(d: GameData, cid: str, eff: int) -> GameData:
    """A copy of the data whose counter `cid` has effectiveness `eff` on its full face."""
    c = d.counters[cid]
    face = replace(c.faces[0], values={**c.faces[0].values, "effectiveness": eff})
    out = GameData.__new__(GameData)
    out.__dict__.update(d.__dict__)
    out.counters = {**d.counters, cid: replace(c, faces=(face,) + c.faces[1:])}
    return out


def unit(cid: str, hex_id: str = "3207", **kw) -> Unit:
    c = data().counters[cid]
    return Unit(id=cid, side=c.side, seat="s", hex=hex_id, **kw)


def test_8_0_the_effectiveness_example_shifts_one_column_for_the_defender():
    """§8.0: Germans 8, 5, 4 (average 5.67) against an Allied 6: 0.33 in the Allies' favour, one column left."""
    d = data()
    d = with_effectiveness(with_effectiveness(with_effectiveness(d, "de-180id", 8), "de-245id-1", 5), "de-59id-1034", 4)
    d = with_effectiveness(d, "uk-4wilts", 6)
    germans = [unit("de-180id"), unit("de-245id-1"), unit("de-59id-1034")]
    assert effectiveness.average(d, germans) == Fraction(17, 3)  # fractions kept
    assert effectiveness.shift(d, germans, [unit("uk-4wilts")]) == -1
    assert effectiveness.shift(d, [unit("uk-4wilts")], germans) == 1


def test_8_0_a_difference_of_three_or_more_shifts_two_columns():
    d = with_effectiveness(with_effectiveness(data(), "de-180id", 3), "uk-4wilts", 6)
    assert effectiveness.shift(d, [unit("uk-4wilts")], [unit("de-180id")]) == 2
    assert effectiveness.shift(d, [unit("uk-4wilts")], [unit("uk-4wilts")]) == 0


def test_12_1_nineteen_against_eight_is_two_to_one():
    assert data().maneuver.column(19, 8) == "2-1"


def test_12_3_d1f1_in_clear_and_d2f1_in_forest():
    """§12.3 examples: D1F1 in clear (defence 1) is one step, one fatigue, retreat; D2F1 in forest (3): no step."""
    d = data()
    c = Declared(kind="maneuver", target="3207", units=("uk-4wilts",))
    assert maneuver.result_steps(d, c, [unit("uk-4wilts")], "D1F1") == ("loss:defender", "fatigue:defender", "retreat:defender", "advance")
    forest = Declared(kind="maneuver", target="0202", units=("uk-4wilts",))
    assert d.defence("0202") == 3
    assert maneuver.result_steps(d, forest, [unit("uk-4wilts")], "D2F1") == ("fatigue:defender", "retreat:defender", "advance")


def test_12_3_a1f3_and_af1_and_bf1():
    """A1F3: one step regardless of terrain, three fatigued, all attackers back one hex; BF1: one each, nobody moves."""
    d = data()
    c = Declared(kind="maneuver", target="0202", units=("uk-4wilts",))
    assert maneuver.result_steps(d, c, [], "A1F3") == ("loss:attacker",) + ("fatigue:attacker",) * 3 + ("retreat:attacker",)
    assert maneuver.result_steps(d, c, [], "AF1") == ("fatigue:attacker", "retreat:attacker")
    assert maneuver.result_steps(d, c, [], "BF1") == ("fatigue:attacker", "fatigue:defender")


def test_17_2_engineers_reduce_the_city_defence_and_cancel_the_bridge_drm():
    """§17.2 example: engineers attacking a city (4) across a bridge: defence 3 for the D result, no +2."""
    d = data()
    city, across = "1608", "1508"  # the Nijmegen road bridge: 1508 (village) - 1608 (city)
    assert d.defence(city) == 4 and "1508/1608" in d.bridges
    eng = unit("uk-xxxre1", across)
    inf = unit("uk-4wilts", across)
    c = Declared(kind="maneuver", target=city, units=(eng.id, inf.id), origins={eng.id: across, inf.id: across})
    assert maneuver.result_steps(d, c, [eng, inf], "D3F1")[:1] == ("loss:defender",)  # 3 // 3 = 1 (4 would give 0)
    state = AIR_BRIDGE.bind(pack()).setup(pack(), "nijmegen", game_id="t", options={"players": 2})
    defender = unit("de-ss-kgeuling", city)
    with_eng = maneuver.odds(state, d, c, [eng, inf], [defender], ("inf", "inf"))
    without = maneuver.odds(state, d, replace(c, units=(inf.id,)), [inf], [defender], ("inf", "inf"))
    assert "across_bridge" not in with_eng.drm and without.drm["across_bridge"] == 2


def test_19_1_three_tanks_and_an_engineer_against_airborne_infantry_is_minus_2():
    d = data()
    tanks = [unit("de-ss-pz10"), unit("de-ss-knaust"), unit("de-pzbde107a"), unit("de-ss-pi9")]
    assert armor.choices(d, tanks) == ["inf/armor"]
    assert armor.choices(d, [unit("uk-1para"), unit("uk-2para")]) == ["inf"]
    assert armor.maneuver_drm(d, "inf/armor", "inf") == -2


def test_19_2_infantry_assaulting_tanks_and_artillery():
    """§19.2 example: attacker NE, defender -2."""
    d = data()
    assert armor.choices(d, [unit("de-ss-pz10"), unit("de-ss-art9")]) == ["inf/armor"]
    assert armor.assault_drms(d, "inf", "inf/armor") == (0, -2)


def test_19_a_multi_class_unit_lets_its_owner_choose():
    """§19: a recce unit (armor or inf) gives its owner the choice of category."""
    d = data()
    assert values.classes(d, unit("uk-2hcr")) == ("armor", "inf")
    assert armor.choices(d, [unit("uk-2hcr")]) == ["armor", "inf"]
    assert armor.choices(d, [unit("uk-2hcr"), unit("uk-4wilts")]) == ["inf", "inf/armor"]
