"""Movement A-F, Terrain Effects Chart, Stacking M-N. INTERIM: the movement work replaces this
module (issue 8); until then no unit can move."""
from __future__ import annotations


def enter(adj) -> bool:
    return False


def leave(adj) -> None:
    return None


def legal(state, data, side, unit=None) -> list:
    return []


def move(adj, seat, order) -> None:
    from domain.kernel.commands import Reject
    raise Reject("not_implemented", "Movement is not implemented yet (issue 8).")


to_staging = move


def stack_count(state, hex_id: str) -> int:
    return sum(1 for u in state.units.values() if u.hex == hex_id and u.cls in ("mechanized", "non_mechanized"))
