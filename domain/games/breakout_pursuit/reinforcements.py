"""Reinforcements and replacements. INTERIM: the reinforcement work replaces this module (issue 8);
until then nothing arrives."""
from __future__ import annotations


def enter(adj) -> bool:
    return False


def leave(adj) -> None:
    return None


def legal(state, data, side, unit=None) -> list:
    return []


def place(adj, seat, order) -> None:
    from domain.kernel.commands import Reject
    raise Reject("not_implemented", "Reinforcements are not implemented yet (issue 8).")


replace = place
