"""The Army of Paris's own orders (@2): 12.45A's substitution, 12.45B's taxis and 12.45C's
subordination to Gallieni; the limits they put on moves are read by paris_army.check_moves.

- 12.45A first paragraph: a formation that began the scenario with the Army of Paris (its set-up
  around W:5321, read as "in Paris": inferred) leaves Paris only when a formation of equal size with
  as many SPs is substituted (`claim_paris_substitution`: the size is read from the tokens, corps,
  division or brigade; the SPs are the counters', so the claim is attested). The substitute then keeps
  the Army of Paris's three hexes, and the formation it replaced is free of them. Territorial
  formations are never substituted out ("may not be reassigned from the Army of Paris").
- 12.45B: the Paris taxi unit carries one infantry unit of 4 SP or less (`claim_taxi`: the SPs are
  attested); both stay within six hexes of Paris while it does (read as the taxis' own limit, over the
  Army's three: inferred); `unload_taxi` ends it.
- 12.45C: with Gallieni commanding the Army of Paris (he replaced Michel, 12.12), an Allied army whose
  HQ becomes subordinate to him (`claim_subordination`, attested: the command is the Standard Rules')
  keeps its Headquarters Class unit within three hexes of Paris until Gallieni's army is given the
  Advance Mission Order (a confirmed Mission Order claim), which releases every subordinate HQ.
- 12.45D: the Paris Entrenchments give 3 on the TEC until Gallieni assumes command of the Army of Paris,
  5 from then on for the rest of the game; the umpire keeps the value (the view's
  `paris_entrenchments`) for the players' combat at the table (the TEC itself is not in the text).
Distances are counted from W:5321 as 12.26 and 12.45A count them (the other Paris hexes are not printed)."""
from __future__ import annotations

import re

from domain.kernel.citation import Citation
from domain.kernel.commands import Reject

from domain.games.hbtlf import cite
from domain.games.hbtlf.model import State2

SUBSTITUTION = cite.rule("12.45A Army of Paris (substitution)", 913, 913)
TAXIS = cite.rule("12.45B Paris Taxis", 917, 919)
SUBORDINATION = cite.rule("12.45C Army of Paris Subordination", 921, 923)
ENTRENCHMENTS = cite.rule("12.45D Paris Entrenchments", 925, 925)
ENTRENCHMENTS_BEFORE, ENTRENCHMENTS_AFTER = 3, 5
ARMY = "French Paris Army"
TAXI_SP, TAXI_LEASH, HQ_LEASH, SUB_LEASH = 4, 6, 3, 3
GALLIENI = "Gallieni"
_TERRITORIAL = re.compile(r"territorial|\(\d+\s?t\)")


def size(unit: str) -> str | None:
    name = unit.split(": ", 1)[-1].lower()
    return next((s for s in ("corps", "division", "brigade") if s in name), None)


def _in_play(state: State2, unit: str) -> bool:
    return unit in state.positions and unit not in state.eliminated and unit not in state.withdrawn


def is_taxi(state: State2, unit: str) -> bool:
    return state.armies.get(unit) == ARMY and "taxi" in unit.lower()


def check_substitution(state: State2, leaving: str, substitute: str, sp: int) -> None:
    if leaving not in state.paris_start or leaving in state.paris_substituted:
        raise Reject("not_from_paris", f"{leaving!r} is not a formation that began the scenario with the Army of Paris, still there.",
                     SUBSTITUTION, unit=leaving)
    if _TERRITORIAL.search(leaving.split(": ", 1)[-1].lower()):
        raise Reject("territorial_stays", "Territorial formations may not be reassigned from the Army of Paris (12.45A).", SUBSTITUTION)
    if state.sides.get(substitute) != "allied" or not _in_play(state, substitute) or substitute in state.paris_start \
            or substitute in state.paris_substituted.values():
        raise Reject("bad_substitute", f"{substitute!r} is not an Allied formation in play from outside Paris.", SUBSTITUTION, unit=substitute)
    if size(leaving) is None or size(leaving) != size(substitute):
        raise Reject("unequal_size", f"{leaving} is a {size(leaving) or 'unit of no formation size'}, {substitute} a "
                     f"{size(substitute) or 'unit of no formation size'}: the substitute is of equal size (12.45A).", SUBSTITUTION)
    if sp < 1:
        raise Reject("bad_amount", "Give the SPs each has (equal).", SUBSTITUTION)


def check_taxi(state: State2, unit: str, sp: int) -> None:
    if not any(is_taxi(state, u) and _in_play(state, u) for u in state.positions):
        raise Reject("no_taxi", "The Army of Paris's taxi unit is not in play (the set-up places it only where the scenario does).", TAXIS)
    if state.sides.get(unit) != "allied" or not _in_play(state, unit) or "infantry" not in unit.lower():
        raise Reject("not_infantry", f"{unit!r} is not an Allied infantry unit in play.", TAXIS, unit=unit)
    if not 1 <= sp <= TAXI_SP:
        raise Reject("too_strong", f"The taxis carry an infantry unit of {TAXI_SP} SP or less (12.45B).", TAXIS)
    if state.taxied:
        raise Reject("taxi_busy", f"The taxis already carry {next(iter(state.taxied))}.", TAXIS)


def gallieni_commands(state: State2) -> bool:
    return GALLIENI in state.leaders_in


def check_subordination(state: State2, army: str) -> None:
    if not gallieni_commands(state):
        raise Reject("no_gallieni", "Only while Gallieni commands the Army of Paris (12.12, 12.45C).", SUBORDINATION)
    if state.army_sides.get(army) != "allied" or army == ARMY:
        raise Reject("unknown_army", f"{army!r} is not another Allied army.", SUBORDINATION)
    if army in state.gallieni_subordinates:
        raise Reject("already_subordinate", f"The {army} is already subordinate to Gallieni.", SUBORDINATION)


def limits(state: State2, unit: str) -> list[tuple[int, str, Citation]]:
    """Distances from Paris a unit's move may not exceed under @2's Paris orders, each with why."""
    out: list[tuple[int, str, Citation]] = []
    if unit in state.taxied or is_taxi(state, unit):
        out.append((TAXI_LEASH, "the taxis and the unit they carry stay within six hexes of Paris (12.45B)", TAXIS))
    if state.armies.get(unit) in state.gallieni_subordinates and "headquarters" in unit.lower():
        out.append((SUB_LEASH, f"the {state.armies[unit]}'s HQ is subordinate to Gallieni until his army is given Advance (12.45C)", SUBORDINATION))
    if unit in state.paris_substituted.values():
        out.append((HQ_LEASH, "a substitute holds the Army of Paris's three hexes (12.45A)", SUBSTITUTION))
    return out


def entrenchments(state: State2) -> int:
    """12.45D: the Paris Entrenchments' TEC value, 3 until Gallieni commands the Army of Paris, then 5."""
    return ENTRENCHMENTS_AFTER if gallieni_commands(state) else ENTRENCHMENTS_BEFORE
