"""home-before-the-leaves-fall@2 played by random bots from /legal, with the separate British and
Belgian player: every listed order (the @2 ones included: Zeppelin bases, leaders, isolation,
Paris, British-Belgian points, the BEF's evacuation) is accepted, every claim confirmed (the BEF's
hidden moves while it is secret, 12.71, by the referee), the ledgers stay within zero and their caps, each scenario reaches its printed end and a result, and the log re-folds to the state."""
from __future__ import annotations

import random
import pytest

from domain.games.hbtlf import HBTLF_2
from domain.games.hbtlf.rulings import V2
from domain.kernel import game
from domain.kernel.commands import Accepted, Confirm, Settle
from domain.kernel.dice import ScriptedDice
from domain.kernel.log import Codec, fold
from domain.kernel.session import Session
from infra.packs import load_pack_dir
from tests.unit.hbtlf.playout import play_one


@pytest.fixture(scope="module")
def pack():
    return load_pack_dir(HBTLF_2.pack_dir)


@pytest.mark.parametrize("sid", ["2", "5", "7", "8", "10"])
def test_v2_random_play_to_the_end(pack, sid):
    rng = random.Random(100 + int(sid))
    options = {"british_belgian_player": True}
    s = Session(HBTLF_2, pack, sid, options=options,
                dice=lambda v: ScriptedDice([random.Random(f"v2:{sid}:{v}:{i}").randint(1, 6) for i in range(60)], command=v))
    offered: set[type] = set()
    for _ in range(3000):
        for key, led in s.state.core.ledgers.items():
            assert led.balance >= 0 and (led.cap is None or led.balance <= led.cap), key
        for seat in ("german", "allied"):
            for o in s.legal(seat):
                if isinstance(o, Confirm):
                    assert isinstance(s.submit(seat, o), Accepted)
        for o in game.referee_legal(s.state):  # 12.71: a hidden claim neither seat may confirm
            if isinstance(o, Settle) and s.state.core.attestations[o.id].hidden:
                assert isinstance(s.referee(o), Accepted)
        legal = play_one(s, rng, 0.4)
        if legal is None:
            break
        offered.update(type(o) for o in legal if type(o) in V2)
    sc = pack.scenarios[sid]
    assert s.state.core.finished and s.state.core.clock.turn == sc.end.turn and s.state.core.result.level
    initial = HBTLF_2.bind(pack).setup(pack, sid, game_id="session", options=HBTLF_2.resolve_options(options))
    assert fold(s.ruleset, Codec(s.ruleset), initial, [(e.type, e.data) for e in s.log]) == s.state
    assert offered, "the bots were offered none of @2's orders"
