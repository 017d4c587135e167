"""12.45A the Army of Paris: no unit of the French Paris Army moves more than three hexes from
Paris (W:5321, 3.22, as 12.26 counts it); once a German unit stands within twenty-four hexes of
Paris (confirmed positions), its non-territorial formations may be assigned to the nearest French
army and move without that limit; territorial formations never leave it. The assignment itself
(the Army Charts) is the players' to record."""
from __future__ import annotations

import re

from domain.kernel.commands import Reject

from domain.games.hbtlf import cite, hexes, paris, paris_orders
from domain.games.hbtlf.model import State2
from domain.games.hbtlf.orders import MoveDecl

CITE = cite.rule("12.45A Army of Paris", 913, 915)
ARMY = "French Paris Army"
LEASH, ALERT = 3, 24
_TERRITORIAL = re.compile(r"territorial|\(\d+\s?t\)")


def _territorial(unit: str) -> bool:
    return _TERRITORIAL.search(unit.split(": ", 1)[-1].lower()) is not None


def german_near(state, pack) -> bool:
    at = paris.paris(pack)
    for u, where in state.positions.items():
        if state.sides.get(u) == "german" and u not in state.eliminated and u not in state.withdrawn and hexes.is_hex(where):
            d = hexes.distance(where, at)
            if d is not None and d <= ALERT:
                return True
    return False


def check_moves(state, pack, moves: tuple[MoveDecl, ...]) -> None:
    if isinstance(state, State2):
        _check_v2(state, pack, moves)
    mine = [m for m in moves if state.armies.get(m.unit) == ARMY and not (isinstance(state, State2) and (
        m.unit in state.paris_substituted or m.unit in state.taxied or paris_orders.is_taxi(state, m.unit)))]  # @2: substituted out; the taxis' own six hexes
    if not mine:
        return
    free = german_near(state, pack)
    for m in mine:
        d = hexes.distance(m.to, paris.paris(pack))
        if (d is None or d > LEASH) and not (free and not _territorial(m.unit)):
            why = ("a territorial formation never leaves the Army of Paris" if free else
                   f"no German unit is within {ALERT} hexes of Paris yet")
            raise Reject("paris_army_leash", f"{m.unit} may not end {'on the East map' if d is None else f'{d} hexes'} from Paris "
                         f"(at most {LEASH}): {why} (12.45A).", CITE, unit=m.unit)


def _check_v2(state: State2, pack, moves: tuple[MoveDecl, ...]) -> None:
    """@2: the limits of the Army of Paris's own orders (paris_orders.py)."""
    for m in moves:
        for radius, why, rule in paris_orders.limits(state, m.unit):
            d = hexes.distance(m.to, paris.paris(pack))
            if d is None or d > radius:
                raise Reject("paris_leash", f"{m.unit} may not end {'on the East map' if d is None else f'{d} hexes'} from Paris "
                             f"(at most {radius}): {why}.", rule, unit=m.unit)


def may_end_at(state, pack, unit: str, to: str) -> bool:
    try:
        check_moves(state, pack, (MoveDecl(unit=unit, to=to),))
    except Reject:
        return False
    return True
