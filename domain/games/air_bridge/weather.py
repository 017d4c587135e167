"""§18 Weather: clear on 17 September; from 18 September AM the Allied player rolls each AM:
1-7 clear, 8-10 bad (the face 0 is 10, §2.5). The first bad turn is remembered for good (§4.1,
§7.1, §18.1)."""
from __future__ import annotations

from domain.games.air_bridge import cite
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.dice import d10
from domain.games.air_bridge.effects import WeatherSet
from domain.kernel.adjudication import Adjudication


def weather_of(data: GameData, value: int, zero: str = "bad") -> str:
    if value == 10 and zero == "clear":
        return "clear"
    for row in data.chart("weather").rows:
        lo, hi = row.values["roll"]
        if lo <= value <= hi:
            return str(row.values["weather"])
    raise ValueError(value)


def determine(adj: Adjudication, data: GameData) -> None:
    if adj.core.clock.turn < 3:
        return  # 17 September: clear without a roll
    r = d10(adj, "weather")
    zero = adj.core.options.get("weather_zero", "bad")
    w = weather_of(data, r.value, zero)
    adj.emit(WeatherSet(weather=w, roll=r, first_bad=w == "bad" and not adj.state.bad_seen,
                        cite=(cite.WEATHER, cite.DIE, cite.ruling("weather_zero", zero))))
