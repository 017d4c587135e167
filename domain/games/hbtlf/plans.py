"""The strategic plans as state machines: the Schlieffen Plan (11.53, 11.55) and Plan 17 (12.52).

While a plan is in force its armies take only the Advance Mission Order: the German First to Fifth
Armies (11.53), the French armies (12.52A). The German player may abandon his plan at the start of
an impulse from GT4 (11.55A); the French player from GT3 once 200 French SP are lost, counted as
the attested French losses plus the Allied REP Used (12.52B; the SP missing at set-up are not
transcribed). Abandoning puts the plan's armies on Retire: German First-Fifth Armies on the West
map for three impulses of at most seven days (11.55B); French armies on the West map for six
impulses of at most fourteen days, on the East map three of at most seven, army detachments and
the Paris Army exempt (12.52C). The impulse that would pass the day limit is free. Which map an
army is on is read from its HQ's confirmed hex; an army whose HQ has no hex is listed as not timed.
"""
from __future__ import annotations

import re

from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import Citation
from domain.kernel.commands import Reject

from domain.games.hbtlf import cite, hexes, isolation
from domain.games.hbtlf.effects import MissionSet
from domain.games.hbtlf.effects_armed_forces import PlanAbandoned, RetireCounted, RetireEnded
from domain.games.hbtlf.model import State, State2

SCHLIEFFEN = cite.rule("11.55 Abandonment of the Strategic Plan", 637, 650)
MANDATORY_ADVANCE = cite.rule("11.53 Mandatory Advance Mission Order", 627, 631)
PLAN17 = cite.rule("12.52 Plan 17 Restrictions", 951, 975)
GERMAN_ARMIES = ("First Army", "Second Army", "Third Army", "Fourth Army", "Fifth Army")
FRENCH_LOSS_THRESHOLD = 200
_MARKER = re.compile(r"-\s*(\d+)")
TIMERS = {("schlieffen", "W"): (3, 7), ("plan17", "W"): (6, 14), ("plan17", "E"): (3, 7)}
EARLIEST = {"schlieffen": 4, "plan17": 3}
SIDE = {"schlieffen": "german", "plan17": "allied"}


def in_force(state: State, sc, plan: str) -> bool:
    if plan in state.plans_abandoned:
        return False
    return not (plan == "plan17" and sc.options.get("plan17", {}).get("abandoned"))


def is_french_army(state: State, army: str) -> bool:
    return (state.army_sides.get(army) == "allied" and "Detachment" not in army and "Paris" not in army.title()
            and not army.startswith(("Belgian", "British", "BEF")))


def plan_armies(state: State, plan: str) -> list[str]:
    if plan == "schlieffen":
        return [a for a in GERMAN_ARMIES if state.army_sides.get(a) == "german"]
    return sorted(a for a in state.army_sides if is_french_army(state, a))


def mission_allowed(state: State, sc, army: str, mission: str) -> tuple[str, str, Citation] | None:
    """Why a Mission Order may not be given now (code, message, rule), or None."""
    hq = isolation.retire_required(state, army)
    if hq is not None and mission != "Retire":
        return ("isolation_retire", f"{army} stays on Retire while {hq} is isolated (12.27).", isolation.ISOLATION)
    timer = state.retire.get(army)
    if timer is not None and mission != "Retire":
        plan = "Schlieffen Plan" if state.army_sides.get(army) == "german" else "Plan 17"
        why = SCHLIEFFEN if plan == "Schlieffen Plan" else PLAN17
        return ("retire_required", f"{army} stays on Retire for {timer[0]} more impulse(s) after the {plan} was abandoned.", why)
    if mission == "Advance":
        return None
    if army in GERMAN_ARMIES and state.army_sides.get(army) == "german" and in_force(state, sc, "schlieffen"):
        return ("mandatory_advance", f"{army} takes only Advance until the Schlieffen Plan is abandoned (11.53).", MANDATORY_ADVANCE)
    if is_french_army(state, army) and in_force(state, sc, "plan17"):
        return ("plan17_advance_only", f"Under Plan 17 Joffre issues only Advance to {army} (12.52A).", PLAN17)
    return None


