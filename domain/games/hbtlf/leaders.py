"""Leaders the Exclusive Rules replace or promote (pack table `leaders`):

- 11.12: at the start of Game-Turn 6 Falkenhayn replaces Moltke (OHL) and Einem replaces Hausen
  (Third Army), unless a hex of Paris is German controlled by then; control is attested
  (`claim_control`), Paris is W:5321 (3.22) or a hex the confirmed claim names as Paris.
- 12.12: a French replacement leader replaces a leader with the same formation identifier, from
  GT2 (Mondesir, Gallieni) or GT10 (Petain, once d'Urbal is promoted away from XXXIII Corps).
- 12.13, 12.15: Foch, Maud'huy, Bidon and d'Urbal may be promoted (Foch to NINTH, then to Army Group
  North on GT10).
- 12.14: from GT2 Ruffey (THIRD) and Lanrezac (FIFTH) may give way to Sarrail and d'Esperey.

Which leader stands where is on the charts and the map (attested); the umpire keeps who replaced
or was promoted, once each, and when."""
from __future__ import annotations

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject

from domain.games.hbtlf import cite, leader_arrivals, paris_orders
from domain.games.hbtlf.effects_armed_forces import (
    LeaderPromoted, LeaderReplaced, LeaderReplacementWithheld, ParisEntrenchmentsRaised,
)
from domain.games.hbtlf.model import version
from domain.games.hbtlf.tables import chart

GERMAN = cite.rule("11.12 Leader Replacement", 557, 557)
REPLACEMENT = cite.rule("12.12 French Replacement Leaders", 809, 809)
PROMOTED = cite.rule("12.13 French Promoted Leaders", 813, 813)
REPLACEMENT_PROMOTED = cite.rule("12.14 French Replacement Promoted Leaders", 819, 819)
FOCH = cite.rule("12.15 The French Leader Foch", 825, 825)
PARIS = "Paris"


def _cite(row_key: str, row: dict):
    return {"automatic": GERMAN, "replacement": REPLACEMENT, "replacement_promoted": REPLACEMENT_PROMOTED}.get(
        row["kind"], FOCH if row_key == "Foch (NORTH)" else PROMOTED)


def paris_german(state, pack) -> str | None:
    """A hex of Paris the Germans control by a confirmed claim, if any."""
    paris = pack.extra["places"][PARIS]["hex"]
    return next((h for h, (side, place) in sorted(state.control.items()) if side == "german" and (h == paris or place == PARIS)), None)


def strategic_phase(adj: Adjudication, pack, gt: int) -> None:
    for name, row in chart(pack, "leaders").items():
        if row["kind"] != "automatic" or row["from_gt"] != gt or name in adj.state.leaders_in:
            continue
        held = paris_german(adj.state, pack)
        if held:
            adj.emit(LeaderReplacementWithheld(by=name, replaces=row["replaces"], reason=f"{held} of Paris is German controlled", cite=(GERMAN,)))
        else:
            adj.emit(LeaderReplaced(out=row["replaces"], by=name, formation=row["formation"], automatic=True, cite=(GERMAN,)))


def replace(adj: Adjudication, pack, side: str, *, leader: str, formation: str, by: str) -> None:
    rows = chart(pack, "leaders")
    row = rows.get(by)
    s = adj.state
    gt = s.core.clock.turn
    if row is None or row["kind"] not in ("replacement", "replacement_promoted") or row["side"] != side:
        names = [k for k, r in rows.items() if r["kind"] in ("replacement", "replacement_promoted") and r["side"] == side]
        raise Reject("not_a_replacement_leader", f"{side} replacement leaders are {', '.join(names) or 'none (11.12 replaces the German ones)'}.",
                     GERMAN if side == "german" else REPLACEMENT)
    why = _cite(by, row)
    if by in s.leaders_in:
        raise Reject("leader_in_play", f"{by} has already replaced a leader.", why)
    if leader in s.leaders_out:
        raise Reject("leader_out_of_play", f"{leader} has already been replaced.", why)
    if gt < row["from_gt"]:
        raise Reject("too_early", f"{by} is available from Game-Turn {row['from_gt']}.", why, first_gt=row["from_gt"])
    if row.get("after") and row["after"] not in s.promotions:
        raise Reject("not_yet_available", f"{by} enters play only after {row['after']} is promoted (12.12).", why)
    if row["kind"] == "replacement_promoted":
        if leader != row["replaces"]:
            raise Reject("not_eligible", f"{by} replaces {row['replaces']} ({row['to']}) only (12.14).", why)
        formation = row["to"]
    elif formation != row["formation"]:
        raise Reject("not_eligible", f"{by} ({row['formation']}) replaces only a leader with the same formation identifier, not {formation!r} (12.12).", why)
    if version(s) >= 2:
        leader_arrivals.check_cap(s)  # 12.1: two new leaders an impulse
    adj.emit(LeaderReplaced(out=leader, by=by, formation=formation, automatic=False, cite=(why,)))
    if version(s) >= 2 and by == paris_orders.GALLIENI:  # 12.45D
        adj.emit(ParisEntrenchmentsRaised(value=paris_orders.ENTRENCHMENTS_AFTER, cite=(paris_orders.ENTRENCHMENTS,)))


def promote(adj: Adjudication, pack, side: str, leader: str, sc=None) -> None:
    s = adj.state
    gt = s.core.clock.turn
    rows = [(k, r) for k, r in chart(pack, "leaders").items() if r["kind"] == "promoted" and r["side"] == side and r.get("leader", k) == leader]
    if not rows:
        raise Reject("not_promotable", f"{leader} is not a leader the Exclusive Rules promote (12.13: Foch, Maud'huy, Bidon, d'Urbal).", PROMOTED)
    now = s.promotions.get(leader)
    step = next(((k, r) for k, r in rows if (now is None and r.get("leader") is None) or (now == r["formation"])), None)
    if step is None:
        raise Reject("already_promoted", f"{leader} commands {now}: no further promotion.", PROMOTED)
    key, row = step
    if gt < row["from_gt"]:
        raise Reject("too_early", f"{leader} is promoted to {row['to']} from Game-Turn {row['from_gt']}.", _cite(key, row), first_gt=row["from_gt"])
    if leader in s.leaders_out:
        raise Reject("leader_out_of_play", f"{leader} has been replaced.", _cite(key, row))
    if version(s) >= 2:
        if sc is not None and leader_arrivals.must_be_placed(s, pack, sc, leader):
            raise Reject("not_in_play", f"{leader} enters as a reinforcement leader: place him first (place_leader, 12.11, 12.13).",
                         leader_arrivals.REINFORCEMENT)
        leader_arrivals.check_cap(s)  # 12.1: two new leaders an impulse
    adj.emit(LeaderPromoted(leader=leader, frm=row["formation"], to=row["to"], cite=(_cite(key, row),)))
