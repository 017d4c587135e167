"""A small client of Umpire's HTTP API for bots: who am I, is it my turn, what may I do, do it.

It does what docs/bots.md asks of every bot: it honours 429 and 503 with their Retry-After, retries
a dropped connection (orders carry an Idempotency-Key, so a retried order is never taken twice),
submits each order with the `expected_version` of the legal orders it chose from (a 409 means
the position moved on: look again), and waits for the ruling with `?wait`.
"""
from __future__ import annotations

import time
import uuid
from typing import Any, Callable

import httpx

BUSY = (429, 503)  # slow down / come back later: both say when in Retry-After


class ApiError(Exception):
    def __init__(self, status: int, body: Any):
        super().__init__(f"HTTP {status}: {body}")
        self.status, self.body = status, body


class BotStuck(RuntimeError):
    """The bot's orders keep being refused: a bug in the bot or in the rules' legal orders."""


class Client:
    def __init__(self, url: str, token: str, *, timeout: float = 30.0, patience: float = 300.0):
        self.http = httpx.Client(base_url=url.rstrip("/"), headers={"Authorization": f"Bearer {token}"}, timeout=timeout)
        self.patience = patience  # how long to keep retrying a busy server or a dropped connection

    def _call(self, method: str, path: str, **kw) -> Any:
        give_up = time.monotonic() + self.patience
        backoff = 0.1
        while True:
            try:
                r = self.http.request(method, path, **kw)
            except httpx.TransportError:
                if time.monotonic() > give_up:
                    raise
                time.sleep(backoff)
                backoff = min(backoff * 2, 5.0)
                continue
            if r.status_code in BUSY and time.monotonic() < give_up:
                time.sleep(float(r.headers.get("Retry-After", "1")))
                continue
            if r.status_code >= 400:
                raise ApiError(r.status_code, r.json() if r.content else None)
            return r.json() if r.content else None

    def me(self) -> dict:
        return self._call("GET", "/v1/me")

    def scenarios(self) -> list[dict]:
        return self._call("GET", "/v1/scenarios")["scenarios"]

    def create_game(self, scenario: str, **settings: Any) -> dict:
        """An organiser's token: a new game of `scenario`; the answer holds each seat's token."""
        return self._call("POST", "/v1/games", json={"scenario": scenario, **settings})

    def game(self, game_id: str) -> dict:
        return self._call("GET", f"/v1/games/{game_id}")

    def legal(self, game_id: str, seat: str | None = None) -> dict:
        """`{seat, version, orders}`: every order listed is accepted if submitted next, at `version`.
        `seat`: an entrant's token holds every seat of its side and names the one it asks for."""
        return self._call("GET", f"/v1/games/{game_id}/legal", params={"seat": seat} if seat else None)

    def state(self, game_id: str) -> dict:
        """`{version, viewer, view}`: the caller's view of the position."""
        return self._call("GET", f"/v1/games/{game_id}/state")

    def submit(self, game_id: str, order: dict, *, expected_version: int | None = None, wait: float = 10.0,
               key: str | None = None, seat: str | None = None) -> dict:
        """Append an order; with `wait`, the answer holds its ruling if it comes in time (else only
        the version). One key per order: the retries of `_call` reuse it."""
        body: dict[str, Any] = {"order": order}
        if expected_version is not None:
            body["expected_version"] = expected_version
        params: dict[str, Any] = {"wait": wait, **({"seat": seat} if seat else {})}
        return self._call("POST", f"/v1/games/{game_id}/orders", params=params, json=body,
                          headers={"Idempotency-Key": key or str(uuid.uuid4())})

    def close(self) -> None:
        self.http.close()


Choose = Callable[[dict | None, list[dict]], dict]


def play(client: Client, choose: Choose, *, with_view: bool = False, poll: float = 0.1, max_poll: float = 1.0,
         max_rejections: int = 20, log=None) -> dict:
    """Play the token's seat until the game ends: whenever the seat is to act, submit
    `choose(view, legal orders)` (the view only `with_view`; else None). Returns the final summary.

    While the other seat acts the bot polls the game's summary, backing off from `poll` to
    `max_poll` seconds. Each order expects the version its legal orders were listed at, so an
    order chosen from a stale position is refused with a 409 (and the bot looks again) rather
    than ruled against a position it never saw."""
    me = client.me()
    game_id, seat = me["game"], me["seat"]
    idle, refused = poll, 0
    while True:
        g = client.game(game_id)
        if g["status"] != "active":
            return g
        if seat not in g["to_act"]:
            time.sleep(idle)
            idle = min(idle * 2, max_poll)
            continue
        idle = poll
        legal = client.legal(game_id)
        view = None
        if with_view:
            st = client.state(game_id)
            if st["version"] != legal["version"]:  # the position moved between the two reads
                continue
            view = st["view"]
        if not legal["orders"]:  # the summary was newer than the position the orders come from
            time.sleep(poll)
            continue
        order = choose(view, legal["orders"])
        try:
            answer = client.submit(game_id, order, expected_version=legal["version"])
        except ApiError as e:
            if e.status == 409:  # the log moved on since the orders were listed: look again
                time.sleep(poll)
                continue
            raise
        ruling = answer.get("ruling")
        if log:
            log(seat, order, ruling)
        if ruling is not None and ruling["verdict"] != "accepted":
            refused += 1
            if refused >= max_rejections:
                raise BotStuck(f"{refused} orders in a row refused; the last: {order} -> {ruling}")
        elif ruling is not None:
            refused = 0
