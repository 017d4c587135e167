"""13.x7 Victory Conditions. Scenario 1's levels are computed from the attested losses and the
Liege forts' eliminations; the point scenarios' ladder needs points the text prints only in part,
so their result is by agreement or referee, said so."""
from __future__ import annotations

from domain.kernel.core import Outcome, SideResult

from domain.games.hbtlf.model import State

LEVELS = ("Draw", "Tactical", "Operational", "Strategic")
LIEGE = ("Liege N", "Liege NE", "Liege NW", "Liege S", "Liege SE", "Liege SW")


def liege_all_eliminated(state: State) -> bool:
    return all(f in state.eliminated for f in LIEGE)


def scenario_1(state: State) -> Outcome:
    g, a = state.losses["german"], state.losses["allied"]
    allied = 0
    if g > a:
        allied = 2 if g >= 2 * a else 1
    if not liege_all_eliminated(state):
        allied = 3
    german = 0
    if state.liege_fell_gt is not None:
        german = 1
        if state.liege_fell_gt == 0:
            german = 3 if a > g else 2
    net = {"german": german - allied, "allied": allied - german}
    winner = next((s for s, n in net.items() if n > 0), None)
    level = "Draw" if winner is None else f"{winner.capitalize()} {LEVELS[net[winner]]} Victory"
    return Outcome(level=level, winner=winner, sides={"german": SideResult(points=german, level=LEVELS[german]),
                                                      "allied": SideResult(points=allied, level=LEVELS[allied])},
                   reason="13.17: each level the opponent obtains lowers yours by one",
                   details={"german_sp_lost": g, "allied_nonfortress_sp_lost": a, "liege_fell_gt": state.liege_fell_gt})


def outcome(state: State, sc) -> Outcome:
    if sc.victory.get("kind") == "levels":
        return scenario_1(state)
    return Outcome(level="By agreement or referee", winner=None, sides={"german": SideResult(), "allied": SideResult()},
                   reason="the victory points of this scenario are not computed in this ruleset version (the text prints them only in part)")
