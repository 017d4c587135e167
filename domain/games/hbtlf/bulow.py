"""11.11 Subordinating Leaders (@2): a Mission Order for the German First (Kluck) or Third (Hausen)
Army is first given to Bulow, Second Army's commander, and the order that comes out of Bulow's
Mission Order procedure is the one then tried on Kluck or Hausen, in addition to Second Army's own.
The procedure and its dice are the Standard Rules' (7.14), so the German player's Mission Order claim
for the First or Third Army names the order Bulow passed on (`bulow`), and the Allied player attests
both; the umpire requires it while the Second Army is a German army of the scenario."""
from __future__ import annotations

from domain.games.hbtlf import cite
from domain.games.hbtlf.model import State

CITE = cite.rule("11.11 Subordinating Leaders", 553, 555)
THROUGH = ("First Army", "Third Army")
BULOW_ARMY = "Second Army"


def required(state: State, army: str) -> bool:
    return army in THROUGH and state.army_sides.get(army) == "german" and state.army_sides.get(BULOW_ARMY) == "german"
