"""Zeppelin orders (11.82C): the German player's flights and the Allied GT9 raid."""
from __future__ import annotations

from domain.kernel.commands import Reject

from domain.games.hbtlf import zeppelins
from domain.games.hbtlf.orders import BaseZeppelin, RaidZeppelin, ZeppelinOperation
from domain.games.hbtlf.rulings.context import Ruling


def zeppelin_operation(r: Ruling, order: ZeppelinOperation) -> None:
    if r.side != "german":
        raise Reject("not_a_zeppelin", "Zeppelins are the German player's (11.82C).", zeppelins.CITE)
    zeppelins.flight(r.adj, r.pack, zeppelin=order.zeppelin, target=order.target, terror=order.terror, passes_over=order.passes_over)


def raid_zeppelin(r: Ruling, order: RaidZeppelin) -> None:
    if r.side != "allied":
        raise Reject("not_applicable", "The GT9 raid on a Zeppelin is the Allied player's (11.82C).", zeppelins.CITE)
    zeppelins.raid(r.adj, order.zeppelin)


def base_zeppelin(r: Ruling, order: BaseZeppelin) -> None:
    if r.side != "german":
        raise Reject("not_a_zeppelin", "Zeppelins are the German player's (11.82C).", zeppelins.CITE)
    zeppelins.base(r.adj, r.pack, r.sc, order.zeppelin, order.base)
