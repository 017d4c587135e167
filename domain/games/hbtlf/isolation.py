"""12.27 French Isolation Mission Order Effects and 12.52E No German Strategic Pursuit (@2), with the
isolation itself attested (it needs the Standard Rules' supply and the map).

- 12.27: when the Headquarters Class unit of a corps-sized formation attached to a French army is
  confirmed isolated (`claim_isolation`: the corps HQ, the army, the nation it is isolated in), that
  army assumes the Retire Mission Order at once and takes no other until one of the three events:
  the HQ is no longer isolated, or every unit of the army's formations has left that nation (both
  attested, `claim_isolation_ended`), or the HQ is eliminated (a confirmed combat report naming it).
- 12.52E: from GT3, while an army serves Plan 17's mandatory Retire (12.52B-C), a confirmed claim that
  all its units are more than 3 hexes from every German infantry corps-sized formation at the end of
  a German Counter-Movement Phase (`claim_no_pursuit`) frees it of that Retire.
"""
from __future__ import annotations

from domain.kernel.commands import Reject

from domain.games.hbtlf import cite
from domain.games.hbtlf.model import State, State2

ISOLATION = cite.rule("12.27 French Isolation Mission Order Effects", 865, 871)
NO_PURSUIT = cite.rule("12.52E No German Strategic Pursuit", 984, 984)
NATIONS = ("Belgium", "France", "Germany", "Luxembourg")
ENDED = {"no_longer_isolated": "the corps Headquarters Class unit is no longer isolated",
         "left_nation": "all units of the army's formations have left the nation of the isolation"}
NO_PURSUIT_FROM_GT = 3


def french_army(state: State, army: str) -> bool:
    """An Allied army chart of the French (not the Belgian Army nor the BEF)."""
    return state.army_sides.get(army) == "allied" and not army.startswith(("Belgian", "British", "BEF"))


def check_claim(state: State2, hq: str, army: str, nation: str) -> None:
    if not french_army(state, army):
        raise Reject("not_a_french_army", f"{army!r} is not a French army chart.", ISOLATION)
    if state.sides.get(hq) != "allied" or hq in state.eliminated or hq in state.withdrawn or "corps" not in hq.lower():
        raise Reject("not_a_corps_hq", f"{hq!r} is not an Allied corps in play.", ISOLATION, unit=hq)
    if nation not in NATIONS:
        raise Reject("bad_nation", f"The nation is one of {', '.join(NATIONS)}.", ISOLATION)
    if army in state.isolated:
        raise Reject("already_isolated", f"{army} is already on Retire for {state.isolated[army][0]}'s isolation.", ISOLATION)


def check_ended(state: State2, army: str, reason: str) -> None:
    if army not in state.isolated:
        raise Reject("not_isolated", f"{army} is not under 12.27.", ISOLATION)
    if reason not in ENDED:
        raise Reject("bad_reason", f"The reason is one of {', '.join(ENDED)} (elimination is read from the combat reports).", ISOLATION)


def check_no_pursuit(state: State, army: str) -> None:
    if army not in state.retire:
        raise Reject("not_on_mandatory_retire", f"{army} is not serving Plan 17's mandatory Retire (12.52B-C).", NO_PURSUIT)
    if state.core.clock.turn < NO_PURSUIT_FROM_GT:
        raise Reject("too_early", "12.52E is observed from Game-Turn 3.", NO_PURSUIT)


def retire_required(state: State, army: str) -> str | None:
    """The corps HQ whose isolation keeps `army` on Retire (12.27), if any."""
    if isinstance(state, State2) and army in state.isolated:
        return state.isolated[army][0]
    return None
