"""§5 Stacking: at most 8 stacking points of a side in a hex at the end of each movement or combat
phase (exceeded freely while moving or retreating); an overage is removed by eliminations the
opposing player chooses. In an assault each side may have 8 in the assaulted hex."""
from __future__ import annotations

from domain.games.air_bridge import cite, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import STACK_LIMIT, State
from domain.kernel.adjudication import Adjudication


def points(state: State, data: GameData, hex_id: str, side: str, extra: tuple[str, ...] = ()) -> int:
    here = [u for u in state.units.values() if u.hex == hex_id and u.side == side and u.id not in extra]
    return sum(values.stacking(data, u) for u in here) + sum(values.stacking(data, state.units[i]) for i in extra)


def fits(state: State, data: GameData, hex_id: str, side: str, units: tuple[str, ...]) -> bool:
    return points(state, data, hex_id, side, units) <= STACK_LIMIT


def over(state: State, data: GameData) -> list[tuple[str, str]]:
    """(hex, side) over the limit, in a fixed order."""
    seen: dict[tuple[str, str], int] = {}
    for u in state.units.values():
        if u.hex is not None:
            seen[(u.hex, u.side)] = seen.get((u.hex, u.side), 0) + values.stacking(data, u)
    return sorted(k for k, v in seen.items() if v > STACK_LIMIT)


KIND = "stacking"


def open_next(adj: Adjudication, data: GameData) -> bool:
    """Open the next overage decision, addressed to the opposing side's first seat (§5). True if one is open."""
    from_over = over(adj.state, data)
    if not from_over:
        return False
    hex_id, side = from_over[0]
    chooser = adj.core.layout.seats_of("german" if side == "allied" else "allied")[0]
    options = sorted(u.id for u in adj.state.at(hex_id) if u.side == side)
    adj.open_frame(KIND, (chooser,), prompt={"options": options, "default": options[0], "hex": hex_id, "side": side,
                                              "question": f"Which unit at {hex_id} is eliminated (over 8 stacking points)?"},
                   cite=(cite.STACKING,))
    return True
