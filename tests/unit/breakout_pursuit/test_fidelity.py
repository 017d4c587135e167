"""breakout-pursuit@2 (issue 16): rulings that say when they used a datum the rulebook does not
print (`pack` citations), each accepted ruling with its own citations, and the literal text as
the default of Stacking M, Fortress D, Special Rule G and Combat E. @1 keeps its rulings (the
recorded games re-verify: tests/integration/test_recorded_games.py)."""
from __future__ import annotations

from functools import lru_cache

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT, BREAKOUT_PURSUIT_2, cite
from domain.games.breakout_pursuit.orders import AirStrike, Attack, EndPhase, Move
from domain.kernel import game
from domain.kernel.citation import PackDatum, Rulebook
from domain.kernel.commands import Accepted, Begin, Rejected, SeatOrder
from domain.kernel.dice import ScriptedDice
from domain.kernel.seats import PUBLIC
from tests.unit.breakout_pursuit import helpers, movement_helpers
from tests.unit.breakout_pursuit.movement_helpers import U

UK14, UK12, US16 = "uk-aug-xx-14-8-1037", "uk-aug-xx-12-8-1138", "us-aug-xx-16-8-1735"
DE4, DE2 = "de-aug-xx-4-5-0936", "de-jul-xx-2-4-18lw"
INVENTED_GERMAN = "de-tr-xx-6-5-553"  # a placeholder counter (a late German arrival)


@lru_cache(maxsize=None)
def combat_rules(version: int):
    return (BREAKOUT_PURSUIT_2 if version == 2 else BREAKOUT_PURSUIT).bind(helpers.synthetic_pack())


@lru_cache(maxsize=None)
def move_rules(version: int):
    return (BREAKOUT_PURSUIT_2 if version == 2 else BREAKOUT_PURSUIT).bind(movement_helpers.synthetic_pack())


def combat_position(rs, units, *, turn=11, options=None, **fields):
    state = rs.setup(rs.pack, "2.1", game_id="test", options=rs.resolve_options(options or {}))
    _, state, _ = game.step(rs, state, Begin(), ScriptedDice([]), version=1, visibility=PUBLIC)
    spec = {"clear": True, "add": units, "core": {"clock": {"turn": turn, "phase": "combat", "side": "allied"}}, **fields}
    return rs.position(state, spec)


def move_position(rs, units, *, options=None, phase="initial_movement"):
    state = rs.setup(rs.pack, "T", game_id="test", options=rs.resolve_options(options))
    spec = {"clear": True, "add": {c: ({"hex": v} if isinstance(v, str) else v) for c, v in units.items()},
            "core": {"started": True, "clock": {"turn": 1, "phase": phase, "side": "allied"}}}
    return rs.position(state, spec)


def play(rs, state, seat, order, dice=()):
    ruling, after, _ = game.step(rs, state, SeatOrder(seat=seat, order=order), ScriptedDice(list(dice), command=2),
                                 version=2, visibility=PUBLIC)
    return ruling, after


def of(ruling, tag):
    return [e for e in ruling.effects if e.__struct_config__.tag == tag]


def packs(cites):
    return [c for c in cites if isinstance(c, PackDatum)]


# --- the pack citation (item 1) -----------------------------------------------------------------------


def test_a_result_read_from_an_unprinted_crt_cell_cites_the_reconstruction_not_the_table():
    """Combat Results Table, L318-324: only row 0 and row 1 up to 3-1 are printed (L321-322). A 4-1
    attack with a die of 3 reads a reconstructed cell: @2 cites `crt:3:4-1` as a placeholder and the
    column headings (L320), never the table's lines as if printed; @1 cites the table (as recorded)."""
    units = {UK14: {"hex": "0406"}, UK12: {"hex": "0506"}, DE4: {"hex": "0405"}}
    for version in (1, 2):
        rs = combat_rules(version)
        s = combat_position(rs, units)
        ruling, _ = play(rs, s, "allied", Attack(attackers=(UK14, UK12), hex="0405", odds="4-1"), dice=[3])
        assert isinstance(ruling, Accepted), ruling
        a = of(ruling, "bp.attack_resolved")[0]
        if version == 1:
            assert cite.CRT in a.cite and not packs(a.cite)
            continue
        assert PackDatum(key="crt:3:4-1", provenance="placeholder") in a.cite
        assert cite.CRT not in a.cite and Rulebook(book=cite.BOOK, section="Combat Results Table", lines=(320, 320)) in a.cite
        assert ruling.citations, "an accepted ruling carries its own citations"
        assert PackDatum(key="crt:3:4-1", provenance="placeholder") in ruling.citations


