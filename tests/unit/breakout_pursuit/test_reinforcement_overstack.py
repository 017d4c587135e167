"""Allied Reinforcements (L684) with Stacking M (L230): an Allied reinforcement placed on an
occupied Cherbourg and still over the limit at the end of the Initial Movement Phase delays its
arrival to the Staging Area; it is not eliminated. Placed by the order, as a player places it (a
game of 1.1 lost a Polish brigade this way: the placement did not record its Game-Turn)."""
from __future__ import annotations

from domain.games.breakout_pursuit.effects import UnitEliminated, UnitPlaced
from domain.games.breakout_pursuit.model import PENDING, STAGING
from domain.games.breakout_pursuit.orders import EndPhase, PlaceReinforcement
from domain.kernel.commands import Accepted
from tests.unit.breakout_pursuit.supply_helpers import effects_of, position, rule

CHERBOURG = "0241"
ARRIVAL = "us-tr-xx-12-5-28"  # due on Game-Turn 2
THERE = ("us-jul-xx-13-5-1", "us-jul-xx-11-5-83", "us-jul-xx-11-5-90")


def test_an_allied_reinforcement_left_over_stacked_on_cherbourg_goes_to_the_staging_area():
    units = {u: {"hex": CHERBOURG} for u in THERE} | {ARRIVAL: {"box": PENDING}, "de-jul-xx-2-4-344": {"hex": "2020"}}
    state = position(turn=2, phase="reinforcement", side="allied", units=units, arrivals={ARRIVAL: 2})
    ruling, state = rule(state, "allied", PlaceReinforcement(unit=ARRIVAL, at=CHERBOURG))
    assert isinstance(ruling, Accepted) and state.units[ARRIVAL].placed == 2
    gone, sent = [], []
    while state.core.clock.phase != "combat" and state.core.clock.side == "allied":
        ruling, state = rule(state, "allied", EndPhase())
        assert isinstance(ruling, Accepted), ruling
        gone += effects_of(ruling, UnitEliminated)
        sent += [(e.unit, e.at, e.reason) for e in effects_of(ruling, UnitPlaced)]
    assert gone == [] and (ARRIVAL, STAGING, "over_stacked") in sent
    assert state.units[ARRIVAL].box == STAGING and all(state.units[u].hex == CHERBOURG for u in THERE)
