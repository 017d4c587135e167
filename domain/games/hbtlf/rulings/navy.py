"""Naval orders (3.0): the barrage roll and barrage (3.3) and naval movement (3.1-3.2), the Allied player's."""
from __future__ import annotations

from typing import Any

from domain.kernel.commands import Reject

from domain.games.hbtlf import cite, naval
from domain.games.hbtlf.orders import NavalBarrage, NavalMove, RollNavalBarrage
from domain.games.hbtlf.rulings.context import Ruling


def _naval_side(side: str, sc: Any) -> None:
    if not naval.in_force(sc.options):
        raise Reject("rule_not_in_scenario", f"Scenario {sc.id} plays without Exclusive Rule 3.0.", cite.SCENARIOS)
    if side != "allied":
        raise Reject("no_naval_capacity", "Only the Allied player has a Naval Capacity and a naval barrage (3.1, 3.3).", naval.CAPACITY)


def roll_naval_barrage(r: Ruling, order: RollNavalBarrage) -> None:
    _naval_side(r.side, r.sc)
    naval.roll(r.adj)


def naval_barrage(r: Ruling, order: NavalBarrage) -> None:
    _naval_side(r.side, r.sc)
    naval.barrage(r.adj, tuple((t.hex, t.value) for t in order.targets), order.use)


def naval_move(r: Ruling, order: NavalMove) -> None:
    _naval_side(r.side, r.sc)
    naval.move(r.adj, r.pack, nation=order.nation, kind=order.kind, formation=order.formation, be=order.be, cavalry_be=order.cavalry_be,
               embark=order.embark, disembark=order.disembark)
