"""The Airdrop Cycle (Allied Paratroop Units, L404-416; Correction L640; Victory G, L573; Sequence
of Play step 2, L182) and Optional Rules B (L598), on the pack's map (see air_helpers)."""
from __future__ import annotations

import pytest

from domain.games.breakout_pursuit import airdrop, victory
from domain.games.breakout_pursuit.allowance import LIFTED
from domain.games.breakout_pursuit.effects import (
    AirdropCycleEnded, AirdropCycleStarted, AirdropMarkerLeft, AirdropRevealed, AirdropZoneChosen, FlagSet, SupplyJudged,
    UnitAirdropped, UnitPlaced,
)
from domain.games.breakout_pursuit.orders import (
    AirdropUnit, Airland, EndPhase, Move, MoveToStaging, PlaceReinforcement, StartAirdropCycle,
)
from domain.kernel import game
from domain.kernel.commands import Accepted, Rejected
from domain.kernel.effects import LedgerPosted, PhaseAdvanced
from domain.kernel.seats import PUBLIC_VIEWER, REFEREE_VIEWER, seat_viewer
from tests.unit.breakout_pursuit.air_helpers import (
    AIRLANDING, DE_4_5, DE_6_5, DE_8_6, DE_11_6, PARA_82, PARA_101, PARA_UK1, US_12_5, US_13_5, at, data, legal,
    of, ruleset, submit,
)

SIX = ("1020", "1222", "1520", "1030", "0840", "2440")
STAGED = {PARA_82: {"box": "staging"}, PARA_101: {"box": "staging"}, AIRLANDING: {"box": "staging"}}


def cycle(real: str, placed: int, stage: str = "placed", markers=SIX, **more):
    markers = tuple(sorted(set(markers) | {real})) if stage == "placed" else (real,)
    return {"airdrop": {"placed": placed, "markers": list(markers), "real": real, "stage": stage, **more}}


def airdrop_phase(units, turn: int, *, options=None, scenario: str = "1.1", **fields):
    """Enter the Allied Airdrop Phase of `turn` from its Reinforcement Phase; (ruling, state)."""
    s = at(units, turn=turn, phase="reinforcement", options=options, scenario=scenario, **fields)
    return submit(s, "allied", EndPhase())


def phases(ruling) -> list[tuple[int, str, str]]:
    return [(e.clock.turn, e.clock.side, e.clock.phase) for e in of(ruling, PhaseAdvanced)]


# --- starting a cycle ---------------------------------------------------------------------------------


def test_with_no_cycle_running_the_allied_player_may_start_one_and_every_listed_start_is_accepted():
    """Paratroop Procedure (L408; PAR-1): a cycle may start in any Allied Airdrop Phase with none in progress."""
    ruling, s = airdrop_phase(STAGED, 2)
    assert phases(ruling)[-1] == (2, "allied", "airdrop") and game.to_act(ruleset(), s) == ("allied",)
    starts = [o for o in legal(s, "allied") if isinstance(o, StartAirdropCycle)]
    assert len(starts) == 6 and EndPhase() in legal(s, "allied")
    for order in starts:
        assert isinstance(submit(s, "allied", order)[0], Accepted)


def test_a_start_places_six_markers_face_down_and_scores_the_germans_eight_points():
    """Paratroop Procedure (L408): one Real and five Dummy markers, face down; Victory G (L573): the
    Germans score 8 each time a cycle starts (ledger airdrop_cycles, turned into points at the end)."""
    _, s = airdrop_phase(STAGED, 2)
    before = victory.totals(s, data())
    ruling, s = submit(s, "allied", StartAirdropCycle(real="2440", dummies=("1020", "1222", "1520", "1030", "0840")))
    (public,) = of(ruling, AirdropCycleStarted)
    (private,) = of(ruling, AirdropZoneChosen)
    assert (public.markers, public.turn, public.reveal_turn, public.vis) == (tuple(sorted(SIX)), 2, 5, "public")
    assert (private.real, private.vis) == ("2440", "seats:allied")
    assert [(p.ledger, p.owner, p.amount) for p in of(ruling, LedgerPosted)] == [(victory.AIRDROP_CYCLES, "allied", 1)]
    after = victory.totals(s, data())
    assert (after["german"] - before["german"], after["allied"] - before["allied"]) == (8, 0)
    assert s.airdrop.real == "2440" and s.airdrop.stage == "placed"


