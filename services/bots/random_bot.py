"""`umpire bot random --url URL --token TOKEN [--seed N]`: play a seat uniformly over /legal."""
from __future__ import annotations

import random

from services.bots.client import Client, play


def run(url: str, token: str, *, seed: int | None = None, verbose: bool = False) -> dict:
    rng = random.Random(seed)
    client = Client(url, token)
    try:
        return play(client, lambda c, g, orders: rng.choice(orders),
                    log=(lambda seat, order, answer: print(f"{seat}: {order} -> {answer.get('ruling', answer)}")) if verbose else None)
    finally:
        client.close()