def test_a_result_read_from_a_printed_cell_cites_its_own_line():
    """Combat Results Table, L322: row 1 prints 1-3 to 3-1; a 3-1 attack with a die of 1 is cited by that line alone."""
    rs = combat_rules(2)
    s = combat_position(rs, {UK14: {"hex": "0406"}, DE4: {"hex": "0405"}})
    ruling, _ = play(rs, s, "allied", Attack(attackers=(UK14,), hex="0405", odds="3-1"), dice=[1])
    a = of(ruling, "bp.attack_resolved")[0]
    assert not [p for p in packs(a.cite) if p.key.startswith("crt:")]
    assert any(isinstance(c, Rulebook) and c.section == "Combat Results Table" and c.lines == (322, 322) for c in a.cite)


def test_points_from_a_reconstructed_schedule_line_and_an_invented_counter_say_so():
    """Victory A, L508: the Allies score the listed points; the 6-5 line is cut off in the text
    (placeholder `table:vp_german_units:6-5`), and the 553rd is an invented late arrival."""
    rs = combat_rules(2)
    s = combat_position(rs, {UK14: {"hex": "0406"}, UK12: {"hex": "0506"}, US16: {"hex": "0404"},
                             INVENTED_GERMAN: {"hex": "0405"}})
    die = next(d for d in range(1, 7) if rs.data.crt_table.result("7-1", d) == "De")
    ruling, _ = play(rs, s, "allied", Attack(attackers=(UK14, UK12, US16), hex="0405", odds="7-1"), dice=[die])
    gone = of(ruling, "bp.unit_eliminated")[0]
    assert PackDatum(key="table:vp_german_units:6-5", provenance="placeholder") in gone.cite
    assert PackDatum(key=f"counter:{INVENTED_GERMAN}", provenance="placeholder") in gone.cite
    assert cite.VICTORY_A in gone.cite


# --- Stacking M (item 2) ------------------------------------------------------------------------------

FULL_A = {U.A_MECH: "0304", U.A_MECH2: "0304", U.A_INF: "0304"}
FULL_B = {U.A_MECH3: "0303", U.A_MECH4: "0303", U.A_INF2: "0303"}


def test_stacking_m_two_full_stacks_exchange_units_within_the_phase_under_the_default():
    """Stacking M, L230: the limit 'applies only at the end of a Movement Phase'. Under @2's default
    (stacking_checked = end_of_phase) a unit moves onto a full hex whose units have not moved yet,
    and one of them moves out onto the hex it left: no unit is lost when the phase ends."""
    rs = move_rules(2)
    s = move_position(rs, {**FULL_A, **FULL_B})
    assert s.core.options["stacking_checked"] == "end_of_phase"
    ruling, s = play(rs, s, "allied", Move(unit=U.A_MECH3, path=("0304",)))
    assert isinstance(ruling, Accepted), ruling
    assert any(isinstance(c, Rulebook) and c.section == "Movement" for c in ruling.citations)
    assert cite.STACKING_M in ruling.citations and cite.ruling("stacking_checked", "end_of_phase") in ruling.citations
    ruling, s = play(rs, s, "allied", Move(unit=U.A_MECH, path=("0303",)))
    assert isinstance(ruling, Accepted), ruling
    ruling, s = play(rs, s, "allied", EndPhase())
    assert isinstance(ruling, Accepted) and not of(ruling, "bp.unit_eliminated")


def test_stacking_m_each_move_refuses_the_same_exchange():
    """Stacking M with stacking_checked = each_move (@1's only choice): no move may end on a full hex."""
    rs = move_rules(2)
    s = move_position(rs, {**FULL_A, **FULL_B}, options={"stacking_checked": "each_move"})
    ruling, _ = play(rs, s, "allied", Move(unit=U.A_MECH3, path=("0304",)))
    assert isinstance(ruling, Rejected) and ruling.code == "over_stacked"


