"""Issue 20's check against `make run` itself: `umpire serve` (the embedded default: SQLite, the
fold thread, the runner's own timer, no beat) started as a process, the organiser's token from
`umpire token create`, and a 4-entrant round robin of bots over HTTP and `/v1/me/stream` to the end:
one bot never answers (its seats' banks run out, each miss a cited `deadline.missed`), one floods
(it gets 429s), the standings equal a recomputation from the games' own results. The clock is a
time bank with increment, so the same run checks banks enforced by a real process's timer."""
from __future__ import annotations

import httpx
import pytest

from tests.api import bots_support, tournament_driver
from tests.api.test_tournament_bots import check

BANK = {"bank_seconds": 2, "increment_seconds": 0.5}


@pytest.mark.slow
def test_four_bots_one_silent_one_flooding_against_umpire_serve(tmp_path):
    server = bots_support.start(tmp_path / "data", UMPIRE_SANDBOX="1", UMPIRE_CLOCK_SECONDS="0.2",
                                UMPIRE_RATE_ORDERS="10/second")
    try:
        assert httpx.get(f"{server.url}/v1/health", timeout=10).json()["mode"] == "embedded"
        out = tournament_driver.run(server.url, server.organiser, time_control=BANK)
        check(server.url, out)
        for r in out.tournament["rounds"]:
            for g in r["games"]:  # every clock was folded: each seat's bank is on the page
                assert set(g["banks"]) == set(g["seats"])
                log = server.events(g["id"])
                assert {e["data"]["seat"] for e in log if e["type"] == "clock.started"} == set(g["seats"])
    finally:
        server.stop()
