"""The Strategic Chart's tracks as ledgers (2.1 rail capacity, 6.21-6.23 replacements, Prisoner
Points): credited in the Strategic Phase, debited by the players' requests, never below zero and
never above a cap. Ledger names: `rail`, `rep_inf`/`rep_da`/`rep_spec` (REP Accumulated),
`rep_inf_used`/... (REP Used), `pp`, `air_replacements`; owners are the sides."""
from __future__ import annotations

from typing import Any

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.core import Ledger
from domain.kernel.effects import LedgerPosted

from domain.games.hbtlf import cite
from domain.games.hbtlf.tables import chart

KINDS = ("inf", "da", "spec")


def initial(sc, options: dict[str, Any]) -> dict[str, Ledger]:
    """The set-up markers of the Strategic Charts (13.x2) and the starting Game-Turn's Rail Points."""
    o = sc.options
    out: dict[str, Ledger] = {}
    for side in ("german", "allied"):
        m = o.get("markers", {}).get(side)
        if isinstance(m, dict):
            for k in KINDS:
                out[f"rep_{k}:{side}"] = Ledger(balance=m[k][0])
                out[f"rep_{k}_used:{side}"] = Ledger(balance=m[k][1])
            out[f"pp:{side}"] = Ledger(balance=m["pp"])
        rp = rail_points(sc, options, side, sc.start.turn)
        out[f"rail:{side}"] = Ledger(balance=rp, cap=rp)
        if o.get("replacements", {}).get("basis") == "total":
            rep = o["replacements"][side]
            for k in KINDS:
                key = f"rep_{k}:{side}"
                out[key] = Ledger(balance=out.get(key, Ledger()).balance + rep[k])
    return out


def rail_points(sc, options: dict[str, Any], side: str, gt: int) -> int:
    rp = sc.options.get("rail_points", {})
    lo, hi = rp.get("gts", (sc.start.turn, sc.end.turn))
    if not lo <= gt <= hi:
        return 0
    if side == "allied" and "allied_printed" in rp:
        return int(options.get("s4_allied_rp", rp["allied"]))
    return int(rp.get(side, 0))


def strategic_phase(adj: Adjudication, pack, sc, gt: int) -> None:
    """Rail Points are a capacity per Game-Turn: what is left expires, the turn's figure is credited.
    REPs per Game-Turn are added to REP Accumulated (6.21); air replacements do not accumulate."""
    o = sc.options
    for side in ("german", "allied"):
        led = adj.core.ledger("rail", side)
        if led.balance:
            adj.emit(LedgerPosted(ledger="rail", owner=side, kind="expire", amount=led.balance, cite=(cite.RAIL,)))
        rp = rail_points(sc, adj.core.options, side, gt)
        adj.emit(LedgerPosted(ledger="rail", owner=side, kind="cap", amount=rp, cite=(cite.RAIL,)))
        if rp:
            adj.emit(LedgerPosted(ledger="rail", owner=side, kind="credit", amount=rp, cite=(cite.RAIL,)))
        rep = o.get("replacements", {})
        if rep.get("basis") == "per_gt":
            for k in KINDS:
                if rep[side][k]:
                    adj.emit(LedgerPosted(ledger=f"rep_{k}", owner=side, kind="credit", amount=rep[side][k], cite=(cite.REPLACEMENTS,)))
        air = _air(pack, side)
        held = adj.core.ledger("air_replacements", side).balance
        if held:
            adj.emit(LedgerPosted(ledger="air_replacements", owner=side, kind="expire", amount=held, cite=(cite.REPLACEMENTS,)))
        if air and rep.get("basis") == "per_gt":
            adj.emit(LedgerPosted(ledger="air_replacements", owner=side, kind="credit", amount=air, cite=(cite.REPLACEMENTS,)))


def _air(pack, side: str) -> int:
    # the Allied seat's French figure (Belgian air units are replaced out of it, 6.21)
    return int(chart(pack, "replacements")["german" if side == "german" else "french"]["air"])


def rep_ledger(kind: str, nation: str = "") -> str:
    """REP ledgers by type; the British keep their own (6.21: British REPs arrive only by the schedule)."""
    return f"rep_{kind}_british" if nation == "british" else f"rep_{kind}"


def use_replacements(adj: Adjudication, side: str, kind: str, amount: int, *, fortress: bool, nation: str = "") -> None:
    if kind not in KINDS:
        raise Reject("bad_replacement_kind", f"REPs are inf, da or spec (6.21), not {kind!r}.", cite.REPLACEMENTS)
    if amount < 1:
        raise Reject("bad_amount", "Use at least one REP.", cite.REP_MARKERS)
    if fortress:
        raise Reject("fortress_no_replacements", "Fortress Class units can never receive REPs (6.21).", cite.REPLACEMENTS)
    ledger = rep_ledger(kind, nation)
    have = adj.core.ledger(ledger, side).balance
    if amount > have:
        whose = "British " if nation == "british" else ""
        raise Reject("insufficient_replacements", f"{side} has {have} {whose}{kind} REPs accumulated, not {amount} (6.23).", cite.REP_MARKERS,
                     available=have)
    adj.emit(LedgerPosted(ledger=ledger, owner=side, kind="debit", amount=amount, cite=(cite.REP_MARKERS,)),
             LedgerPosted(ledger=f"{ledger}_used", owner=side, kind="credit", amount=amount, cite=(cite.REP_MARKERS,)))


def rail_cost(pack, be: int, cavalry_be: int, mp: int) -> int:
    """RP = BE x MP, cavalry BE counting double, plus one logistics BE for the formation (2.2)."""
    r = chart(pack, "rail_rate")["rate"]
    return (be + r["cavalry_be"] * cavalry_be + r["logistics_be"]) * mp


def use_rail(adj: Adjudication, pack, side: str, be: int, cavalry_be: int, mp: int, why=None) -> int:
    if be < 0 or cavalry_be < 0 or mp < 1 or be + cavalry_be < 1:
        raise Reject("bad_rail_move", "A rail move needs at least one BE and one MP.", cite.RAIL_RATE)
    cost = rail_cost(pack, be, cavalry_be, mp)
    have = adj.core.ledger("rail", side).balance
    if cost > have:
        raise Reject("insufficient_rail_points", f"The move costs {cost} RP ((BE + 2 x cavalry BE + 1 logistics) x MP); {side} has {have} "
                     "left this Game-Turn.", cite.RAIL_RATE, cost=cost, available=have)
    adj.emit(LedgerPosted(ledger="rail", owner=side, kind="debit", amount=cost, cite=(cite.RAIL_RATE, cite.RAIL) + ((why,) if why else ())))
    return cost
