"""The `umpire` commands this worker owns, the composition root, and a nudge with nowhere to go."""
from __future__ import annotations

import sqlite3

import pytest

from infra.localservices import free_port
from services import cli
from services.config import Settings
from services.bootstrap import build
from services.worker.nudge import celery_nudge


def test_db_migrate_creates_the_schema_then_finds_it_up_to_date(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("UMPIRE_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("UMPIRE_DATABASE_URL", raising=False)
    assert cli.main(["db", "migrate"]) == 0
    assert "0001_event_store" in capsys.readouterr().out
    tables = {n for (n,) in sqlite3.connect(tmp_path / "data" / "umpire.db").execute("SELECT name FROM sqlite_master")}
    assert {"event", "game_stream", "projection", "secret"} <= tables
    assert cli.main(["db", "migrate"]) == 0
    assert capsys.readouterr().out.strip() == "the schema is up to date"


@pytest.mark.parametrize("command", ["worker", "beat"])
def test_server_commands_refuse_to_start_without_redis(command, monkeypatch):
    monkeypatch.delenv("UMPIRE_REDIS_URL", raising=False)
    with pytest.raises(SystemExit) as stop:
        cli.main([command])
    assert "UMPIRE_REDIS_URL" in str(stop.value.code)


def test_the_mode_follows_the_redis_setting(tmp_path, redis_url):
    embedded = build(Settings(data=tmp_path / "e", sandbox=True))
    server = build(Settings(data=tmp_path / "s", redis_url=redis_url, sandbox=True))
    try:
        assert (embedded.mode, embedded.folder is not None) == ("embedded", True)
        assert (server.mode, server.folder) == ("server", None)
    finally:
        embedded.stop()
        server.stop()


def test_a_nudge_to_a_redis_that_is_down_fails_nothing_and_the_order_stands(tmp_path):
    down = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    nudge = celery_nudge(Settings(redis_url=down))
    nudge("any-game")  # does not raise
    rt = build(Settings(data=tmp_path / "data", redis_url=down, sandbox=True))
    try:
        g = rt.games.create("sandbox/1").game_id
        v = rt.games.submit_order(g, "red", {"type": "deploy", "real": "0303"}, principal="red").last_version
        assert [e.version for e in rt.store.read(g)] == [1, v]
        assert rt.store.lagging() == [g]  # the sweep will fold it once a worker runs
    finally:
        rt.stop()
