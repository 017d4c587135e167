"""German Delay markers (L480-498; Correction L660) on the synthetic map: placement (F), never
moving (E), and the Zone of Delay and its removal (A, C) with markers placed by the order."""
from __future__ import annotations

from domain.games.breakout_pursuit import delay, movement
from domain.games.breakout_pursuit.orders import EndPhase, Move, PlaceDelayMarker
from domain.kernel.commands import Accepted, Rejected
from tests.unit.breakout_pursuit.helpers import effects_of, position, ruleset, submit

GERMAN_INF = "de-aug-xx-4-5-0936"  # XX 4-5
ALLIED_INF = "us-aug-xx-12-5-1638"  # XX 12-5, non-mechanized, MA 5
ALLIED_INF_2 = "us-aug-xx-12-5-1439"
ALLIED_INF_3 = "us-aug-xx-12-5-1440"
ALLIED_INF_4 = "us-aug-xx-11-5-1539"
MARKER, MARKER_2 = "de-delay-t02a", "de-delay-t03a"


def german_turn(units: dict[str, str], *, turn: int = 12, due: dict[str, int] | None = None, options=None):
    """The German Reinforcement Phase of `turn` with `units` (id -> hex) and markers due (id -> turn)."""
    due = {MARKER: 11} if due is None else due
    add = {**{u: {"hex": h} for u, h in units.items()}, **{m: {"box": "pending"} for m in due}}
    return position({"clear": True, "add": add, "arrivals": due,
                     "core": {"clock": {"turn": turn, "phase": "reinforcement", "side": "german"}}}, options)


def test_a_marker_goes_on_a_hex_linked_to_a_german_combat_unit():
    """Delay F: 0305 is reached from the German unit on 0203 through hexes free of Allied units and
    ZOC (the Allied unit on 0608 controls only its six neighbours)."""
    state = german_turn({GERMAN_INF: "0203", ALLIED_INF: "0608"})
    assert PlaceDelayMarker(unit=MARKER, at="0305") in delay.legal(state, ruleset().data, MARKER)
    ruling, state = submit(state, "german", PlaceDelayMarker(unit=MARKER, at="0305"))
    assert isinstance(ruling, Accepted)
    placed = effects_of(ruling, "bp.unit_placed")
    assert placed[0].reason == "delay_marker" and any("German Delay Markers (F)" in c.label() for c in placed[0].cite)
    assert state.units[MARKER].hex == "0305"


def test_a_marker_never_goes_on_an_allied_hex_or_into_allied_zoc():
    state = german_turn({GERMAN_INF: "0203", ALLIED_INF: "0608"})
    for at in ("0608", "0607", "0508"):  # the Allied hex and two of its neighbours
        ruling, _ = submit(state, "german", PlaceDelayMarker(unit=MARKER, at=at))
        assert isinstance(ruling, Rejected) and ruling.code == "delay_line", at


def test_the_line_of_hexes_may_not_cross_allied_zoc():
    """Allied units on 0106, 0306, 0506 and 0706 control a wall of hexes from row 01 to row 07 (row
    08 is sea): no line from the German unit on 0202 reaches 0409 beyond it; 0204 is on its side."""
    wall = {ALLIED_INF: "0106", ALLIED_INF_2: "0306", ALLIED_INF_3: "0506", ALLIED_INF_4: "0706"}
    state = german_turn({GERMAN_INF: "0202", **wall})
    ruling, _ = submit(state, "german", PlaceDelayMarker(unit=MARKER, at="0409"))
    assert isinstance(ruling, Rejected) and ruling.code == "delay_line"
    assert not [o for o in delay.legal(state, ruleset().data, MARKER) if o.at in ("0409", "0208", "0710")]
    ruling, _ = submit(state, "german", PlaceDelayMarker(unit=MARKER, at="0204"))
    assert isinstance(ruling, Accepted)


def test_the_german_unit_may_stand_in_allied_zoc_but_the_marker_may_not():
    """Delay F: "The German Combat unit which the line is traced from may be in an Allied Zone of
    Control": from 0404, next to the Allied unit on 0405, the line reaches 0403; the marker may not
    go on 0404 itself, which is in Allied ZOC."""
    state = german_turn({GERMAN_INF: "0404", ALLIED_INF: "0405"})
    ruling, _ = submit(state, "german", PlaceDelayMarker(unit=MARKER, at="0404"))
    assert isinstance(ruling, Rejected) and ruling.code == "delay_line"
    ruling, _ = submit(state, "german", PlaceDelayMarker(unit=MARKER, at="0403"))
    assert isinstance(ruling, Accepted)


