"""Server mode: the API against real PostgreSQL and Redis, with a worker folding in another
thread (see servermode.py for what stands in for the worker branch's Celery worker)."""
from __future__ import annotations

import shutil
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import httpx
import pytest
from fastapi.testclient import TestClient

from infra import localservices
from infra.auth import open_tokens
from services.api.app import create_app
from services.config import from_env
from tests.api.conftest import Api, bearer, metric, new_game, order, ruled, serve_live
from tests.api.test_state_and_events import read_sse
from tests.api.servermode import ServerRuntime

DEPLOY = {"type": "deploy", "real": "0305"}


@contextmanager
def server_api(tmp_path: Path, database_url: str, redis_url: str, **env: str) -> Iterator[Api]:
    settings = from_env({"UMPIRE_DATABASE_URL": database_url, "UMPIRE_REDIS_URL": redis_url, "UMPIRE_SANDBOX": "1",
                         "UMPIRE_DATA": str(tmp_path), **env})
    runtime = ServerRuntime(settings, pool_timeout=1.0)
    tokens = open_tokens(database_url, timeout=1.0)
    try:
        yield Api(settings=settings, runtime=runtime, tokens=tokens, app=create_app(settings, runtime, tokens))
    finally:
        tokens.close()
        runtime.stop()  # again, if the app's lifespan already stopped it: harmless


@pytest.fixture
def server(tmp_path, pg_url, redis_url) -> Iterator[Api]:
    with server_api(tmp_path, pg_url, redis_url) as api:
        yield api


def test_a_game_is_played_through_postgres_redis_and_the_worker(server):
    with TestClient(server.app) as c:
        h = c.get("/v1/health").json()
        assert (h["mode"], h["store"]["status"], h["broker"]["status"]) == ("server", "ok", "ok")
        org, ref = server.token("organiser"), server.token("referee")
        game = new_game(c, org)  # once the worker has ruled its genesis
        accepted = 'umpire_rulings_total{verdict="accepted"}'
        before = c.get("/metrics").text
        legal = c.get(f"/v1/games/{game.id}/legal", headers=game.seats["red"]).json()
        body = ruled(order(c, game, "red", legal["orders"][1], key="d1", expected_version=legal["version"]))
        assert ruled(order(c, game, "red", legal["orders"][1], key="d1", expected_version=legal["version"])) == body
        assert order(c, game, "red", DEPLOY, expected_version=legal["version"]).status_code == 409
        events = c.get(f"/v1/games/{game.id}/events", headers=ref).json()["events"]
        assert [e["version"] for e in events] == list(range(1, len(events) + 1))
        at = c.get(f"/v1/games/{game.id}/state?at={events[-1]['version']}", headers=ref).json()
        assert at["view"] == c.get(f"/v1/games/{game.id}/state", headers=ref).json()["view"]
        assert c.get("/v1/games", headers=org).json()["games"][0]["id"] == game.id
        metrics = c.get("/metrics").text
        assert metric(metrics, accepted) == metric(before, accepted) + 1 and "umpire_queue_depth 0" in metrics


def test_rate_limits_are_shared_by_api_processes_through_redis(tmp_path, pg_url, redis_url):
    with server_api(tmp_path / "a", pg_url, redis_url, UMPIRE_RATE_ORDERS="2/minute") as one, \
         server_api(tmp_path / "b", pg_url, redis_url, UMPIRE_RATE_ORDERS="2/minute") as two:
        with TestClient(one.app) as a, TestClient(two.app) as b:
            game = new_game(a, one.token("organiser"))
            assert order(a, game, "blue-1", DEPLOY, wait=None).status_code == 202
            assert order(b, game, "blue-1", DEPLOY, wait=None).status_code == 202
            r = order(a, game, "blue-1", DEPLOY, wait=None)
            assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"


@pytest.fixture
def own_redis(tmp_path) -> Iterator[localservices.LocalRedis]:
    r = localservices.start_redis(root=tmp_path / "redis")
    yield r
    r.stop()


def test_with_redis_down_orders_are_still_accepted_and_ruled_once_it_is_back(tmp_path, pg_url, own_redis):
    with server_api(tmp_path, pg_url, own_redis.url, UMPIRE_RATE_ORDERS="100/minute") as api:
        with TestClient(api.app) as c:
            game = new_game(c, api.token("organiser"))
            own_redis.stop()
            r = order(c, game, "red", DEPLOY, wait=None, key="while-down")
            assert r.status_code == 202
            h = c.get("/v1/health").json()
            assert h["status"] == "degraded" and h["broker"]["status"] == "down"
            own_redis.start()  # the same port; empty: the nudge was lost, the sweep finds the game
            for _ in range(12):  # a client retrying with its key, as a bot would
                again = order(c, game, "red", DEPLOY, wait=5, key="while-down")
                if again.status_code == 200:
                    break
            assert ruled(again)["version"] == r.json()["version"]


def back_up(c, attempts: int = 150) -> bool:
    for _ in range(attempts):
        if c.get("/v1/health").status_code == 200:
            return True
        time.sleep(0.2)
    return False


@pytest.fixture
def own_pg() -> Iterator[localservices.LocalPostgres]:
    pg = localservices.start_postgres()
    yield pg
    if pg.running():
        pg.stop("immediate")
    shutil.rmtree(pg.root, ignore_errors=True)


def test_with_the_store_down_the_api_answers_503_with_retry_after_and_recovers(tmp_path, own_pg, redis_url):
    with server_api(tmp_path, own_pg.url, redis_url) as api:
        with TestClient(api.app) as c:
            org = api.token("organiser")
            game = new_game(c, org)
            own_pg.stop("fast")  # a clean shutdown: this throwaway cluster may lose unsynced commits in a crash
            for r in (c.get("/v1/health"), c.get(f"/v1/games/{game.id}/state"),
                      c.get(f"/v1/games/{game.id}/events"), order(c, game, "red", DEPLOY, wait=None),
                      c.post("/v1/games", json={"scenario": "sandbox/1"}, headers=org)):
                assert r.status_code == 503, r.text
                assert int(r.headers["retry-after"]) >= 1
            assert c.get("/v1/health").json()["store"]["status"] == "down"
            assert c.get(f"/v1/games/{game.id}/state").json()["error"]["code"] == "store_unavailable"
            own_pg.start()
            assert back_up(c)  # the pools reconnect with backoff: a client retries as Retry-After says
            assert ruled(order(c, game, "red", DEPLOY))["version"] == game.version + 1  # nothing went in while down
            assert c.get(f"/v1/games/{game.id}/legal", headers=bearer(game.tokens["blue-1"])).status_code == 200


def test_a_stream_ends_with_an_error_event_when_the_store_goes_down(tmp_path, own_pg, redis_url):
    with server_api(tmp_path, own_pg.url, redis_url) as api:
        live = serve_live(api.app)
        try:
            with httpx.Client(base_url=live.url, timeout=30) as http:
                created = http.post("/v1/games", json={"scenario": "sandbox/1"}, headers=api.token("organiser"))
                with http.stream("GET", f"/v1/games/{created.json()['id']}/stream") as stream:
                    lines = stream.iter_lines()
                    assert read_sse(lines, 1)[0][0] == "view"
                    own_pg.stop("fast")
                    kind, data = read_sse(lines, 1)[0]
            assert kind == "error" and data["error"]["code"] == "store_unavailable"
        finally:
            live.stop()
