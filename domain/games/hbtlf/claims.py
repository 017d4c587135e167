"""What the players attest (ledger mode): moves, combat results, Mission Orders and plan
conditions decided by the Standard Rules, which the umpire cannot compute.

A seat declares; the claim is an attestation already asserted by it, which only the other seat may
confirm or dispute (the kernel refuses a seat confirming its own); a referee settles a dispute,
with the declared value or a counter-proposal of the same kind, or `void` (it did not happen).
Until then the claim blocks only what names its units. A confirmed or settled claim applies as
effects; nothing applies before."""
from __future__ import annotations

import json
from typing import Any

import msgspec

from domain.kernel import attestations
from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import Citation
from domain.kernel.commands import Reject
from domain.kernel.core import Attestation
from domain.kernel.effects import AttestationOpened, LedgerPosted
from domain.kernel.seats import REFEREE

from domain.games.hbtlf import abandonment, attachment, belgian_depot, belgian_waters, belgium, bef, british_belgian, cite, hexes, isolation, offmap_march, paris, paris_orders
from domain.games.hbtlf.effects import (
    BritishBelgianPoints, ClaimOpened, Interned, MapExited, MapReentered, FormationAttached, CombatRecorded,
    ControlRecorded, MissionSet, RepCredited, Released, SupremeHqMoved, UnitsMoved, VictoryPointsRecorded,
)
from domain.games.hbtlf.effects_armed_forces import (
    BefEvacuated, BelgianReleased, GallieniReleased, RiverFlooded, WaterworksDestroyed, IsolationEnded,
    IsolationRecorded, ParisSubstituted, RetireEnded, SubordinatedToGallieni, TaxiLoaded,
)
from domain.games.hbtlf.model import State, State2
from domain.games.hbtlf.orders import MoveDecl

PENDING = ("open", "asserted", "disputed")
VOID = "void"
MISSIONS = ("Advance", "Hold", "Flexible", "Retire")
SUPREME_HQ = {"OHL": "german", "GQG": "allied"}
KIND_CITES: dict[str, Citation] = {"moves": cite.MOVEMENT, "combat": cite.COMBAT, "mission": cite.missing("7.14", "the Mission Order procedure"),
              "early_release": cite.SCHLIEFFEN_GT0, "vp": cite.VICTORY,
              "pp": cite.missing("11.6", "Prisoner Points"), "belgian_release": belgium.RELEASE,
              "offmap_rail": cite.missing("8.24D", "off-map rail movement"), "control": cite.missing("12.0", "hex control"),
              "activity": cite.missing("8.26 and 8.3", "entrenchment and air operations"),
              "rep_credit": cite.rule("4.12 Motorized Unit Breakdown", 219, 221), "bb_points": british_belgian.CITE,
              "isolation": isolation.ISOLATION, "isolation_ended": isolation.ISOLATION, "no_pursuit": isolation.NO_PURSUIT,
              "flooding": belgian_waters.FLOODING, "civic_guard": belgian_depot.CIVIC_GUARD, "waterworks": belgian_waters.WATERWORKS, "map_exit": offmap_march.CITE, "internment": offmap_march.INTERNMENT, "map_reentry": offmap_march.CITE, "paris_substitution": paris_orders.SUBSTITUTION, "taxi": paris_orders.TAXIS, "subordination": paris_orders.SUBORDINATION,
              attachment.KIND: cite.missing("7.1", "command and attachment of formations"),
              bef.EVACUATION_KIND: bef.NAVAL_EVACUATION}


def opponent(state: State, seat: str) -> tuple[str, ...]:
    side = state.core.layout.side_of(seat)
    return tuple(s.id for s in state.core.layout.seats if s.side != side)


def pending(state: State) -> list[Attestation]:
    return [a for a in state.core.attestations.values() if a.state in PENDING]


def blocking(state: State, unit: str) -> Attestation | None:
    return next((a for a in pending(state) if unit in a.blocks), None)


