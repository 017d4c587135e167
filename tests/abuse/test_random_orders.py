"""Orders of valid shape and random content (tests/abuse/orders.py) are ruled, never crash the rules:
called on the kernel directly (`game.adjudicate` on positions from random games of the sandbox and of
Breakout & Pursuit, any seat) and through the API (a seat's POST with ?wait=; the game never halts)."""
from __future__ import annotations

import hashlib
import random
from functools import lru_cache

import msgspec
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT
from domain.games.sandbox import SANDBOX_PACK
from domain.games.sandbox.rules import SANDBOX
from domain.kernel import game
from domain.kernel.commands import Accepted, Rejected, SeatOrder
from domain.kernel.dice import KeyedDice
from domain.kernel.session import Session
from infra.packs import load_pack_dir
from tests.abuse.conftest import DERANDOMIZE
from tests.abuse.orders import decodes, known_strings, orders
from tests.api.conftest import new_game

GAMES = {"sandbox": (SANDBOX, lambda: SANDBOX_PACK, "1", 60), "breakout-pursuit": (BREAKOUT_PURSUIT, None, "1.1", 150)}


def dice(command: int) -> KeyedDice:
    return KeyedDice(game_id="abuse", command=command, keys=lambda chain, epoch: hashlib.sha256(f"{chain}{epoch}".encode()).digest())


@lru_cache(maxsize=None)
def positions(name: str) -> tuple[Session, list]:
    """States along a random game (every third one), from its start."""
    ruleset, pack, scenario, orders_played = GAMES[name]
    session = Session(ruleset, pack() if pack else load_pack_dir(ruleset.pack_dir), scenario, dice=dice, game_id="abuse")
    rng, states = random.Random(7), [session.state]
    for n in range(orders_played):
        if session.state.core.finished:
            break
        seat = rng.choice(session.to_act())
        session.submit(seat, rng.choice(session.legal(seat)))
        if n % 3 == 0:
            states.append(session.state)
    return session, states


@pytest.mark.parametrize("name", GAMES)
def test_an_order_of_valid_shape_and_random_content_is_ruled_and_never_raises(name):
    session, states = positions(name)
    ruleset, codec = session.ruleset, session.codec
    words = sorted({w for s in states for w in known_strings(s)})

    @given(state=st.sampled_from(states), seat=st.sampled_from(states[0].core.layout.seat_ids()),
           raw=orders(codec.Order, words, ints=range(0, 12)))
    @settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck), database=None, derandomize=DERANDOMIZE)
    def each(state, seat, raw):
        assume(decodes(codec, raw))
        order = codec.decode_order(msgspec.json.encode(raw))
        ruling = game.adjudicate(ruleset, state, SeatOrder(seat=seat, order=order), dice(10**6), version=10**6)
        assert isinstance(ruling, (Accepted, Rejected))
        after = state
        for effect in getattr(ruling, "effects", ()):
            after = game.apply(ruleset, after, effect)
        assert msgspec.json.decode(msgspec.json.encode(after), type=ruleset.state_type) == after

    each()


@pytest.mark.parametrize("scenario", ["sandbox/1", "breakout-pursuit/1.1"])
def test_random_orders_through_the_api_are_answered_with_rulings_and_never_halt_the_game(make_api, scenario):
    api = make_api(UMPIRE_RATE_ORDERS="off", UMPIRE_RATE_READS="off")
    with TestClient(api.app) as c:
        g = new_game(c, api.token("organiser"), scenario)
        assert api.runtime.wait_for(g.id, 1, 30)
        ctx = api.runtime.games.context(g.id)
        words = known_strings(api.runtime.queries.state(g.id))

        @given(seat=st.sampled_from(sorted(g.seats)), raw=orders(ctx.codec.Order, words, ints=range(0, 12)))
        @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None, derandomize=DERANDOMIZE)
        def each(seat, raw):
            assume(decodes(ctx.codec, raw))
            r = c.post(f"/v1/games/{g.id}/orders?wait=10", content=msgspec.json.encode({"order": raw}), headers=g.seats[seat])
            assert r.status_code == 200, r.text  # valid shape: in the log, and ruled within the wait
            assert r.json()["ruling"]["verdict"] in ("accepted", "rejected")

        each()
        summary = c.get(f"/v1/games/{g.id}").json()
        assert summary["status"] != "halted"
        assert summary["adjudicated_version"] >= 40  # every order was a command in the log, ruled
