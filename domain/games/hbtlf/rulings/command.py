"""Command orders: Mission Orders, Command Counters on the charts (13.03), the Schlieffen Plan's early
release (11.51), the strategic plans' abandonment (11.5, 12.2), and leaders replaced or promoted (11.12,
12.12-12.15)."""
from __future__ import annotations

from domain.kernel.commands import Reject

from domain.games.hbtlf import attachment, bulow, cite, claims, isolation, leader_arrivals, leaders, plans
from domain.games.hbtlf.orders import AbandonPlan, ClaimIsolation, ClaimIsolationEnded, ClaimNoPursuit, AttachFormation, ClaimEarlyRelease, DeclareMission, PlaceLeader, PromoteLeader, ReplaceLeader
from domain.games.hbtlf.model import State2, version
from domain.games.hbtlf.rulings.context import Ruling


def declare_mission(r: Ruling, order: DeclareMission) -> None:
    army, mission = order.army, order.mission
    if r.state.army_sides.get(army) != r.side:
        raise Reject("unknown_army", f"{r.side} has no army chart {army!r}.", cite.UNIT_LOCATIONS)
    if mission not in claims.MISSIONS:
        raise Reject("bad_mission", f"Mission Orders are {', '.join(claims.MISSIONS)}.", claims.KIND_CITES["mission"])
    refusal = plans.mission_allowed(r.state, r.sc, army, mission)
    if refusal is not None:
        raise Reject(refusal[0], refusal[1], refusal[2])
    if version(r.state) >= 2 and bulow.required(r.state, army):
        if order.bulow not in claims.MISSIONS:
            raise Reject("bulow_first", f"An order to the {army} is first given to Bulow (Second Army): name the Mission Order he passed on "
                         f"(bulow: one of {', '.join(claims.MISSIONS)}) (11.11).", bulow.CITE)
        claims.open_claim(r.adj, r.seat, "mission", {"army": army, "mission": mission, "bulow": order.bulow}, blocks=(army,),
                          predicate=f"{army} received the Mission Order {mission}, through Bulow, who passed on {order.bulow}")
        r.adj.cite(bulow.CITE)
        return
    claims.open_claim(r.adj, r.seat, "mission", {"army": army, "mission": mission}, blocks=(army,),
                      predicate=f"{army} received the Mission Order {mission}")


def attach_formation(r: Ruling, order: AttachFormation) -> None:
    f, to, under = order.formation, order.chart, order.corps
    checked = attachment.check(r.state, r.pack, r.sc, r.side, f, to, under)
    claims.open_claim(r.adj, r.seat, attachment.KIND, {"formation": f, "chart": to, "corps": under}, blocks=(),
                      predicate=f"{f} placed on the {to} Chart" + (f" attached to {under}" if under else ""))
    r.adj.cite(*checked)


def claim_early_release(r: Ruling, order: ClaimEarlyRelease) -> None:
    if r.side != "german" or r.state.core.clock.turn > 1:
        raise Reject("not_applicable", "Only the German player claims an early release, in GT O and GT1 (11.51).", cite.SCHLIEFFEN_GT0)
    claims.open_claim(r.adj, r.seat, "early_release", {"condition": order.condition}, blocks=("early_release",),
                      predicate=f"Schlieffen early release: {order.condition}")


def abandon_plan(r: Ruling, order: AbandonPlan) -> None:
    plans.abandon(r.adj, r.sc, r.side, order.plan)


def replace_leader(r: Ruling, order: ReplaceLeader) -> None:
    leaders.replace(r.adj, r.pack, r.side, leader=order.leader, formation=order.formation, by=order.by)


def promote_leader(r: Ruling, order: PromoteLeader) -> None:
    leaders.promote(r.adj, r.pack, r.side, order.leader, r.sc)


def place_leader(r: Ruling, order: PlaceLeader) -> None:
    leader_arrivals.place(r.adj, r.pack, r.side, order.leader, order.formation)


def claim_isolation(r: Ruling, order: ClaimIsolation) -> None:
    assert isinstance(r.state, State2)  # an @2 order (rulings.V2)
    isolation.check_claim(r.state, order.hq, order.army, order.nation)
    claims.open_claim(r.adj, r.seat, "isolation", {"hq": order.hq, "army": order.army, "nation": order.nation}, blocks=(order.army,),
                      predicate=f"{order.hq} (of the {order.army}) is isolated in {order.nation}")


def claim_isolation_ended(r: Ruling, order: ClaimIsolationEnded) -> None:
    assert isinstance(r.state, State2)
    isolation.check_ended(r.state, order.army, order.reason)
    claims.open_claim(r.adj, r.seat, "isolation_ended", {"army": order.army, "reason": order.reason}, blocks=(order.army,),
                      predicate=f"{order.army}: {isolation.ENDED[order.reason]}")


def claim_no_pursuit(r: Ruling, order: ClaimNoPursuit) -> None:
    if r.side != "allied":
        raise Reject("not_applicable", "12.52E frees the Allied player's armies.", isolation.NO_PURSUIT)
    isolation.check_no_pursuit(r.state, order.army)
    claims.open_claim(r.adj, r.seat, "no_pursuit", {"army": order.army}, blocks=(order.army,),
                      predicate=f"all units of the {order.army} are more than 3 hexes from every German infantry corps (12.52E)")
