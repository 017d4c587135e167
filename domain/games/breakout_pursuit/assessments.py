"""What an order would meet if submitted now (`Ruleset.assess`, `GET /legal?assess=true`), each
computed by the functions that rule the order, so an assessment is the ruling's own judgement made
early (issue 16, item 6):

- an attack: strengths, odds and each die face's result (combat.forecast; Combat G, the CRT);
- a retreat answer: each unit's neighbouring hexes, refused with the reason or a candidate with its
  closeness to the side's source of supply (retreat.plan and retreat.weighed, as the ruling and
  its `bp.retreat_weighed` record; Retreat and Advance J, ZOC L, Stacking M);
- a Supply Judgement (O09): each judged unit's state, path length, source and path, and the Supply
  units the judgement expends (supply.judgement and supply.routes, as `bp.supply_judged` and
  `bp.supply_routes`; Supply A-G, J);
- a defensive supply answer (O21): the attacked defenders' supply once the Supply unit named is
  traced to, as the attack would then be resolved (supply.paths, as supply.defender_states; Supply H).

Airdrops have nothing to weigh: a Paratroop unit lands on the hex the Allied player names, the Real
Airdrop Zone marker's or one next to it (Paratroop B, L414), with no scatter and no die.
Supply, retreats and combat are public in this game: nothing here is hidden from the seat.
"""
from __future__ import annotations

from domain.games.breakout_pursuit import combat, results, retreat, supply, supply_defence
from domain.games.breakout_pursuit.model import ALLIED, State
from domain.games.breakout_pursuit.orders import Attack, DefensiveSupply, JudgeSupply, Retreat
from domain.kernel.assessment import AnyAssessment, RetreatAssessment, RetreatWeighing, SupplyAssessment, SupplyTrace
from domain.kernel.commands import Order, Reject


def assess(state: State, data, seat: str, order: Order) -> AnyAssessment | None:
    match order:
        case Attack():
            return combat.forecast(state, data, order)
        case Retreat():
            return retreat_answer(state, data, seat, order)
        case JudgeSupply():
            return supply_judgement(state, data, seat, order)
        case DefensiveSupply():
            return defensive_supply(state, data, seat, order)
    return None


def retreat_answer(state: State, data, seat: str, order: Retreat) -> RetreatAssessment | None:
    """A retreat answer to the open decision as results.apply_retreat would rule it (None if it
    answers no open retreat decision or breaks the retreat rules)."""
    frame, c, step = combat.decision(state, seat)
    if frame is None or order.frame != frame.id or results.FRAME_OF[step] != "retreat":
        return None
    try:
        plan = retreat.plan(state, data, results.retreaters(state, c, step), order.moves)
    except retreat.RetreatError:
        return None
    metric = state.core.options.get("retreat_closest_metric", "supply_path")
    return RetreatAssessment(metric=metric, units=tuple(RetreatWeighing(**w) for w in retreat.weighed(state, data, plan)))


def supply_judgement(state: State, data, seat: str, order: JudgeSupply) -> SupplyAssessment | None:
    """The Allied Supply Judgement with the Supply units named, as supply.judge would rule it."""
    if state.core.top() is not None or state.core.clock.phase != "supply":
        return None
    try:
        supply.check(state, seat, order)
    except Reject:
        return None
    traces, traced = supply.judgement(state, data, ALLIED, order.use)
    return _assessment(state, data, traces, tuple(traced))


def defensive_supply(state: State, data, seat: str, order: DefensiveSupply) -> SupplyAssessment | None:
    """The attacked defenders' supply once the Supply unit named (or none) is traced to: the states
    the held attack is resolved with (supply.defender_states, State.traced grown by the answer)."""
    frame = supply_defence.open_frame(state, seat)
    if frame is None or order.frame != frame.id or supply_defence.answer_problem(frame.prompt, order) is not None:
        return None
    defenders = {u.id for u in state.defenders_at(frame.prompt["attack"]["hex"], ALLIED)}
    fresh = (order.unit,) if order.unit is not None and order.unit not in state.traced else ()
    traces = {u: t for u, t in supply.paths(state, data, ALLIED, use=(*state.traced, *fresh)).items() if u in defenders}
    return _assessment(state, data, traces, fresh)


def _assessment(state: State, data, traces: dict[str, supply.Trace], expended: tuple[str, ...]) -> SupplyAssessment:
    found, isolated = supply.routes(state, data, ALLIED, traces)
    return SupplyAssessment(side=ALLIED, expended=expended, units={
        u: SupplyTrace(state=t.state, length=t.length, source=t.source, path=found.get(u, ()), why=isolated.get(u, ""))
        for u, t in traces.items()})
