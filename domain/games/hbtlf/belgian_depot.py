"""12.61C Main Depot of the Belgian Army (@2): it moves in Rail Mode without Rail Points (so no
`use_rail`); its first move is by rail from Brussels (W:1708) to Antwerp (W:1109, 3.22), so while it
stands unmoved at Brussels it may be declared only to Antwerp; once at Antwerp it leaves only after the
Belgian Army is released (12.61B). A depot set up elsewhere (Scenario 2 places it near Antwerp) has
made that first move already."""
from __future__ import annotations

from domain.kernel.commands import Reject

from domain.games.hbtlf import cite
from domain.games.hbtlf.model import State2
from domain.games.hbtlf.orders import MoveDecl

CITE = cite.rule("12.61C Main Depot of the Belgian Army", 1024, 1024)
DEPOT = "Belgian Army: Main Depot"
BRUSSELS, ANTWERP = "W:1708", "W:1109"


def check_moves(state: State2, moves: tuple[MoveDecl, ...]) -> None:
    for m in moves:
        if m.unit != DEPOT:
            continue
        here = state.positions.get(DEPOT, "")
        if here == BRUSSELS and DEPOT not in state.moved and m.to != ANTWERP:
            raise Reject("depot_first_move", f"The Belgian main depot's first move is by rail from Brussels to Antwerp ({ANTWERP}) (12.61C).",
                         CITE, unit=m.unit)
        if here == ANTWERP and m.to != ANTWERP and not state.belgian_released:
            raise Reject("depot_in_antwerp", "The Belgian main depot leaves Antwerp only once the Belgian Army is released (12.61B-C).",
                         CITE, unit=m.unit)


def may_end_at(state: State2, unit: str, to: str) -> bool:
    try:
        check_moves(state, (MoveDecl(unit=unit, to=to),))
    except Reject:
        return False
    return True
