"""13.x7 C-D, a separate British and Belgian player (@2, british_belgian.py): the ultimate-victor
test on hand-worked totals, and the scenario result built from it."""
from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.games.hbtlf import HBTLF_2, british_belgian, victory
from infra.packs import load_pack_dir


@pytest.mark.parametrize("bb, german, french, reading, said", [
    (50, 100, 80, "each", "ultimate victor"),  # 50 >= 100/2 and 50 >= 80/2
    (30, 100, 40, "each", "draw"),  # not half of 100; 30 >= 100/4 and 30 >= 40/4
    (30, 100, 40, "one", "ultimate victor"),  # 30 >= 40/2
    (20, 100, 40, "each", "lost"),  # 20 < 100/4
    (0, 0, 0, "each", "lost"),  # nothing counted is never a victory
])
def test_13_x7d_ultimate_victor_test(bb, german, french, reading, said):
    assert british_belgian.verdict(bb, german, french, reading) == said


def test_13_87d_result_with_a_british_and_belgian_player():
    pack = load_pack_dir(HBTLF_2.pack_dir)
    sc = pack.scenarios["8"]
    options = HBTLF_2.resolve_options({"british_belgian_player": True})
    state = HBTLF_2.bind(pack).setup(pack, "8", game_id="bb", options=options)
    # German lost 40 SP, 10 to British units: French 30 x 1 = 30; British-Belgian 10 + a Belgian city 20 = 30
    state = replace(state, losses={**state.losses, "german": 40}, bb_sp=10, bb_vp=30.0, vp={"german": 45.0})
    vp = victory.points(state, sc)
    assert vp == {"german": 45.0, "allied": 30.0}
    out = victory.outcome(state, sc)
    # the ladder: German 45 < 2 x 30, Allied Tactical; British-Belgian 30 >= 45/2 and >= 30/2: ultimate victor
    assert out.level == "British and Belgian Ultimate Victory" and out.winner == "allied"
    assert out.details["british_belgian"]["ladder_level"] == "Allied Tactical Victory"
