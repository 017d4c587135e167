"""Air Bridge to Victory through the HTTP API (issue 22, Done when): a 4-player Nijmegen game, four
seat tokens, each seat ordering only its own units from its `/legal`, played to its result; a seat
naming another seat's unit is refused with the rule cited; a solo game (one player holding the four
seats, pinned at genesis) plays the same way."""
from __future__ import annotations

import random
import threading

import pytest

from services.bots import greedy_bot, random_bot
from tests.api.conftest import Game, begun, bearer, order, ruled

UNIT_FIELDS = ("units", "unit", "engineer")


def _create(client, org, players: int) -> Game:
    r = client.post("/v1/games", json={"scenario": "air-bridge-to-victory/nijmegen", "options": {"players": players}}, headers=org)
    assert r.status_code == 201, r.text
    body = r.json()
    tokens = {s: v["token"] for s, v in body["seats"].items()}
    return Game(id=body["id"], seats={s: bearer(t) for s, t in tokens.items()}, tokens=tokens,
                version=begun(client, body["id"])["version"])


def _named(o: dict) -> list[str]:
    out: list[str] = []
    for f in UNIT_FIELDS:
        v = o.get(f)
        out += v if isinstance(v, list) else [v] if isinstance(v, str) else []
    return out


@pytest.mark.parametrize("players", [4, 1])
def test_seats_play_nijmegen_each_ordering_only_its_units(client, org, players):
    game = _create(client, org, players)
    assert set(game.seats) == {"allied-ground", "allied-airborne", "german-wehrmacht", "german-ss"}
    state = client.get(f"/v1/games/{game.id}/state", headers=game.seats["allied-ground"]).json()["view"]["game"]
    assert len(state["players"]) == players
    owner = {u["id"]: u["seat"] for u in state["units"]}
    rng = random.Random(players)
    refused = False
    for _ in range(3000):
        summary = client.get(f"/v1/games/{game.id}").json()
        if summary["status"] != "active":
            break
        seat = rng.choice(summary["to_act"])
        legal = client.get(f"/v1/games/{game.id}/legal", headers=game.seats[seat]).json()["orders"]
        pick = rng.choice(legal)
        assert all(owner[u] == seat for u in _named(pick)), (seat, pick)
        if not refused and pick["type"] == "move":  # the side's other seat, also to act, names this unit
            other = next(s for s in game.seats if s != seat and s.split("-")[0] == seat.split("-")[0])
            body = order(client, game, other, pick).json()
            assert body["ruling"]["verdict"] == "rejected" and body["ruling"]["code"] in ("not_your_unit", "not_your_turn")
            refused = body["ruling"]["code"] == "not_your_unit"
            if refused:
                assert body["ruling"]["citations"], body  # the rule that refuses it
        ruled(order(client, game, seat, pick))
    summary = client.get(f"/v1/games/{game.id}").json()
    assert summary["status"] == "finished" and summary["result"]["winner"] in ("allied", "german")
    assert refused


def test_bots_play_nijmegen_to_its_end_through_a_real_server(live, client, org):
    """Four bots, one per seat token, over real HTTP (uvicorn): the greedy strategy for the Allied
    seats, the random bot for the German ones, as `umpire bot greedy|random` would run them."""
    game = _create(client, org, 4)
    results: dict[str, dict] = {}
    errors: list[BaseException] = []

    def play(seat: str) -> None:
        try:
            runner = greedy_bot.run if seat.startswith("allied") else random_bot.run
            results[seat] = runner(live.url, game.tokens[seat], seed=7)
        except BaseException as e:  # reported below: a thread's exception is otherwise lost
            errors.append(e)

    threads = [threading.Thread(target=play, args=(s,), daemon=True) for s in game.seats]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    assert not errors, errors
    summary = client.get(f"/v1/games/{game.id}").json()
    assert summary["status"] == "finished" and summary["result"]["winner"] in ("allied", "german")
    assert all(r["status"] == "finished" for r in results.values()) and len(results) == 4
