"""Replacement orders (6.x): REPs used, fortress SPs disbanded (6.25), Territorials taken as REPs
(6.24), motorized units' withdrawal (6.26) and heavy artillery built (6.27)."""
from __future__ import annotations

from domain.kernel.commands import Reject

from domain.games.hbtlf import cite, claims, fortress, heavy, ledgers, motorized, territorials
from domain.games.hbtlf.effects import TerritorialConverted
from domain.games.hbtlf.orders import BuildHeavyArtillery, ConvertTerritorial, DisbandFortress, MotorizedWithdrawal, UseReplacements
from domain.games.hbtlf.rulings.context import Ruling, nation, own_unit


def use_replacements(r: Ruling, order: UseReplacements) -> None:
    u = order.unit
    if r.state.sides.get(u) != r.side:
        raise Reject("unknown_unit", f"{r.side} has no unit {u!r}.", cite.UNIT_LOCATIONS, unit=u)
    ledgers.use_replacements(r.adj, r.side, order.kind, order.amount, fortress=u in r.state.fortresses, nation=nation(r.state, u))


def disband_fortress(r: Ruling, order: DisbandFortress) -> None:
    s, name = r.state, order.fortress
    if s.fortresses and (name not in s.fortresses or s.sides.get(name) != r.side):
        raise Reject("unknown_unit", f"{r.side} has no Fortress Class unit {name!r}.", cite.UNIT_LOCATIONS, unit=name)
    fortress.disband(r.adj, r.side, order.sp, order.offmap)


def build_heavy_artillery(r: Ruling, order: BuildHeavyArtillery) -> None:
    s, u = r.state, order.unit
    if s.sides.get(u) != r.side or u in s.eliminated or u in s.fortresses:
        raise Reject("unknown_unit", f"{r.side} has no heavy artillery unit {u!r} in play.", cite.UNIT_LOCATIONS, unit=u)
    heavy.build(r.adj, r.side, unit=u, nation=order.nation, sp=order.sp, reps=order.reps)


def motorized_withdrawal(r: Ruling, order: MotorizedWithdrawal) -> None:
    u, sp = order.unit, order.sp
    own_unit(r, u)
    if sp < 0:
        raise Reject("bad_amount", "The SPs left are zero or more.", motorized.CITE)
    if motorized.withdrawal(r.adj, u):
        claims.open_claim(r.adj, r.seat, "rep_credit", {"unit": u, "sp": sp}, blocks=(),
                          predicate=f"{u} broke down with {sp} SP left: {sp} Infantry REPs",
                          keep={"ledger": ledgers.rep_ledger("inf", nation(r.state, u))})


def convert_territorial(r: Ruling, order: ConvertTerritorial) -> None:
    u, inf, art = order.unit, order.infantry_sp, order.artillery_sp
    territorials.check(r.state, u)
    if inf < 0 or art < 0 or inf + art < 1:
        raise Reject("bad_amount", "Give the division's personnel and cadre SPs and its artillery SPs (6.24).", territorials.CITE)
    r.adj.emit(TerritorialConverted(unit=u, cite=(territorials.CITE,)))
    claims.open_claim(r.adj, r.seat, "rep_credit", {"unit": u, "credits": {"rep_inf": inf, "rep_da": art}}, blocks=(),
                      predicate=f"{u} taken as replacements: {inf} Infantry and {art} Direct Artillery REPs", keep={"ledger": "rep_inf"})