def test_markers_go_within_14_hexes_of_an_english_channel_coastal_hex():
    """General Rule and Procedure (L406-408): 2440 is 14 hexes from the coast at 1036, 2540 is 15."""
    _, s = airdrop_phase(STAGED, 2)
    ok, _ = submit(s, "allied", StartAirdropCycle(real="2440", dummies=("1020", "1222", "1520", "1030", "0840")))
    far, _ = submit(s, "allied", StartAirdropCycle(real="2540", dummies=("1020", "1222", "1520", "1030", "0840")))
    assert isinstance(ok, Accepted)
    assert isinstance(far, Rejected) and far.code == "out_of_range" and far.details["hexes"] == ["2540"]


@pytest.mark.parametrize("dummies", [("1020", "1222", "1520", "1030"), ("1020", "1222", "1520", "1030", "1020"),
                                     ("1020", "1222", "1520", "1030", "2440")])
def test_the_real_marker_and_five_dummies_on_six_different_hexes(dummies):
    """Paratroop Procedure (L408): five Dummy and one Real marker."""
    _, s = airdrop_phase(STAGED, 2)
    ruling, _ = submit(s, "allied", StartAirdropCycle(real="2440", dummies=dummies))
    assert isinstance(ruling, Rejected) and ruling.code == "six_markers"


@pytest.mark.parametrize("stage, placed", [("placed", 1), ("revealed", 1)])
def test_no_second_cycle_while_one_is_in_progress(stage, placed):
    """Paratroop Procedure (L408): another cycle may not start while the current one is in progress,
    nor in the phase of the reveal ("a new cycle may be started on the following Allied Airdrop Phase")."""
    s = at(STAGED, turn=4, phase="airdrop", **cycle("1020", placed, stage))
    assert not [o for o in legal(s, "allied") if isinstance(o, StartAirdropCycle)]
    ruling, _ = submit(s, "allied", StartAirdropCycle(real="2440", dummies=("1222", "1520", "1030", "0840", "0242")))
    assert isinstance(ruling, Rejected) and ruling.code == "cycle_in_progress"


# --- the reveal -------------------------------------------------------------------------------------


@pytest.mark.parametrize("turn", [3, 4])
def test_the_markers_stay_face_down_before_the_third_airdrop_phase(turn):
    """Paratroop Procedure (L408): 'The markers may not be revealed any earlier'; with nothing to
    decide the Airdrop Phase passes at once."""
    ruling, s = airdrop_phase(STAGED, turn, **cycle("1020", 2))
    assert not of(ruling, AirdropRevealed) and (turn, "allied", "airdrop") in phases(ruling)
    assert s.core.clock.phase != "airdrop" and s.airdrop.stage == "placed"


def test_the_markers_are_revealed_on_the_third_airdrop_phase_after_placement():
    """Paratroop Procedure (L408; PAR-2): placed on Game-Turn 2, revealed on 5; the dummies are removed."""
    ruling, s = airdrop_phase(STAGED, 5, **cycle("1020", 2))
    (r,) = of(ruling, AirdropRevealed)
    assert (r.real, r.dummies, r.vis) == ("1020", ("0840", "1030", "1222", "1520", "2440"), "public")
    assert s.airdrop.markers == ("1020",) and s.airdrop.stage == "revealed" and s.core.clock.phase == "airdrop"


# --- the drop ----------------------------------------------------------------------------------------


