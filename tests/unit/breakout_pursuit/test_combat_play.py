"""Combat Phases played at random (fixed seeds) on the synthetic map: every listed order and answer is
accepted, and after every ruling the invariants of the rules hold: at most three combat units in a
hex (Stacking M, "throughout a Combat Phase"), no unit at sea, no hex held by both sides, no decision
left open without a frame, no unit that attacked twice (Combat E)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.games.breakout_pursuit.orders import Attack, EndPhase
from domain.kernel import game
from domain.kernel.commands import Accepted
from tests.unit.breakout_pursuit.helpers import combat_position, ruleset, submit

ALLIED = ["uk-aug-xx-14-8-1037", "uk-aug-xx-12-8-1138", "us-aug-xx-16-8-1735", "us-aug-xx-12-5-1638", "us-aug-xx-9-5-1540",
          "uk-aug-x-7-8-1038", "us-jul-xx-17-8-3", "uk-aug-xx-10-16-1037", "al-aug-truck-1039", "al-aug-supply-1039"]
GERMAN = ["de-jul-xx-10-6-2ss", "de-aug-xx-9-12-repn1", "de-aug-xx-4-5-0936", "de-aug-xx-6-5-2735", "de-jul-xx-5-6-21",
          "de-aug-xx-15-6-e5", "de-aug-xx-4-5-2215ss", "de-aug-xx-3-4-0931"]


def random_position(rng: random.Random, side: str):
    """Allied units in columns 05-07, German units in columns 02-04 and the Fortress 0705 (no hex is
    mixed), three at most a hex."""
    d = ruleset().data
    land = sorted(h for h in d.map.hexes if d.enterable(h))
    allied = [h for h in land if 5 <= int(h[2:]) <= 7 and h != "0705"]
    german = [h for h in land if 2 <= int(h[2:]) <= 4] + ["0705"]
    units, count = {}, Counter()
    for pool, hexes in ((ALLIED, allied), (GERMAN, german)):
        for cid in rng.sample(pool, rng.randint(3, len(pool))):
            h = rng.choice([h for h in hexes if count[h] < 3])
            units[cid] = {"hex": h}
            count[h] += 1
    supply = {cid: rng.choice(["supplied", "supplied", "unsupplied", "isolated"]) for cid in units if cid[:2] in ("uk", "us")}
    return combat_position(units, side=side, supply=supply if side == "allied" else {})


def check(state) -> None:
    d = ruleset().data
    on_map = [u for u in state.units.values() if u.hex is not None]
    stacks = Counter(u.hex for u in on_map if u.combat_unit)
    assert max(stacks.values(), default=0) <= 3, stacks
    assert all(d.enterable(u.hex) for u in on_map)
    for h in {u.hex for u in on_map}:
        sides = {u.side for u in state.at(h) if u.combat_unit or u.type == "truck"}
        assert len(sides) <= 1, (h, state.at(h))
    assert (state.combat is None) == (state.core.top() is None)


@pytest.mark.parametrize("seed", range(40))
def test_random_combat_phases_keep_the_rules_invariants(seed):
    rng = random.Random(seed)
    bp = ruleset()
    state = random_position(rng, rng.choice(["allied", "german"]))
    attacks = 0
    for version in range(2, 60):
        seat = game.to_act(bp, state)[0]
        orders = [o for o in game.legal(bp, state, seat) if not isinstance(o, EndPhase)]
        if not orders:
            break
        order = rng.choice(orders)
        attacks += isinstance(order, Attack)
        ruling, state = submit(state, seat, order, dice=[rng.randint(1, 6)], version=version)
        assert isinstance(ruling, Accepted), (order, ruling)
        check(state)
        assert len(state.attacked) == len(set(state.attacked))
    assert state.core.top() is None
