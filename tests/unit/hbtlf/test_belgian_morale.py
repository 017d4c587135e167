"""12.61A second paragraph (@2, belgian_morale.py): the Belgian units that owe the special Morale Check."""
from __future__ import annotations

from msgspec.structs import replace

from domain.games.hbtlf import HBTLF_2, belgian_morale
from infra.packs import load_pack_dir

TWO, FOUR = "Belgian Army: 2 infantry division", "Belgian Army: 4 infantry division"


def _state(turn: int, **fields):
    pack = load_pack_dir(HBTLF_2.pack_dir)
    s = HBTLF_2.bind(pack).setup(pack, "8", game_id="m", options=HBTLF_2.resolve_options({}))
    positions = {u: "within 3 of W:1209" for u in s.positions if s.armies.get(u) == "Belgian Army"}  # not single hexes: not listed
    s = replace(s, positions={**s.positions, **positions, **fields.pop("at", {})}, **fields)
    return replace(s, core=replace(s.core, clock=replace(s.core.clock, turn=turn))), pack


def test_12_61a_special_morale_check_beyond_two_hexes_of_antwerp_after_gt2():
    # W:1509 is 4 hexes from Antwerp W:1109 (rows 15 and 11, same column); W:1309 is 2
    s, pack = _state(3, at={TWO: "W:1509", FOUR: "W:1509"})
    assert belgian_morale.checks_due(s, pack) == [TWO]  # the 4 division is exempt (12.61A1)
    s, pack = _state(3, at={TWO: "W:1309"})
    assert belgian_morale.checks_due(s, pack) == []


def test_12_61a_no_special_check_in_gt2_or_after_the_release():
    s, pack = _state(2, at={TWO: "W:1509"})
    assert belgian_morale.checks_due(s, pack) == []
    s, pack = _state(3, at={TWO: "W:1509"}, belgian_released=True)
    assert belgian_morale.checks_due(s, pack) == []
