"""7.4 Off-Map Non-Rail Movement (@2, offmap_march.py): where and when a unit that left the map may
reappear, and a unit still off the map at the end listed as eliminated."""
from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.games.hbtlf import HBTLF_2, offmap_march, victory
from domain.kernel.commands import Reject
from infra.packs import load_pack_dir


@pytest.mark.parametrize("edge, to, wait", [
    ("W:south", "W:7010", 1),  # same map's south edge: one impulse
    ("W:south", "E:7010", 2),  # the other map's south edge: two
    ("E:south", "W:7001", 2),
    ("W:south", "W:6910", None),  # not on the south edge
    ("W:west", "W:7033", 1),  # west exit: the West map's west or south edge, one impulse
    ("W:west", "E:7010", None),  # never the East map
])
def test_7_4_reappearance_edges_and_delays(edge, to, wait):
    assert offmap_march.delay(edge, to) == wait


def test_7_4_unit_still_off_map_at_the_end_is_eliminated():
    pack = load_pack_dir(HBTLF_2.pack_dir)
    state = HBTLF_2.bind(pack).setup(pack, "8", game_id="o", options=HBTLF_2.resolve_options({}))
    out = victory.outcome(replace(state, off_map={"French Fifth Army: 19 infantry division": ("W:south", 3)}), pack.scenarios["8"])
    assert out.details["eliminated_off_map"] == ["French Fifth Army: 19 infantry division"]


def test_7_1_internment_place_checked():
    pack = load_pack_dir(HBTLF_2.pack_dir)
    state = HBTLF_2.bind(pack).setup(pack, "8", game_id="i", options=HBTLF_2.resolve_options({}))
    with pytest.raises(Reject) as e:
        offmap_march.check_internment(state, "allied", "Belgian Army: 2 infantry division", "Spain")
    assert e.value.ruling.code == "bad_place"
