"""13.17 Scenario 1's victory levels, worked by hand: each side's level from the attested losses
and the Liege forts' eliminations, then each lowered by the other's."""
from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.games.hbtlf import HBTLF, victory
from infra.packs import load_pack_dir


@pytest.fixture(scope="module")
def genesis():
    pack = load_pack_dir(HBTLF.pack_dir)
    return HBTLF.bind(pack).setup(pack, "1", game_id="v", options=HBTLF.resolve_options({}))


def _at(state, *, g, a, fell=None):
    elim = victory.LIEGE if fell is not None else victory.LIEGE[:5]
    return replace(state, losses={"german": g, "allied": a, "allied_fortress": 0}, eliminated=tuple(elim), liege_fell_gt=fell)


@pytest.mark.parametrize("g,a,fell,level", [
    # Liege holds (one fort left): Allied strategic (3); the German has nothing: Allied Strategic
    (10, 20, None, "Allied Strategic Victory"),
    # Liege falls in GT1 (German tactical, 1); German lost 30 against 10 Allied: Allied operational (2): 2 - 1 = Allied Tactical
    (30, 10, 1, "Allied Tactical Victory"),
    # falls in GT1, German lost 15 against 10: Allied tactical (1) against German tactical (1): a draw
    (15, 10, 1, "Draw"),
    # falls in GT O (operational, 2), German lost 5 against 10 Allied: German strategic (3), Allied none: German Strategic
    (5, 10, 0, "German Strategic Victory"),
    # falls in GT O, German lost 12 against 10: German operational (2), Allied tactical (12 > 10, 12 < 20): German Tactical
    (12, 10, 0, "German Tactical Victory"),
    # falls in GT1, no losses either side: German tactical alone
    (0, 0, 1, "German Tactical Victory"),
])
def test_scenario_1_levels(genesis, g, a, fell, level):
    assert victory.scenario_1(_at(genesis, g=g, a=a, fell=fell)).level == level


@pytest.mark.parametrize("g,a,level", [
    (9, 10, "Allied Strategic Victory"), (10, 10, "Allied Tactical Victory"), (19, 10, "Allied Tactical Victory"),
    (20, 10, "German Tactical Victory"), (29, 10, "German Tactical Victory"), (30, 10, "German Strategic Victory"),
])
def test_the_ratio_ladder(g, a, level):
    assert victory.ladder(g, a)[0] == level


def test_scenario_2_points_from_eliminated_sp_and_claims(genesis):
    pack = load_pack_dir(HBTLF.pack_dir)
    s2 = pack.scenarios["2"]
    # 13.27: 1 point per German SP eliminated to the Allies, 1 per Allied SP to the Germans; 25 claimed for a Paris hex
    state = replace(genesis, losses={"german": 12, "allied": 30, "allied_fortress": 4}, vp={"german": 25.0})
    assert victory.points(state, s2) == {"german": 59.0, "allied": 12.0}
    assert victory.outcome(state, s2).level == "German Strategic Victory"  # 59 >= 3 x 12
