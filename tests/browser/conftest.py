"""A real browser on the real server: Debian's Chromium driven by Python Playwright, against
`umpire serve` (embedded mode, a temporary data directory, the sandbox listed) in a child process.

Playwright's own browser downloads are never used (`playwright install` is not run): the tests
launch the system's Chromium. Without it they fail, saying how to install it; they never skip.
"""
from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import httpx
import pytest

from infra import localservices
from tests.api.test_cli import TOKEN, Server, umpire as cli

CHROMIUM = os.environ.get("UMPIRE_TEST_CHROMIUM", "/usr/bin/chromium")
# As root, in a machine with no network but loopback: no sandbox, no GPU, no calls home.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 1280, "height": 800}
# Chromium logs every refused request; a 409 is the page's order racing another seat's, which it
# handles (it reads the legal list again and resends an order still listed).
EXPECTED = re.compile(r"Failed to load resource: the server responded with a status of 409")


@dataclass
class Game:
    id: str
    tokens: dict[str, str]


class Umpire:
    """The server and the API calls the tests make beside the page (another seat acting, say)."""

    def __init__(self, server: Server, organiser: str, data: Path):
        self.url = server.url
        self.data = data
        self.http = httpx.Client(base_url=server.url, timeout=30)
        self.organiser = organiser

    def create(self, scenario: str) -> Game:
        r = self.http.post("/v1/games", json={"scenario": scenario}, headers=self._auth(self.organiser))
        assert r.status_code == 201, r.text
        body = r.json()
        game = Game(id=body["id"], tokens={s: v["token"] for s, v in body["seats"].items()})
        self.wait_begun(game)
        return game

    def wait_begun(self, game: Game, timeout: float = 30) -> None:
        """The genesis is ruled on by the fold thread; until then nobody is to act."""
        deadline = time.monotonic() + timeout
        while not self.http.get(f"/v1/games/{game.id}").json()["to_act"]:
            assert time.monotonic() < deadline, "the game never began"
            time.sleep(0.05)

    def order(self, game: Game, seat: str, order: dict[str, Any]) -> dict[str, Any]:
        r = self.http.post(f"/v1/games/{game.id}/orders?wait=10", json={"order": order},
                           headers=self._auth(game.tokens[seat]))
        assert r.status_code == 200, r.text
        assert r.json()["ruling"]["verdict"] == "accepted", r.text
        return r.json()

    def referee_token(self, name: str) -> str:
        """A referee's token, made as an operator makes one: `umpire token create` on the server's store."""
        done = cli(self.data, "token", "create", "--role", "referee", "--name", name)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    def post(self, path: str, body: dict[str, Any], token: str) -> Any:
        r = self.http.post(path, json=body, headers=self._auth(token))
        assert r.status_code in (200, 201, 202), r.text
        return r.json()

    def get(self, path: str, seat_token: str | None = None) -> Any:
        r = self.http.get(path, headers=self._auth(seat_token))
        assert r.status_code == 200, r.text
        return r.json()

    @staticmethod
    def _auth(token: str | None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"} if token else {}


@pytest.fixture(scope="session")
def umpire(tmp_path_factory) -> Iterator[Umpire]:
    data = tmp_path_factory.mktemp("umpire") / "data"
    server = Server(data, localservices.free_port())
    try:
        organiser = server.printed(TOKEN.pattern).group(0)
        assert server.healthy()["status"] == "ok"
        u = Umpire(server, organiser, data)
        yield u
        u.http.close()
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the browser tests need Python Playwright: `pip install -e '.[test]'` (do not run "
                    "`playwright install`: the tests drive the system's Chromium)", pytrace=False)
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"no Chromium at {CHROMIUM}: `sh infra/provision.sh` as root installs Debian's `chromium` "
                    "(`make test` does this), or set UMPIRE_TEST_CHROMIUM to a Chromium binary", pytrace=False)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


class Pages:
    """Opens game pages as seats; collects every script error so a test can assert there was none."""

    def __init__(self, browser, umpire: Umpire):
        self.browser, self.umpire = browser, umpire
        self.errors: list[str] = []
        self.contexts: list[Any] = []

    def new(self, who: str):
        context = self.browser.new_context(viewport=VIEWPORT)  # one per seat: each its own storage
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: self.errors.append(f"{who}: {e}"))
        page.on("console", lambda m: m.type == "error" and not EXPECTED.search(m.text)
                and self.errors.append(f"{who}: {m.text}"))
        return page

    def open(self, game: Game, seat: str | None):
        """The game page as a seat (from a link with its token), or as the public (seat None)."""
        page = self.new(seat or "public")
        fragment = f"#token={game.tokens[seat]}" if seat else ""
        page.goto(f"{self.umpire.url}/play/{game.id}{fragment}")
        page.wait_for_selector("body[data-ready='1'][data-live='1']")
        return page

    def close(self) -> None:
        for c in self.contexts:
            c.close()


@pytest.fixture
def pages(browser, umpire) -> Iterator[Pages]:
    p = Pages(browser, umpire)
    yield p
    p.close()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory) -> Path:
    """Where screenshots go: UMPIRE_TEST_SCREENSHOTS, else a temporary directory."""
    given = os.environ.get("UMPIRE_TEST_SCREENSHOTS")
    if given:
        Path(given).mkdir(parents=True, exist_ok=True)
        return Path(given)
    return tmp_path_factory.mktemp("screenshots")
