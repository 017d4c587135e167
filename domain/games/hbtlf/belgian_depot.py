"""12.61C Main Depot of the Belgian Army (@2): it moves in Rail Mode without Rail Points (so no
`use_rail`); its first move is by rail from Brussels (W:1708) to Antwerp (W:1109, 3.22), so while it
stands unmoved at Brussels it may be declared only to Antwerp; once at Antwerp it leaves only after the
Belgian Army is released (12.61B). A depot set up elsewhere (Scenario 2 places it near Antwerp) has
made that first move already.

12.61D Belgian Civic Guard (@2): 3 SPs in Brussels with no counter become 3 Belgian Infantry REPs (on the
Allied Strategic Chart) when the Belgian Army retreats into Antwerp; if Brussels was attacked first,
only the SPs that survived and reached Antwerp. When that happens and how many survived is the
table's (`claim_civic_guard`, attested), once a game, 3 SPs at most."""
from __future__ import annotations

from domain.kernel.commands import Reject

from domain.games.hbtlf import cite
from domain.games.hbtlf.model import State2
from domain.games.hbtlf.orders import MoveDecl

CITE = cite.rule("12.61C Main Depot of the Belgian Army", 1024, 1024)
CIVIC_GUARD = cite.rule("12.61D Belgian Civic Guard", 1028, 1028)
CIVIC_GUARD_SP = 3
CIVIC_GUARD_UNIT = "Belgian Civic Guard"
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


def check_civic_guard(state: State2, side: str, sp: int) -> None:
    if side != "allied":
        raise Reject("not_applicable", "The Civic Guard is the Belgian (Allied) player's (12.61D).", CIVIC_GUARD)
    if not 1 <= sp <= CIVIC_GUARD_SP:
        raise Reject("bad_amount", f"The Civic Guard has {CIVIC_GUARD_SP} SPs at most (12.61D).", CIVIC_GUARD)
    if civic_guard_claimed(state):
        raise Reject("once_per_game", "The Civic Guard becomes REPs once (12.61D).", CIVIC_GUARD)


def civic_guard_claimed(state: State2) -> bool:
    """A Civic Guard claim pending or applied (one settled as void did not happen)."""
    return any(c.get("kind") == "civic_guard" and _settled_value(state, aid) != "void" for aid, c in state.claims.items())


def _settled_value(state: State2, aid: str) -> str | None:
    a = state.core.attestations.get(aid)
    return None if a is None else a.value
