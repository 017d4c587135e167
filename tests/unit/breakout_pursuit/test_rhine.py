"""Breaching the Rhine (Game Length B, L207-212; Victory C, L548-555) on the synthetic map, with
rows 02-06 standing in for the area east of the Rhine and south of the Ruhr (and Essen and
Düsseldorf, which the result's epilogue looks up, in row 01).

Bridgeheads on 0402, 0404, 0406, 0408 and 0410 (Cherbourg): two hexes of one row two columns apart
have one hex between them, so the Communication hexes are 0403, 0405, 0407 and 0409 (each hex of
rows 03 and 05 touches one even-column hex of row 04 only). Supply: Cherbourg 0410 reaches 0406,
0408 and 0410 within four hexes; a Supply unit on 0403 serves 0402 and 0404."""
from __future__ import annotations

from functools import lru_cache

from msgspec.structs import replace

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT, rhine
from domain.games.breakout_pursuit.orders import EndPhase
from domain.kernel import game
from domain.kernel.commands import Accepted, Begin, SeatOrder
from domain.kernel.dice import ScriptedDice
from domain.kernel.pack.schema import Area, Place
from domain.kernel.seats import PUBLIC
from tests.unit.breakout_pursuit.helpers import SRC, effects_of, synthetic_pack

DIVISIONS = ("us-aug-xx-12-5-1638", "us-aug-xx-12-5-1439", "us-aug-xx-12-5-1440", "us-aug-xx-11-5-1539",
             "us-aug-xx-11-5-1832")
BRIDGEHEADS = ("0402", "0404", "0406", "0408", "0410")
SUPPLY_UNIT = "al-aug-supply-1039"
BRIGADE = "uk-aug-x-7-8-1038"
GERMAN = "de-aug-xx-4-5-0936"


@lru_cache(maxsize=1)
def ruleset():
    pack = synthetic_pack()
    area = Area(prov=SRC, hexes=tuple(f"{r:02d}{c:02d}" for r in range(2, 7) for c in range(1, 11)))
    places = {name: Place(prov=SRC, kind="city", hexes=(h,)) for name, h in (("Essen", "0101"), ("Düsseldorf", "0103"))}
    rhine_map = replace(pack.map, areas={**pack.map.areas, rhine.AREA: area}, places={**pack.map.places, **places})
    return BREAKOUT_PURSUIT.bind(replace(pack, map=rhine_map))


def state_with(units: dict[str, str], *, phase: str = "mechanized_movement", side: str = "allied", options=None):
    rs = ruleset()
    state = rs.setup(rs.pack, "2.1", game_id="rhine", options=rs.resolve_options(options or {}))
    state = game.step(rs, state, Begin(), ScriptedDice([]), version=1, visibility=PUBLIC).state
    return rs.position(state, {"clear": True, "add": {u: {"hex": h} for u, h in units.items()},
                               "core": {"clock": {"turn": 12, "phase": phase, "side": side}}})


def submit(state, seat: str, order):
    rs = ruleset()
    ruling, state, _ = game.step(rs, state, SeatOrder(seat=seat, order=order), ScriptedDice([3] * 8), version=2, visibility=PUBLIC)
    return ruling, state


def bridgeheads(**extra: str) -> dict[str, str]:
    return {**dict(zip(DIVISIONS, BRIDGEHEADS)), SUPPLY_UNIT: "0403", **extra}


def test_five_supplied_divisions_linked_through_communication_hexes_breach_the_rhine():
    state = state_with(bridgeheads())
    found = rhine.breach(state, ruleset().data)
    assert found is not None
    assert found.bridgeheads == BRIDGEHEADS and found.communication == ("0403", "0405", "0407", "0409")
    assert found.units == dict(zip(BRIDGEHEADS, DIVISIONS))


def test_german_zoc_on_a_communication_hex_cuts_the_line():
    """Condition 3: the German unit on 0305 controls 0405, the only hex between 0404 and 0406."""
    state = state_with(bridgeheads(**{GERMAN: "0305"}))
    assert rhine.breach(state, ruleset().data) is None


def test_an_allied_unit_on_the_communication_hex_negates_german_zoc_there():
    """Condition 3: "The presence of Allied units in a Communication Hex negates any German Zone of
    Control in that hex (for Victory calculation purposes)" -- a brigade on 0405 will do."""
    state = state_with(bridgeheads(**{GERMAN: "0305", BRIGADE: "0405"}))
    found = rhine.breach(state, ruleset().data)
    assert found is not None and "0405" in found.communication


def test_bridgeheads_must_not_be_adjacent():
    """Condition 1: with the third division on 0405 instead of 0406, 0404 and 0405 are adjacent and
    no five of the hexes held are pairwise apart."""
    units = bridgeheads()
    units[DIVISIONS[2]] = "0405"
    assert rhine.breach(state_with(units), ruleset().data) is None


def test_only_division_sized_units_hold_bridgeheads():
    """Condition 1: a brigade (X) on 0410 instead of the fifth division leaves four Bridgeheads."""
    units = {u: h for u, h in bridgeheads().items() if u != DIVISIONS[4]}
    units[BRIGADE] = "0410"
    assert rhine.breach(state_with(units), ruleset().data) is None


def test_bridgehead_units_must_be_supplied():
    """Option rhine_breach_supply_check: by default the Supply unit on 0403 serves 0402 and 0404
    without being expended; counting only sources never expended, they are eight hexes from
    Cherbourg and out of supply."""
    assert rhine.breach(state_with(bridgeheads()), ruleset().data) is not None
    fixed = state_with(bridgeheads(), options={"rhine_breach_supply_check": "fixed_sources"})
    assert rhine.breach(fixed, ruleset().data) is None


def test_the_breach_ends_the_game_at_the_end_of_the_allied_player_turn_with_100_points():
    """Game Length B and Victory C: when the Allied Mechanized Movement Phase ends, the Player-Turn
    is over, the breach is found, the Allies score 100 and the game ends at once."""
    state = state_with(bridgeheads())
    ruling, state = submit(state, "allied", EndPhase())
    assert isinstance(ruling, Accepted)
    flag = [e for e in effects_of(ruling, "bp.flag_set") if e.name == "rhine_breached"]
    assert flag and flag[0].value["bridgeheads"] == list(BRIDGEHEADS)
    assert any(e.ledger == "vp" and e.owner == "allied" and e.amount == 100 for e in effects_of(ruling, "ledger.posted"))
    assert state.core.finished and state.core.result.reason == "the Rhine was breached"
    assert state.core.ledger("vp", "allied").balance >= 100


def test_the_breach_is_not_tested_after_a_german_player_turn():
    state = state_with(bridgeheads(), side="german")
    ruling, state = submit(state, "german", EndPhase())
    assert isinstance(ruling, Accepted)
    assert not [e for e in effects_of(ruling, "bp.flag_set") if e.name == "rhine_breached"]
