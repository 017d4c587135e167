"""What each viewer sees: the game has no hidden information (digest §0), so every viewer sees the
whole position: units, bridges, drop zones, weather, initiative, air points, combats."""
from __future__ import annotations

from typing import Any

import msgspec

from domain.games.air_bridge import air, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import SIDES, State, Unit

NATIONALITY = {"british": "UK", "us": "US", "polish": "Poles", "german": "German"}  # the play page's colour keys


def _unit(data: GameData, u: Unit) -> dict[str, Any]:
    """The unit's state with what the counter shows on its current face, for drawing it."""
    c = data.counters[u.id]
    return {**msgspec.to_builtins(u), "type": c.type, "strength": values.attack(data, u), "defence": values.defence(data, u),
            "ma": values.ma(data, u), "effectiveness": values.effectiveness(data, u),
            "nat": NATIONALITY.get(c.nationality or "", c.nationality)}


def view(state: State, data: GameData) -> dict[str, Any]:
    units = sorted((_unit(data, u) for u in state.units.values()), key=lambda d: (d["hex"] or "~", d["id"]))
    return {
        "units": units,
        "bridges": dict(sorted(state.bridges.items())),
        "tested": list(state.tested),
        "dropzones": msgspec.to_builtins(state.dropzones),
        "control": dict(sorted(state.control.items())),
        "weather": state.weather, "bad_weather_seen": state.bad_seen,
        "first": state.first, "initiative": state.initiative,
        "air_points": {s: air.available(state, s) for s in SIDES},
        "arrivals": msgspec.to_builtins(state.arrivals),
        "declared": msgspec.to_builtins(state.declared),
        "stage": msgspec.to_builtins(state.stage),
        "players": [list(p) for p in state.players],
        "done": list(state.done),
    }
