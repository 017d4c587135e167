"""Tournament points from a game's result (issue 20, item 4): the organiser maps the scenario's
victory levels to points (`points`, e.g. {"Decisive victory": 3, "draw": 0.5}); a level it does not
name scores `win` (default 1) for the winner, and a loss scores `loss` (default 0). A draw (no
winner) scores `draw` (default 0.5) each; a bye scores `bye` (default: a win)."""
from __future__ import annotations

from typing import Any

from domain.tournament.events import GameFinishedInTournament, PairedGame

DEFAULTS = {"win": 1.0, "loss": 0.0, "draw": 0.5}


def points(table: dict[str, float], key: str) -> float:
    if key in table:
        return table[key]
    if key == "bye":
        return points(table, "win")
    return DEFAULTS[key]


def score(table: dict[str, float], round_number: int, game: PairedGame, result: dict[str, Any]) -> GameFinishedInTournament:
    """The record of a finished game: `result` is the game's summary result (level, winning side)."""
    sides = dict(game.sides)
    winner_side = result.get("winner")
    winners = [e for e, side in sides.items() if side == winner_side] if winner_side else []
    level = result.get("level", "")
    if not winners:
        return GameFinishedInTournament(game=game.id, round=round_number, level=level or "draw", winner=None,
                                        scores={e: points(table, "draw") for e in sides}, sides=sides)
    win = table[level] if level in table else points(table, "win")
    return GameFinishedInTournament(game=game.id, round=round_number, level=level, winner=winners[0],
                                    scores={e: (win if e in winners else points(table, "loss")) for e in sides},
                                    sides=sides)


def forfeit(table: dict[str, float], round_number: int, game: PairedGame, loser: str, reason: str) -> GameFinishedInTournament:
    """The loser forfeits: the others score a win, the loser a loss."""
    sides = dict(game.sides)
    winners = [e for e in sides if e != loser]
    return GameFinishedInTournament(game=game.id, round=round_number, level="forfeit", winner=winners[0] if winners else None,
                                    scores={e: (points(table, "loss") if e == loser else points(table, "win")) for e in sides},
                                    sides=sides, reason=reason)
