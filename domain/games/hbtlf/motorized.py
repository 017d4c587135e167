"""4.12 Motorized Unit Breakdown: whenever a motorized unit other than a supply unit withdraws
before combat (SR 10.54A3, at the table) it rolls one die; on a 6 it breaks down and leaves play,
and the SPs it had left go to its nation's Infantry REPs. The umpire rolls the die; how many SPs
the unit had left is on the table, not in the text, so that figure is a claim the other player
confirms (kind `rep_credit`) before the REPs are credited."""
from __future__ import annotations

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject

from domain.games.hbtlf import cite
from domain.games.hbtlf.effects import MotorizedBreakdown

CITE = cite.rule("4.12 Motorized Unit Breakdown", 219, 221)
BREAKS_ON = 6


def withdrawal(adj: Adjudication, unit: str) -> bool:
    """The die for a motorized unit's withdrawal before combat; True if it broke down."""
    name = unit.split(": ", 1)[-1].lower()
    if "supply" in name:
        raise Reject("not_applicable", "Motorized supply units do not break down (4.12).", CITE)
    roll = adj.roll(6, f"4.12 breakdown of {unit}")
    broke = roll.value == BREAKS_ON
    adj.emit(MotorizedBreakdown(unit=unit, roll=roll, broke_down=broke, cite=(CITE,)))
    return broke
