"""Supply A-L. INTERIM: the supply work replaces this module (issue 8); until then every unit
counts as supplied."""
from __future__ import annotations


def enter(adj) -> bool:
    return False


def leave(adj) -> None:
    return None


def legal(state, data, side) -> list:
    return []


def judge(adj, seat, order) -> None:
    from domain.kernel.commands import Reject
    raise Reject("not_implemented", "Supply judgement is not implemented yet (issue 8).")


def defender_states(state, data, unit_ids) -> dict:
    return {u: "supplied" for u in unit_ids}
