"""§14 Fatigue: removed in the Strategic Interphase before each AM turn from every unit not
adjacent to an enemy unit; and the fatigue a combat result or a scattered drop imposes."""
from __future__ import annotations

from domain.games.air_bridge import cite
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.effects import FatigueRecovered
from domain.games.air_bridge.model import State
from domain.kernel.adjudication import Adjudication


def recoverable(state: State, data: GameData) -> tuple[str, ...]:
    out = []
    for u in state.units.values():
        if u.fatigued and u.hex is not None:
            if not any(e.side != u.side for n in data.neighbours(u.hex) for e in state.at(n)):
                out.append(u.id)
    return tuple(sorted(out))


def recover(adj: Adjudication, data: GameData) -> None:
    ids = recoverable(adj.state, data)
    if ids:
        adj.emit(FatigueRecovered(units=ids, cite=(cite.FATIGUE_RECOVERY,)))
