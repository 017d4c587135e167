"""Issue 8, Done when: "Scenarios 1.1, 2.1 and 3.1 can be created through the API and played to
the end by two random bots". A real `umpire serve`, a game created with `POST /v1/games` by an
organiser token from `umpire token create`, and one `umpire bot ...` process per seat, which see
the position only through the HTTP API.

A random game of 1.1 takes one to two minutes here; the slow test (still part of `make test`)
plays 2.1, 3.1 and a greedy game of 1.1 side by side on one server (figures in docs/bots.md)."""
from __future__ import annotations

import subprocess
import threading

import httpx
import pytest

from tests.api.bots_support import FINAL, Server, bot, finish, start

GAME = "breakout-pursuit/"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = start(tmp_path_factory.mktemp("bots") / "data")
    yield s
    s.stop()


def begin(server: Server, matches: list[tuple[str, str, str]]) -> tuple[list[str], list[subprocess.Popen]]:
    """Each (scenario, Allied bot, German bot) created and its bots started, all at once."""
    games, procs = [], []
    for i, (scenario, *kinds) in enumerate(matches):
        created = server.create(GAME + scenario)
        games.append(created["id"])
        procs += [bot(server, kind, created["seats"][seat]["token"], seed=10 * i + k)
                  for k, (seat, kind) in enumerate(zip(("allied", "german"), kinds))]
    return games, procs


def end(procs: list[subprocess.Popen], timeout: float) -> None:
    for out in finish(procs, timeout):
        _, status, level = FINAL.search(out).groups()
        assert status == "finished" and level != "none", out


def check_played_to_the_end(server: Server, game_id: str) -> list[dict]:
    """The game is over with a result, and every order a bot chose from /legal was accepted.
    Returns the log."""
    summary = server.summary(game_id)
    assert summary["status"] == "finished"
    assert summary["result"]["level"] and summary["result"]["reason"]
    log = server.events(game_id)
    orders = {e["version"] for e in log if e["type"] == "order.submitted"}
    rulings = [e["data"] for e in log if e["type"] == "ruling" and e["adjudicates"] in orders]
    assert len(rulings) == len(orders) > 100
    assert [r for r in rulings if r["verdict"] != "accepted"] == []
    return log


def test_two_random_bots_play_the_historical_breakout_to_the_end_through_the_api(server):
    """An organiser posts a deadline every few seconds meanwhile: the seat due gets its default
    answer, and a bot whose order was chosen before that is told so (409) and chooses again."""
    (game_id,), procs = begin(server, [("1.1", "random", "random")])
    stop = threading.Event()
    threading.Thread(target=deadlines, args=(server, game_id, stop), daemon=True).start()
    try:
        end(procs, timeout=900)
    finally:
        stop.set()
    log = check_played_to_the_end(server, game_id)
    commands = {e["version"] for e in log if e["type"] == "system.command"}
    assert any(e["data"]["verdict"] == "accepted" for e in log if e["type"] == "ruling" and e["adjudicates"] in commands)


def deadlines(server: Server, game_id: str, stop: threading.Event) -> None:
    while not stop.wait(3.0):
        httpx.post(f"{server.url}/v1/games/{game_id}/commands", json={"type": "deadline"}, headers=server.headers(),
                   timeout=30)


@pytest.mark.slow
def test_random_bots_play_the_pursuit_and_the_campaign_and_greedy_plays_the_breakout_through_the_api(server):
    """2.1 and 3.1 by two random bots, and 1.1 by `umpire bot greedy` (Allies) against a random
    bot: the greedy bot's attacks name subsets of the listed attackers, and are accepted too."""
    games, procs = begin(server, [("2.1", "random", "random"), ("3.1", "random", "random"), ("1.1", "greedy", "random")])
    end(procs, timeout=1800)
    for game_id in games:
        check_played_to_the_end(server, game_id)
