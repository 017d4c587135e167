"""`umpire bot greedy --url URL --token TOKEN [--seed N]`: the greedy strategy (greedy.py) playing a
Breakout & Pursuit seat through the HTTP API.

The map and charts come from the game's content pack as shipped with Umpire (public information,
the same for both players); the position from the seat's view, `GET /v1/games/{id}/state`."""
from __future__ import annotations

from functools import lru_cache

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT
from infra.packs import load_pack_dir
from services.bots import greedy
from services.bots.client import Client, play
from services.bots.position import Knowledge
from services.bots.random_bot import _printer


class NotMyGame(ValueError):
    pass


@lru_cache(maxsize=1)
def knowledge() -> Knowledge:
    return Knowledge(BREAKOUT_PURSUIT.bind(load_pack_dir(BREAKOUT_PURSUIT.pack_dir)).data)


def run(url: str, token: str, *, seed: int | None = None, verbose: bool = False) -> dict:
    """Play the token's seat to the end. `seed` is accepted for symmetry with the random bot: the
    greedy bot's choices depend only on the position (ties go to the lowest unit and hex ids)."""
    client = Client(url, token)
    try:
        me = client.me()
        summary = client.game(me["game"])
        if summary["ruleset"] != BREAKOUT_PURSUIT.id:
            raise NotMyGame(f"the greedy bot plays {BREAKOUT_PURSUIT.id}, not {summary['ruleset']}")
        scenario = summary["scenario"]
        seats = next(s["seats"] for s in client.scenarios() if s["id"] == scenario)
        side = next(s["side"] for s in seats if s["id"] == me["seat"])
        know = knowledge()

        def choose(view: dict | None, orders: list[dict]) -> dict:
            assert view is not None  # play() passes the view: with_view=True
            return greedy.choose(view, orders, know, side)

        return play(client, choose, with_view=True, log=_printer if verbose else None)
    finally:
        client.close()
