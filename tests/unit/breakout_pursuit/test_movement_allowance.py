"""Who may move and how far: the Supply Effects Chart, German reinforcements, disruption, the
Mechanized Movement Phase, Special Rules A and G; and the movement phases' entry and exit hooks."""
from __future__ import annotations

import pytest

from domain.games.breakout_pursuit import allowance as al
from domain.games.breakout_pursuit import movement
from domain.games.breakout_pursuit.effects import DisruptionEnded, FlagSet, UnitMoved
from domain.games.breakout_pursuit.orders import EndPhase, Move
from domain.kernel.commands import Accepted, Rejected
from tests.unit.breakout_pursuit.movement_helpers import U, effects, play, position, ruleset


def ma(state, unit) -> int:
    return movement.allowance(state, ruleset().data, state.units[unit])


def code(state, seat, unit, *path) -> str | None:
    ruling, _ = play(state, seat, Move(unit=unit, path=path))
    return ruling.code if isinstance(ruling, Rejected) else None


# --- the Supply Effects Chart ----------------------------------------------------------------------


def test_half_of_five_is_two():
    """Supply Effects Chart (L382) with Correction L638: an unsupplied 12-5 has half its Movement
    Allowance, rounded down: 2. So are an unsupplied 13-8 (4) and 12-16 (8)."""
    s = position({U.A_INF: "0303", U.A_MECH: "0203", U.A_MOT: "0202"},
                 supply={U.A_INF: "unsupplied", U.A_MECH: "unsupplied", U.A_MOT: "unsupplied"})
    assert (ma(s, U.A_INF), ma(s, U.A_MECH), ma(s, U.A_MOT)) == (2, 4, 8)
    ruling, _ = play(s, "allied", Move(unit=U.A_INF, path=("0304", "0305")))
    (m,) = effects(ruling, UnitMoved)
    assert m.allowance == 2 and any("Supply Effects Chart (Omission)" in c.label() for c in m.cite)
    assert code(s, "allied", U.A_INF, "0304", "0305", "0205") == "too_far"


def test_isolated_units_move_one_hex_if_mechanized_else_half():
    """Supply Effects Chart (L383): isolated Mechanized units move one hex; Non-Mechanized, half (rounded down, L638)."""
    s = position({U.A_INF: "0303", U.A_MECH: "0203"}, supply={U.A_INF: "isolated", U.A_MECH: "isolated"})
    assert (ma(s, U.A_INF), ma(s, U.A_MECH)) == (2, 0)
    assert set(movement.destinations(s, ruleset().data, s.units[U.A_MECH])) == set(ruleset().data.neighbours["0203"])


@pytest.mark.parametrize("option,points", [("as_allied_isolated", 0), ("none", 6)])
def test_isolated_german_units_follow_the_german_isolated_effects_option(option, points):
    """Supply Effects Chart (L378-386) prints no German Isolated row: option german_isolated_effects."""
    s = position({U.G_MECH: "0303"}, side="german", supply={U.G_MECH: "isolated"}, options={"german_isolated_effects": option})
    assert ma(s, U.G_MECH) == points


def test_trucks_are_always_supplied():
    """Correction L642: Truck units are always supplied, whatever a judgement says."""
    s = position({U.A_TRUCK: "0303"}, supply={U.A_TRUCK: "isolated"})
    assert ma(s, U.A_TRUCK) == 15


@pytest.mark.parametrize("option,verdict", [("one_hex_per_phase", None), ("one_hex_per_player_turn", "isolated_one_hex")])
def test_isolated_mechanized_one_hex_per_phase_or_per_player_turn(option, verdict):
    """Supply Effects Chart (L383), option isolated_mech_move: an isolated mechanized unit that moved
    its hex in the Initial Movement Phase moves again in the Mechanized one only per phase."""
    s = position({U.A_MECH: "0303", U.A_MECH2: "0101"}, supply={U.A_MECH: "isolated"}, options={"isolated_mech_move": option})
    _, s = play(s, "allied", Move(unit=U.A_MECH, path=("0304",)))
    s = _to_mechanized_phase(s)
    assert code(s, "allied", U.A_MECH, "0305") == verdict


