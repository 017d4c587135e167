"""Air Bridge to Victory through a real `umpire serve` (issue 22, Done when): "Two `umpire bot`
processes play the campaign scenario to its end". The game has four seats (§1.0's 1 to 4 players);
under the two-player layout pinned at genesis each player holds its side's two seats, so each bot
process is given both its seats' tokens (`--token` twice). A solo game (`players` 1: one player
holds all four seats, both sides) is one process with the four tokens."""
from __future__ import annotations

import httpx
import pytest

from tests.api.bots_support import FINAL, Server, bot, finish, start


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = start(tmp_path_factory.mktemp("abtv-bots") / "data")
    yield s
    s.stop()


def play(server: Server, scenario: str, players: int, timeout: float) -> None:
    created = server.create(f"air-bridge-to-victory/{scenario}", players=players)
    tokens = {seat: v["token"] for seat, v in created["seats"].items()}
    view = httpx.get(f"{server.url}/v1/games/{created['id']}/state", timeout=30,
                     headers={"Authorization": f"Bearer {next(iter(tokens.values()))}"}).json()["view"]["game"]
    layout = view["players"]  # the seats of each player, pinned at genesis
    assert len(layout) == players and sorted(s for p in layout for s in p) == sorted(tokens)
    procs = [bot(server, "random", [tokens[s] for s in seats], seed=10 * k) for k, seats in enumerate(layout)]
    for seats, out in zip(layout, finish(procs, timeout)):
        finals = FINAL.findall(out)
        assert len(finals) == len(seats), out  # one line per seat the process played
        assert all(status == "finished" and level != "none" for _, status, level in finals), out
    summary = server.summary(created["id"])
    assert summary["status"] == "finished" and summary["result"]["winner"] in ("allied", "german")
    log = server.events(created["id"])
    orders = {e["version"] for e in log if e["type"] == "order.submitted"}
    rulings = [e["data"] for e in log if e["type"] == "ruling" and e["adjudicates"] in orders]
    assert len(rulings) == len(orders) > 100
    assert [r for r in rulings if r["verdict"] != "accepted"] == []
    ordered_by = {e["data"].get("seat") or e.get("seat") for e in log if e["type"] == "order.submitted"}
    assert ordered_by <= set(tokens)


@pytest.mark.slow  # the in-process solo game of test_abtv_api.py runs in every test run
def test_one_bot_process_plays_a_solo_nijmegen_holding_the_four_seats(server):
    play(server, "nijmegen", players=1, timeout=900)


@pytest.mark.slow
def test_two_bot_processes_play_the_campaign_to_its_end(server):
    play(server, "campaign", players=2, timeout=3600)
