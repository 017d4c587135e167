"""7.5 Off-Map Rail Movement: the tables read as one line per network, summed along the edge (7.51,
7.52), and a voided off-map rail claim gives its Rail Points back within the Game-Turn."""
from __future__ import annotations

import pytest

from domain.games.hbtlf import HBTLF, offmap
from domain.games.hbtlf.orders import OffMapRail
from domain.kernel.commands import Accepted, Dispute, RefereeOrder, Settle
from domain.kernel.dice import ScriptedDice
from domain.kernel.session import Session
from infra.packs import load_pack_dir


@pytest.fixture(scope="module")
def pack():
    return load_pack_dir(HBTLF.pack_dir)


def test_7_51_north_and_east_edges_are_one_line(pack):
    line = [h for h, _ in offmap.chain(pack, "german")]
    assert line[0] == "E:1024" and "E:1201" in line and line[-1] == "E:6001"
    assert offmap.cost(pack, "german", "E:1201", "E:1024") == 71  # the north edge's printed costs, in either direction


def test_7_52_west_edge_south_edge_and_east_map_south_edge(pack):
    assert offmap.cost(pack, "french", "W:3834", "W:7033") == 68
    assert offmap.cost(pack, "french", "W:7033", "W:7003") == 59
    assert offmap.cost(pack, "french", "W:7003", "E:7031") == 11
    assert offmap.cost(pack, "french", "E:7020", "E:7009") == 21  # 7020-7016 (6) + 7016-7009 (15), E:7018 left out
    assert offmap.crosses_maps("W:7003", "E:7031") and not offmap.crosses_maps("W:7003", "W:7005")


def test_7_5_a_voided_offmap_rail_claim_gives_its_rail_points_back(pack):
    s = Session(HBTLF, pack, "7", dice=lambda v: ScriptedDice([3, 4] * 30, command=v))
    s.state = s.ruleset.position(s.state, {
        "initiative": "german", "impulses": [7], "order": ["german", "allied"],
        "positions": {"XXI Corps": "E:1023"}, "sides": {"XXI Corps": "german"},
        "core": {"clock": {"turn": 5, "phase": "impulse", "side": "german", "impulse": 1},
                 "ledgers": {"rail:german": {"balance": 152, "cap": 152}}}})
    assert isinstance(s.submit("german", OffMapRail(unit="XXI Corps", to="E:1021", be=2)), Accepted)
    assert s.state.core.ledger("rail", "german").balance == 140
    aid = next(a for a in s.state.core.attestations if a.startswith("offmap_rail"))
    assert isinstance(s.submit("allied", Dispute(id=aid, reason="the line was cut")), Accepted)
    assert isinstance(s.command(RefereeOrder(order=Settle(id=aid, value="void"), by="referee")), Accepted)
    assert s.state.core.ledger("rail", "german").balance == 152
    assert s.state.positions["XXI Corps"] == "E:1023"