def _to_mechanized_phase(s):
    """End the Allied Initial Movement Phase; the interim Combat Phase passes at once."""
    ruling, s = play(s, "allied", EndPhase())
    assert isinstance(ruling, Accepted), ruling
    assert s.core.clock.phase == "mechanized_movement"
    return s


# --- German reinforcements, disruption, the Mechanized Movement Phase --------------------------------


def test_german_units_placed_this_turn_spend_one_movement_point_to_move_onto_the_map():
    """German Reinforcements (L690): placing a unit expends one MP of the following Initial Movement Phase."""
    s = position({U.G_MECH: {"hex": "0301", "placed": 2}, U.G_MECH2: {"hex": "0401", "placed": 1}}, turn=2, side="german")
    assert (ma(s, U.G_MECH), ma(s, U.G_MECH2)) == (5, 6)
    s = position({U.G_MECH: {"hex": "0301", "placed": 2}}, turn=2, side="german", phase="mechanized_movement")
    assert ma(s, U.G_MECH) == 6


def test_disrupted_units_stay_put_until_the_end_of_their_next_initial_movement_phase():
    """Ad (L338); digest CMB-13: a unit disrupted on Game-Turn 1 may not move in that Mechanized
    Movement Phase nor in the Initial Movement Phase of Game-Turn 2, at whose end it recovers."""
    s = position({U.A_MECH: {"hex": "0303", "disrupted": 1}, U.A_INF: "0606"}, phase="mechanized_movement")
    assert code(s, "allied", U.A_MECH, "0304") == "disrupted"
    s = position({U.A_MECH: {"hex": "0303", "disrupted": 1}, U.A_MECH2: "0606"}, turn=2)
    assert code(s, "allied", U.A_MECH, "0304") == "disrupted"
    ruling, s = play(s, "allied", EndPhase())
    assert [e.units for e in effects(ruling, DisruptionEnded)] == [(U.A_MECH,)]
    assert s.units[U.A_MECH].disrupted == 0 and s.core.clock.phase == "mechanized_movement"
    assert code(s, "allied", U.A_MECH, "0304") is None


def test_only_mechanized_units_move_in_the_mechanized_movement_phase_with_their_full_allowance():
    """Sequence of Play 6 (L186): only Mechanized units move again (trucks and motorized infantry
    are not Mechanized units); the movement is in addition to the Initial Movement Phase's."""
    s = position({U.A_MECH: "0303", U.A_MOT: "0203", U.A_TRUCK: "0202", U.A_INF: "0201"}, phase="mechanized_movement")
    for unit in (U.A_MOT, U.A_TRUCK, U.A_INF):
        assert code(s, "allied", unit, "0102") == "not_mechanized"
    assert ma(s, U.A_MECH) == 8


# --- Special Rule A ------------------------------------------------------------------------------------


def test_special_rule_a_no_allied_move_in_the_first_initial_movement_phase():
    """Special Rule A (L900): the first Allied Initial Movement Phase passes with nothing moved, and
    the log says why; the Mechanized Movement Phase proceeds normally."""
    s = position({U.A_MECH: "0303"}, scenario="AG", phase="supply")
    ruling, after = play(s, "allied", EndPhase())
    flags = {f.name: f for f in effects(ruling, FlagSet)}
    assert flags["special_rule_a"].value == 1 and "Special Rule A" in flags["special_rule_a"].cite[0].label()
    assert after.core.clock.phase == "mechanized_movement"
    s = position({U.A_MECH: "0303"}, scenario="AG")
    assert code(s, "allied", U.A_MECH, "0304") == "special_rule_a"
    assert code(position({U.A_MECH: "0303"}, scenario="AG", turn=2), "allied", U.A_MECH, "0304") is None


# --- Special Rule G ------------------------------------------------------------------------------------

