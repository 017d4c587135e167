"""12.42 Allied Fortress Formations (@2): a formation bearing the name of a fortress (Paris, Belfort,
Epinal, Toul, Verdun, Montmedy, Givet, Maubeuge, Lille, Calais, Dunkerque, Boulogne) ends no move more
than one hex from every Fortress Class unit bearing the same indicator. The indicator is read from the
names the set-ups give the forts ("Maubeuge S", "Paris 13"): a fort named otherwise (Troyon, Genicourt)
is not counted (inferred). With no such fort in play on a hex, nothing is computed (the players keep it).
A formation forced beyond (a combat result) is disbanded, its SPs to REPs: that is reported with the
combat (the counters' SPs are not in the text), not computed."""
from __future__ import annotations

from domain.kernel.commands import Reject

from domain.games.hbtlf import cite, hexes
from domain.games.hbtlf.model import State
from domain.games.hbtlf.orders import MoveDecl

CITE = cite.rule("12.42 Allied Fortress Formations", 899, 899)
FORTRESSES = ("Paris", "Belfort", "Epinal", "Toul", "Verdun", "Montmedy", "Givet", "Maubeuge", "Lille", "Calais", "Dunkerque", "Boulogne")
RADIUS = 1


def indicator(unit: str) -> str | None:
    """The fortress a formation is named after, if it is an Allied fortress formation ("Verdun (verdun) fortress division")."""
    token = unit.split(": ", 1)[-1]
    if "fortress" not in token.lower():
        return None
    return next((f for f in FORTRESSES if token.startswith(f)), None)


def forts(state: State, name: str) -> list[str]:
    """The hexes of the Fortress Class units in play that bear the indicator."""
    return [state.positions[f] for f in state.fortresses
            if (f == name or f.startswith(name + " ")) and state.sides.get(f) == "allied" and f not in state.eliminated
            and f not in state.withdrawn and hexes.is_hex(state.positions.get(f, ""))]


def check_moves(state: State, moves: tuple[MoveDecl, ...]) -> None:
    for m in moves:
        name = indicator(m.unit) if state.sides.get(m.unit) == "allied" else None
        at = forts(state, name) if name else []
        if not at:
            continue
        near = [d for d in (hexes.distance(m.to, h) for h in at) if d is not None]
        if not near or min(near) > RADIUS:
            raise Reject("fortress_formation_leash", f"{m.unit} ends within one hex of a {name} Fortress Class unit; {m.to} is "
                         f"{'on the other map' if not near else f'{min(near)} hexes from the nearest'} (12.42).", CITE, unit=m.unit)


def may_end_at(state: State, unit: str, to: str) -> bool:
    try:
        check_moves(state, (MoveDecl(unit=unit, to=to),))
    except Reject:
        return False
    return True
