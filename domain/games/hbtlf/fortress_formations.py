"""11.35 German Fortress Formations: the 33 Strassbourg reserve division ("33 st r") does not move
until the Seventh Army is released by 11.51; the 30 Metz reserve division ("30 m r") moves no more
than one hex from Metz (E:4120) until Game-Turn 3."""
from __future__ import annotations

from domain.kernel.commands import Reject

from domain.games.hbtlf import cite, hexes, schlieffen
from domain.games.hbtlf.orders import MoveDecl

CITE = cite.rule("11.35 German Fortress Formations", 577, 577)
STRASSBOURG, METZ = "(33 st r)", "(30 m r)"
METZ_FREE_GT, METZ_RADIUS = 3, 1


def check_moves(state, pack, sc, moves: tuple[MoveDecl, ...]) -> None:
    for m in moves:
        if state.sides.get(m.unit) != "german":
            continue
        if STRASSBOURG in m.unit and schlieffen.applies(sc) and "Seventh Army" not in state.released:
            raise Reject("fortress_formation", "The 33 Strassbourg reserve division does not move until the Seventh Army is released (11.35, 11.51).",
                         CITE, unit=m.unit)
        if METZ in m.unit and state.core.clock.turn < METZ_FREE_GT:
            d = hexes.distance(m.to, pack.extra["places"]["Metz"]["hex"])
            if d is None or d > METZ_RADIUS:
                raise Reject("fortress_formation", f"Until Game-Turn 3 the 30 Metz reserve division stays within one hex of Metz (E:4120); "
                             f"{m.to} is {'on the other map' if d is None else f'{d} hexes away'} (11.35).", CITE, unit=m.unit)


def may_end_at(state, pack, sc, unit: str, to: str) -> bool:
    try:
        check_moves(state, pack, sc, (MoveDecl(unit=unit, to=to),))
    except Reject:
        return False
    return True