def open_claim(adj: Adjudication, seat: str, kind: str, payload: dict[str, Any], *, blocks: tuple[str, ...], predicate: str,
               keep: dict[str, Any] | None = None) -> str:
    """`keep`: what the umpire computed for the claim and needs when it is settled (off-map rail's RP)."""
    aid = f"{kind}-{adj.command}"
    value = json.dumps(payload, sort_keys=True)
    claim = {"kind": kind, "gt": adj.core.clock.turn, "impulse": adj.core.clock.impulse, "seat": seat, "blocks": list(blocks), **(keep or {})}
    if bef.hides(adj.state, kind, blocks):  # 12.71: the German seat may not read it, so the referee confirms it
        hidden = bef.allied_vis(adj.state)
        a = Attestation(id=aid, predicate=predicate, value_type="str", asserter=seat, confirmers=(REFEREE,),
                        blocks=blocks, state="asserted", value=value, vis=hidden)
        attestations.open_attestation(adj, a, cite=(cite.LEDGER_MODE, KIND_CITES[kind], bef.SECRET_LOCATION))
        adj.emit(ClaimOpened(id=aid, claim=claim, vis=hidden))
        return aid
    a = Attestation(id=aid, predicate=predicate, value_type="str", asserter=seat, confirmers=opponent(adj.state, seat),
                    blocks=blocks, state="asserted", value=value)
    adj.emit(AttestationOpened(attestation=a, cite=(cite.LEDGER_MODE, KIND_CITES[kind])), ClaimOpened(id=aid, claim=claim))
    return aid


def check_moves(state: State, sc, side: str, moves: tuple[MoveDecl, ...]) -> None:
    if not moves:
        raise Reject("no_moves", "Declare at least one move.", cite.LEDGER_MODE)
    bef.check_apart(state, tuple(m.unit for m in moves))
    seen = set()
    for m in moves:
        if m.unit not in state.positions or state.sides.get(m.unit) != side:
            raise Reject("unknown_unit", f"{side} has no unit {m.unit!r} in play.", cite.UNIT_LOCATIONS, unit=m.unit)
        if m.unit in state.eliminated or m.unit in state.withdrawn:
            raise Reject("unit_out_of_play", f"{m.unit!r} is no longer in play.", cite.UNIT_LOCATIONS, unit=m.unit)
        if m.unit in seen:
            raise Reject("unit_twice", f"{m.unit!r} is moved twice in one declaration.", cite.LEDGER_MODE, unit=m.unit)
        seen.add(m.unit)
        if not hexes.is_hex(m.to):
            raise Reject("bad_hex", f"{m.to!r} is not a hex id: the map letter W or E, a colon and four digits, e.g. E:1824.",
                         cite.UNIT_LOCATIONS, unit=m.unit)
        area = sc.options.get("area") or {}
        if area and not hexes.in_area(m.to, area["parts"]):
            raise Reject("outside_area", f"{m.to} is not in play: {area['text']}.", cite.rule(f"13.{sc.id}6 General Information", *area["lines"]),
                         unit=m.unit)


