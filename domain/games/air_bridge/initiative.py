"""§20 Initiative: the Allies hold it on the first turns; from the option's turn on, at each AM
Strategic Interphase both sides roll a d10 and the lower roller decides who is the first player
for the day's two turns (a decision frame to that side's first seat). A tie is rolled again
(option `initiative_tie`)."""
from __future__ import annotations

from domain.games.air_bridge import cite
from domain.games.air_bridge.dice import d10
from domain.games.air_bridge.effects import InitiativeRolled, InitiativeSet
from domain.games.air_bridge.model import ALLIED, GERMAN, SIDES
from domain.kernel.adjudication import Adjudication

KIND = "initiative"


def roll(adj: Adjudication) -> bool:
    """True when a side must choose the first player (a frame is open)."""
    turn = adj.core.clock.turn
    first_roll = adj.core.options.get("first_initiative_roll_turn", 5)
    c = (cite.INITIATIVE, cite.ruling("first_initiative_roll_turn", first_roll))
    if turn < first_roll:
        if adj.state.first != ALLIED:
            adj.emit(InitiativeSet(first=ALLIED, cite=c))
        return False
    for _ in range(20):  # a tie is rolled again; 20 ties in a row would be a broken die
        a, g = d10(adj, "initiative: Allied"), d10(adj, "initiative: German")
        chooser = ALLIED if a.value < g.value else GERMAN if g.value < a.value else None
        if chooser is None and adj.core.options.get("initiative_tie", "reroll") == "allied":
            chooser = ALLIED
        adj.emit(InitiativeRolled(allied=a, german=g, chooser=chooser, cite=c + (cite.ruling("initiative_tie", adj.core.options.get("initiative_tie", "reroll")),)))
        if chooser is not None:
            seat = adj.core.layout.seats_of(chooser)[0]
            adj.open_frame(KIND, (seat,), prompt={"options": list(SIDES), "default": chooser,
                                                  "question": "Which side is the first player today?"}, cite=(cite.INITIATIVE,))
            return True
    raise RuntimeError("initiative dice tied 20 times")


def choose(adj: Adjudication, first: str) -> None:
    adj.emit(InitiativeSet(first=first, cite=(cite.INITIATIVE,)))
