"""Embedded mode: the fold on a thread of the API process, SQLite, no Redis and no Celery."""
from __future__ import annotations

import msgspec
import pytest

from domain.games.sandbox.model import Bid, Deploy
from domain.kernel.seats import REFEREE_VIEWER
from infra.eventstore import open_store
from services.config import Settings
from services.games import Games
from services.queries import Queries
from services.bootstrap import build
from services.worker.embedded import EmbeddedFolder
from tests.integration.rulesets import Broken, CatalogWith
from tests.integration.support import Bots, check_game, wait_until_settled


@pytest.fixture
def runtime(tmp_path):
    rt = build(Settings(data=tmp_path / "data", sandbox=True, sweep_seconds=60))
    assert rt.mode == "embedded" and rt.settings.store_url.startswith("sqlite:///")
    rt.start()
    yield rt
    rt.stop()


def test_the_folder_rules_orders_submitted_through_games(runtime):
    game_ids = [runtime.games.create("sandbox/1").game_id for _ in range(3)]
    bots = Bots(runtime.games, game_ids, runtime.wait_for, wait_seconds=10).start()
    bots.finish(timeout=120)
    for g in game_ids:
        stats = check_game(runtime.games, g)
        assert runtime.store.projection(g).status == "finished" and stats["ruled"] == bots.submitted[g]


def test_wait_for_answers_once_the_order_is_ruled(runtime):
    games = runtime.games
    g = games.create("sandbox/1").game_id
    v = games.submit_order(g, "red", {"type": "deploy", "real": "0303"}, principal="red").last_version
    assert runtime.wait_for(g, v, timeout=30)
    assert Queries(games).ruling(g, v, REFEREE_VIEWER)["ruling"]["data"]["verdict"] == "accepted"


def test_orders_submitted_while_the_folder_is_stopped_are_ruled_after_it_starts(tmp_path):
    rt = build(Settings(data=tmp_path / "data", sandbox=True, sweep_seconds=60))
    g = rt.games.create("sandbox/1").game_id
    v = rt.games.submit_order(g, "red", msgspec.to_builtins(Deploy(real="0305")), principal="red").last_version
    assert not rt.wait_for(g, v, timeout=0.2)  # nobody folds yet
    rt.start()  # the first sweep runs at start
    try:
        assert rt.wait_for(g, v, timeout=30)
        check_game(rt.games, g)
    finally:
        rt.stop()


def test_the_sweep_rules_what_no_nudge_announced(tmp_path):
    rt = build(Settings(data=tmp_path / "data", sandbox=True))
    silent = Games(rt.store, rt.catalog)  # submits without nudging: every nudge lost
    folder = EmbeddedFolder(silent, sweep_seconds=0.05)
    folder.start()
    try:
        game_ids = [silent.create("sandbox/1").game_id for _ in range(2)]
        bots = Bots(silent, game_ids, folder.wait_for, wait_seconds=5).start()
        bots.finish(timeout=120)
        wait_until_settled(silent, game_ids, timeout=30)
        for g in game_ids:
            assert check_game(silent, g)["ruled"] == bots.submitted[g]
    finally:
        folder.stop()
        rt.stop()


def test_a_halted_game_settles_its_waiters_and_the_folder_rules_other_games_on(tmp_path, sqlite_url):
    store = open_store(sqlite_url)
    folder_box = []
    games = Games(store, CatalogWith(Broken()), nudge=lambda g: folder_box[0].nudge(g))
    folder = EmbeddedFolder(games, sweep_seconds=60)
    folder_box.append(folder)
    folder.start()
    try:
        broken = games.create("sandbox-broken/1").game_id
        fine = games.create("sandbox/1").game_id
        games.submit_order(broken, "red", {"type": "deploy", "real": "0305"}, principal="red")
        bid = games.submit_order(broken, "blue-1", msgspec.to_builtins(Bid(points=0)), principal="blue-1").last_version
        later = games.submit_order(broken, "red", msgspec.to_builtins(Bid(points=0)), principal="red").last_version
        assert folder.wait_for(broken, bid, timeout=30)
        assert not folder.wait_for(broken, later, timeout=30)  # halted: settled: no ruling will come
        v = games.submit_order(fine, "red", {"type": "deploy", "real": "0303"}, principal="red").last_version
        assert folder.wait_for(fine, v, timeout=30)
        assert store.projection(broken).status == "halted"
        check_game(games, broken)
        check_game(games, fine)
    finally:
        folder.stop()
        store.close()
