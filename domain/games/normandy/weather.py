"""§1.1.1.1 Weather Phase and the Storm Test. From turn 2 the Allied player rolls on the weather
table, less 1 per preceding consecutive turn of bad (not clear) weather, at most 2, the first clear
weather ending the adjustment; turn 1 is clear (§10), as is a scenario's first turn where it says so
(Cobra, L496). An unmodified 6 calls a storm test at the start of phases A and B (option Q4); a
storm in A makes B rain/overcast with no test (Q5); a storm in B means no test in the next A. A
storm forbids landings and destroys each Mulberry on 4-6 (§7.1.1)."""
from __future__ import annotations

from domain.games.normandy import cite
from domain.games.normandy.data import GameData, data_of, pack_of
from domain.games.normandy.effects import DepotChanged, FlagSet, StepNotRuled, StormTested, WeatherRolled
from domain.games.normandy.model import State
from domain.kernel.adjudication import Adjudication

MAX_DRM = -2
BAD_AFTER_STORM = "rain"


def weather_of(data: GameData, modified: int) -> str:
    rows = data.chart("weather")
    keys = sorted(int(k) for k in rows)
    return str(rows[str(max(keys[0], min(keys[-1], modified)))]["weather"])


def roll(adj: Adjudication) -> None:
    state: State = adj.state
    data: GameData = data_of(adj)
    turn = state.core.clock.turn
    sc = pack_of(adj).scenarios[state.core.scenario]
    if turn <= 1 or (turn == sc.start.turn and sc.options.get("weather_at_start") == "clear"):
        why = cite.DDAY_TURNS_0_1 if turn <= 1 else cite.SCENARIO_2
        adj.emit(WeatherRolled(weather="clear", roll=None, modifier=0, drm_next=0, storm_test=False, cite=(cite.WEATHER, why)))
    else:
        face = adj.roll(6, "weather").face
        modified = face + state.weather_drm
        w = weather_of(data, modified)
        drm_next = 0 if w == "clear" else max(MAX_DRM, state.weather_drm - 1)
        adj.emit(WeatherRolled(weather=w, roll=face, modifier=state.weather_drm, drm_next=drm_next, storm_test=face == 6,
                               cite=(cite.WEATHER, cite.datum(f"table:weather:{max(-1, min(6, modified))}", "placeholder"))))


def air_not_ruled(adj: Adjudication) -> None:
    """Versions 1 and 2 log the Air Availability Phase as not ruled (version 3 rules it, air.py)."""
    adj.emit(StepNotRuled(step="air_availability", reason="the AFAT draws from the three cups, the FBAT roll and the "
                          "assignment of air missions (§1.1.1.1, §9) are not built in this version: no air unit is used",
                          cite=(cite.AIR_AVAILABILITY, cite.AIRPOWER)))


def storm_test(adj: Adjudication) -> None:
    state: State = adj.state
    data: GameData = data_of(adj)
    clock = state.core.clock
    phase = "A" if clock.impulse == 1 else "B"
    if phase == "B" and state.flags.get("storm_A") == clock.turn and state.core.options.get("Q05_storm_in_a_forces_b", True):
        adj.emit(StormTested(roll=None, storm=False, weather=BAD_AFTER_STORM,
                             cite=(cite.STORM, cite.ruling("Q05_storm_in_a_forces_b", True))))
        return
    if not state.storm_armed or (phase == "A" and state.flags.get("storm_B") == clock.turn - 1):
        return
    face = adj.roll(6, f"storm test, phase {phase}").face
    storm = bool(data.chart("storm_test")[str(face)]["storm"])
    adj.emit(StormTested(roll=face, storm=storm, weather="storm" if storm else state.weather,
                         cite=(cite.STORM, cite.ruling("Q04_storm_test_when", "start_of_phase"),
                               cite.datum(f"table:storm_test:{face}", "placeholder"))))
    if not storm:
        return
    adj.emit(FlagSet(name=f"storm_{phase}", value=clock.turn, cite=(cite.STORM,)))
    for h, d in sorted(state.depots.items()):
        if d.kind == "mulberry":
            r = adj.roll(6, f"Mulberry {h} in the storm").face
            if data.chart("mulberry_storm")[str(r)]["destroyed"]:
                adj.emit(DepotChanged(hex=h, side=None, cite=(cite.MULBERRY,)))