G_UNITS = {U.G_MECH: "0309", U.G_INF: "0209", U.G_MECH2: "0506", U.G_INF12: "0608"}


@pytest.mark.parametrize("coast,also", [("north_of_seine", []), ("whole_map", [U.G_INF12])])
def test_special_rule_g_freezes_german_units_near_coastal_cities_and_on_rotterdam(coast, also):
    """Special Rule G (L908): units starting on or next to a coastal city or coastal fortress, or on
    Rotterdam (0209) or Amsterdam (0109), are recorded when the first movement phase begins. Option
    special_rule_g_coast: the coast North of the Seine (synthetic: rows 01-05, columns 06-09, so the
    town 0409 but not the fortress 0709), or the whole map."""
    s = position({U.A_MECH: "0303", **G_UNITS}, scenario="AG", phase="supply", turn=1, options={"special_rule_g_coast": coast})
    ruling, _ = play(s, "allied", EndPhase())
    frozen = {f.name: f.value for f in effects(ruling, FlagSet)}[al.FROZEN]
    assert sorted(frozen) == sorted([U.G_MECH, U.G_INF] + also)


def test_special_rule_g_holds_until_an_allied_combat_unit_moves_north_of_the_seine_above_row_20():
    """Special Rule G (L908): frozen units may not move until an Allied combat unit moves onto or
    through a hex North of the Seine above the 2000 row (synthetic: rows 01-05, columns 06-09); a
    Truck does not count."""
    flags = {"special_rules": ["A", "G"], al.FROZEN: [U.G_MECH]}
    s = position({U.G_MECH: "0309", U.G_MECH2: "0506"}, scenario="AG", turn=2, side="german", flags=flags)
    assert code(s, "german", U.G_MECH, "0308") == "special_rule_g"
    assert code(s, "german", U.G_MECH2, "0505") is None
    s = position({U.A_TRUCK: "0205", U.A_MECH: "0204"}, scenario="AG", turn=2, flags=flags)
    ruling, s = play(s, "allied", Move(unit=U.A_TRUCK, path=("0206",)))
    assert not [f for f in effects(ruling, FlagSet) if f.name == al.LIFTED]
    ruling, s = play(s, "allied", Move(unit=U.A_MECH, path=("0205", "0206", "0106")))
    assert [(f.name, f.value) for f in effects(ruling, FlagSet) if f.name == al.LIFTED] == [(al.LIFTED, 2)]
    assert al.frozen(s) == frozenset()


# --- the phase hooks -------------------------------------------------------------------------------------


def test_a_movement_phase_with_no_unit_able_to_move_passes_at_once():
    """Movement A (L242): movement is voluntary; with nothing to move the phase holds no decision.
    The Allies have only a Pipeline unit: their phases pass, the German Initial Movement Phase waits.
    (Game-Turn 2: on Game-Turn 1 the Allied Combat Phase would wait for the Air Strike.)"""
    s = position({U.A_PIPE1: "0104", U.G_MECH: "0606"}, phase="supply", turn=2)
    _, after = play(s, "allied", EndPhase())
    assert (after.core.clock.side, after.core.clock.phase) == ("german", "initial_movement")


def test_delay_markers_stacked_with_allied_units_are_eliminated_at_the_end_of_the_phase():
    """Delay C (L492): a Delay marker whose hex an Allied unit ends the phase on is eliminated;
    passing through does not."""
    s = position({U.A_MECH: "0303", U.A_MOT: "0502", U.DELAY: "0304", "de-delay-t03a": "0403"})
    _, s = play(s, "allied", Move(unit=U.A_MECH, path=("0304",)))
    _, s = play(s, "allied", Move(unit=U.A_MOT, path=("0503", "0403", "0402", "0401")))
    assert s.units[U.A_MOT].hex == "0401"
    ruling, s = play(s, "allied", EndPhase())
    assert s.units[U.DELAY].box == "eliminated" and s.units["de-delay-t03a"].hex == "0403"
