"""The Army of Paris's orders (12.45A-C, @2): substitution, taxis and subordination to Gallieni are
checked, then claimed for the other seat to attest (paris_orders.py)."""
from __future__ import annotations

from domain.kernel.commands import Reject

from domain.games.hbtlf import claims, paris_orders
from domain.games.hbtlf.effects_armed_forces import TaxiUnloaded
from domain.games.hbtlf.model import State2
from domain.games.hbtlf.orders import ClaimParisSubstitution, ClaimSubordination, ClaimTaxi, UnloadTaxi
from domain.games.hbtlf.rulings.context import Ruling


def _allied(r: Ruling, why) -> State2:
    if r.side != "allied":
        raise Reject("not_applicable", "12.45 is the Allied player's.", why)
    assert isinstance(r.state, State2)  # an @2 order (rulings.V2)
    return r.state


def claim_paris_substitution(r: Ruling, order: ClaimParisSubstitution) -> None:
    s = _allied(r, paris_orders.SUBSTITUTION)
    paris_orders.check_substitution(s, order.leaving, order.substitute, order.sp)
    claims.open_claim(r.adj, r.seat, "paris_substitution", {"leaving": order.leaving, "substitute": order.substitute, "sp": order.sp},
                      blocks=(order.leaving, order.substitute),
                      predicate=f"{order.substitute} ({order.sp} SP) takes the place of {order.leaving} ({order.sp} SP) in Paris")


def claim_taxi(r: Ruling, order: ClaimTaxi) -> None:
    s = _allied(r, paris_orders.TAXIS)
    paris_orders.check_taxi(s, order.unit, order.sp)
    claims.open_claim(r.adj, r.seat, "taxi", {"unit": order.unit, "sp": order.sp}, blocks=(order.unit,),
                      predicate=f"the Paris taxis carry {order.unit}, {order.sp} SP")


def unload_taxi(r: Ruling, order: UnloadTaxi) -> None:
    s = _allied(r, paris_orders.TAXIS)
    if order.unit not in s.taxied:
        raise Reject("not_carried", f"The taxis do not carry {order.unit!r}.", paris_orders.TAXIS)
    r.adj.emit(TaxiUnloaded(unit=order.unit, cite=(paris_orders.TAXIS,)))


def claim_subordination(r: Ruling, order: ClaimSubordination) -> None:
    s = _allied(r, paris_orders.SUBORDINATION)
    paris_orders.check_subordination(s, order.army)
    claims.open_claim(r.adj, r.seat, "subordination", {"army": order.army}, blocks=(),
                      predicate=f"the {order.army}'s headquarters has become subordinate to Gallieni")
