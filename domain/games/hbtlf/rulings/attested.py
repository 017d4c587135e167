"""Orders for what the Standard Rules decide (movement, combat, control, victory claims, Prisoner
Points, unit activities): checked where the Exclusive Rules say something, then opened as claims for
the other seat to attest (ledger mode)."""
from __future__ import annotations

import msgspec

from domain.kernel.commands import Reject
from domain.kernel.seats import can_see, seat_viewer

from domain.games.hbtlf import allied_fortress_formations, belgian_depot, belgium, offmap_march, british_belgian, cite, claims, doctrine, fortress_formations, hexes, paris_army
from domain.games.hbtlf.model import State2
from domain.games.hbtlf.orders import ClaimBritishBelgianPoints, ClaimControl, ClaimPrisoners, ClaimVictoryPoints, DeclareActivity, DeclareMoves, ReportCombat
from domain.games.hbtlf.rulings.context import Ruling, may_move, own_unit, unit_nation


def declare_moves(r: Ruling, order: DeclareMoves) -> None:
    moves = order.moves
    claims.check_moves(r.state, r.sc, r.side, moves)
    belgium.check_moves(r.state, r.pack, moves)
    fortress_formations.check_moves(r.state, r.pack, r.sc, moves)
    paris_army.check_moves(r.state, r.pack, moves)
    if isinstance(r.state, State2):
        allied_fortress_formations.check_moves(r.state, moves)  # 12.42, @2
        belgian_depot.check_moves(r.state, moves)  # 12.61C, @2
    for m in moves:
        may_move(r.state, r.sc, m.unit)
        if isinstance(r.state, State2) and m.unit in r.state.off_map:
            raise Reject("off_map", f"{m.unit} is off the map: it comes back by claim_map_reentry (7.4).", offmap_march.CITE, unit=m.unit)
    claims.open_claim(r.adj, r.seat, "moves", {"moves": msgspec.to_builtins(moves)}, blocks=tuple(m.unit for m in moves),
                      predicate=f"{r.seat} moved {len(moves)} unit(s) as declared")


def report_combat(r: Ruling, order: ReportCombat) -> None:
    g, a, fr, f, elim = order.german_sp, order.allied_sp, order.french_sp, order.allied_fortress_sp, order.eliminated
    if min(g, a, f, fr) < 0 or fr > a:
        raise Reject("bad_losses", "Losses are counts of strength points, never negative; the French SP are part of the Allied SP.",
                     cite.COMBAT)
    for u in elim:
        if u not in r.state.positions or u in r.state.eliminated:
            raise Reject("unknown_unit", f"No unit {u!r} in play to eliminate.", cite.UNIT_LOCATIONS, unit=u)
        waiting = claims.blocking(r.state, u)
        if waiting is not None and not (waiting.hidden and not can_see(waiting.visibility, seat_viewer(r.seat))):
            # a move hidden from this seat (12.71) must not show through a refusal: the combat claim is
            # taken, and the hidden move, if confirmed later, is moot for an eliminated unit
            raise Reject("pending_attestation", f"{u!r} waits for attestation {waiting.id!r}.", cite.LEDGER_MODE, unit=u)
    payload: dict = {"german_sp": g, "allied_sp": a, "french_sp": fr, "allied_fortress_sp": f, "eliminated": list(elim)}
    bb = order.british_belgian_sp
    if isinstance(r.state, State2) and british_belgian.in_play(r.state.core.options):
        if not 0 <= bb <= g:
            raise Reject("bad_losses", "The German SP British or Belgian units destroyed are part of the German SP lost (13.x7 C).",
                         british_belgian.CITE)
        payload["british_belgian_sp"] = bb
    elif bb:
        raise Reject("no_separate_player", "No separate British and Belgian player keeps points in this game (option british_belgian_player).",
                     british_belgian.CITE)
    claims.open_claim(r.adj, r.seat, "combat", payload,
                      blocks=tuple(elim), predicate=f"combat: German lost {g} SP, Allied {a} SP (+{f} fortress SP)"
                      + (f", {bb} of the German SP by British or Belgian units" if bb else ""))


def claim_british_belgian_points(r: Ruling, order: ClaimBritishBelgianPoints) -> None:
    if r.side != "allied" or not british_belgian.in_play(r.state.core.options):
        raise Reject("no_separate_player", "Only a separate British and Belgian player (option british_belgian_player, the Allied seat) "
                     "claims these points (13.x7 C).", british_belgian.CITE)
    pts = british_belgian.claim_points(r.pack, r.sc, order.item, order.count)
    claims.open_claim(r.adj, r.seat, "bb_points", {"item": order.item, "count": order.count}, blocks=(),
                      predicate=f"British and Belgian player: {order.count} x {order.item.replace('_', ' ')} = {pts:g} VP")


def claim_victory_points(r: Ruling, order: ClaimVictoryPoints) -> None:
    pts, reason = order.points, order.reason
    if not pts > 0 or not reason.strip():
        raise Reject("bad_points", "Claim more than zero points and say what for (the scenario's victory conditions).", cite.VICTORY)
    claims.open_claim(r.adj, r.seat, "vp", {"points": pts, "reason": reason}, blocks=(),
                      predicate=f"{r.side} scores {pts:g} VP: {reason}")


def claim_prisoners(r: Ruling, order: ClaimPrisoners) -> None:
    if order.points < 1:
        raise Reject("bad_points", "Claim at least one Prisoner Point.", claims.KIND_CITES["pp"])
    claims.open_claim(r.adj, r.seat, "pp", {"points": order.points}, blocks=(), predicate=f"{r.side} gained {order.points} Prisoner Points")


def claim_control(r: Ruling, order: ClaimControl) -> None:
    h, place = order.hex, order.place
    if not hexes.is_hex(h):
        raise Reject("bad_hex", f"{h!r} is not a hex id: W or E, a colon and four digits.", cite.UNIT_LOCATIONS)
    claims.open_claim(r.adj, r.seat, "control", {"hex": h, "place": place}, blocks=(),
                      predicate=f"{r.side} controls {h}" + (f" ({place})" if place else ""))


def declare_activity(r: Ruling, order: DeclareActivity) -> None:
    """An activity the nations' doctrines restrict (11.x, 12.x): the umpire checks the doctrine, the players attest the rest."""
    u = order.unit
    own_unit(r, u)
    used = doctrine.check(r.state, r.pack, nation=unit_nation(r.state, r.side, u), activity=order.activity, balloon=order.balloon,
                          exception=order.exception)
    claims.open_claim(r.adj, r.seat, "activity", {"activity": order.activity, "unit": u, "balloon": order.balloon, "exception": used},
                      blocks=(), predicate=f"{u}: {order.activity.replace('_', ' ')}" + (f" ({used})" if used else ""))
