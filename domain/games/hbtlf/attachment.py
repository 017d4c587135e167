"""Command Counters placed on the charts' Command Tracks (13.03), within the tracks' capacities (5.2)
and, for the Germans, the Schlieffen Plan's attachment restrictions (11.56).

5.2: an Independent Formations track holds at most 20 counters on a Strategic Chart (or the
scenario's own figure, 13.x2), 10 on an Army Chart, 7 on an Army Detachment Chart; corps only as
many as the chart has corps tracks (pack `chart_capacity`, inferred where the charts are not in the
text: the ruling cites the datum). A set-up that prints more than a track holds stays as printed;
nothing more is placed on that track until it has room.

11.56, while the Schlieffen Plan is in force: no German formation attaches to an army it did not
start the Opening Game Turn with (Scenario 7's charts, the campaign from GT O; a scenario starting
later reads them as inferred), and all army detachments together hold at most five corps (counted
without what is attached to them), six divisions and ten brigades."""
from __future__ import annotations

import json

from domain.kernel.citation import Citation, PackDatum
from domain.kernel.commands import Reject

from domain.games.hbtlf import charts, cite, plans
from domain.games.hbtlf.model import State
from domain.games.hbtlf.tables import chart as table

CAPACITY = cite.rule("5.2 Chart Independent Formation Capacities", 253, 257)
RESTRICTIONS = cite.rule("11.56 Strategic Plan Attachment Restrictions", 652, 652)
CAMPAIGN = "7"  # the scenario whose charts are the Opening Game Turn's (13.7: GT O to GT13, both maps)
KIND = "attach"


def confirmed_and_pending(state: State, exclude: str = "") -> tuple[tuple[str, str, str], ...]:
    """The confirmed attachments, then the claimed ones not yet settled (a track counts what is claimed for it)."""
    pending = []
    for a in state.core.attestations.values():
        if a.id != exclude and a.state in ("open", "asserted", "disputed") and state.claims.get(a.id, {}).get("kind") == KIND:
            v = json.loads(a.value)
            pending.append((v["formation"], v["chart"], v.get("corps", "")))
    return state.attachments + tuple(pending)


def capacity(pack, sc, c: charts.Chart) -> tuple[tuple[int, tuple[Citation, ...]], tuple[int, tuple[Citation, ...]]]:
    """(independent formations, what the figure rests on), (corps, what it rests on) the chart holds."""
    row = table(pack, "chart_capacity")[c.kind]
    if c.kind == "strategic":
        own = sc.options.get("strategic_chart", {}).get(c.side)
        if own is not None:
            printed = (cite.rule(f"13.{sc.id}2 Strategic Chart Information", *sc.options["charts"]["lines"]),)
            return (int(own["independent"]), printed), (int(own["corps"]), printed)
        return ((int(row["independent"]), (CAPACITY,)),
                (int(row[f"corps_{c.side}"]), (CAPACITY, PackDatum(key=f"table:chart_capacity:strategic.corps_{c.side}", provenance="inferred"))))
    return (int(row["independent"]), (CAPACITY,)), (int(row["corps"]), (CAPACITY, PackDatum(key=f"table:chart_capacity:{c.kind}.corps", provenance="inferred")))


def opening_army(pack, sc, formation: str) -> tuple[str | None, tuple[Citation, ...]]:
    """The German army whose chart held the formation at the start of the Opening Game Turn."""
    source = sc.id if sc.start.turn == 0 and sc.id in (CAMPAIGN, "8") else CAMPAIGN
    k = charts.key(formation)
    found = next((c.name for c in charts.read(pack, source)[0] if c.side == "german" and c.kind == "army"
                  and k in charts.holdings(pack, source, ())[c.name].keys()), None)
    basis: tuple[Citation, ...] = (cite.rule("13.73 Army Charts", 2206, 2285),)
    if source != sc.id:
        basis += (PackDatum(key=f"scenario:{CAMPAIGN}", provenance="inferred"),)
    return found, basis


def _refuse(code: str, message: str, basis: tuple[Citation, ...], **details) -> Reject:
    """A refusal citing its rule, and naming the unprinted pack data it rested on (`reconstructed`)."""
    data = [f"{c.key} ({c.provenance})" for c in basis if isinstance(c, PackDatum)]
    rule = next(c for c in basis if not isinstance(c, PackDatum))
    return Reject(code, message, rule, **details, **({"reconstructed": data} if data else {}))


