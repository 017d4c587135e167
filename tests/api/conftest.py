"""The API in process (TestClient) on the embedded default: SQLite and the fold thread.

`api` builds an app from settings; `client` is a TestClient with its lifespan running; `org`,
`ref` are headers of an organiser and a referee; `game` is a new sandbox game with its seats'
headers, begun: the worker has ruled its genesis (the game's first command), so seats may act. `live` serves an app over real HTTP (uvicorn on a thread) for the SSE stream.
"""
from __future__ import annotations

import threading
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

import httpx
import msgspec
import pytest
import uvicorn

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")

from fastapi.testclient import TestClient  # noqa: E402

from infra import localservices  # noqa: E402
from infra.auth import Tokens, open_tokens  # noqa: E402
from services.api.app import create_app  # noqa: E402
from services.config import Settings, from_env  # noqa: E402
from services.bootstrap import build  # noqa: E402

SCENARIO = "sandbox/1"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Api:
    """One app and what it was built from."""

    settings: Settings
    runtime: Any
    tokens: Tokens
    app: Any
    closers: list[Callable[[], None]] = field(default_factory=list)

    def token(self, role: str, name: str = "tester") -> dict[str, str]:
        return bearer(self.tokens.create(role, name).token)

    def close(self) -> None:
        for close in reversed(self.closers):
            close()


def embedded(tmp_path: Path, **env: str) -> Api:
    settings = from_env({"UMPIRE_DATA": str(tmp_path / "data"), "UMPIRE_SANDBOX": "1", **env})
    runtime = build(settings)
    tokens = open_tokens(settings.store_url)
    api = Api(settings=settings, runtime=runtime, tokens=tokens, app=create_app(settings, runtime, tokens))
    api.closers += [runtime.store.close, tokens.close]
    return api


@pytest.fixture
def make_api(tmp_path: Path) -> Iterator[Callable[..., Api]]:
    """Build an embedded app with extra UMPIRE_* settings: make_api(UMPIRE_RATE_ORDERS="2/minute")."""
    made: list[Api] = []

    def make(**env: str) -> Api:
        api = embedded(tmp_path / f"api{len(made)}", **env)
        made.append(api)
        return api

    yield make
    for api in made:
        api.close()


@pytest.fixture
def api(make_api) -> Api:
    return make_api()


@pytest.fixture
def client(api: Api) -> Iterator[TestClient]:
    with TestClient(api.app) as c:
        yield c


@pytest.fixture
def org(api: Api) -> dict[str, str]:
    return api.token("organiser", "alice")


@pytest.fixture
def ref(api: Api) -> dict[str, str]:
    return api.token("referee", "rita")


@dataclass
class Game:
    id: str
    seats: dict[str, dict[str, str]]  # seat -> headers
    tokens: dict[str, str]
    version: int  # the log's version when handed out: the version the next command follows


def begun(client, game_id: str, timeout: float = 30.0) -> dict:
    """The game's summary once the worker has ruled its genesis (event 1, the first command):
    until then no seat is to act. Polls with backoff, as a client would."""
    deadline, pause = time.monotonic() + timeout, 0.01
    while True:
        summary = client.get(f"/v1/games/{game_id}").json()
        if summary["adjudicated_version"] >= 1:
            return summary
        assert time.monotonic() < deadline, f"the worker did not rule the genesis of game {game_id}: {summary}"
        time.sleep(pause)
        pause = min(pause * 2, 0.2)


def new_game(client, org: dict[str, str], scenario: str = SCENARIO, *, begin: bool = True) -> Game:
    """A new game; with `begin` (the default) once its genesis is ruled, else as created."""
    r = client.post("/v1/games", json={"scenario": scenario}, headers=org)
    assert r.status_code == 201, r.text
    body = r.json()
    tokens = {s: v["token"] for s, v in body["seats"].items()}
    version = begun(client, body["id"])["version"] if begin else body["version"]
    return Game(id=body["id"], seats={s: bearer(t) for s, t in tokens.items()}, tokens=tokens, version=version)


@pytest.fixture
def game(client, org) -> Game:
    return new_game(client, org)


def order(client, game: Game, seat: str, body: dict, *, wait: float | None = 5, key: str | None = None, **extra):
    headers = {**game.seats[seat], **({"Idempotency-Key": key} if key else {})}
    url = f"/v1/games/{game.id}/orders" + (f"?wait={wait}" if wait is not None else "")
    return client.post(url, json={"order": body, **extra}, headers=headers)


def ruled(response, verdict: str = "accepted") -> dict:
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["ruling"]["verdict"] == verdict, body
    return body


def metric(text: str, sample: str) -> float:
    """The value of one sample (`name{labels}`) in a Prometheus text page; 0 while it is absent."""
    for line in text.splitlines():
        if line.startswith(sample + " "):
            return float(line[len(sample) + 1:])
    return 0.0


def conforms(response, schema: type) -> Any:
    """The body decoded strictly with the response struct the OpenAPI document declares."""
    return msgspec.json.decode(response.content, type=schema)


# --- real HTTP ------------------------------------------------------------------------------


@dataclass
class Live:
    url: str
    server: uvicorn.Server
    thread: threading.Thread

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def serve_live(app) -> Live:
    port = localservices.free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_config=None, access_log=False,
                                           timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    return Live(url=url, server=server, thread=thread)


@pytest.fixture
def live(api: Api) -> Iterator[Live]:
    server = serve_live(api.app)
    yield server
    server.stop()


@pytest.fixture
def http(live: Live) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live.url, timeout=30) as c:
        yield c
