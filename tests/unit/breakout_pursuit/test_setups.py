"""The set-up phases on the pack's map: free set-ups checked against the sheets (L878-1091),
Setting Up (L676-678), the modifications f, r and e (L950-960, L1074-1078; Correction L664), and
accepting the historical set-up (O27)."""
from __future__ import annotations

from functools import lru_cache

import pytest

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT
from domain.games.breakout_pursuit.orders import AcceptHistoricalSetup, EndPhase, SetupPlace
from domain.games.breakout_pursuit.sheets import AWAITING_SETUP, Board
from domain.kernel import game
from domain.kernel.commands import Accepted, Rejected, SeatOrder
from domain.kernel.dice import ScriptedDice
from domain.kernel.session import Session
from tests.unit.breakout_pursuit.random_games import check_invariants, pack, play
from tests.unit.breakout_pursuit.setup_check import violations

SCREEN = ("0205", "0408", "0417", "0420", "0323", "0425", "0930", "0936", "1232")


def session(scenario: str, **options) -> Session:
    return Session(BREAKOUT_PURSUIT, pack(), scenario, dice=lambda v: ScriptedDice([3] * 8, command=v),
                   options=options, game_id=f"setup-{scenario}")


def awaiting(s: Session, side: str) -> list[str]:
    return sorted(u.id for u in s.state.units.values() if u.side == side and u.box == AWAITING_SETUP)


def place(s: Session, seat: str, unit: str, at: str):
    return s.submit(seat, SetupPlace(unit=unit, at=at))


def area(name: str) -> frozenset[str]:
    return s_data().area(name)


@lru_cache(maxsize=1)
def s_data():
    return BREAKOUT_PURSUIT.bind(pack()).data


def covers_nothing(h: str) -> bool:
    d = s_data()
    return not any(h == x or h in d.neighbours[x] for x in SCREEN)


def test_the_german_player_sets_up_first_then_the_allied_player():
    """Setting Up (L678): in a free set-up the German Set-Up comes first; the Allied player waits,
    then sets up; Game-Turn 1 follows."""
    s = session("1.5")
    assert (s.state.core.clock.phase, s.state.core.clock.side) == ("setup", "german")
    assert s.ruleset.clock_label(s.state.core.clock) == "German Set-Up, before Game-Turn 1 (25-27 July)"
    assert s.to_act() == ("german",) and s.legal("allied") == []
    assert len(awaiting(s, "german")) == 34 and awaiting(s, "allied")
    assert isinstance(s.submit("german", AcceptHistoricalSetup()), Accepted)
    assert (s.state.core.clock.phase, s.state.core.clock.side) == ("setup", "allied") and not awaiting(s, "german")
    assert isinstance(s.submit("allied", AcceptHistoricalSetup()), Accepted)
    assert (s.state.core.clock.turn, s.state.core.clock.phase, s.state.core.clock.side) == (1, "reinforcement", "allied")
    assert not awaiting(s, "allied")


def test_a_historical_scenario_asks_only_for_the_units_placed_by_area():
    """Scenario 1.1 is historical; the Naval Supply unit alone has an area and no hex (L1012 and its
    July placeholder), so the German Set-Up is played out and the Allied player places it."""
    s = session("1.1")
    assert (s.state.core.clock.phase, s.state.core.clock.side) == ("setup", "allied")
    assert awaiting(s, "allied") == ["al-naval-supply"] and not awaiting(s, "german")
    hexes = {o.at for o in s.legal("allied") if isinstance(o, SetupPlace)}
    assert hexes == area("coastal_north_of_front_line_25_july")
    assert EndPhase() not in s.legal("allied")
    assert isinstance(s.submit("allied", EndPhase()), Rejected)
    assert isinstance(place(s, "allied", "al-naval-supply", "0542"), Accepted)
    assert s.state.units["al-naval-supply"].hex == "0542"
    assert (s.state.core.clock.phase, s.state.core.clock.side) == ("reinforcement", "allied")


def test_a_unit_sets_up_only_in_its_free_set_up_area():
    """The German 2-3 (325) sets up on any Paris hex (L913); 2028 is not one."""
    s = session("1.5")
    r = place(s, "german", "de-jul-xx-2-3-325", "2028")
    assert isinstance(r, Rejected) and r.code == "outside_area" and "L913" in r.citation.label()
    assert isinstance(place(s, "german", "de-jul-xx-2-3-325", "2130"), Accepted)
    r = place(s, "german", "de-jul-xx-2-3-325", "2129")
    assert isinstance(r, Rejected) and r.code == "already_set_up"


