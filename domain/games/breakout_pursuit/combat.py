"""Combat A-H, CRT, Retreat and Advance, Battlegroups. INTERIM: the combat work replaces this
module (issue 8); until then no attack can be made."""
from __future__ import annotations


def enter(adj) -> bool:
    return False


def leave(adj) -> None:
    return None


def legal(state, data, side, unit=None) -> list:
    return []


def attack(adj, seat, order) -> None:
    from domain.kernel.commands import Reject
    raise Reject("not_implemented", "Combat is not implemented yet (issue 8).")


answer = attack


def answers(state, data, seat) -> list:
    return []


def default_answer(state, data, seat):
    return None
