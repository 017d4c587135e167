"""Rail and off-map orders: Rail Points spent on the map (2.0, 12.26), off-map rail movement (7.5) and,
in @2, off-map non-rail movement (7.4)."""
from __future__ import annotations

from domain.games.hbtlf import claims, ledgers, offmap, offmap_march, plans
from domain.games.hbtlf.model import State2
from domain.games.hbtlf.orders import ClaimInternment, ClaimMapExit, ClaimMapReentry, MoveDecl, OffMapRail, UseRail
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


def claim_map_exit(r: Ruling, order: ClaimMapExit) -> None:
    assert isinstance(r.state, State2)  # an @2 order (rulings.V2)
    here = offmap_march.check_exit(r.state, r.side, order.unit, order.edge)
    may_move(r.state, r.sc, order.unit)
    claims.open_claim(r.adj, r.seat, "map_exit", {"unit": order.unit, "edge": order.edge}, blocks=(order.unit,),
                      predicate=f"{order.unit} left the map from {here}, a hex in France, by the {order.edge} edge")


def claim_map_reentry(r: Ruling, order: ClaimMapReentry) -> None:
    assert isinstance(r.state, State2)
    offmap_march.check_reentry(r.state, r.side, order.unit, order.to)
    may_move(r.state, r.sc, order.unit)
    claims.open_claim(r.adj, r.seat, "map_reentry", {"unit": order.unit, "to": order.to}, blocks=(order.unit,),
                      predicate=f"{order.unit} reappears at {order.to}, an edge hex, in Deployed Mode")


def claim_internment(r: Ruling, order: ClaimInternment) -> None:
    assert isinstance(r.state, State2)
    offmap_march.check_internment(r.state, r.side, order.unit, order.where)
    claims.open_claim(r.adj, r.seat, "internment", {"unit": order.unit, "where": order.where}, blocks=(order.unit,),
                      predicate=f"{order.unit} is interned: {order.where} (7.1)")
