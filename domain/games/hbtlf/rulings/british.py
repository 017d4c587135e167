"""The BEF's naval evacuation (12.74, from @2): checked against the positions the umpire keeps, then
opened as a claim that the hex is coastal (and whether a port), which terrain alone could decide."""
from __future__ import annotations

from domain.kernel.commands import Reject

from domain.games.hbtlf import bef, claims
from domain.games.hbtlf.orders import EvacuateBef
from domain.games.hbtlf.rulings.context import Ruling, may_move


def evacuate_bef(r: Ruling, order: EvacuateBef) -> None:
    if r.side != "allied":
        raise Reject("not_applicable", "The BEF's naval evacuation is the British (Allied) player's (12.74).", bef.NAVAL_EVACUATION)
    units = bef.check_evacuation(r.state, order.hex)
    for u in units:
        may_move(r.state, r.sc, u)
    claims.open_claim(r.adj, r.seat, bef.EVACUATION_KIND, {"hex": order.hex, "port": order.port}, blocks=units,
                      predicate=f"{order.hex} is an on-map coastal hex" + (" and a port" if order.port else " (not a port)")
                      + f": its {len(units)} BEF unit(s) evacuate to Great Britain")
