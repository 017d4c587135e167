"""The forced defensive trace (Allied Supply H, L368; Supply J, L370; Correction L636; digest SUP-8, O21).

In the German Combat Phase, at each German attack on Allied units, before the die is rolled: an
Allied defender must trace to an Allied Supply unit if (a) the attack against supplied defenders
will be at 1-1 or more (option `defensive_trace_odds`: the odds it is resolved at, a voluntary
reduction included) and (b) a path of eight hexes or less reaches a Supply unit; it need not if
that path is five hexes or more while another source (Cherbourg, Bayeux, an active Pipeline unit,
for UK and Canadian units the Naval Supply unit) is within four. All defenders share the hex, so
one Supply unit serves them all. The Supply unit traced to is expended at the end of that German
Combat Phase (J); until then any later defender may trace to it too, at no further cost
(`State.traced`; supply.defender_states counts it).

The Allied player chooses which Supply unit: when the trace is forced and more than one is in
reach, a decision frame ("defensive_supply") addressed to the Allied seat opens in the middle of
the German attack, holding the attack; his `DefensiveSupply` answer names the unit, and the attack
is then resolved (combat.resolve). One Supply unit in reach, or one already traced to, is used
without asking. When the trace is not forced but a Supply unit would spare a defender the
isolated (halved) defence, the Allied player may trace to one (option `voluntary_defensive_trace`):
an optional frame whose answer may name none.
"""
from __future__ import annotations

from typing import Iterable, NamedTuple

from domain.games.breakout_pursuit import cite, strength, supply
from domain.games.breakout_pursuit.effects import DefensiveSupplyTraced, DefensiveSupplyWeighed, UnitExpended
from domain.games.breakout_pursuit.model import ALLIED, SUPPLIED, State, Unit
from domain.games.breakout_pursuit.orders import Attack, DefensiveSupply
from domain.kernel.commands import Reject
from domain.kernel.search import distances

FRAME = "defensive_supply"
FORCING_ODDS = "1-1"  # "1-1 or greater odds" (H)


class Call(NamedTuple):
    """What Supply H asks of the Allied player at one attack."""

    odds: str  # the attack's odds against supplied defenders
    forced: tuple[str, ...]  # defenders obliged to trace to a Supply unit
    helped: tuple[str, ...]  # defenders a Supply unit would spare the isolated defence
    traced: dict[str, int]  # Supply units already traced to this phase, in reach: path length
    fresh: dict[str, int]  # the other Supply units in reach: path length
    others: dict[str, dict[str, int]]  # each defender judged: its other sources in reach, path length (the exemption's test)

    @property
    def choices(self) -> list[str]:
        return sorted(self.fresh, key=lambda s: (self.fresh[s], s))


def _distances(state: State, data, hex_id: str, limit: int) -> dict[str, int]:
    """Path lengths from the defenders' hex to every hex a path may end at, up to `limit` (Supply A:
    the hex itself may be enemy-controlled; so may a source hex, under supply_source_in_enemy_zoc)."""
    blocked, occupied = supply.blocked(state, data, ALLIED)
    in_zoc_ok = state.core.options.get("supply_source_in_enemy_zoc", True)
    return distances(data.land_graph, (hex_id,), limit=limit, expands=lambda h: h == hex_id or h not in blocked,
                     enters=lambda n: n not in occupied and (n not in blocked or in_zoc_ok))


def _sources(state: State, data) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """The sources of Supply G, each name -> its hex: (the general ones: "cherbourg", "bayeux" and
    active Pipeline units; the Naval Supply unit; the Supply units)."""
    blocked, occupied = supply.blocked(state, data, ALLIED)
    general = {"cherbourg": data.cherbourg, "bayeux": data.bayeux}
    naval: dict[str, str] = {}
    units: dict[str, str] = {}
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.side != ALLIED or u.hex is None:
            continue
        if u.type == "pipeline" and u.active:
            general[u.id] = u.hex
        elif u.type == "naval_supply" and u.active and data.hex_has(u.hex, "coastal") and u.hex not in blocked:
            naval[u.id] = u.hex
        elif u.type == "supply" and supply.usable_supply_unit(state, u.id, data=data):
            units[u.id] = u.hex
    return {n: h for n, h in general.items() if h not in occupied}, naval, units