def test_markers_may_be_saved_for_a_later_turn():
    """Delay F: placed in the Reinforcement Phase of their turn "or during that Phase of any
    subsequent Game-Turn": ending the phase keeps the marker due."""
    state = german_turn({GERMAN_INF: "0203"}, due={MARKER: 11, MARKER_2: 12})
    listed = delay.legal(state, ruleset().data)
    assert listed and {o.unit for o in listed} == {MARKER}  # with no marker named, the first due
    assert {o.unit for o in delay.legal(state, ruleset().data, MARKER_2)} == {MARKER_2}
    ruling, state = submit(state, "german", EndPhase())
    assert isinstance(ruling, Accepted) and state.units[MARKER].box == "pending"
    later = ruleset().position(state, {"core": {"clock": {"turn": 13, "phase": "reinforcement", "side": "german"}}})
    assert isinstance(submit(later, "german", PlaceDelayMarker(unit=MARKER, at="0305"))[0], Accepted)


def test_a_marker_is_not_placed_before_its_game_turn():
    state = german_turn({GERMAN_INF: "0203"}, due={MARKER: 13})
    assert delay.legal(state, ruleset().data) == []
    ruling, _ = submit(state, "german", PlaceDelayMarker(unit=MARKER, at="0305"))
    assert isinstance(ruling, Rejected) and ruling.code == "not_arriving"


def test_a_placed_marker_never_moves():
    """Delay E: once placed on the map a marker may never move."""
    state = german_turn({GERMAN_INF: "0203"})
    _, state = submit(state, "german", PlaceDelayMarker(unit=MARKER, at="0305"))
    ruling, _ = submit(state, "german", PlaceDelayMarker(unit=MARKER, at="0304"))
    assert isinstance(ruling, Rejected) and ruling.code == "delay_marker_placed"


def test_the_allied_player_places_no_marker():
    state = german_turn({GERMAN_INF: "0203"})
    state = ruleset().position(state, {"core": {"clock": {"turn": 12, "phase": "reinforcement", "side": "allied"}}})
    assert not [o for o in ruleset().legal(state, "allied") if isinstance(o, PlaceDelayMarker)]


def test_a_placed_marker_delays_allied_movement_and_falls_to_an_allied_unit_ending_on_it():
    """Delay A (+2 to enter, +1 to leave a Zone of Delay; all Allied units, Correction L660) and C
    (an Allied unit that ends the movement phase on the marker eliminates it), with a marker the
    German player placed on 0408: its zone is 0408 and its six neighbours, 0409 among them. The
    12-5 on 0410 (MA 5, clear hexes): without the marker 0408 costs 1 + 1; with it 0409 costs
    1 + 2 = 3, and 0408 beyond it 3 + (1 + 1 + 2) = 7, out of reach. From 0409, 0408 costs 4."""
    state = german_turn({GERMAN_INF: "0203", ALLIED_INF: "0410"})
    rs = ruleset()
    allied_move = {"core": {"clock": {"turn": 13, "phase": "initial_movement", "side": "allied"}}}
    plain = rs.position(state, allied_move)
    assert movement.destinations(plain, rs.data, plain.units[ALLIED_INF])["0408"].cost == 2
    _, state = submit(state, "german", PlaceDelayMarker(unit=MARKER, at="0408"))
    state = rs.position(state, allied_move)
    dests = movement.destinations(state, rs.data, state.units[ALLIED_INF])
    assert dests["0409"].cost == 3 and "0408" not in dests
    ruling, after = submit(state, "allied", Move(unit=ALLIED_INF, path=("0409",)))
    assert isinstance(ruling, Accepted) and effects_of(ruling, "bp.unit_moved")[0].cost == 3
    # A second Allied unit next to the German one keeps the game in the Allied Combat Phase after the move.
    state = rs.position(state, {"units": {ALLIED_INF: {"hex": "0409"}}, "add": {ALLIED_INF_2: {"hex": "0204"}}})
    ruling, state = submit(state, "allied", Move(unit=ALLIED_INF, path=("0408",)))
    assert isinstance(ruling, Accepted) and effects_of(ruling, "bp.unit_moved")[0].cost == 4
    assert state.units[MARKER].hex == "0408"  # passing or entering does not remove it; ending the phase does
    ruling, state = submit(state, "allied", EndPhase())
    gone = [e for e in effects_of(ruling, "bp.unit_eliminated") if e.unit == MARKER]
    assert gone and gone[0].cause == "occupied" and state.units[MARKER].hex is None
