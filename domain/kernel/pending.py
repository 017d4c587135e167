"""Games whose content pack is installed but whose rules are not built yet.

Their scenarios are listed (so a client sees what is coming, with the pack's provenance counts)
and marked not playable with the reason; creating a game from one is refused. A game leaves this
registry when its Ruleset is registered.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PendingGame:
    name: str      # the pack's meta.name, as `<game>` in scenario refs
    pack_dir: str
    reason: str    # why it cannot be played, e.g. "rules not built yet (issue 23)"


_PENDING: dict[str, PendingGame] = {}


def register_pending(game: PendingGame) -> PendingGame:
    _PENDING[game.name] = game
    return game


def pending_games() -> dict[str, PendingGame]:
    return dict(sorted(_PENDING.items()))
