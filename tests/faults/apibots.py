"""Bots that play sandbox games over real HTTP, as a bot author's would, and remember every answer.

Each bot thread plays one game at a time with its three seat tokens, and starts a new game (with
the organiser's token) when one ends. It reads who is to act, asks that seat's legal orders, and
submits one with an Idempotency-Key and `?wait=`; on a 5xx or no answer it retries the same order
with the same key, as a polite client does. Every call is recorded with its start and end time, so
a test can hold each status against the faults it injected.
"""
from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass

import httpx


@dataclass(frozen=True)
class Call:
    game: str
    method: str
    path: str
    status: int  # 0: no HTTP answer at all (connection refused or reset)
    start: float  # time.monotonic()
    end: float
    retry_after: str | None
    key: str | None = None
    version: int | None = None


class ApiBots:
    def __init__(self, url: str, organiser: str, bots: int, *, seed: int = 0, wait: float = 1.0):
        self.url, self.wait = url, wait
        self.organiser = {"Authorization": f"Bearer {organiser}"}
        self.calls: list[Call] = []
        self.games: list[str] = []  # every game the bots have played
        self.errors: list[BaseException] = []
        self.stopping = threading.Event()
        self.running = threading.Event()  # cleared: the bots hold still (once their call in flight is done)
        self.running.set()
        self._idle = [threading.Event() for _ in range(bots)]
        self._lock = threading.Lock()
        self._threads = [threading.Thread(target=self._play, args=(i, random.Random(f"{seed}:{i}")), daemon=True)
                         for i in range(bots)]

    def start(self) -> "ApiBots":
        for t in self._threads:
            t.start()
        return self

    def pause(self, timeout: float = 90.0) -> None:
        """Hold every bot still; return once none has a call in flight."""
        self.running.clear()
        for idle in self._idle:
            assert idle.wait(timeout), "a bot is still busy"

    def resume(self) -> None:
        self.running.set()

    def stop(self, timeout: float = 90.0) -> None:
        self.stopping.set()
        self.running.set()
        for t in self._threads:
            t.join(timeout)
        assert not any(t.is_alive() for t in self._threads), "a bot did not stop"
        assert not self.errors, f"bots failed: {self.errors!r}"

    def accepted(self) -> dict[tuple[str, str], int]:
        """(game, Idempotency-Key) -> version, for every order the API answered with a 2xx."""
        return {(c.game, c.key): c.version for c in self.calls if c.key and 200 <= c.status < 300}

    def orders_answered(self, status: int, start: float, end: float) -> list[Call]:
        """The order submissions sent and answered with `status` within [start, end]."""
        return [c for c in self.calls if c.key and c.status == status and start <= c.start and c.end <= end]

    # -- one bot ---------------------------------------------------------------------------------

    def _call(self, http: httpx.Client, game: str, method: str, path: str, **kw) -> httpx.Response | None:
        """The answer if it is below 500; None (recorded all the same) if it is a 5xx or none came."""
        start = time.monotonic()
        try:
            r = http.request(method, path, **kw)
        except httpx.TransportError:
            r = None
        key = kw.get("headers", {}).get("Idempotency-Key")
        ok = r is not None and 200 <= r.status_code < 300
        with self._lock:
            self.calls.append(Call(game=game, method=method, path=path, status=r.status_code if r is not None else 0,
                                   start=start, end=time.monotonic(),
                                   retry_after=r.headers.get("retry-after") if r is not None else None,
                                   key=key, version=r.json()["version"] if ok and key else None))
        return r if r is not None and r.status_code < 500 else None

    def _new_game(self, http: httpx.Client) -> tuple[str, dict[str, str]] | None:
        r = self._call(http, "", "POST", "/v1/games", json={"scenario": "sandbox/1"}, headers=self.organiser)
        if r is None:
            return None
        body = r.json()
        with self._lock:
            self.games.append(body["id"])
        return body["id"], {seat: v["token"] for seat, v in body["seats"].items()}

    def _play(self, i: int, rng: random.Random) -> None:
        idle, current, n = self._idle[i], None, 0
        try:
            with httpx.Client(base_url=self.url, timeout=30) as http:
                while not self.stopping.is_set():
                    if not self.running.is_set():
                        idle.set()
                        self.running.wait()
                        continue
                    idle.clear()
                    if current is None and (current := self._new_game(http)) is None:
                        time.sleep(0.2)
                        continue
                    game, tokens = current
                    summary = self._call(http, game, "GET", f"/v1/games/{game}")
                    if summary is None:
                        time.sleep(0.2)
                        continue
                    summary = summary.json()
                    if summary["status"] != "active":
                        current = None
                        continue
                    if not summary["to_act"]:
                        time.sleep(0.05)
                        continue
                    seat = rng.choice(summary["to_act"])
                    auth = {"Authorization": f"Bearer {tokens[seat]}"}
                    legal = self._call(http, game, "GET", f"/v1/games/{game}/legal", headers=auth)
                    if legal is None or not legal.json()["orders"]:
                        time.sleep(0.05)
                        continue
                    order, key = rng.choice(legal.json()["orders"]), f"{seat}-{n}"
                    n += 1
                    while self._call(http, game, "POST", f"/v1/games/{game}/orders?wait={self.wait}",
                                     json={"order": order}, headers={**auth, "Idempotency-Key": key}) is None:
                        if self.stopping.wait(0.2):  # the same order, the same key, until the API takes it
                            return
        except BaseException as exc:  # reported by stop(): a bot must never crash
            self.errors.append(exc)
        finally:
            idle.set()