def test_paratroops_in_staging_drop_on_the_real_hex_or_next_to_it():
    """Paratroop Procedure, A, B (L408-414): each Paratroop unit in the Staging Area may drop on the
    real hex or an adjacent one; the Airlanding unit is not a Paratroop unit."""
    _, s = airdrop_phase(STAGED, 5, **cycle("1020", 2))
    drops = [o for o in legal(s, "allied") if isinstance(o, AirdropUnit)]
    hexes = ["1020", *data().neighbours["1020"]]
    assert sorted((o.unit, o.hex) for o in drops) == sorted((u, h) for u in (PARA_82, PARA_101) for h in hexes)
    ruling, s = submit(s, "allied", AirdropUnit(unit=PARA_82, hex="1021"))
    (e,) = of(ruling, UnitAirdropped)
    assert (e.unit, e.hex, e.turn, e.airlanding) == (PARA_82, "1021", 5, False)
    assert (s.units[PARA_82].hex, s.units[PARA_82].box, s.units[PARA_82].dropped) == ("1021", None, 5)
    assert s.airdrop.dropped == (PARA_82,)
    assert not [o for o in legal(s, "allied") if isinstance(o, AirdropUnit) and o.unit == PARA_82]


def test_drop_hexes_exclude_all_sea_and_enemy_occupied_hexes_but_not_german_zoc():
    """Paratroop B (L414); Correction L640 ('They may be dropped onto German controlled hexes'): real
    on Cherbourg 0242, whose 0143, 0142, 0241 are all-sea; a German unit holds 0343."""
    units = {**STAGED, DE_4_5: "0343"}
    _, s = airdrop_phase(units, 5, **cycle("0242", 2))
    assert airdrop.drop_hexes(s, data(), "0242") == ["0242", "0243", "0342"]
    for h, code in (("0143", "sea_hex"), ("0343", "enemy_occupied"), ("1020", "not_at_marker")):
        ruling, _ = submit(s, "allied", AirdropUnit(unit=PARA_82, hex=h))
        assert isinstance(ruling, Rejected) and ruling.code == code
    assert isinstance(submit(s, "allied", AirdropUnit(unit=PARA_82, hex="0342"))[0], Accepted)  # German ZOC


def test_no_drop_on_an_intact_fortress_nor_over_the_stacking_limit():
    """German Fortresses (L468): Allied units may not occupy an intact Fortress; Stacking M (L230)
    with stacking_checked: a drop is final, like a move, so it may not make a fourth combat unit."""
    units = {**STAGED, US_12_5: "0525", US_13_5: "0525", "us-jul-xx-13-5-8": "0525"}
    _, s = airdrop_phase(units, 5, **cycle("0424", 2))
    fort, _ = submit(s, "allied", AirdropUnit(unit=PARA_82, hex="0425"))
    full, _ = submit(s, "allied", AirdropUnit(unit=PARA_82, hex="0525"))
    assert (fort.code, full.code) == ("fortress", "over_stacked")


def test_each_paratroop_unit_drops_once_and_only_from_the_staging_area():
    """Paratroop A (L412): it must begin the phase in the Staging Area; it drops once per game."""
    units = {PARA_82: {"box": "staging", "dropped": 1}, PARA_101: "0840", PARA_UK1: {"box": "staging"}}
    _, s = airdrop_phase(units, 5, **cycle("1020", 2))
    twice, _ = submit(s, "allied", AirdropUnit(unit=PARA_82, hex="1020"))
    on_map, _ = submit(s, "allied", AirdropUnit(unit=PARA_101, hex="1020"))
    assert (twice.code, on_map.code) == ("dropped_before", "not_in_staging")


