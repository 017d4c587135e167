"""Step losses (§2.3): a full unit flips to its reduced face, a reduced unit is eliminated. A DZ
marker has one step and is destroyed only by overrun or assault (§7.3): it goes to the turn track
for two turns, and returns on its alternate side; a destroyed alternate marker is gone."""
from __future__ import annotations

from domain.games.air_bridge import cite, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.effects import DZDestroyed, Eliminated, StepLost
from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import Citation


def eliminate(adj: Adjudication, data: GameData, uid: str, cause: str, why: Citation) -> None:
    u = adj.state.units[uid]
    if values.dz(data, u):
        div = values.division(data, u) or uid
        dz = adj.state.dropzones[div]
        gone = dz.face == "alternate"
        adj.emit(DZDestroyed(division=div, returns=None if gone else adj.core.clock.turn + 2, gone=gone,
                             cite=(why, cite.DZ_GONE if gone else cite.DZ_DESTROYED)))
        return
    adj.emit(Eliminated(unit=uid, cause=cause, cite=(why,)))


def lose_step(adj: Adjudication, data: GameData, uid: str, cause: str, why: Citation) -> None:
    u = adj.state.units[uid]
    if values.dz(data, u) or u.steps <= 1:
        eliminate(adj, data, uid, cause, why)
    else:
        adj.emit(StepLost(unit=uid, cause=cause, cite=(why, cite.STEPS)))
