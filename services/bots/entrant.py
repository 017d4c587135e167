"""A tournament entrant's bot: it listens to `GET /v1/me/stream` and acts on each `your_turn`
(it never polls), with `choose(game summary, seat, legal orders) -> order` picking the order.
It stops at `tournament_finished`. `umpire bot ...` plays one game; this plays them all."""
from __future__ import annotations

import time
from typing import Any, Callable, Iterator

import httpx
import msgspec

from services.bots.client import ApiError, Client

Choose = Callable[[dict, str, list[dict]], dict]


def notices(url: str, token: str, *, timeout: float = 60.0) -> Iterator[tuple[str, dict]]:
    """(event, data) of the entrant's stream, reconnecting if it drops."""
    while True:
        try:
            with httpx.stream("GET", f"{url.rstrip('/')}/v1/me/stream", headers={"Authorization": f"Bearer {token}"},
                              timeout=httpx.Timeout(timeout, read=timeout)) as r:
                if r.status_code in (429, 503):
                    time.sleep(float(r.headers.get("Retry-After", "1")))
                    continue
                r.raise_for_status()
                kind, data = "", b""
                for line in r.iter_lines():
                    if line.startswith("event: "):
                        kind = line[7:]
                    elif line.startswith("data: "):
                        data = line[6:].encode()
                    elif not line and kind:
                        yield kind, msgspec.json.decode(data)
                        kind, data = "", b""
        except (httpx.TransportError, httpx.HTTPStatusError):
            time.sleep(0.5)


def play(url: str, token: str, choose: Choose, *, log: Callable[[str, dict], Any] | None = None,
         timings: list[float] | None = None) -> dict:
    """Play every game of the entrant's tournament; returns the tournament as GET /v1/tournaments/{id}.
    `timings` collects each order's seconds from submission to its ruling (the order waits for it)."""
    client = Client(url, token)
    try:
        tid = client.me()["tournament"]
        for kind, data in notices(url, token):
            if log:
                log(kind, data)
            if kind == "your_turn":
                _act(client, data["game"], data["seat"], choose, timings)
            elif kind == "tournament_finished":
                return client._call("GET", f"/v1/tournaments/{tid}")
    finally:
        client.close()
    raise AssertionError("unreachable")


def _act(client: Client, game_id: str, seat: str, choose: Choose, timings: list[float] | None) -> None:
    """One order for the seat, if it is still to act (the notice may be stale by now)."""
    for _ in range(5):
        legal = client.legal(game_id, seat)
        if not legal["orders"]:
            return
        summary = client.game(game_id)
        if seat not in summary["to_act"]:
            return
        order = choose(summary, seat, legal["orders"])
        try:
            sent = time.monotonic()
            answer = client.submit(game_id, order, expected_version=legal["version"], seat=seat)
            if timings is not None and answer.get("ruling") is not None:
                timings.append(time.monotonic() - sent)
            return
        except ApiError as e:
            if e.status != 409:  # the position moved on since the orders were listed: look again
                raise