def test_with_no_hex_to_drop_on_the_cycle_completes_without_a_drop():
    """Paratroop B (L414): the real hex and its land neighbours all enemy-occupied: the cycle is
    completed automatically and the phase passes."""
    germans = {DE_4_5: "0242", DE_6_5: "0243", DE_8_6: "0342", DE_11_6: "0343"}
    ruling, s = airdrop_phase({**STAGED, **germans}, 5, **cycle("0242", 2))
    assert of(ruling, AirdropRevealed) and s.airdrop is None and s.core.clock.phase != "airdrop"
    (end,) = of(ruling, AirdropCycleEnded)
    assert "enemy-occupied or all-sea" in end.reason and end.cite[0].case == "B"


def test_dropped_units_are_supplied_that_game_turn_only():
    """Correction L640: supplied on the Game-Turn of the drop; at the next Allied Supply Judgement
    Phase normal rules (2440 is far beyond 8 hexes of any Allied source: isolated)."""
    _, s = airdrop_phase(STAGED, 5, **cycle("2440", 2))
    _, s = submit(s, "allied", AirdropUnit(unit=PARA_82, hex="2440"))
    ruling, s = submit(s, "allied", EndPhase())
    (judged,) = of(ruling, SupplyJudged)
    assert (judged.states[PARA_82], judged.sources[PARA_82]) == ("supplied", "airdrop")
    later = at({PARA_82: {"hex": "2440", "dropped": 5}}, turn=6, phase="airdrop", airdrop=None)
    ruling, _ = submit(later, "allied", EndPhase())
    assert of(ruling, SupplyJudged)[0].states[PARA_82] == "isolated"


def test_dropped_units_may_move_in_the_same_game_turn():
    """Correction L640: 'may move and/or attack normally on the turn they are dropped'."""
    _, s = airdrop_phase(STAGED, 5, **cycle("1020", 2))
    _, s = submit(s, "allied", AirdropUnit(unit=PARA_82, hex="1020"))
    _, s = submit(s, "allied", EndPhase())
    assert s.core.clock.phase == "initial_movement"
    assert [o for o in legal(s, "allied") if isinstance(o, Move) and o.unit == PARA_82]


def test_the_real_marker_is_removed_after_the_drop_and_a_new_cycle_may_start_next_turn():
    """Paratroop Procedure (L408): the real marker is removed after the units are or are not landed;
    a new cycle may be started on the following Allied Airdrop Phase."""
    _, s = airdrop_phase(STAGED, 5, **cycle("1020", 2))
    ruling, s = submit(s, "allied", EndPhase())
    assert [e.reason for e in of(ruling, AirdropCycleEnded)] == ["0 paratroop unit(s) dropped"] and s.airdrop is None
    _, nxt = airdrop_phase(STAGED, 6)
    assert [o for o in legal(nxt, "allied") if isinstance(o, StartAirdropCycle)]


def test_a_unit_moved_to_staging_from_cherbourg_may_drop_later():
    """Paratroop C (L416): a unit that starts the Allied Initial Movement Phase on Cherbourg may move
    to the Staging Area; from there a paratroop may airdrop."""
    s = at({PARA_82: "0242"}, turn=3, phase="initial_movement")
    assert MoveToStaging(unit=PARA_82) in legal(s, "allied")
    ruling, s = submit(s, "allied", MoveToStaging(unit=PARA_82))
    assert [(e.unit, e.at) for e in of(ruling, UnitPlaced)] == [(PARA_82, "staging")]
    _, s = airdrop_phase({PARA_82: {"box": s.units[PARA_82].box}}, 5, **cycle("1020", 2))
    assert AirdropUnit(unit=PARA_82, hex="1020") in legal(s, "allied")