def call(state: State, data, hex_id: str, defenders: Iterable[Unit], attack: int, requested: str | None) -> Call:
    """Supply H at one attack: pure, from the attack's strength and the defenders in the hex."""
    defenders = list(defenders)
    supplied = {u.id: SUPPLIED for u in defenders}
    defense, _ = strength.defense_strength(state, data, hex_id, defenders, supplied, ALLIED)
    odds = data.crt_table.column(attack, defense)
    if requested and state.core.options.get("defensive_trace_odds", "as_declared") == "as_declared" \
            and data.crt_table.at_most(requested, odds):
        odds = requested
    near, far = (int(data.supply_effects[k]["max_path"]) for k in ("allied_supplied", "allied_unsupplied"))
    dist = _distances(state, data, hex_id, far)
    general, naval, units = _sources(state, data)
    reach = {s: dist[h] for s, h in units.items() if h in dist}
    traced = {s: d for s, d in reach.items() if s in state.traced}
    fresh = {s: d for s, d in reach.items() if s not in state.traced}
    big = data.crt_table.at_most(FORCING_ODDS, odds)
    forced, helped, others = [], [], {}
    for u in defenders:
        if not u.combat_unit or supply.fixed(u, state) is not None:
            continue  # Trucks and paratroops on their drop turn are supplied without a path
        own = {**general, **(naval if u.nat in supply.NAVAL_USERS else {})}
        others[u.id] = {n: dist[h] for n, h in own.items() if h in dist}
        other = min(others[u.id].values(), default=None)
        nearest = min(reach.values(), default=None)
        if big and nearest is not None and not (nearest > near and other is not None and other <= near):
            forced.append(u.id)
        best = min([d for d in (other, *traced.values()) if d is not None], default=None)
        if best is None and fresh:
            helped.append(u.id)
    return Call(odds, tuple(forced), tuple(helped), traced, fresh, others)


def _trace(adj, hex_id: str, sid: str, c: Call, forced: bool) -> None:
    lengths = {**c.traced, **c.fresh}
    defenders = c.forced if forced else c.helped
    rules = (cite.SUPPLY_H, cite.SUPPLY_J, cite.SUPPLY_NOT_REQUIRED, cite.ruling(
        "defensive_trace_odds", adj.state.core.options.get("defensive_trace_odds", "as_declared")))
    if not forced:
        rules += (cite.ruling("voluntary_defensive_trace", True),)
    adj.emit(DefensiveSupplyTraced(hex=hex_id, unit=sid, forced=forced, odds=c.odds,
                                   paths={d: lengths[sid] for d in defenders}, cite=rules))


def _weighed(adj, hex_id: str, c: Call) -> None:
    adj.emit(DefensiveSupplyWeighed(hex=hex_id, odds=c.odds, supply_units={**c.traced, **c.fresh}, sources=c.others,
                                    forced=c.forced, cite=(cite.SUPPLY_H, cite.SUPPLY_NOT_REQUIRED, cite.ruling(
                                        "defensive_trace_odds", adj.state.core.options.get("defensive_trace_odds", "as_declared")))))


def ask(adj, order: Attack, defenders: list[Unit], attack: int) -> bool:
    """At a German attack on Allied units: apply Supply H. True when the Allied player must first
    answer a decision frame (the attack waits for it), False when the attack may go on now."""
    state, data = adj.state, adj.ruleset.data
    c = call(state, data, order.hex, defenders, attack, order.odds)
    if data.fidelity and (c.traced or c.fresh) and data.crt_table.at_most(FORCING_ODDS, c.odds):
        _weighed(adj, order.hex, c)  # @2: Supply H's test, for the record
    if c.forced:
        if c.traced:  # a Supply unit already traced to this phase serves, at no further cost
            _trace(adj, order.hex, min(c.traced, key=lambda s: (c.traced[s], s)), c, True)
            return False
        if len(c.fresh) == 1:
            _trace(adj, order.hex, c.choices[0], c, True)
            return False
    elif not (c.helped and state.core.options.get("voluntary_defensive_trace", True)):
        return False
    prompt = {"attack": {"attackers": list(order.attackers), "hex": order.hex, "odds": order.odds},
              "forced": bool(c.forced), "odds_if_supplied": c.odds, "defenders": list(c.forced or c.helped),
              "choices": {s: c.fresh[s] for s in c.choices}}
    seat = state.core.layout.seats_of(ALLIED)[0]
    adj.open_frame(FRAME, (seat,), optional=not c.forced, prompt=prompt, cite=(cite.SUPPLY_H, cite.SUPPLY_NOT_REQUIRED))
    return True


