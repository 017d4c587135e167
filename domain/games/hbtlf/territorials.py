"""6.24 French Territorial Formations: a French Territorial infantry division arriving as a
reinforcement may be taken whole as replacements instead, in the Game-Turn it arrives and before
it has moved: one Infantry REP for each personnel and cadre SP, one Direct Artillery REP for each
artillery SP. The division leaves play at once; its SPs are on the counters, not in the text, so the
figures are a claim the German player confirms (`rep_credit`) before the REPs are credited."""
from __future__ import annotations

import re

from domain.kernel.commands import Reject

from domain.games.hbtlf import cite

CITE = cite.rule("6.24 French Territorial Formations", 289, 289)
_TERRITORIAL_DIVISION = re.compile(r"territorial.*infantry division|\(\d+\s?t\) infantry division")


def check(state, unit: str) -> None:
    name = unit.split(": ", 1)[-1].lower()
    if state.sides.get(unit) != "allied" or name.startswith(("british", "belgian")) or not _TERRITORIAL_DIVISION.search(name):
        raise Reject("not_applicable", f"{unit!r} is not a French Territorial infantry division (6.24).", CITE, unit=unit)
    if state.arrived_gt.get(unit) != state.core.clock.turn:
        raise Reject("not_applicable", "A Territorial division is taken as replacements when it arrives as a reinforcement, "
                     "in that Game-Turn (6.24).", CITE, unit=unit)
    if unit in state.moved:
        raise Reject("not_applicable", f"{unit} has moved since it arrived: it is in play as a division (6.24).", CITE, unit=unit)
