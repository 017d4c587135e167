"""What each viewer sees: the game has no hidden information (digest §0), so every viewer sees the
whole position: units, bridges, drop zones, weather, initiative, air points, combats."""
from __future__ import annotations

from typing import Any

import msgspec

from domain.games.air_bridge import air
from domain.games.air_bridge.model import SIDES, State


def view(state: State) -> dict[str, Any]:
    units = sorted((msgspec.to_builtins(u) for u in state.units.values()), key=lambda d: (d["hex"] or "~", d["id"]))
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
