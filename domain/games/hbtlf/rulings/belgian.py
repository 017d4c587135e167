"""The Belgian Army's orders (12.61-12.62), the Allied player's: the release die, a release claimed on a
condition, and the evacuation."""
from __future__ import annotations

from domain.kernel.commands import Reject

from domain.games.hbtlf import belgian_depot, belgian_waters, belgium, claims
from domain.games.hbtlf.model import State2
from domain.games.hbtlf.orders import ClaimBelgianRelease, ClaimCivicGuard, ClaimFlooding, ClaimWaterworksBarrage, EvacuateBelgianArmy, RollBelgianRelease
from domain.games.hbtlf.rulings.context import Ruling


def _belgian_side(side: str) -> None:
    if side != "allied":
        raise Reject("not_applicable", "12.61-12.62 are the Belgian (Allied) player's.", belgium.RELEASE)


def roll_release(r: Ruling, order: RollBelgianRelease) -> None:
    _belgian_side(r.side)
    belgium.roll(r.adj)


def claim_release(r: Ruling, order: ClaimBelgianRelease) -> None:
    _belgian_side(r.side)
    belgium.claimable(r.state, order.condition)
    claims.open_claim(r.adj, r.seat, "belgian_release", {"condition": order.condition}, blocks=("belgian_release",),
                      predicate=f"Belgian Army release: {belgium.CONDITIONS[order.condition]}")


def evacuate(r: Ruling, order: EvacuateBelgianArmy) -> None:
    _belgian_side(r.side)
    belgium.evacuate(r.adj, r.pack)


def claim_flooding(r: Ruling, order: ClaimFlooding) -> None:
    _belgian_side(r.side)
    assert isinstance(r.state, State2)  # an @2 order (rulings.V2)
    belgian_waters.check_flooding(r.state, order.unit, order.river)
    claims.open_claim(r.adj, r.seat, "flooding", {"unit": order.unit, "river": order.river}, blocks=(order.unit,),
                      predicate=f"{order.unit} spent 3 MPs to flood the {order.river}, a river flowing into the sea in Belgium")


def claim_waterworks_barrage(r: Ruling, order: ClaimWaterworksBarrage) -> None:
    if r.side != "german":
        raise Reject("not_applicable", "The waterworks barrage is the German player's (12.69).", belgian_waters.WATERWORKS)
    assert isinstance(r.state, State2)
    belgian_waters.check_barrage(r.state, order.artillery)
    claims.open_claim(r.adj, r.seat, "waterworks", {"artillery": order.artillery}, blocks=(),
                      predicate=f"{order.artillery}, heavy artillery, barraged the Antwerp waterworks and the BCRT called for a loss")


def claim_civic_guard(r: Ruling, order: ClaimCivicGuard) -> None:
    assert isinstance(r.state, State2)  # an @2 order (rulings.V2)
    belgian_depot.check_civic_guard(r.state, r.side, order.sp)
    claims.open_claim(r.adj, r.seat, "civic_guard", {"sp": order.sp}, blocks=(),
                      predicate=f"the Belgian Army retreated into Antwerp: {order.sp} Civic Guard SP become Belgian Infantry REPs")
