"""8.0 Weather: from Game-Turn 2, at the start of every impulse, one die plus the month's modifier."""
from __future__ import annotations

from typing import Any

from domain.games.hbtlf.tables import chart

FIRST_GT = 2  # 8.1


def month_drm(pack, month: str) -> int:
    return int(chart(pack, "weather_month_drm")[month]["drm"])


def result(pack, modified: int) -> str:
    for key, band in chart(pack, "weather_results").items():
        if band["min"] <= modified <= band["max"]:
            return key
    raise ValueError(f"no weather band holds {modified}")


def effects(pack, weather: str) -> dict[str, Any]:
    return dict(chart(pack, "weather_effects")[weather])


def in_force(options: dict[str, Any], gt: int) -> bool:
    return gt >= FIRST_GT and "8.0" not in options.get("rules_off", ())
