"""`normandy-1944@2`: version 1 (rules.py) with the defender's counterattack after an advance (§6.9)."""
from __future__ import annotations

from domain.games.normandy.rules import NOT_STARTABLE, Normandy


class Normandy2(Normandy):
    """`normandy-1944@2`: the defender's counterattack after an advance (§6.9) is ruled: a decision
    frame for the defender, the HQ's marker spent, its adjacent units attacking. Version 1, which
    logs the counterattack as not ruled, stays runnable for the games recorded under it."""

    version = 2
    title = "Normandy 1944: A Bloody Summer (turns 1 and later, with counterattacks)"
    counterattacks = True

    def not_startable(self, scenario: str) -> str | None:
        reason = NOT_STARTABLE.get(scenario)
        return reason.replace("@1", "@2") if reason else None


NORMANDY_2 = Normandy2()
