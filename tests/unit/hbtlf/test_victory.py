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
