"""A small client of Umpire's HTTP API for bots: who am I, is it my turn, what may I do, do it."""
from __future__ import annotations

import time
import uuid
from typing import Any

import httpx


class ApiError(Exception):
    def __init__(self, status: int, body: Any):
        super().__init__(f"HTTP {status}: {body}")
        self.status, self.body = status, body


class Client:
    def __init__(self, url: str, token: str, *, timeout: float = 30.0):
        self.http = httpx.Client(base_url=url.rstrip("/"), headers={"Authorization": f"Bearer {token}"}, timeout=timeout)

    def _call(self, method: str, path: str, **kw) -> Any:
        for attempt in range(8):
            r = self.http.request(method, path, **kw)
            if r.status_code in (429, 503):  # told to slow down or come back: do as told
                time.sleep(float(r.headers.get("Retry-After", "1")))
                continue
            if r.status_code >= 400:
                raise ApiError(r.status_code, r.json() if r.content else None)
            return r.json() if r.content else None
        raise ApiError(r.status_code, r.json() if r.content else None)

    def me(self) -> dict:
        return self._call("GET", "/v1/me")

    def game(self, game_id: str) -> dict:
        return self._call("GET", f"/v1/games/{game_id}")

    def legal(self, game_id: str) -> list[dict]:
        return self._call("GET", f"/v1/games/{game_id}/legal")["orders"]

    def state(self, game_id: str) -> dict:
        return self._call("GET", f"/v1/games/{game_id}/state")

    def submit(self, game_id: str, order: dict, *, expected_version: int | None = None, wait: float = 10.0,
               key: str | None = None) -> dict:
        body = {"order": order}
        if expected_version is not None:
            body["expected_version"] = expected_version
        return self._call("POST", f"/v1/games/{game_id}/orders", params={"wait": wait}, json=body,
                          headers={"Idempotency-Key": key or str(uuid.uuid4())})

    def close(self) -> None:
        self.http.close()


def play(client: Client, choose, *, poll: float = 0.5, max_orders: int = 100_000, log=None) -> dict:
    """Play the token's seat until the game ends: when the seat is to act, submit `choose(state,
    legal orders)`. Returns the final game summary."""
    me = client.me()
    game_id, seat = me["game"], me["seat"]
    for n in range(max_orders):
        g = client.game(game_id)
        if g["status"] != "active":
            return g
        if seat not in g["to_act"]:
            time.sleep(poll)
            continue
        orders = client.legal(game_id)
        if not orders:
            time.sleep(poll)
            continue
        order = choose(client, game_id, orders)
        try:
            answer = client.submit(game_id, order, expected_version=g["version"], key=f"{seat}-{game_id}-{n}")
        except ApiError as e:
            if e.status == 409:  # the log moved on since we looked: look again
                continue
            raise
        if log:
            log(seat, order, answer)
    return client.game(game_id)
