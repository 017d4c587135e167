"""Normandy 1944 through a real `umpire serve` (issue 23, Done when): one `umpire bot random`
process per seat sees the game only through the HTTP API and plays it to its end. Scenario 1
(US and German seats) runs in every test run; Cobra, with its three seats (US and British bots
sharing the Allied side), is the slow test (thousands of orders, a movement listing per order)."""
from __future__ import annotations

import pytest

from tests.api.bots_support import FINAL, Server, bot, finish, start


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = start(tmp_path_factory.mktemp("normandy-bots") / "data")
    yield s
    s.stop()


def play(server: Server, scenario: str, timeout: float) -> None:
    created = server.create(f"normandy-1944/{scenario}")
    procs = [bot(server, "random", seat["token"], seed=k) for k, seat in enumerate(created["seats"].values())]
    for out in finish(procs, timeout):
        _, status, level = FINAL.search(out).groups()
        assert status == "finished" and level != "none", out
    summary = server.summary(created["id"])
    assert summary["status"] == "finished" and summary["result"]["level"]
    log = server.events(created["id"])
    orders = {e["version"] for e in log if e["type"] == "order.submitted"}
    rulings = [e["data"] for e in log if e["type"] == "ruling" and e["adjudicates"] in orders]
    assert len(rulings) == len(orders) > 50
    assert [r for r in rulings if r["verdict"] != "accepted"] == []


def test_two_random_bots_play_the_race_to_cherbourg_to_its_end(server):
    play(server, "1", timeout=900)


@pytest.mark.slow
def test_three_random_bots_play_cobra_to_its_end(server):
    play(server, "2", timeout=3600)