def open_frame(state: State, seat: str):
    """The defensive supply decision `seat` owes now, or None."""
    frame = state.core.top()
    if frame is None or frame.kind != FRAME or seat not in frame.waiting_for():
        return None
    return frame


def answers(state: State, data, seat: str) -> list[DefensiveSupply]:
    frame = open_frame(state, seat)
    if frame is None:
        return []
    out = [DefensiveSupply(frame=frame.id, unit=s) for s in frame.prompt["choices"]]
    return out if frame.prompt["forced"] else out + [DefensiveSupply(frame=frame.id, unit=None)]


def default_answer(state: State, data, seat: str) -> DefensiveSupply | None:
    """At a deadline: the nearest Supply unit when the trace is forced, else none."""
    frame = open_frame(state, seat)
    if frame is None:
        return None
    first = next(iter(frame.prompt["choices"]), None)
    return DefensiveSupply(frame=frame.id, unit=first if frame.prompt["forced"] else None)


def answer(adj, seat: str, order: DefensiveSupply) -> Attack:
    """Apply the Allied answer; return the attack it held, to be resolved now."""
    frame = open_frame(adj.state, seat)
    if frame is None or order.frame != frame.id:
        raise Reject("no_decision", "There is no defensive supply decision of yours to answer.", cite.SUPPLY_H)
    prompt = frame.prompt
    attack = Attack(attackers=tuple(prompt["attack"]["attackers"]), hex=prompt["attack"]["hex"], odds=prompt["attack"]["odds"])
    problem = answer_problem(prompt, order)
    if problem is not None:
        raise problem
    adj.close_frame(frame, {seat: {"unit": order.unit}})
    if order.unit is not None:
        state = adj.state
        c = call(state, adj.ruleset.data, attack.hex, _defenders(state, attack.hex), _strength(state, adj.ruleset.data, attack),
                 attack.odds)
        _trace(adj, attack.hex, order.unit, c, bool(prompt["forced"]))
    return attack


def answer_problem(prompt: dict, order: DefensiveSupply) -> Reject | None:
    """Why an answer to the open decision (its `prompt`) is refused, or None (the ruling's test,
    also the assessment's)."""
    if order.unit is None and prompt["forced"]:
        return Reject("trace_forced", f"The attack is at {prompt['odds_if_supplied']} against supplied defenders and a Supply "
                      f"unit is within eight hexes: trace to one of {', '.join(prompt['choices'])}.", cite.SUPPLY_H)
    if order.unit is not None and order.unit not in prompt["choices"]:
        return Reject("not_in_reach", f"{order.unit} is not a Supply unit within eight hexes of {prompt['attack']['hex']}; "
                      f"choose one of {', '.join(prompt['choices'])}.", cite.SUPPLY_H, unit=order.unit)
    return None


def _defenders(state: State, hex_id: str) -> list[Unit]:
    return state.defenders_at(hex_id, ALLIED)


def _strength(state: State, data, attack: Attack) -> int:
    return strength.attack_strength(state, data, [state.units[a] for a in attack.attackers])[0]


def expend(adj) -> None:
    """End of the German Combat Phase: the Supply units traced to are removed (J)."""
    for sid in adj.state.traced:
        u = adj.state.units.get(sid)
        if u is not None and u.hex is not None:
            adj.emit(UnitExpended(unit=sid, hex=u.hex, cite=(cite.SUPPLY_H, cite.SUPPLY_J, cite.SUPPLY_UNITS_L)))
