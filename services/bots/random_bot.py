"""`umpire bot random --url URL --token TOKEN [--seed N]`: play a seat uniformly over /legal."""
from __future__ import annotations

import random

from services.bots.client import Client, play


def run(url: str, token: str, *, seed: int | None = None, verbose: bool = False) -> dict:
    rng = random.Random(seed)
    client = Client(url, token)
    try:
        return play(client, lambda view, orders: rng.choice(orders), log=_printer if verbose else None)
    finally:
        client.close()


def _printer(seat: str, order: dict, ruling: dict | None) -> None:
    print(f"{seat}: {order} -> {ruling['verdict'] if ruling else 'not ruled yet'}", flush=True)
