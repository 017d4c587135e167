"""§4.2 Overrun: a moving stack of C/M units, none fatigued or unsupplied, whose attack total is at
least 7 times the defence of every enemy unit in a hex (5 times against only fatigued or
unsupplied units) may enter it for its terrain cost plus one point: the enemy units are
eliminated (a DZ marker is destroyed, §7.3) and the stack is placed there."""
from __future__ import annotations

from domain.games.air_bridge import cite, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import State, Unit
from domain.kernel.problem import Problem


def ratio_needed(data: GameData, defenders: list[Unit]) -> int:
    rows = data.rows("overrun")
    weak = all(u.fatigued or u.unsupplied for u in defenders)
    return int(rows["weak" if weak else "normal"]["ratio"])


def check(state: State, data: GameData, movers: list[Unit], hex_id: str) -> tuple[Problem | None, int, int]:
    """(why not, attack, defence)."""
    defenders = [u for u in state.at(hex_id) if u.side != movers[0].side]
    attack = sum(values.attack(data, u) for u in movers)
    defence = sum(values.defence(data, u) for u in defenders)
    if not all(values.cm(data, u) for u in movers):
        return Problem("overrun_not_cm", "Only a stack of C/M units may overrun.", cite.OVERRUN), attack, defence
    if any(u.fatigued or u.unsupplied for u in movers):
        return Problem("overrun_forbidden", "Fatigued and unsupplied units cannot overrun.", cite.OVERRUN_FORBIDDEN), attack, defence
    need = ratio_needed(data, defenders)
    if attack < need * defence:
        return Problem("overrun_ratio", f"An overrun needs {need} to 1: {attack} against {defence}.", cite.OVERRUN), attack, defence
    return None, attack, defence