def test_stacking_m_a_full_hex_that_nobody_can_relieve_is_refused_and_an_excess_left_is_eliminated():
    """Stacking M: a move may end on a full hex only while a unit there that has not moved can still
    leave it; what is over the limit when the phase ends is eliminated (as a retreat would be)."""
    rs = move_rules(2)
    moved = {U.A_MECH: {"hex": "0304"}, U.A_MECH2: {"hex": "0304"}, U.A_INF: {"hex": "0304"}}
    s = move_position(rs, {**moved, U.A_MECH3: "0303", U.A_MECH4: "0302"})
    s = s.__class__(**{**{f: getattr(s, f) for f in s.__struct_fields__}, "moved": (U.A_MECH, U.A_MECH2, U.A_INF)})
    ruling, _ = play(rs, s, "allied", Move(unit=U.A_MECH3, path=("0304",)))
    assert isinstance(ruling, Rejected) and ruling.code == "over_stacked"
    s = move_position(rs, {**FULL_A, U.A_MECH3: "0303"})
    ruling, s = play(rs, s, "allied", Move(unit=U.A_MECH3, path=("0304",)))
    assert isinstance(ruling, Accepted)
    ruling, s = play(rs, s, "allied", EndPhase())
    assert len(of(ruling, "bp.unit_eliminated")) == 1
    assert sum(1 for u in s.units.values() if u.hex == "0304" and u.combat_unit) == 3


# --- Fortress D after the Air Strike (item 2) -----------------------------------------------------------


def test_fortress_d_an_air_strike_de_destroys_the_fortress_under_the_default():
    """Fortress D, L478: when Ex or De is applied to German units on a Fortress hex 'the Fortress hex
    is destroyed'; @2's default (air_strike_fortress = destroys_fortress) applies it to the Air
    Strike; units_only leaves it standing."""
    fortress = movement_helpers.FORTRESSES[0]
    for option, razed in (("destroys_fortress", True), ("units_only", False)):
        rs = move_rules(2)
        s = move_position(rs, {DE2: fortress}, options={"air_strike_fortress": option}, phase="combat")
        s = rs.position(s, {"flags": {"air_strike": "owed"}})
        die = next(d for d in range(1, 7) if rs.data.crt_table.result(rs.data.crt_table.column(20, 2), d) == "De")
        ruling, after = play(rs, s, "allied", AirStrike(hex=fortress, units=(DE2,)), dice=[die])
        assert isinstance(ruling, Accepted), ruling
        assert bool(of(ruling, "bp.fortress_destroyed")) is razed
        assert (after.fortresses.get(fortress, "intact") != "intact") is razed


def test_air_struck_units_may_not_be_attacked_again_by_default():
    """Combat E, L287: 'no Enemy unit may be attacked more than once per Combat Phase'; the Air Strike
    is an air attack (L392): @2's default air_struck_units_attackable is False."""
    assert {o.name: o.default for o in BREAKOUT_PURSUIT_2.options}["air_struck_units_attackable"] is False
    assert {o.name: o.default for o in BREAKOUT_PURSUIT.options}["air_struck_units_attackable"] is True


def test_special_rule_g_reads_the_whole_map_by_default():
    """Special Rule G, L908: 'all German units starting on or adjacent to a coastal city or coastal
    fortress hex': the literal reading (whole_map) is @2's default."""
    defaults = {o.name: o for o in BREAKOUT_PURSUIT_2.options}
    assert defaults["special_rule_g_coast"].default == "whole_map"
    assert defaults["delay_suppressed_by_zoc"].cite == cite.DELAY_D
    assert defaults["air_strike_turn"].cite == cite.AIR_STRIKE_A


def test_each_leg_of_a_move_cites_what_its_own_hexes_met():
    """Movement, L236; TEC L260: a Truck's move recorded as legs (Truck B-C) cites the river for the
    leg that crosses it only; @1 copied the whole move's citations onto every leg."""
    from domain.games.breakout_pursuit.orders import MoveEvent

    rs = move_rules(2)
    s = move_position(rs, {U.A_TRUCK: "0304", U.A_INF: "0305"})
    order = Move(unit=U.A_TRUCK, path=("0305", "0306", "0307"), events=(MoveEvent(at=1, kind="embark", unit=U.A_INF),))
    ruling, _ = play(rs, s, "allied", order)
    assert isinstance(ruling, Accepted), ruling
    first, second = of(ruling, "bp.unit_moved")
    assert cite.TEC_RIVER not in first.cite and cite.TEC_RIVER in second.cite  # the river runs between columns 05 and 06
    assert PackDatum(key="map:hexside:0305/0306", provenance="placeholder") in second.cite