def check(state: State, pack, sc, side: str, formation: str, to: str, corps: str, *, exclude: str = "") -> tuple[Citation, ...]:
    """Refuse an attachment the Exclusive Rules forbid; the citations it was checked with."""
    hold = charts.holdings(pack, sc.id, confirmed_and_pending(state, exclude))
    target = hold.get(to)
    if target is None or target.chart.side != side:
        raise Reject("unknown_chart", f"{side} has no chart {to!r} in this scenario: {', '.join(n for n, h in hold.items() if h.chart.side == side)}.",
                     charts.CHARTS_CITE)
    k, big = charts.key(formation), charts.size(formation) == "corps"
    if corps and big:
        raise Reject("corps_to_corps", "A corps has a corps track of its own; divisions and brigades attach to corps (13.02).", charts.CHARTS_CITE)
    if corps and charts.key(corps) not in target.corps:
        raise Reject("unknown_corps", f"No corps {corps!r} on the {to} Chart.", charts.CHARTS_CITE)
    if (k in target.independent and not corps) or (k in target.corps) or (corps and k in target.attached.get(charts.key(corps), {})):
        raise Reject("already_there", f"{formation!r} is already there on the {to} Chart.", charts.CHARTS_CITE)
    used: tuple[Citation, ...] = (charts.cite_of(target.chart),)
    if not corps:
        (independent, if_basis), (corps_tracks, corps_basis) = capacity(pack, sc, target.chart)
        basis = corps_basis if big else if_basis
        used += basis
        if big and len(target.corps) >= corps_tracks:
            raise _refuse("chart_full", f"The {to} Chart's {corps_tracks} corps tracks are taken ({len(target.corps)}) (5.2).", basis,
                          chart=to, track="corps", capacity=corps_tracks)
        if not big and len(target.independent) >= independent:
            raise _refuse("chart_full", f"The {to} Chart's Independent Formations track holds {independent} Command Counters and has "
                          f"{len(target.independent)} (5.2).", basis, chart=to, track="independent", capacity=independent)
    if side == "german" and plans.in_force(state, sc, "schlieffen") and target.chart.kind != "strategic":
        used += _restrictions(pack, sc, hold, formation, target, corps)
    return used


def _restrictions(pack, sc, hold: dict[str, charts.Holding], formation: str, target: charts.Holding, corps: str) -> tuple[Citation, ...]:
    if target.chart.kind == "army":
        army, basis = opening_army(pack, sc, formation)
        if army != target.chart.name:
            started = f"started the Opening Game Turn with the {army}" if army else "started the Opening Game Turn with no army"
            raise _refuse("not_opening_army", f"{formation!r} {started}; until the Schlieffen Plan is abandoned (11.55) no German formation "
                          f"attaches to an army it did not start with (11.56).", (RESTRICTIONS,) + basis, army=army or "")
        return (RESTRICTIONS,) + basis
    limits = table(pack, "attachment_limits")["german_army_detachments"]
    counts = {"corps": 0, "division": 0, "brigade": 0}
    for h in hold.values():
        if h.chart.side == "german" and h.chart.kind == "army_detachment":
            for token in list(h.independent.values()) + list(h.corps.values()) + [t for a in h.attached.values() for t in a.values()]:
                if charts.key(token) != charts.key(formation) and charts.key(token) not in h.attached.get(charts.key(formation), {}):
                    # moving between detachments adds nothing
                    counts[charts.size(token)] = counts.get(charts.size(token), 0) + 1
    k = charts.key(formation)
    carried = [formation] + next((list(h.attached.get(k, {}).values()) for h in hold.values() if k in h.corps), [])  # a corps brings its own
    adding: dict[str, int] = {}
    for token in carried:
        adding[charts.size(token)] = adding.get(charts.size(token), 0) + 1
    for s, n in adding.items():
        if s in limits and counts.get(s, 0) + n > int(limits[s]):
            raise Reject("detachments_full", f"The army detachments hold {counts[s]} German {s}-sized formations and this would add {n}; before "
                         f"the Schlieffen Plan is abandoned they hold at most 5 corps (without what is attached), 6 divisions and 10 brigades (11.56).",
                         RESTRICTIONS, size=s, limit=int(limits[s]), held=counts[s])
    return (RESTRICTIONS,)
