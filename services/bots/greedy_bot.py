"""`umpire bot greedy --url URL --token TOKEN [--seed N]`: the greedy strategy playing a seat through
the HTTP API: Breakout & Pursuit's (greedy.py) or Air Bridge to Victory's (abtv_greedy.py).

The map and charts come from the game's content pack as shipped with Umpire (public information,
the same for both players); the position from the seat's view, `GET /v1/games/{id}/state`."""
from __future__ import annotations

from functools import lru_cache

from domain.games.air_bridge import AIR_BRIDGE
from domain.games.air_bridge.rules import AirBridgeToVictory
from domain.games.breakout_pursuit import BREAKOUT_PURSUIT
from domain.games.breakout_pursuit.rules import BreakoutPursuit
from domain.kernel.ruleset import get
from infra.packs import load_pack_dir
from services.bots import abtv_greedy, greedy
from services.bots.client import Client, play
from services.bots.position import Knowledge
from services.bots.random_bot import _printer


class NotMyGame(ValueError):
    pass


@lru_cache(maxsize=2)
def knowledge(ruleset_id: str = BREAKOUT_PURSUIT.id) -> Knowledge:
    """The map and charts of the version the game plays (`@2` may read a mended map)."""
    ruleset = get(ruleset_id)
    bound = ruleset.bind(load_pack_dir(ruleset.pack_dir))
    assert isinstance(bound, BreakoutPursuit), ruleset_id  # run() checks the game's name first
    return Knowledge(bound.data)


@lru_cache(maxsize=4)
def abtv_knowledge(ruleset_id: str, scenario: str) -> abtv_greedy.Knowledge:
    ruleset = get(ruleset_id)
    bound = ruleset.bind(load_pack_dir(ruleset.pack_dir))
    assert isinstance(bound, AirBridgeToVictory), ruleset_id
    return abtv_greedy.Knowledge(bound.data, scenario.partition("/")[2])


def run(url: str, token: str, *, seed: int | None = None, verbose: bool = False) -> dict:
    """Play the token's seat to the end. `seed` is accepted for symmetry with the random bot: the
    greedy bot's choices depend only on the position (ties go to the lowest unit and hex ids)."""
    client = Client(url, token)
    try:
        me = client.me()
        summary = client.game(me["game"])
        game = summary["ruleset"].partition("@")[0]
        if game not in (BREAKOUT_PURSUIT.name, AIR_BRIDGE.name):
            raise NotMyGame(f"the greedy bot plays {BREAKOUT_PURSUIT.name} or {AIR_BRIDGE.name}, not {summary['ruleset']}")
        scenario = summary["scenario"]
        seats = next(s["seats"] for s in client.scenarios() if s["id"] == scenario)
        side = next(s["side"] for s in seats if s["id"] == me["seat"])
        if game == AIR_BRIDGE.name:
            abtv = abtv_knowledge(summary["ruleset"], scenario)

            def choose(view: dict | None, orders: list[dict]) -> dict:
                assert view is not None
                return abtv_greedy.choose(view, orders, abtv, side)
        else:
            know = knowledge(summary["ruleset"])

            def choose(view: dict | None, orders: list[dict]) -> dict:
                assert view is not None  # play() passes the view: with_view=True
                return greedy.choose(view, orders, know, side)

        return play(client, choose, with_view=True, log=_printer if verbose else None)
    finally:
        client.close()
