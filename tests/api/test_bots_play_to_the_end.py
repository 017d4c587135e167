"""Issue 8, Done when: "Scenarios 1.1, 2.1 and 3.1 can be created through the API and played to
the end by two random bots". A real `umpire serve`, a game created with `POST /v1/games` by an
organiser token from `umpire token create`, and one `umpire bot random` process per seat, which
see the position only through the HTTP API.

A random game of 1.1 takes about a minute here; 2.1 and 3.1 (marked slow, still part of
`make test`) run side by side on one server in about two and a half (figures in docs/bots.md)."""
from __future__ import annotations

import pytest

from tests.api.bots_support import FINAL, Server, bot, finish, start

GAME = "breakout-pursuit/"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = start(tmp_path_factory.mktemp("bots") / "data")
    yield s
    s.stop()


def play(server: Server, scenarios: list[str], timeout: float) -> dict[str, str]:
    """Each scenario played by two random bots, all games at once; each game's id."""
    games, procs = {}, []
    for i, scenario in enumerate(scenarios):
        created = server.create(GAME + scenario)
        games[scenario] = created["id"]
        procs += [bot(server, "random", created["seats"][seat]["token"], seed=10 * i + k)
                  for k, seat in enumerate(("allied", "german"))]
    for out in finish(procs, timeout):
        game_id, status, level = FINAL.search(out).groups()
        assert status == "finished" and level != "none", out
    return games


def check_played_to_the_end(server: Server, game_id: str) -> None:
    summary = server.summary(game_id)
    assert summary["status"] == "finished"
    assert summary["result"]["level"] and summary["result"]["reason"]
    rulings = [e for e in server.events(game_id) if e["type"] == "ruling"]
    refused = [e["data"] for e in rulings if e["data"]["verdict"] != "accepted"]
    assert len(rulings) > 100 and refused == []  # every order a bot chose from /legal was accepted


def test_two_random_bots_play_the_historical_breakout_to_the_end_through_the_api(server):
    games = play(server, ["1.1"], timeout=900)
    check_played_to_the_end(server, games["1.1"])


@pytest.mark.slow
def test_two_random_bots_play_the_pursuit_and_the_campaign_to_the_end_through_the_api(server):
    games = play(server, ["2.1", "3.1"], timeout=1800)
    for game_id in games.values():
        check_played_to_the_end(server, game_id)