def french_losses(state: State) -> int:
    """12.52B: attested French losses + Allied REP Used; @2 adds the SP markers the set-up places on French units."""
    used = sum(state.core.ledger(f"rep_{k}_used", "allied").balance for k in ("inf", "da", "spec"))
    at_start = state.french_setup_sp if isinstance(state, State2) else 0
    return state.losses.get("french", 0) + used + at_start


def setup_markers(losses: dict[str, str], sides: dict[str, str], armies: dict[str, str]) -> int:
    """12.52B (@2): the SP markers the scenario's set-up places on French units ("[-2C, -1A]" is 3); the
    Belgian and British units' are not French."""
    total = 0
    for unit, body in losses.items():
        token = unit.split(": ", 1)[-1]
        if sides.get(unit) != "allied" or token.startswith(("Belgian", "British")) or armies.get(unit, "").startswith(("Belgian", "British")):
            continue
        total += sum(int(n) for n in _MARKER.findall(body))
    return total


def may_abandon(state: State, sc, side: str, plan: str) -> tuple[str, str, Citation] | None:
    why = SCHLIEFFEN if plan == "schlieffen" else PLAN17
    gt = state.core.clock.turn
    if plan not in SIDE or SIDE[plan] != side:
        return ("not_your_plan", f"The {side} player has no plan {plan!r}: schlieffen is German, plan17 Allied.", why)
    if not in_force(state, sc, plan):
        return ("plan_abandoned", f"{plan} is no longer in force.", why)
    if gt < EARLIEST[plan]:
        return ("too_early", f"{plan} may be abandoned from Game-Turn {EARLIEST[plan]}, not in GT {gt}.", why)
    if state.done or any(c["gt"] == gt and c["impulse"] == state.core.clock.impulse for c in state.claims.values()):
        return ("not_start_of_impulse", "A plan is abandoned at the beginning of an impulse, before anything is declared in it.", why)
    if plan == "plan17" and french_losses(state) < FRENCH_LOSS_THRESHOLD:
        return ("losses_below_threshold", f"Plan 17 may be abandoned once 200 French SP are lost; {french_losses(state)} so far "
                "(attested French losses + Allied REP Used" + (" + the set-up's SP markers" if isinstance(state, State2) else "") + ").", why)
    return None


def abandon(adj: Adjudication, sc, side: str, plan: str) -> None:
    refusal = may_abandon(adj.state, sc, side, plan)
    if refusal is not None:
        raise Reject(refusal[0], refusal[1], refusal[2])
    s = adj.state
    why = SCHLIEFFEN if plan == "schlieffen" else PLAN17
    timed: dict[str, tuple[int, int]] = {}
    untimed = []
    for army in plan_armies(s, plan):
        hq = s.positions.get(f"{army}: {army} headquarters", "")
        key = (plan, hexes.parse(hq)[0]) if hexes.is_hex(hq) else None
        if key in TIMERS:
            timed[army] = TIMERS[key]
        elif key is None:
            untimed.append(army)
    adj.emit(PlanAbandoned(plan=plan, gt=s.core.clock.turn, impulse=s.core.clock.impulse, timed=timed, untimed=tuple(untimed),
                           cite=(why,)))
    for army in timed:
        adj.emit(MissionSet(army=army, mission="Retire", cite=(why,)))
    count(adj, s.impulses[s.core.clock.impulse - 1])


def count(adj: Adjudication, days: int) -> None:
    """An impulse of `days` begins: it is a Retire impulse for each timed army unless the timer is
    spent or the impulse would pass the day limit (then the army is free from it on)."""
    for army, (impulses, days_left) in sorted(adj.state.retire.items()):
        why = SCHLIEFFEN if adj.state.army_sides.get(army) == "german" else PLAN17
        if impulses <= 0 or days > days_left:
            adj.emit(RetireEnded(army=army, reason="impulses served" if impulses <= 0 else "day limit", cite=(why,)))
        else:
            adj.emit(RetireCounted(army=army, impulses_left=impulses - 1, days_left=days_left - days, cite=(why,)))
