"""Kaiser Wilhelm II outside Scenario 7 (5.1; the schedules of 13.46, 13.66, 13.76, 13.96, 13.106), @2:

- one Kaiser: a scenario that sets him up on the map (Scenario 6 and 10 place "Kaiser Wilhelm" with
  the Sixth Army headquarters, 13.63) has him on map from the set-up, and a scheduled arrival while
  he is in play (their GT4 lines, which the mid-turn start hands out at the first impulse) places no
  second counter;
- "arrives at German Sixth Army headquarters": at the hex the Sixth Army's Headquarters Class unit
  stands in when that is known; otherwise the printed place stays, for the German player to declare;
- a scheduled withdrawal of the Kaiser withdraws the Kaiser counter in play, whatever its set-up name.

In @1 the set-up Kaiser and the scheduled one were two counters (the withdrawal named only the second)."""
from __future__ import annotations

from domain.games.hbtlf import cite, hexes
from domain.games.hbtlf.model import State

CITE = cite.rule("5.1 Initiative (the Kaiser on map)", 249, 249)
HQ_PLACE = "with the German Sixth Army headquarters"
HQ_ARMY = "Sixth Army"


def is_kaiser(unit: str) -> bool:
    return unit.split(": ", 1)[-1].startswith("Kaiser Wilhelm")


def in_play(state: State) -> str | None:
    """The Kaiser counter on the map, if any."""
    return next((u for u in sorted(state.positions) if is_kaiser(u) and state.sides.get(u) == "german"
                 and u not in state.withdrawn and u not in state.eliminated), None)


def arrival_hex(state: State, place: str) -> str:
    """Where a scheduled Kaiser arrives: the Sixth Army headquarters' hex for its printed place, when known."""
    if place != HQ_PLACE:
        return place
    for u in sorted(state.positions):
        if (state.armies.get(u) == HQ_ARMY and state.sides.get(u) == "german" and "headquarters" in u.lower()
                and u not in state.withdrawn and u not in state.eliminated and hexes.is_hex(state.positions[u])):
            return state.positions[u]
    return place