def test_no_more_than_three_combat_units_set_up_on_a_hex():
    """Stacking M: a fourth German unit may not set up on 1139."""
    s = session("1.5")
    for u in ("de-jul-xx-15-6-1ss", "de-jul-xx-8-6-12ss", "de-jul-xx-8-6-2"):
        assert isinstance(place(s, "german", u, "1139"), Accepted)
    r = place(s, "german", "de-jul-xx-11-6-9ss", "1139")
    assert isinstance(r, Rejected) and r.code == "over_stacked"


def test_the_coastal_screen_leaves_three_spare_units():
    """L919: one of the twelve band units on or next to each of the nine screen hexes. No band hex
    touches two screen hexes, so three band units may stand clear of them, not a fourth."""
    s = session("1.5")
    band = [u for u in awaiting(s, "german") if Board(s.state, s.ruleset.data, "german").slot(u).group == "jul_coastal_screen"]
    assert len(band) == 12
    clear = sorted(h for h in area("coastal_band_north_of_seine") if covers_nothing(h))
    for u in band[:3]:
        assert isinstance(place(s, "german", u, clear[0]), Accepted)
    r = place(s, "german", band[3], clear[1])
    assert isinstance(r, Rejected) and r.code == "coastal_screen" and "L919" in r.citation.label()
    assert isinstance(place(s, "german", band[3], "0425"), Accepted)


def test_accepting_the_historical_july_set_up_still_covers_the_screen():
    """The printed German 25 July hexes leave 0425 and 1232 bare (docs/breakout-pursuit-data.md):
    accepting them, the umpire puts two band units on the first hexes that cover those (house
    rule); every other unit stands on its historical hex."""
    s = session("1.5")
    r = s.submit("german", AcceptHistoricalSetup())
    assert isinstance(r, Accepted)
    assert violations(s.state, s.ruleset.data, "german") == []
    moved = [e.unit for e in r.effects if getattr(e, "reason", "") == "setup" and any(
        getattr(c, "name", "") == "setup-first-open-place" for c in e.cite)]
    assert len(moved) == 2
    hist = {p.counter: p.at for p in pack().scenarios["1.1"].setup}
    for u in s.state.units.values():
        if u.side == "german" and u.hex and u.id not in moved and u.id in hist:
            assert u.hex == hist[u.id], u.id


def test_accepting_the_historical_august_set_ups_gives_the_historical_positions():
    """O27 in scenario 2.4: both sides accept; every unit stands where scenario 2.1 prints it (the
    Naval Supply unit, which has no printed hex, on the first coastal hex North of the Breakout Line)."""
    s = session("2.4")
    assert isinstance(s.submit("german", AcceptHistoricalSetup()), Accepted)
    assert isinstance(s.submit("allied", AcceptHistoricalSetup()), Accepted)
    hist = {p.counter: p.at for p in pack().scenarios["2.1"].setup if p.at}
    for cid, at in hist.items():
        u = s.state.units[cid]
        assert (u.hex or u.box) == at, cid
    assert s.state.units["al-naval-supply"].hex == min(area("coastal_north_of_breakout_line"))


def test_modification_f_moves_at_most_eight_units_south_of_the_front_line():
    """L950 (1.8): up to eight units slated within six hexes of the coast North of the Seine (option
    setup_f_units: their historical hex lies there) may set up within four hexes south of the
    Front Line. With f the band units kept in the band cover as many screen hexes as they number
    (option coastal_screen_with_f)."""
    s = session("1.8")
    board = Board(s.state, s.ruleset.data, "german")
    eligible = [u for u in board.left if board.f_eligible(u)]
    band = [u for u in board.left if board.slot(u).group == "jul_coastal_screen"]
    assert sorted(eligible) == sorted(band + ["de-jul-xx-6-5-331", "de-jul-xx-6-5-85"])
    south = sorted(area("within_4_south_of_front_line_25_july") - {"0936"})
    for i, u in enumerate(eligible[:8]):
        r = place(s, "german", u, south[i])
        assert isinstance(r, Accepted), (u, r)
    r = place(s, "german", eligible[8], south[9])
    assert isinstance(r, Rejected) and r.code == "modification_f_used"
    r = place(s, "german", "de-jul-xx-2-3-325", south[9])  # the Paris unit is not slated near the coast
    assert isinstance(r, Rejected) and r.code == "outside_area"


