"""Victory: the text has none (digest §5); each scenario of the pack states a designed condition,
checked at its last turn. The readings here of 'held' (no German unit there, an Allied unit in
one of the hexes) are inferred."""
from __future__ import annotations

from domain.games.air_bridge import cite
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import ALLIED, GERMAN, SIDES, State
from domain.games.air_bridge.supply import Lines, main_road_clear
from domain.kernel.adjudication import Adjudication
from domain.kernel.core import Outcome, SeatResult, SideResult
from domain.kernel.effects import GameEnded


def _held(state: State, hexes: tuple[str, ...]) -> bool:
    sides = {u.side for h in hexes for u in state.at(h)}
    return ALLIED in sides and GERMAN not in sides


def _bridge_held(state: State, data: GameData, name: str) -> bool:
    side = data.bridge_by_name[name]
    return state.bridge(side) != "destroyed" and _held(state, data.bridges[side].hexes)


def allied_wins(state: State, data: GameData) -> bool:
    scenario = state.core.scenario
    if scenario == "nijmegen":
        return _bridge_held(state, data, "nijmegen_road")
    if scenario == "arnhem":
        ferry = data.bridges[data.bridge_by_name["driel_ferry"]].hexes
        north = min(ferry)  # row 00 is the north edge
        return _held(state, tuple(sorted(data.map.places["Oosterbeek"].hexes))) and _held(state, (north,))
    if not _bridge_held(state, data, "arnhem_road"):
        return False
    road = main_road_clear(Lines(state, data, ALLIED))
    return any(h in road for h in data.bridges[data.bridge_by_name["arnhem_road"]].hexes)


def outcome(state: State, data: GameData, reason: str) -> Outcome:
    winner = ALLIED if allied_wins(state, data) else GERMAN
    level = f"{winner.capitalize()} victory"
    seats = {s.id: SeatResult(side=s.side, points=1 if s.side == winner else 0) for s in state.core.layout.seats}
    return Outcome(level=level, winner=winner, sides={s: SideResult(points=1 if s == winner else 0, level=level) for s in SIDES},
                   seats=seats, reason=reason)


def finish(adj: Adjudication, reason: str) -> None:
    data = adj.ruleset.data  # type: ignore[attr-defined]
    adj.emit(GameEnded(result=outcome(adj.state, data, reason), cite=(cite.VICTORY,)))
