"""Rail orders: Rail Points spent on the map (2.0, 12.26) and off-map rail movement (7.5)."""
from __future__ import annotations

from domain.games.hbtlf import claims, ledgers, offmap, plans
from domain.games.hbtlf.orders import MoveDecl, OffMapRail, UseRail
from domain.games.hbtlf.rulings.context import Ruling, may_move, unit_nation


def use_rail(r: Ruling, order: UseRail) -> None:
    ledgers.use_rail(r.adj, r.pack, r.side, order.be, order.cavalry_be, order.mp)


def offmap_rail(r: Ruling, order: OffMapRail) -> None:
    s, u, to = r.state, order.unit, order.to
    nation = unit_nation(s, r.side, u)
    claims.check_moves(s, r.sc, r.side, (MoveDecl(unit=u, to=to),))
    may_move(s, r.sc, u)
    frm = s.positions[u]
    rp = offmap.move(r.adj, r.pack, r.side, nation=nation, frm=frm, to=to, be=order.be, cavalry_be=order.cavalry_be,
                     plan17_in_force=plans.in_force(s, r.sc, "plan17"))
    claims.open_claim(r.adj, r.seat, "offmap_rail", {"moves": [{"unit": u, "to": to}], "from": frm}, blocks=(u,),
                      predicate=f"{u} by off-map rail from {frm} to {to} ({rp} RP)", keep={"rp": rp})