def test_with_all_hexes_screened_modification_f_moves_three_band_units():
    """Option coastal_screen_with_f = all_hexes: the nine screen hexes stay covered, so of the twelve
    band units only three may go south under f."""
    s = session("1.8", coastal_screen_with_f="all_hexes")
    board = Board(s.state, s.ruleset.data, "german")
    band = [u for u in board.left if board.slot(u).group == "jul_coastal_screen"]
    south = sorted(area("within_4_south_of_front_line_25_july") - {"0936"})
    for i, u in enumerate(band[:3]):
        assert isinstance(place(s, "german", u, south[i]), Accepted)
    r = place(s, "german", band[3], south[3])
    assert isinstance(r, Rejected) and r.code == "coastal_screen"


def test_modification_r_units_keep_off_the_front_line():
    """L952: the r units set up anywhere except North of, or within four hexes of, the Front Line."""
    s = session("1.9")
    r = place(s, "german", "de-jul-xx-12-6-9", "1139")
    assert isinstance(r, Rejected) and r.code == "outside_area"
    assert isinstance(place(s, "german", "de-jul-xx-12-6-9", "2041"), Accepted)


def test_with_modification_r_the_3rd_panzergrenadier_is_set_up_not_a_reinforcement():
    """Correction L664: with "r" the 3rd Panzergrenadier (8-6, no. 3) is in the set-up (3.9); it does
    not arrive later as it does in 3.1."""
    s = session("3.9")
    assert s.state.units["de-jul-xx-8-6-3"].box == AWAITING_SETUP and "de-jul-xx-8-6-3" not in s.state.arrivals
    assert session("3.1").state.arrivals["de-jul-xx-8-6-3"] == 12


def test_modification_e_units_set_up_in_their_areas_in_a_historical_pursuit():
    """L1074-1078 (2.5): the German set-up is historical, the twelve e units are placed by area."""
    s = session("2.5")
    assert (s.state.core.clock.phase, s.state.core.clock.side) == ("setup", "german")
    assert len(awaiting(s, "german")) == 12
    r = place(s, "german", "de-aug-xx-13-6-e1", "2041")
    assert isinstance(r, Rejected) and r.code == "outside_area"
    assert isinstance(s.submit("german", AcceptHistoricalSetup()), Accepted)
    for p in pack().scenarios["2.5"].setup:
        if p.area and p.counter.startswith("de-"):
            assert s.state.units[p.counter].hex in area(p.area)


def test_the_allied_july_free_set_up_may_use_the_staging_area():
    """L886: anywhere North of the Front Line or in the Staging Area; the Naval Supply unit has its
    own area; the optional 52nd waits in the Staging Area from the start (Optional Rule B)."""
    s = session("1.5")
    s.submit("german", AcceptHistoricalSetup())
    assert s.state.units["uk-jul-xx-10-6-52"].box == "staging" and "uk-jul-xx-10-6-52" not in awaiting(s, "allied")
    assert isinstance(place(s, "allied", "us-jul-xx-13-8-5", "staging"), Accepted)
    r = place(s, "allied", "al-naval-supply", "staging")
    assert isinstance(r, Rejected) and r.code == "no_staging"
    r = place(s, "allied", "us-jul-xx-12-8-4", "1139")
    assert isinstance(r, Rejected) and r.code == "enemy_hex"
    r = place(s, "allied", "us-jul-xx-12-8-4", "2041")
    assert isinstance(r, Rejected) and r.code == "outside_area"


