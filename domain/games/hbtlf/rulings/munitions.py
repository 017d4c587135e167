"""Ammunition orders (11.6, 12.3): Ammunition Points expended, with the GT8 East map quiet zone, and replaced."""
from __future__ import annotations

from domain.kernel.commands import Reject

from domain.games.hbtlf import ammunition, cite
from domain.games.hbtlf.effects_armed_forces import AmmunitionExpended, AmmunitionReplaced
from domain.games.hbtlf.orders import ExpendAmmunition, ReplaceAmmunition
from domain.games.hbtlf.rulings.context import Ruling, own_unit, unit_nation


def expend(r: Ruling, order: ExpendAmmunition) -> None:
    s, side, f, pts, m = r.state, r.side, order.formation, order.points, order.map
    own_unit(r, f, "formation")
    if m not in ("W", "E") or pts < 1:
        raise Reject("bad_amount", "Expend at least one Ammunition Point, on map W or E.", cite.AMMUNITION)
    if ammunition.quiet_zone_closed(s, side, m):
        raise Reject("quiet_zone", "From GT8 the East map is a quiet zone: no German formation expends ammunition there until an "
                     "Allied formation has (11.62B, 12.33).", cite.rule("11.62B Game Turn Eight - East Map Quiet Zone", 701, 701))
    nation = unit_nation(s, side, f)
    have = ammunition.holding(r.pack, s, f, nation, s.core.options["french_ammo_cut_gt"])
    if pts > have:
        raise Reject("out_of_ammo", f"{f} holds {have} Ammunition Point(s) this Game-Turn, not {pts}.", cite.AMMUNITION, available=have)
    opens = side == "allied" and m == "E" and s.core.clock.turn >= ammunition.QUIET_ZONE_GT and not s.east_quiet_broken
    r.adj.emit(AmmunitionExpended(formation=f, points=pts, map=m, left=have - pts, opens_east=opens,
                                  cite=(cite.AMMUNITION, cite.ALLIED_AMMUNITION)))


def replace(r: Ruling, order: ReplaceAmmunition) -> None:
    s, f = r.state, order.formation
    if s.sides.get(f) != r.side:
        raise Reject("unknown_unit", f"{r.side} has no formation {f!r} in play.", cite.UNIT_LOCATIONS, unit=f)
    nation = unit_nation(s, r.side, f)
    r.adj.emit(AmmunitionReplaced(formation=f, points=ammunition.points(
        r.pack, nation, s.core.clock.turn, exempt_formation=nation == "german" and ammunition.exempt(f),
        french_cut_gt=s.core.options["french_ammo_cut_gt"]), cite=(cite.AMMUNITION, cite.ALLIED_AMMUNITION)))
