"""The Belgian Army's orders (12.61-12.62), the Allied player's: the release die, a release claimed on a
condition, and the evacuation."""
from __future__ import annotations

from domain.kernel.commands import Reject

from domain.games.hbtlf import belgium, claims
from domain.games.hbtlf.orders import ClaimBelgianRelease, EvacuateBelgianArmy, RollBelgianRelease
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