def test_the_le_mans_group_never_sets_up_next_to_a_german_unit():
    """L982 (2.3: German historical, Allied free): none of the group adjacent to a German unit; four
    may stand near Dreux instead, five more near Chartres."""
    s = session("2.3")
    board = Board(s.state, s.ruleset.data, "allied")
    group = [u for u in board.left if board.slot(u).group == "aug_le_mans"]
    assert len(group) == 12
    german = {u.hex for u in s.state.units.values() if u.side == "german" and u.hex}
    zone = area("within_5_of_le_mans") | area("within_2_of_dreux") | area("within_4_of_chartres")
    next_to = sorted(h for h in zone - german if any(n in german for n in s_data().neighbours[h]))
    assert next_to
    r = place(s, "allied", group[0], next_to[0])
    assert isinstance(r, Rejected) and r.code == "adjacent_to_german"
    near_chartres = [h for h in sorted(area("within_4_of_chartres") - area("within_2_of_dreux") - area("within_5_of_le_mans"))
                     if board.problem(group[0], h) is None]
    for i, u in enumerate(group[:5]):
        assert isinstance(place(s, "allied", u, near_chartres[i]), Accepted), u
    r = place(s, "allied", group[5], near_chartres[5])
    assert isinstance(r, Rejected) and r.code == "alternatives_full"
    assert isinstance(place(s, "allied", group[5], "2041"), Accepted)  # Le Mans itself


def test_august_paratroops_are_placed_last_in_staging_or_stacked_with_a_unit():
    """L1014: the paratroops go last, to the Staging Area or onto a hex holding an Allied unit."""
    s = session("2.3")
    para = "us-aug-xx-9-6-stg"
    r = place(s, "allied", para, "staging")
    assert isinstance(r, Rejected) and r.code == "paratroops_last"
    board = Board(s.state, s.ruleset.data, "allied")
    for u in [u for u in board.left if board.slot(u).group != "aug_paratroops"]:
        assert isinstance(place(s, "allied", u, Board(s.state, s.ruleset.data, "allied").first(u)), Accepted), u
    empty = next(h for h in sorted(area("within_5_of_le_mans")) if not s.state.at(h))
    r = place(s, "allied", para, empty)
    assert isinstance(r, Rejected) and r.code == "not_stacked"
    room = next(h for h in sorted({u.hex for u in s.state.units.values() if u.side == "allied" and u.hex})
                if sum(1 for u in s.state.at(h) if u.combat_unit) < 3)
    assert isinstance(place(s, "allied", para, room), Accepted)
    assert s.state.units[para].hex == room


def test_the_three_units_four_hexes_from_rouen_share_one_hex():
    """L1060: "On any one hex exactly four hexes from Rouen": the second unit follows the first."""
    s = session("2.2")
    assert isinstance(place(s, "german", "de-aug-xx-3-4-1535", "1035"), Accepted)
    r = place(s, "german", "de-aug-xx-2-4-1535", "1136")
    assert isinstance(r, Rejected) and r.code == "same_hex"
    assert isinstance(place(s, "german", "de-aug-xx-2-4-1535", "1035"), Accepted)


def test_a_missed_set_up_deadline_accepts_the_historical_set_up():
    s = session("2.2")
    assert s.ruleset.default_answer(s.state, "german") == AcceptHistoricalSetup()


@pytest.mark.parametrize("scenario", ["1.8", "1.9", "2.4", "2.6"])
def test_random_free_set_ups_keep_to_their_sheets(scenario):
    """Random placements (uniform over the listed orders, each accepted) end in set-ups that an
    independent reading of the sheets finds legal (checked when each set-up phase ends)."""
    s = play(scenario, seed=1, setup_only=True)
    assert s.state.core.clock.phase == "reinforcement"
    for side in ("german", "allied"):
        assert violations(s.state, s.ruleset.data, side) == []
    check_invariants(s, "reinforcement")


@pytest.mark.parametrize("scenario,side,placed", [("1.8", "german", 0), ("1.9", "german", 20), ("2.3", "allied", 30)])
def test_listed_set_up_orders_are_accepted(scenario, side, placed):
    """The rules contract: every 5th order `legal()` lists (and AcceptHistoricalSetup) is accepted if
    submitted next, at the start of a set-up and after `placed` units were set up from the list."""
    s = session(scenario)
    for _ in range(placed):
        s.submit(side, s.legal(side)[0])
    orders = s.legal(side)
    assert AcceptHistoricalSetup() in orders and len(orders) > 100
    for order in orders[::5] + [orders[-1]]:
        ruling = game.adjudicate(s.ruleset, s.state, SeatOrder(seat=side, order=order), ScriptedDice([]), version=10**6)
        assert isinstance(ruling, Accepted), (order, ruling)
