"""7.4 Off-Map Non-Rail Movement (@2): a unit leaves the map from a hex in France by the West map's
west edge or either map's south edge, and may reappear one impulse later on an edge hex of the same
map (the south edge for a south exit; the west or south edge for a west exit), or two impulses later
on the other map's south edge. A unit still off the map at the end of the scenario is eliminated.

- The exit is a move to the edge in France in Deployed or Road Mode (Standard Rules 8.22: attested,
  `claim_map_exit`); once confirmed, the unit is off the map and the umpire counts impulses.
- The re-entry (`claim_map_reentry`) is checked for the impulses elapsed (counted from the exit's
  impulse) and, on a south edge, for the row: the south edge is row 70 (7.2 names E:7008 on it);
  the West map's west edge column is not printed, so a west-edge re-entry's hex is the players'.
- Units still off map at the end are listed in the result as eliminated (their SPs, for the points,
  are the counters': claimed as usual).

7.1 Internment (also @2): a unit of either side that enters a hex of Holland or Switzerland, or leaves
by the northern map edge west of the German border, is interned and removed from play at once. Which
hexes are Dutch or Swiss is the map's, so the internment is attested (`claim_internment`); once
confirmed the unit is out of play (withdrawn, not eliminated)."""
from __future__ import annotations

from domain.kernel.commands import Reject

from domain.games.hbtlf import cite, hexes
from domain.games.hbtlf.model import State2

CITE = cite.rule("7.4 Off-Map Non-Rail Movement", 313, 317)
INTERNMENT = cite.rule("7.1 Internment in Neutral Holland and Switzerland", 295, 303)
NEUTRAL = ("Holland", "Switzerland", "north edge")
EDGES = ("W:south", "W:west", "E:south")
SOUTH_ROW = 70


def check_exit(state: State2, side: str, unit: str, edge: str) -> str:
    """The hex it leaves from (its position)."""
    if edge not in EDGES:
        raise Reject("bad_edge", f"Units leave by {', '.join(EDGES)} (7.4).", CITE)
    if state.sides.get(unit) != side or unit in state.eliminated or unit in state.withdrawn or unit in state.off_map:
        raise Reject("unknown_unit", f"{side} has no unit {unit!r} on the map.", CITE, unit=unit)
    here = state.positions.get(unit, "")
    if not hexes.is_hex(here) or hexes.parse(here)[0] != edge[0]:
        raise Reject("wrong_map", f"{unit} is not on a hex of the {edge[0]} map ({here}).", CITE, unit=unit)
    return here


def delay(exit_edge: str, to: str) -> int | None:
    """Impulses after the exit a unit may reappear at `to`, or None if it may not reappear there."""
    m, row, _ = hexes.parse(to)
    if exit_edge == "W:west":
        return 1 if m == "W" else None
    if m == exit_edge[0]:
        return 1 if row == SOUTH_ROW else None
    return 2 if row == SOUTH_ROW else None


def check_reentry(state: State2, side: str, unit: str, to: str) -> None:
    if unit not in state.off_map or state.sides.get(unit) != side:
        raise Reject("not_off_map", f"{unit!r} is not off the map by 7.4.", CITE, unit=unit)
    if not hexes.is_hex(to):
        raise Reject("bad_hex", f"{to!r} is not a hex id.", CITE)
    edge, left = state.off_map[unit]
    wait = delay(edge, to)
    if wait is None:
        where = "the West map's west or south edge" if edge == "W:west" else "the south edge (row 70) of either map"
        raise Reject("wrong_edge", f"A unit that left by {edge} reappears on {where} (7.4).", CITE)
    gone = state.impulse_serial - left
    if gone < wait:
        raise Reject("too_early", f"{unit} reappears at {to} {wait} impulse(s) after it left; {gone} so far (7.4).", CITE,
                     impulses=gone, needed=wait)


def check_internment(state: State2, side: str, unit: str, where: str) -> None:
    if where not in NEUTRAL:
        raise Reject("bad_place", f"A unit is interned in {', '.join(NEUTRAL[:2])} or by the north edge west of Germany (7.1).", INTERNMENT)
    if state.sides.get(unit) != side or unit in state.eliminated or unit in state.withdrawn or unit in state.fortresses:
        raise Reject("unknown_unit", f"{side} has no unit {unit!r} in play that could enter a neutral country.", INTERNMENT, unit=unit)