def test_paratroops_in_staging_may_enter_at_cherbourg_instead():
    """Correction L640: paratroops in the Staging Area may enter at Cherbourg on any Allied Reinforcement
    Phase; the Airlanding unit may not (Optional Rules B: it enters only by air)."""
    s = at(STAGED, turn=3, phase="reinforcement", options={"optional_rule_b": True})
    orders = legal(s, "allied")
    assert PlaceReinforcement(unit=PARA_82, at="0242") in orders
    assert not [o for o in orders if getattr(o, "unit", None) == AIRLANDING]
    assert isinstance(submit(s, "allied", PlaceReinforcement(unit=PARA_82, at="0242"))[0], Accepted)
    refused, _ = submit(s, "allied", PlaceReinforcement(unit=AIRLANDING, at="0242"))
    assert refused.code == "airdrop_only"


def test_a_drop_north_of_the_seine_above_the_2000_row_lifts_special_rule_g():
    """Special Rule G (L908), option airdrop_lifts_special_rule_g (default True): a combat unit dropped
    there has moved onto the hex."""
    flags = {"special_rules": ["A", "G"], "special_rule_g_frozen": [DE_4_5]}
    for lifts in (True, False):
        _, s = airdrop_phase({**STAGED, DE_4_5: "0353"}, 5, options={"airdrop_lifts_special_rule_g": lifts},
                             flags=flags, **cycle("1520", 2))
        ruling, _ = submit(s, "allied", AirdropUnit(unit=PARA_82, hex="1520"))
        assert bool([f for f in of(ruling, FlagSet) if f.name == LIFTED]) is lifts


# --- Optional Rules B: the Airlanding unit ----------------------------------------------------------------


def dropped_with(options, unit=PARA_82):
    _, s = airdrop_phase(STAGED, 5, options=options, **cycle("1020", 2))
    if unit:
        _, s = submit(s, "allied", AirdropUnit(unit=unit, hex="1020"))
    return submit(s, "allied", EndPhase())


def test_with_optional_rule_b_the_marker_stays_after_a_drop_for_the_airlanding():
    """Optional Rules B (L598): the real marker is left on the map when an airlanding may follow."""
    ruling, s = dropped_with({"optional_rule_b": True})
    assert [(e.hex, e.turn) for e in of(ruling, AirdropMarkerLeft)] == [("1020", 6)] and not of(ruling, AirdropCycleEnded)
    assert s.airdrop.stage == "airlanding"


@pytest.mark.parametrize("options, unit", [({}, PARA_82), ({"optional_rule_b": True}, None)])
def test_without_the_option_or_without_a_drop_the_marker_is_removed(options, unit):
    """Optional Rules B (L598): the airlanding follows only a paratroop drop, and only with the option."""
    ruling, s = dropped_with(options, unit)
    assert of(ruling, AirdropCycleEnded) and not of(ruling, AirdropMarkerLeft) and s.airdrop is None


def test_the_airlanding_unit_lands_on_the_same_hexes_in_the_next_airdrop_phase():
    """Optional Rules B (L598), option airlanding_phase = next_allied_airdrop_phase: it lands on the
    real hex or next to it, supplied that Game-Turn; the marker is then removed."""
    opts = {"optional_rule_b": True}
    early, _ = submit(at(STAGED, turn=5, phase="airdrop", options=opts, **cycle("1020", 2, "revealed")), "allied",
                      Airland(unit=AIRLANDING, hex="1020"))
    assert early.code == "no_airlanding_now"
    _, s = airdrop_phase({AIRLANDING: {"box": "staging"}, PARA_82: {"hex": "1020", "dropped": 5}}, 6, options=opts,
                         **cycle("1020", 2, "airlanding", dropped=[PARA_82]))
    lands = [o for o in legal(s, "allied") if isinstance(o, Airland)]
    assert sorted(o.hex for o in lands) == sorted(airdrop.drop_hexes(s, data(), "1020"))
    assert "1020" in [o.hex for o in lands]  # the 82nd there leaves room (Stacking M)
    ruling, s = submit(s, "allied", Airland(unit=AIRLANDING, hex="1021"))
    assert [(e.unit, e.hex, e.airlanding) for e in of(ruling, UnitAirdropped)] == [(AIRLANDING, "1021", True)]
    assert of(ruling, AirdropCycleEnded) and s.airdrop is None
    ruling, _ = submit(s, "allied", EndPhase())
    assert of(ruling, SupplyJudged)[0].states[AIRLANDING] == "supplied"