def settle(adj: Adjudication, pack, sc, a: Attestation) -> None:
    """Apply a confirmed or settled claim."""
    state = adj.state
    claim = state.claims.get(a.id)
    if claim is not None and a.value == VOID and claim["kind"] == "offmap_rail" and claim["gt"] == state.core.clock.turn:
        side = state.core.layout.side_of(claim["seat"])  # the voided move's Rail Points come back, this Game-Turn only
        adj.emit(LedgerPosted(ledger="rail", owner=side, kind="credit", amount=int(claim["rp"]), cite=(cite.LEDGER_MODE, cite.RAIL)))
    if claim is None or a.value == VOID:
        return
    try:
        value = json.loads(a.value)
    except (TypeError, ValueError):
        raise Reject("bad_settlement", f"Settle {a.id!r} with the claim's JSON (or a counter-proposal of the same kind) or 'void'.",
                     cite.LEDGER_MODE) from None
    kind = claim["kind"]
    try:
        match kind:
            case "moves" | "offmap_rail":
                # a unit that left play since (withdrawn, eliminated) makes its move moot, not the claim wrong
                moves = tuple(m for m in msgspec.convert(value["moves"], type=tuple[MoveDecl, ...])
                              if m.unit not in state.withdrawn and m.unit not in state.eliminated)
                if not moves:
                    return
                check_moves(state, sc, state.core.layout.side_of(claim["seat"]), moves)
                adj.emit(UnitsMoved(moves=moves, attestation=a.id, cite=(cite.LEDGER_MODE, cite.MOVEMENT),  # evolve marks them moved
                                    vis=bef.vis(state, tuple(m.unit for m in moves))))
                paris.after_moves(adj, pack, moves)
                belgium.after_moves(adj, pack, moves, before=state)
                belgian_waters.after_moves(adj, moves)  # 12.69, @2
                abandonment.check(adj, pack)
                for m in moves:
                    for hq, side in SUPREME_HQ.items():
                        if hq in m.unit and side not in adj.state.hq_moved:
                            adj.emit(SupremeHqMoved(side=side, cite=(cite.INITIATIVE,)))
            case "combat":
                for u in value.get("eliminated", ()):
                    if u not in state.positions:
                        raise Reject("unknown_unit", f"No unit {u!r} to eliminate.", cite.UNIT_LOCATIONS, unit=u)
                if not 0 <= int(value.get("french_sp", 0)) <= int(value["allied_sp"]):
                    raise Reject("bad_losses", "The French SP lost are part of the Allied SP lost.", cite.COMBAT)
                bb = int(value.get("british_belgian_sp", 0))
                if not 0 <= bb <= int(value["german_sp"]):
                    raise Reject("bad_losses", "The German SP British or Belgian units destroyed are part of the German SP lost.", british_belgian.CITE)
                adj.emit(CombatRecorded(gt=claim["gt"], german_sp=int(value["german_sp"]), allied_sp=int(value["allied_sp"]),
                                        french_sp=int(value.get("french_sp", 0)),
                                        allied_fortress_sp=int(value["allied_fortress_sp"]), eliminated=tuple(value.get("eliminated", ())),
                                        attestation=a.id, cite=(cite.LEDGER_MODE, cite.COMBAT)))
                for army, (hq, _) in sorted(adj.state.isolated.items() if isinstance(adj.state, State2) else ()):
                    if hq in value.get("eliminated", ()):  # 12.27: the isolated corps HQ eliminated
                        adj.emit(IsolationEnded(army=army, reason=f"{hq} eliminated", cite=(isolation.ISOLATION,)))
                if bb:
                    adj.emit(BritishBelgianPoints(points=british_belgian.sp_rate(sc) * bb, sp=bb, reason=f"{bb} German SP destroyed by British "
                                                  "or Belgian units", attestation=a.id, cite=(cite.LEDGER_MODE, british_belgian.CITE)))
            case "mission":
                if value["mission"] not in MISSIONS:
                    raise Reject("bad_mission", f"Mission Orders are {', '.join(MISSIONS)}.", KIND_CITES["mission"])
                adj.emit(MissionSet(army=value["army"], mission=value["mission"], cite=(cite.LEDGER_MODE, KIND_CITES["mission"])))
                if isinstance(adj.state, State2) and value["army"] == paris_orders.ARMY and value["mission"] == "Advance" \
                        and adj.state.gallieni_subordinates:  # 12.45C: Advance to Gallieni releases the HQs subordinate to him
                    adj.emit(GallieniReleased(armies=adj.state.gallieni_subordinates, cite=(paris_orders.SUBORDINATION,)))
            case "vp":
                points = float(value["points"])
                if points <= 0:
                    raise Reject("bad_points", "Victory points claimed are more than zero.", cite.VICTORY)
                adj.emit(VictoryPointsRecorded(side=state.core.layout.side_of(claim["seat"]), points=points, reason=str(value["reason"]),
                                               attestation=a.id, cite=(cite.LEDGER_MODE, cite.VICTORY)))
            case "pp":
                pts = int(value["points"])
                if pts <= 0:
                    raise Reject("bad_points", "Prisoner Points claimed are more than zero.", KIND_CITES["pp"])
                adj.emit(LedgerPosted(ledger="pp", owner=state.core.layout.side_of(claim["seat"]), kind="credit", amount=pts,
                                      cite=(cite.LEDGER_MODE, KIND_CITES["pp"], cite.INITIATIVE)))
            case "early_release":
                armies = tuple(sorted({v for u, v in state.armies.items() if state.sides.get(u) == "german"}))
                adj.emit(Released(formations=armies, reason=f"early release attested: {value['condition']}", cite=(cite.SCHLIEFFEN_GT0,)))
            case "control":
                if not hexes.is_hex(str(value["hex"])):
                    raise Reject("bad_hex", f"{value['hex']!r} is not a hex id.", cite.UNIT_LOCATIONS)
                adj.emit(ControlRecorded(hex=str(value["hex"]), side=state.core.layout.side_of(claim["seat"]), place=str(value.get("place", "")),
                                         attestation=a.id, cite=(cite.LEDGER_MODE, KIND_CITES["control"])))
            case "rep_credit":
                side = state.core.layout.side_of(claim["seat"])
                credits = {str(claim["ledger"]): int(value["sp"])} if "sp" in value else {k: int(v) for k, v in value["credits"].items()}
                if any(v < 0 for v in credits.values()):
                    raise Reject("bad_amount", "The SPs are zero or more.", KIND_CITES["rep_credit"])
                for ledger, sp in credits.items():
                    adj.emit(RepCredited(unit=str(value["unit"]), sp=sp, ledger=ledger, attestation=a.id, cite=(cite.LEDGER_MODE, KIND_CITES["rep_credit"])))
                    if sp:
                        adj.emit(LedgerPosted(ledger=ledger, owner=side, kind="credit", amount=sp, cite=(KIND_CITES["rep_credit"], cite.REP_MARKERS)))
            case attachment.KIND:
                side = state.core.layout.side_of(claim["seat"])
                f, to, under = str(value["formation"]), str(value["chart"]), str(value.get("corps", ""))
                used = attachment.check(state, pack, sc, side, f, to, under, exclude=a.id)
                adj.emit(FormationAttached(formation=f, chart=to, corps=under, attestation=a.id, cite=(cite.LEDGER_MODE,) + used))
            case "isolation":
                army = str(value["army"])
                if army not in adj.state.isolated:
                    isolation.check_claim(adj.state, str(value["hq"]), army, str(value["nation"]))
                    adj.emit(IsolationRecorded(army=army, hq=str(value["hq"]), nation=str(value["nation"]), attestation=a.id,
                                               cite=(cite.LEDGER_MODE, isolation.ISOLATION)))
                    adj.emit(MissionSet(army=army, mission="Retire", cite=(isolation.ISOLATION,)))
            case "isolation_ended":
                if str(value["army"]) in adj.state.isolated:
                    isolation.check_ended(adj.state, str(value["army"]), str(value["reason"]))
                    adj.emit(IsolationEnded(army=str(value["army"]), reason=isolation.ENDED[str(value["reason"])], cite=(cite.LEDGER_MODE, isolation.ISOLATION)))
            case "no_pursuit":
                if str(value["army"]) in adj.state.retire:
                    adj.emit(RetireEnded(army=str(value["army"]), reason="no German strategic pursuit (12.52E)", cite=(cite.LEDGER_MODE, isolation.NO_PURSUIT)))
            case "civic_guard":
                sp = int(value["sp"])
                if not 1 <= sp <= belgian_depot.CIVIC_GUARD_SP:
                    raise Reject("bad_amount", "The Civic Guard has 3 SPs at most (12.61D).", belgian_depot.CIVIC_GUARD)
                adj.emit(RepCredited(unit=belgian_depot.CIVIC_GUARD_UNIT, sp=sp, ledger="rep_inf", attestation=a.id,
                                     cite=(cite.LEDGER_MODE, belgian_depot.CIVIC_GUARD)))
                adj.emit(LedgerPosted(ledger="rep_inf", owner="allied", kind="credit", amount=sp, cite=(belgian_depot.CIVIC_GUARD, cite.REP_MARKERS)))
            case "flooding":
                if str(value["river"]) not in adj.state.flooded:
                    adj.emit(RiverFlooded(river=str(value["river"]), unit=str(value["unit"]), attestation=a.id,
                                          cite=(cite.LEDGER_MODE, belgian_waters.FLOODING)))
            case "waterworks":
                if not adj.state.waterworks_destroyed:
                    adj.emit(WaterworksDestroyed(how=f"barrage by {value['artillery']}", cite=(cite.LEDGER_MODE, belgian_waters.WATERWORKS)))
            case "internment":
                u = str(value["unit"])
                if u not in adj.state.withdrawn and u not in adj.state.eliminated:
                    offmap_march.check_internment(adj.state, state.core.layout.side_of(claim["seat"]), u, str(value["where"]))
                    adj.emit(Interned(unit=u, where=str(value["where"]), attestation=a.id, cite=(cite.LEDGER_MODE, offmap_march.INTERNMENT),
                                      vis=bef.vis(adj.state, (u,))))  # 12.71: where a British unit went, while secret
            case "map_exit":
                u = str(value["unit"])
                if u not in state.withdrawn and u not in state.eliminated:
                    offmap_march.check_exit(adj.state, state.core.layout.side_of(claim["seat"]), u, str(value["edge"]))
                    adj.emit(MapExited(unit=u, edge=str(value["edge"]), attestation=a.id, cite=(cite.LEDGER_MODE, offmap_march.CITE),
                                       vis=bef.vis(adj.state, (u,))))  # 12.71: where a British unit went, while secret
            case "map_reentry":
                u = str(value["unit"])
                if u in adj.state.off_map:
                    offmap_march.check_reentry(adj.state, state.core.layout.side_of(claim["seat"]), u, str(value["to"]))
                    adj.emit(MapReentered(unit=u, at=str(value["to"]), attestation=a.id, cite=(cite.LEDGER_MODE, offmap_march.CITE),
                                          vis=bef.vis(adj.state, (u,))))  # 12.71: where a British unit went, while secret
            case "paris_substitution":
                paris_orders.check_substitution(adj.state, str(value["leaving"]), str(value["substitute"]), int(value["sp"]))
                adj.emit(ParisSubstituted(leaving=str(value["leaving"]), substitute=str(value["substitute"]), sp=int(value["sp"]),
                                          attestation=a.id, cite=(cite.LEDGER_MODE, paris_orders.SUBSTITUTION)))
            case "taxi":
                paris_orders.check_taxi(adj.state, str(value["unit"]), int(value["sp"]))
                adj.emit(TaxiLoaded(unit=str(value["unit"]), sp=int(value["sp"]), attestation=a.id, cite=(cite.LEDGER_MODE, paris_orders.TAXIS)))
            case "subordination":
                if str(value["army"]) not in adj.state.gallieni_subordinates:
                    paris_orders.check_subordination(adj.state, str(value["army"]))
                    adj.emit(SubordinatedToGallieni(army=str(value["army"]), attestation=a.id, cite=(cite.LEDGER_MODE, paris_orders.SUBORDINATION)))
            case "bb_points":
                bb_pts = british_belgian.claim_points(pack, sc, str(value["item"]), int(value["count"]))
                adj.emit(BritishBelgianPoints(points=bb_pts, reason=f"{value['count']} x {value['item']}", attestation=a.id,
                                              cite=(cite.LEDGER_MODE, british_belgian.CITE)))
            case bef.EVACUATION_KIND:
                # every BEF unit still in the hex goes, as the umpire keeps the positions now (12.74)
                units = bef.in_hex(state, str(value["hex"]))
                if units:
                    port = bool(value["port"])
                    adj.emit(BefEvacuated(units=units, cadre=bef.cadre(units, port), port=port, attestation=a.id,
                                          cite=(cite.LEDGER_MODE, bef.NAVAL_EVACUATION)))
            case "belgian_release":
                if not adj.state.belgian_released:
                    condition = belgium.CONDITIONS[value["condition"]]
                    adj.emit(BelgianReleased(reason=f"attested: {condition}", cite=(cite.LEDGER_MODE, belgium.RELEASE)))
    except (KeyError, TypeError, ValueError, msgspec.ValidationError) as exc:
        raise Reject("bad_settlement", f"The settled value does not read as a {kind} claim: {exc}", cite.LEDGER_MODE) from None
