"""The Allied Naval Supply unit (Naval Supply M-P, L460-464; Correction L656) on the synthetic map
(logistics_helpers.py): row 02 is coastal from column 24; row 03 is inland."""
from __future__ import annotations

from domain.games.breakout_pursuit import supply
from domain.games.breakout_pursuit.effects import NavalSupplyMoved, UnitEliminated, UnitsTurned
from domain.games.breakout_pursuit.model import ISOLATED, SUPPLIED
from domain.games.breakout_pursuit.orders import EndPhase, Move, MoveNavalSupply
from domain.kernel.commands import Accepted
from tests.unit.breakout_pursuit.logistics_helpers import GER, GER_INF, NAVAL, UK, accepted, at, data, refused
from tests.unit.breakout_pursuit.supply_helpers import bound, effects_of, rule


def test_naval_M_moves_coast_to_coast_whatever_lies_between_and_is_inverted():
    """Naval M (L460), N (L462): from 0230 to 0250, past a German unit on 0240; inverted afterwards."""
    state = at({NAVAL: "0230", GER: "0240"})
    ruling, after = accepted(state, MoveNavalSupply(unit=NAVAL, to="0250"))
    assert effects_of(ruling, NavalSupplyMoved)[0].frm == "0230"
    assert after.units[NAVAL].hex == "0250" and not after.units[NAVAL].active
    refused(after, MoveNavalSupply(unit=NAVAL, to="0252"), "already_moved")


def test_naval_M_not_onto_an_inland_hex_a_german_hex_or_a_german_zoc():
    """Naval M (L460): 0330 is not coastal; 0240 holds a German unit; 0241 is in its ZOC."""
    state = at({NAVAL: "0230", GER: "0240"})
    for to in ("0330", "0240", "0241"):
        refused(state, MoveNavalSupply(unit=NAVAL, to=to), "naval_destination")


def test_naval_N_an_inverted_unit_is_no_source_and_is_turned_up_in_the_next_initial_movement_phase():
    """Naval N (L462): only face up is it a source; turned up at the start of the next Allied Initial
    Movement Phase, it serves UK defenders from then on (judged at the moment of combat)."""
    state = at({NAVAL: {"hex": "0230", "active": False}, UK: "0232"}, phase="supply", turn=3)
    assert supply.paths(state, data(), "allied")[UK].state == ISOLATED
    ruling, after = accepted(state, EndPhase())  # Supply Judgement ends; the Initial Movement Phase begins
    assert any(e.units == (NAVAL,) and e.face_up for e in effects_of(ruling, UnitsTurned))
    assert supply.defender_states(after, data(), [UK])[UK] == SUPPLIED


def test_naval_correction_L656_displaced_by_a_german_unit_never_destroyed():
    """Correction L656: a German unit entering its hex does not destroy it; it stays, and is no source
    while a German unit or ZOC is there."""
    state = at({NAVAL: "0230", GER_INF: "0330", UK: "0232"}, side="german")
    ruling, after = accepted(state, Move(unit=GER_INF, path=("0230",)), seat="german")
    assert after.flags["naval_supply_displaced"] == {"turn": 2, "hex": "0230"}
    assert after.units[NAVAL].hex == "0230" and not any(e.unit == NAVAL for e in effects_of(ruling, UnitEliminated))
    assert supply.defender_states(after, data(), [UK])[UK] == ISOLATED


def test_naval_correction_L656_moves_away_in_the_next_allied_initial_movement_phase():
    """Correction L656: it may move to any other coastal hex, regardless of distance or German units."""
    state = at({NAVAL: "0230", GER_INF: "0230"}, turn=3)
    ruling, after = accepted(state, MoveNavalSupply(unit=NAVAL, to="0250"))
    assert effects_of(ruling, NavalSupplyMoved)[0].frm == "0230"
    assert after.units[NAVAL].hex == "0250" and not after.units[NAVAL].active


def test_legal_lists_naval_moves_each_accepted():
    state = at({NAVAL: "0230", GER: "0240"})
    orders = [o for o in bound().legal(state, "allied") if isinstance(o, MoveNavalSupply)]
    assert {o.to for o in orders} >= {"0250", "0224"} and "0241" not in {o.to for o in orders}
    for o in orders[:10] + orders[-10:]:
        ruling, _ = rule(state, "allied", o)
        assert isinstance(ruling, Accepted), (o, ruling.code)
