"""§1.0: 1 to 4 players. The four seats (British ground, airborne, Wehrmacht, SS) command the units
the scenario gives them; the option `players` pins at genesis which seats each player holds; a seat
orders only its own units, and lists only their orders."""
from __future__ import annotations

import hashlib
import random

import pytest

from domain.games.air_bridge import AIR_BRIDGE_3 as AIR_BRIDGE  # the newest version
from domain.kernel import game
from domain.kernel.commands import Accepted, Rejected
from domain.kernel.dice import KeyedDice
from domain.kernel.session import Session
from tests.unit.air_bridge.helpers import pack


def dice(version: int) -> KeyedDice:
    return KeyedDice(game_id="players", command=version, keys=lambda c, e: hashlib.sha256(f"{c}{e}".encode()).digest())


@pytest.mark.parametrize("players,groups", [
    (1, [["allied-ground", "allied-airborne", "german-wehrmacht", "german-ss"]]),
    (2, [["allied-ground", "allied-airborne"], ["german-wehrmacht", "german-ss"]]),
    (3, [["allied-ground", "allied-airborne"], ["german-wehrmacht"], ["german-ss"]]),
    (4, [["allied-ground"], ["allied-airborne"], ["german-wehrmacht"], ["german-ss"]]),
])
def test_1_0_the_seat_layout_is_pinned_at_genesis(players, groups):
    s = Session(AIR_BRIDGE, pack(), "nijmegen", dice=dice, options={"players": players})
    assert [list(g) for g in s.state.players] == groups
    assert s.state.core.options["players"] == players
    genesis = s.log[0]
    assert b'"players"' in genesis.data


def test_each_unit_is_commanded_by_the_seat_its_flags_name():
    s = Session(AIR_BRIDGE, pack(), "campaign", dice=dice)
    counters = pack().counters
    for u in s.state.units.values():
        flags = counters[u.id].flags
        if u.side == "allied":
            assert u.seat == ("allied-airborne" if "airborne" in flags else "allied-ground")
        else:
            assert u.seat == ("german-ss" if "ss" in flags else "german-wehrmacht")


def test_a_seat_lists_and_orders_only_its_own_units():
    """Campaign, 17 Sep AM, Airborne Assault Phase: the airborne seat drops; the ground seat may not
    drop an airborne unit, and lists no drop."""
    s = Session(AIR_BRIDGE, pack(), "campaign", dice=dice, options={"players": 4})
    assert s.state.core.clock.phase == "airborne"
    drops = [o for o in s.legal("allied-airborne") if o.__struct_config__.tag == "drop"]
    assert drops and all(s.state.units[o.unit].seat == "allied-airborne" for o in drops)
    assert not [o for o in s.legal("allied-ground") if o.__struct_config__.tag == "drop"]
    ruling = s.submit("allied-ground", drops[0])
    assert isinstance(ruling, Rejected) and ruling.code == "not_due" and ruling.citation is not None
    assert isinstance(s.submit("allied-airborne", drops[0]), Accepted)


def test_four_seats_play_a_game_each_ordering_only_its_units():
    """A 4-player Nijmegen game, random legal orders: every order names only its seat's units."""
    s = Session(AIR_BRIDGE, pack(), "nijmegen", dice=dice, options={"players": 4})
    rng = random.Random(4)
    while not s.state.core.finished:
        seat = rng.choice(s.to_act())
        order = rng.choice(s.legal(seat))
        for field in ("units", "unit", "engineer"):
            names = getattr(order, field, None)
            for uid in (names if isinstance(names, tuple) else (names,) if names else ()):
                assert s.state.units[uid].seat == seat, (seat, order)
        assert isinstance(s.submit(seat, order), Accepted)
    assert s.state.core.result is not None and s.state.core.result.winner in ("allied", "german")
    assert game.to_act(s.ruleset, s.state) == ()