def test_the_airlanding_unit_lands_once():
    """Optional Rules B (L598): it lands 'in the same way as a Paratroop unit', which drops once (A, L412)."""
    s = at({AIRLANDING: {"box": "staging", "dropped": 3}, PARA_82: {"hex": "1020", "dropped": 5}}, turn=6, phase="airdrop",
           options={"optional_rule_b": True}, **cycle("1020", 2, "airlanding", dropped=[PARA_82]))
    assert not [o for o in legal(s, "allied") if isinstance(o, Airland)]
    ruling, _ = submit(s, "allied", Airland(unit=AIRLANDING, hex="1021"))
    assert ruling.code == "dropped_before"


def test_the_airlanding_needs_optional_rule_b():
    """Optional Rules B (L598): the 52nd is in the game only with the option."""
    s = at(STAGED, turn=6, phase="airdrop", **cycle("1020", 2, "airlanding"))
    ruling, _ = submit(s, "allied", Airland(unit=AIRLANDING, hex="1020"))
    assert ruling.code == "optional_rule_b"


def test_the_marker_left_for_an_airlanding_goes_at_the_end_of_that_phase_or_with_a_new_cycle():
    """Optional Rules B (L598): leaving the marker does not commit the Allied player; there is one
    Real marker, so a new cycle takes it up (house rule one-real-airdrop-marker)."""
    opts = {"optional_rule_b": True}
    _, s = airdrop_phase(STAGED, 6, options=opts, **cycle("1020", 2, "airlanding", dropped=[PARA_82]))
    ruling, after = submit(s, "allied", EndPhase())
    assert [e.reason for e in of(ruling, AirdropCycleEnded)] == ["no airlanding was made"] and after.airdrop is None
    start = next(o for o in legal(s, "allied") if isinstance(o, StartAirdropCycle))
    ruling, after = submit(s, "allied", start)
    assert [e.cite[-1].name for e in of(ruling, AirdropCycleEnded)] == ["one-real-airdrop-marker"]
    assert after.airdrop.stage == "placed" and after.airdrop.placed == 6


# --- views ------------------------------------------------------------------------------------------


def test_the_german_seat_sees_six_markers_by_handle_and_not_which_is_real():
    """Paratroop Procedure (L408): 'placed inverted so the German Player is unaware which is the Real
    Airdrop Zone marker'; the Allied seat and referees know it; after the reveal everyone does."""
    s = at(STAGED, turn=3, phase="supply", **cycle("1520", 2))
    german = game.view(ruleset(), s, seat_viewer("german"))["game"]["airdrop"]
    assert german["markers"] == [{"handle": f"airdrop-marker-{i}", "hex": h} for i, h in enumerate(sorted(SIX), start=1)]
    assert "real" not in german and german["reveal_turn"] == 5
    assert "real" not in game.view(ruleset(), s, PUBLIC_VIEWER)["game"]["airdrop"]
    for viewer in (seat_viewer("allied"), REFEREE_VIEWER):
        v = game.view(ruleset(), s, viewer)["game"]["airdrop"]
        assert v["real"] == "1520" and [m["hex"] for m in v["markers"] if m["real"]] == ["1520"]
    revealed = at(STAGED, turn=5, phase="airdrop", **cycle("1520", 2, "revealed"))
    assert game.view(ruleset(), revealed, seat_viewer("german"))["game"]["airdrop"]["real"] == "1520"


def test_only_the_allied_player_has_airdrop_orders():
    """Sequence of Play (L182, L191): the German player skips the Airdrop Phase."""
    assert airdrop.legal(at(STAGED, turn=2, phase="airdrop"), data(), "german") == []
