"""12.25 French Government Abandonment of Fortresses: when a German army headquarters is within ten
hexes of a French city of the West map that has no Allied army or army detachment headquarters in
it, the French player rolls one die, once an impulse while that lasts; on 2-6 every Fortress Class
unit bearing the city's name is disbanded as 12.41 disbands them. Paris, coastal cities, towns and
villages are excepted. The cities are the inland West-map cities with a ring of named forts
(places `fortress_city`: Lille, Maubeuge, Rheims). As in 12.26 an army headquarters is an army's,
not an army detachment's. The disbanded SPs' Specialist REPs (12.41) and the fortress formations
bearing the name (12.42) are the players' to record: the counters' SPs are not in the text."""
from __future__ import annotations

import re

from domain.kernel.adjudication import Adjudication

from domain.games.hbtlf import cite, hexes, paris
from domain.games.hbtlf.effects_armed_forces import FortressesAbandoned

CITE = cite.rule("12.25 French Government Abandonment of Fortresses", 853, 855)
RADIUS = 10
ABANDON_FROM = 2  # 2 through 6
_ALLIED_HQ = re.compile(r"^[\w ]*(Army|Army Detachment)[\w ]*: [\w ]*headquarters")


def cities(pack) -> dict[str, str]:
    return {name: p["hex"] for name, p in pack.extra["places"].items() if p.get("fortress_city")}


def _forts(state, city: str) -> tuple[str, ...]:
    return tuple(f for f in state.fortresses if f.startswith(city + " ") and state.sides.get(f) == "allied"
                 and f not in state.eliminated and f not in state.withdrawn)


def _german_hq_near(state, at: str) -> tuple[str, str, int] | None:
    for u, where in sorted(state.positions.items()):
        if state.sides.get(u) == "german" and paris.is_army_hq(u) and u not in state.eliminated and u not in state.withdrawn:
            d = hexes.distance(where, at) if hexes.is_hex(where) else None
            if d is not None and d <= RADIUS:
                return u, where, d
    return None


def _defended(state, at: str) -> bool:
    return any(state.sides.get(u) == "allied" and where == at and _ALLIED_HQ.match(u) for u, where in state.positions.items())


def check(adj: Adjudication, pack) -> None:
    """Roll for every city whose conditions hold and that was not rolled for this impulse."""
    for city, at in sorted(cities(pack).items()):
        s = adj.state
        here = (s.core.clock.turn, s.core.clock.impulse)
        if city in s.cities_abandoned or s.abandonment_rolled.get(city) == here or not _forts(s, city) or _defended(s, at):
            continue
        near = _german_hq_near(s, at)
        if near is None:
            continue
        roll = adj.roll(6, f"12.25 abandonment of {city}")
        gone = _forts(s, city) if roll.value >= ABANDON_FROM else ()
        adj.emit(FortressesAbandoned(city=city, hq=near[0], at=near[1], distance=near[2], roll=roll, units=gone, gt=here[0], impulse=here[1],
                                     cite=(CITE, cite.rule("12.41 Disbanding French Fortress Class Units", 897, 897))))
