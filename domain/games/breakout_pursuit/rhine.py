"""Breaching the Rhine (Game Length B, L207-212; Victory Conditions C, L548-555; digest VIC-2).

The Rhine is breached at the end of an Allied Player-Turn when
1. five pairwise non-adjacent hexes east of the Rhine and south of the Ruhr (the map's area
   `east_of_rhine_south_of_ruhr`) each hold a supplied division-sized Allied unit: the Bridgehead
   hexes;
2. each has exactly one intervening hex between it and another Bridgehead hex: a Communication
   hex, next to both;
3. Communication hexes lie in the same area and hold no German unit and no German ZOC (an Allied
   unit on one negates German ZOC there, for this test);
4. a line through Bridgehead and Communication hexes only links all five.
"The Allied Player determines which hexes are to be considered Communication Hexes": he would
always name a set that breaches when one exists, so the umpire looks for one itself (house rule
below) and finds one exactly when some choice of the Allied player would breach.

The search: a set B of five candidate hexes breaches iff the hexes of B together with C(B), the
open hexes next to two members of B, are connected. Any such line steps from one Bridgehead to
the next through at most two Communication hexes, so only sets connected under "at most three
hexes apart through open hexes" are tried, grown from each candidate in turn.
"""
from __future__ import annotations

from typing import NamedTuple

from domain.games.breakout_pursuit import cite, supply, zoc
from domain.games.breakout_pursuit.model import ALLIED, GERMAN, SUPPLIED, State
from domain.kernel.citation import HouseRule
from domain.kernel.search import component

AREA = "east_of_rhine_south_of_ruhr"
BRIDGEHEADS = 5
FOUND_BY_UMPIRE = HouseRule(
    name="rhine-communication-hexes-found-by-umpire",
    text="The Allied player determines the Communication hexes (Game Length B.2); the umpire finds a set that breaches "
         "the Rhine whenever one exists, which is the choice the Allied player would make.")


class Breach(NamedTuple):
    bridgeheads: tuple[str, ...]
    communication: tuple[str, ...]
    units: dict[str, str]  # Bridgehead hex -> the supplied division holding it

    def record(self) -> dict:
        return {"bridgeheads": list(self.bridgeheads), "communication": list(self.communication), "units": self.units}


def holders(state: State, data, area: frozenset[str]) -> dict[str, str]:
    """Hexes of the area holding a supplied division-sized Allied unit -> one such unit (option
    rhine_breach_supply_check: supply traced now, every Allied Supply unit usable, none expended)."""
    divisions = [u for u in state.units.values() if u.side == ALLIED and u.division and u.combat_unit and u.hex in area]
    if len({u.hex for u in divisions}) < BRIDGEHEADS:
        return {}
    use = ()
    if state.core.options.get("rhine_breach_supply_check", "recompute_no_expend") == "recompute_no_expend":
        use = tuple(sorted(u.id for u in state.units.values() if u.side == ALLIED and u.type == "supply" and u.hex))
    traces = supply.paths(state, data, ALLIED, use=use)
    out: dict[str, str] = {}
    for u in sorted(divisions, key=lambda u: u.id):
        if traces.get(u.id, (None,))[0] == SUPPLIED:
            out.setdefault(u.hex, u.id)
    return out


def open_hexes(state: State, data, area: frozenset[str]) -> frozenset[str]:
    """Hexes of the area that may serve as Communication hexes: no German unit, and no German ZOC
    unless an Allied unit stands there (condition 3)."""
    german = {u.hex for u in state.units.values() if u.side == GERMAN and u.hex is not None and u.cls != "marker"}
    allied = {u.hex for u in state.units.values() if u.side == ALLIED and u.hex is not None and u.cls != "marker"}
    controlled = zoc.controlled(state, data, GERMAN)
    return frozenset(h for h in area if h not in german and (h not in controlled or h in allied))


def check(data, bridgeheads: tuple[str, ...], open_: frozenset[str]) -> tuple[str, ...] | None:
    """The Communication hexes linking `bridgeheads` (pairwise non-adjacent), or None."""
    chosen = set(bridgeheads)
    nb = data.neighbours
    comm = {c for b in bridgeheads for c in nb[b] if c in open_ and c not in chosen
            and sum(1 for x in nb[c] if x in chosen) >= 2}
    nodes = chosen | comm
    seen = component(nb, bridgeheads[0], nodes)
    return tuple(sorted(comm & seen)) if chosen <= seen else None


def breach(state: State, data) -> Breach | None:
    """A breach of the Rhine now, with the hexes that make it; None if there is none."""
    if AREA not in data.map.areas:
        return None
    area = data.area(AREA)
    held = holders(state, data, area)
    if len(held) < BRIDGEHEADS:
        return None
    open_ = open_hexes(state, data, area)
    near = _linked(data, sorted(held), open_)
    adjacent = {h: set(data.neighbours[h]) for h in held}
    for found in _connected_sets(sorted(held), near, adjacent):
        comm = check(data, found, open_)
        if comm is not None:
            return Breach(found, comm, {h: held[h] for h in found})
    return None


def _linked(data, hexes: list[str], open_: frozenset[str]) -> dict[str, set[str]]:
    """Candidates a line could join directly: through one or two open hexes."""
    nb = data.neighbours
    out: dict[str, set[str]] = {h: set() for h in hexes}
    wanted = set(hexes)
    for h in hexes:
        first = {c for c in nb[h] if c in open_}
        second = {c2 for c in first for c2 in nb[c] if c2 in open_}
        for c in first | second:
            out[h].update(x for x in nb[c] if x in wanted and x != h)
    return out


def _connected_sets(hexes: list[str], near: dict[str, set[str]], adjacent: dict[str, set[str]]):
    """Every set of five pairwise non-adjacent candidates connected under `near`, each once."""
    rank = {h: i for i, h in enumerate(hexes)}
    seen: set[frozenset[str]] = set()

    def grow(chosen: tuple[str, ...], frontier: set[str]):
        if len(chosen) == BRIDGEHEADS:
            key = frozenset(chosen)
            if key not in seen:
                seen.add(key)
                yield tuple(sorted(chosen))
            return
        for h in sorted(frontier, key=rank.get):
            if any(h in adjacent[c] for c in chosen):
                continue
            yield from grow(chosen + (h,), (frontier | near[h]) - set(chosen) - {h} - _below(rank, chosen[0]))

    for start in hexes:
        yield from grow((start,), near[start] - _below(rank, start))


def _below(rank: dict[str, int], h: str) -> set[str]:
    """Candidates ranked before `h`: a set grown from `h` never takes them (it was tried from them)."""
    return {x for x, i in rank.items() if i <= rank[h]}


def citations(state: State) -> tuple:
    option = state.core.options.get("rhine_breach_supply_check", "recompute_no_expend")
    return (cite.GAME_LENGTH_B, cite.VICTORY_C, FOUND_BY_UMPIRE, cite.ruling("rhine_breach_supply_check", option))
