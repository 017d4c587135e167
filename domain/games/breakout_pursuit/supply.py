"""Supply A-L and the Supply Effects Chart (L342-388; Corrections L636, L640, L642, L656; German
Fortresses C).

A Supply Path is a line of contiguous hexes from a unit to a source: never across a sea
hexside, never into an enemy-occupied or enemy-controlled hex, though the unit's own hex may be
in enemy ZOC (A). Its length is the number of hexes stepped, 0 on the source. German units are
supplied by a path of any length to the East edge, or on a Fortress hex, else isolated (D, E;
Fortress C). Allied units are supplied within 4, unsupplied within 8, else isolated (F), from
Cherbourg, Bayeux, active pipelines, Supply units the Allied player chooses to trace to, and, for
UK and Ca units, the face-up Naval Supply unit on a coastal hex outside German hexes and ZOC (G,
Correction L656); the best state wins (C). Trucks are always supplied (L642), paratroops on the
Game-Turn of their drop (L640). A Supply unit traced to is expended after every path of the
phase (J, L); Allied units are never required to trace to one (Correction L636).

Each source class is searched breadth-first from its hexes once, so judging every unit of a side
costs one pass over the map (plus one short pass per Supply unit the Allied player offers). The
German defenders of one attack search the other way instead, from their hex towards the East edge,
guided by each hex's distance to the edge on the open map (eastward.py).

At the moment of a German attack (Supply H) the Allied defenders may have to trace to a Supply
unit first: supply_defence.py asks, and records the Supply units traced to in `State.traced`;
`defender_states` then counts them as sources.
"""
from __future__ import annotations

from typing import Iterable, NamedTuple

from domain.games.breakout_pursuit import cite, eastward, supply_routes, supply_steps, zoc
from domain.games.breakout_pursuit.effects import SupplyJudged, SupplyRoutes, UnitExpended
from domain.games.breakout_pursuit.model import ALLIED, GERMAN, ISOLATED, SUPPLIED, UNSUPPLIED, State, Unit, enemy
from domain.games.breakout_pursuit.orders import JudgeSupply
from domain.kernel.commands import Reject
from domain.kernel.effects import PhaseAdvanced
from domain.kernel.grid import cube_distance
from domain.kernel.memo import per_state

RANK = {SUPPLIED: 0, UNSUPPLIED: 1, ISOLATED: 2}
NAVAL_USERS = ("UK", "Ca")  # Naval Supply P; Explanation of Terms (Unit Designation)


class Trace(NamedTuple):
    state: str
    length: int  # hexes stepped from the unit to its source; -1 when isolated
    source: str  # "east_edge", "fortress", "cherbourg", "bayeux", a unit id, "truck", "airdrop"; "" when isolated


# --- paths over the land graph (data.land_graph: no sea hex, no sea hexside) --------------------




def _length(hex_id: str, reach: dict[str, tuple[int, str]], graph) -> tuple[int, str] | None:
    """The shortest path from a unit's hex: 0 on a source, else one step to the nearest reached
    neighbour (the unit's own hex may be enemy-controlled, A)."""
    if hex_id in reach and reach[hex_id][0] == 0:
        return reach[hex_id]
    best = min(((reach[n][0] + 1, reach[n][1]) for n in graph.get(hex_id, ()) if n in reach), default=None)
    return best


# --- what blocks a path ------------------------------------------------------------------------


def _occupies(u: Unit, rule: str) -> bool:
    if u.hex is None or u.cls == "marker":
        return False
    return rule == "any_unit" or u.combat_unit or u.type == "truck"


def _enemy_occupied(state: State, side: str) -> frozenset[str]:
    rule = state.core.options.get("supply_path_blocked_by", "blocking_units")
    return frozenset(u.hex for u in state.units.values() if u.side == enemy(side) and _occupies(u, rule))


class _Ground(NamedTuple):
    occupied: frozenset[str]  # enemy-occupied hexes
    controlled: frozenset[str]  # enemy-controlled hexes
    blocked: frozenset[str]  # hexes no path may enter


@per_state
def _ground(state: State, data, side: str) -> _Ground:
    occupied = _enemy_occupied(state, side)
    controlled = zoc.enemy_controlled(state, data, side)
    blocked = occupied | controlled
    if side == ALLIED and state.core.options.get("fortress_blocks_allied_supply", True):
        blocked |= frozenset(h for h, s in state.fortresses.items() if s == "intact")
    return _Ground(occupied, controlled, blocked)


def blocked(state: State, data, side: str) -> tuple[frozenset[str], frozenset[str]]:
    """(hexes no supply path of `side` may enter, the enemy-occupied ones among them): enemy-occupied
    or enemy-controlled hexes, and intact fortresses for Allied paths (option)."""
    g = _ground(state, data, side)
    return g.blocked, g.occupied


def _usable(hex_id: str | None, ground: _Ground, state: State) -> bool:
    if hex_id is None or hex_id in ground.occupied:
        return False
    return state.core.options.get("supply_source_in_enemy_zoc", True) or hex_id not in ground.controlled


# --- supply states -----------------------------------------------------------------------------


def judged_units(state: State, side: str) -> list[Unit]:
    """Units whose supply is judged: combat units and Trucks on the map (Supply, Pipeline and Naval
    Supply units are sources, not users; markers are not units)."""
    return sorted((u for u in state.units.values() if u.side == side and u.hex is not None
                   and (u.combat_unit or u.type == "truck")), key=lambda u: u.id)


def _limits(data) -> tuple[int, int]:
    fx = data.supply_effects
    return int(fx["allied_supplied"]["max_path"]), int(fx["allied_unsupplied"]["max_path"])


def _allied_state(length: int | None, limits: tuple[int, int]) -> str:
    if length is None or length > limits[1]:
        return ISOLATED
    return SUPPLIED if length <= limits[0] else UNSUPPLIED


def fixed(u: Unit, state: State) -> Trace | None:
    """The supply of units that need no path (Trucks, paratroops on their drop turn, German units in a fortress)."""
    if u.type == "truck":
        return Trace(SUPPLIED, 0, "truck")  # Correction L642
    if u.side == ALLIED and u.dropped and u.dropped == state.core.clock.turn:
        return Trace(SUPPLIED, 0, "airdrop")  # Correction L640
    if u.side == GERMAN and state.fortresses.get(u.hex) == "intact":
        return Trace(SUPPLIED, 0, "fortress")  # Fortress C
    return None


def paths(state: State, data, side: str, *, use: Iterable[str] = ()) -> dict[str, Trace]:
    """Each judged unit's supply: state, path length and source. `use`: the Allied Supply units
    that may be traced to; a unit traces to one only when it gives a better state than the
    sources never expended, and as few of them are traced to as the greedy choice finds."""
    if side == GERMAN:
        return _german(state, data)
    return _allied(state, data, tuple(use))[0]


def _german(state: State, data, only: frozenset[str] | None = None) -> dict[str, Trace]:
    """Every German unit's supply; with `only`, those units' (searched from their hexes)."""
    graph, ground = data.land_graph, _ground(state, data, GERMAN)
    if only is None:
        # the search the Supply Path record walks down when every East-edge hex is usable
        sources = frozenset(h for h in data.east_edge if _usable(h, ground, state))
        dist = supply_steps.steps_to(state, data, sources, ground.blocked, None)

        def length(h: str) -> tuple[int, str] | None:
            if dist.get(h) == 0:
                return 0, "east_edge"
            found = min((dist[n] for n in graph.get(h, ()) if n in dist), default=None)
            return None if found is None else (found + 1, "east_edge")
    else:
        def length(h: str) -> tuple[int, str] | None:
            found = _eastward(state, data, h)
            return None if found is None else (found, "east_edge")
    out = {}
    for u in judged_units(state, GERMAN):
        if only is not None and u.id not in only:
            continue
        found = fixed(u, state)
        if found is None:
            steps = length(u.hex)
            found = Trace(SUPPLIED, *steps) if steps else Trace(ISOLATED, -1, "")
        out[u.id] = found
    return out


@per_state  # the units of one hex, and an attack's check and its resolution (one state), ask it alike
def _eastward(state: State, data, hex_id: str) -> int | None:
    """Steps from `hex_id` to a usable East-edge hex, searched from the hex (eastward.py)."""
    ground = _ground(state, data, GERMAN)
    sources = frozenset(h for h in data.east_edge if _usable(h, ground, state))
    return eastward.steps(data, hex_id, sources, data.land_graph, lambda n: n not in ground.blocked)


def _allied_sources(state: State, data, ground: _Ground) -> tuple[dict[str, str], dict[str, str]]:
    """Sources never expended: for every unit, and for UK/Ca units only (the Naval Supply unit)."""
    general = {h: name for name, h in (("cherbourg", data.cherbourg), ("bayeux", data.bayeux)) if _usable(h, ground, state)}
    naval = {}
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.side != ALLIED or u.hex is None or not u.active:
            continue
        if u.type == "pipeline" and _usable(u.hex, ground, state):
            general.setdefault(u.hex, u.id)
        elif u.type == "naval_supply" and data.hex_has(u.hex, "coastal") \
                and u.hex not in ground.occupied and u.hex not in ground.controlled:
            naval[u.hex] = u.id
    return general, naval


class _Reach(NamedTuple):
    ground: _Ground
    limits: tuple[int, int]
    general: dict[str, tuple[int, str]]  # from the sources never expended
    naval: dict[str, tuple[int, str]]  # from the Naval Supply unit (UK and Ca units)


@per_state  # the Supply Judgement Phase asks which Supply units would help, then judges: one search
def _reach(state: State, data) -> _Reach:
    ground, limits = _ground(state, data, ALLIED), _limits(data)
    general, naval = _allied_sources(state, data, ground)
    return _Reach(ground, limits, supply_steps.labelled(state, data, general, ground.blocked, limits[1]),
                  supply_steps.labelled(state, data, naval, ground.blocked, limits[1]) if naval else {})


@per_state
def _unit_reach(state: State, data, sid: str) -> dict[str, tuple[int, str]]:
    """The reach of one Supply unit offered (a usable one: usable_supply_unit)."""
    r = _reach(state, data)
    return supply_steps.labelled(state, data, {str(state.units[sid].hex): sid}, r.ground.blocked, r.limits[1])


@per_state  # the phase's start asks which Supply units would help, then judges without them: one pass
def _base(state: State, data) -> dict[str, Trace]:
    """Each judged Allied unit's trace to the sources never expended (the Naval Supply unit for UK
    and Ca units), or its fixed supply. Read only: `_allied` copies it."""
    graph, r = data.land_graph, _reach(state, data)
    limits = r.limits
    out: dict[str, Trace] = {}
    for u in judged_units(state, ALLIED):
        always = fixed(u, state)
        if always:
            out[u.id] = always
            continue
        options = [_length(u.hex, r.general, graph)]
        if u.nat in NAVAL_USERS:
            options.append(_length(u.hex, r.naval, graph))
        found = min((o for o in options if o), default=None)
        out[u.id] = Trace(_allied_state(found[0], limits), *found) if found and found[0] <= limits[1] else Trace(ISOLATED, -1, "")
    return out


def _allied(state: State, data, use: tuple[str, ...]) -> tuple[dict[str, Trace], list[str], list[str]]:
    """(traces, Supply units traced to, Supply units that would improve some unit on their own)."""
    graph, r = data.land_graph, _reach(state, data)
    limits = r.limits
    supply_units = [state.units[s] for s in use if usable_supply_unit(state, s, r.ground)]

    out = dict(_base(state, data))
    wants: dict[str, dict[str, int]] = {}  # unit -> {Supply unit: length} giving its best state
    useful: set[str] = set()
    for uid, base in out.items():
        if base.state == SUPPLIED or not supply_units:
            continue  # nothing to improve on (C); fixed supply is Supplied
        hex_id = str(state.units[uid].hex)
        better = {}
        for s in supply_units:
            if cube_distance(data.cubes[hex_id], data.cubes[str(s.hex)]) > limits[1]:
                continue  # no path shorter than the hex distance: none within the Unsupplied limit (F)
            got = _length(hex_id, _unit_reach(state, data, s.id), graph)
            if got and RANK[_allied_state(got[0], limits)] < RANK[base.state]:
                better[s.id] = got[0]
        if better:
            useful.update(better)
            best = min(RANK[_allied_state(d, limits)] for d in better.values())
            wants[uid] = {s: d for s, d in better.items() if RANK[_allied_state(d, limits)] == best}
    chosen = _fewest(wants)
    for uid, (sid, d) in chosen.items():
        out[uid] = Trace(_allied_state(d, limits), d, sid)
    return out, sorted({sid for sid, _ in chosen.values()}), sorted(useful)


def _allied_states(state: State, data, use: tuple[str, ...], only: Iterable[str]) -> dict[str, str]:
    """The supply states `_allied` judges for the units `only`, searched from their own hexes (at most
    the Unsupplied limit of steps) instead of from every source over the map: a unit's state is the
    best its sources give (C), whichever Supply unit the fewest-units choice then names for it."""
    r = _reach(state, data)
    general, naval = _allied_sources(state, data, r.ground)
    offered = {str(state.units[s].hex) for s in use if usable_supply_unit(state, s, r.ground)}
    out = {}
    for uid in only:
        u = state.units[uid]
        always = fixed(u, state)
        if always:
            out[uid] = always.state
            continue
        goals = set(general) | offered | (set(naval) if u.nat in NAVAL_USERS else set())
        found = _nearest(data.land_graph, str(u.hex), goals, r.ground.blocked, r.limits[1])
        out[uid] = _allied_state(found, r.limits)
    return out


def _nearest(graph, start: str, goals: set[str], blocked: frozenset[str], limit: int) -> int | None:
    """Steps from `start` to the nearest goal, stepping only into goals or hexes not blocked, at
    most `limit` (None beyond): the path `supply_steps.labelled` then `_length` measure from the goals' side."""
    if start in goals:
        return 0
    seen, frontier = {start}, [start]
    for depth in range(1, limit + 1):
        step = []
        for h in frontier:
            for n in graph.get(h, ()):
                if n in seen:
                    continue
                if n in goals:
                    return depth
                seen.add(n)
                if n not in blocked:
                    step.append(n)
        frontier = step
    return None


def usable_supply_unit(state: State, sid: str, ground: _Ground | None = None, data=None) -> bool:
    """A Supply unit a path may end at: on the map, its hex usable as a source; aboard a Truck only
    under option carried_supply_unit_is_source."""
    u = state.units[sid]
    if ground is None:
        ground = _ground(state, data, ALLIED)
    if not state.core.options.get("carried_supply_unit_is_source", True) and state.carrier(sid) is not None:
        return False
    return _usable(u.hex, ground, state)


def _fewest(wants: dict[str, dict[str, int]]) -> dict[str, tuple[str, int]]:
    """Each unit's Supply unit, as few of them as the greedy choice finds: the one serving most
    units first (ties: the lower id)."""
    left, out = dict(wants), {}
    while left:
        counts: dict[str, int] = {}
        for options in left.values():
            for sid in options:
                counts[sid] = counts.get(sid, 0) + 1
        sid = min(counts, key=lambda k: (-counts[k], k))
        for uid in [uid for uid, options in left.items() if sid in options]:
            out[uid] = (sid, left.pop(uid)[sid])
    return out


def useful_supply_units(state: State, data) -> list[str]:
    """Allied Supply units on the map that would give some unit a better state on their own."""
    offered = tuple(sorted(u.id for u in state.units.values() if u.side == ALLIED and u.type == "supply" and u.hex is not None))
    return _allied(state, data, offered)[2] if offered else []


def defender_states(state: State, data, unit_ids: Iterable[str]) -> dict[str, str]:
    """Supply states at the moment of combat (Procedure, K). Units not judged (non-combat units)
    are reported supplied: supply changes nothing for them. Allied defenders use the sources never
    expended and the Supply units already traced to in this German Combat Phase (`State.traced`);
    whether they must trace to another one first is Supply H's question (supply_defence.py)."""
    ids = list(unit_ids)
    states: dict[str, str] = {}
    for side in {state.units[i].side for i in ids}:
        if side == GERMAN:
            states.update({u: t.state for u, t in _german(state, data, frozenset(ids)).items()})
        else:
            judged = {u.id for u in judged_units(state, ALLIED)}
            states.update(_allied_states(state, data, state.traced, [i for i in ids if i in judged]))
    return {i: states.get(i, SUPPLIED) for i in ids}


# --- the Supply Judgement Phase ----------------------------------------------------------------


def enter(adj) -> bool:
    """German supply is judged at once; so is the Allied, unless Supply units could be used, in
    which case the Allied player chooses (O09)."""
    side = adj.state.core.clock.side
    if side == ALLIED and useful_supply_units(adj.state, adj.ruleset.data):
        return True
    _judge(adj, side, ())
    return False


def leave(adj) -> None:
    """A phase ended without a judgement (the Allied player ended it): no Supply unit is used."""
    for e in reversed(adj.effects):
        if isinstance(e, SupplyJudged):
            return
        if isinstance(e, PhaseAdvanced):
            break
    _judge(adj, adj.state.core.clock.side, ())


def legal(state: State, data, side: str) -> list[JudgeSupply]:
    """None, each useful Supply unit alone, or all of them (bounded: 2 + n choices)."""
    if side != ALLIED:
        return []
    useful = useful_supply_units(state, data)
    out = [JudgeSupply(use=())] + [JudgeSupply(use=(s,)) for s in useful]
    if len(useful) > 1:
        out.append(JudgeSupply(use=tuple(useful)))
    return out


def judge(adj, seat: str, order: JudgeSupply) -> bool:
    """Judge Allied supply with the Supply units chosen; the phase is then over (True)."""
    check(adj.state, seat, order)
    _judge(adj, ALLIED, order.use)
    return True


def check(state: State, seat: str, order: JudgeSupply) -> None:
    """Reject a judgement order the rules refuse (the ruling's test, also the assessment's)."""
    if state.core.layout.side_of(seat) != ALLIED:
        raise Reject("no_supply_decision", "German supply is judged by the umpire: there is nothing to choose.", cite.SUPPLY_D)
    if len(set(order.use)) != len(order.use):
        raise Reject("duplicate_supply_unit", "Name each Supply unit once.", cite.SUPPLY_J)
    for sid in order.use:
        u = state.units.get(sid)
        if u is None or u.side != ALLIED or u.type != "supply" or u.hex is None:
            raise Reject("not_a_supply_unit", f"{sid!r} is not an Allied Supply unit on the map; only those may be traced to.",
                         cite.SUPPLY_G, unit=sid)


def judgement(state: State, data, side: str, use: tuple[str, ...]) -> tuple[dict[str, Trace], list[str]]:
    """The Supply Judgement of `side` (the ruling's and the assessment's): each judged unit's trace,
    and the Supply units traced to (expended, J)."""
    if side == GERMAN:
        return _german(state, data), []
    traces, traced, _ = _allied(state, data, use)
    return traces, traced


def routes(state: State, data, side: str, traces: dict[str, Trace]) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """The Supply Path behind each trace, or why an isolated unit has none (supply_routes.py)."""
    reach = _limits(data)[1] if side == ALLIED else len(data.land_graph)
    return supply_routes.routes(state, data, side, traces, _ground(state, data, side).blocked, reach)


def _judge(adj, side: str, use: tuple[str, ...]) -> None:
    state, data = adj.state, adj.ruleset.data
    traces, traced = judgement(state, data, side, use)
    if side == GERMAN:
        cites = (cite.SUPPLY_PROCEDURE, cite.SUPPLY_A, cite.SUPPLY_D, cite.SUPPLY_E, cite.FORTRESS_C)
    else:
        cites = (cite.SUPPLY_PROCEDURE, cite.SUPPLY_A, cite.SUPPLY_C, cite.SUPPLY_F, cite.SUPPLY_G, cite.SUPPLY_NOT_REQUIRED,
                 cite.TRUCKS_SUPPLIED, cite.PARATROOPS_SUPPLIED, cite.NAVAL_N, cite.NAVAL_P, cite.NAVAL_SUPPLY_USE,
                 cite.ruling("fortress_blocks_allied_supply", state.core.options.get("fortress_blocks_allied_supply", True)))
    cites += (cite.ruling("supply_source_in_enemy_zoc", state.core.options.get("supply_source_in_enemy_zoc", True)),
              cite.ruling("supply_path_blocked_by", state.core.options.get("supply_path_blocked_by", "blocking_units")))
    adj.emit(SupplyJudged(side=side, states={u: t.state for u, t in traces.items()},
                          paths={u: t.length for u, t in traces.items()}, sources={u: t.source for u, t in traces.items()},
                          cite=cites))
    if data.fidelity:  # @2: the path behind each state, or why there is none
        found, isolated = routes(state, data, side, traces)
        adj.emit(SupplyRoutes(side=side, routes=found, isolated=isolated,
                              cite=(cite.SUPPLY_A, cite.SUPPLY_F) if side == ALLIED else (cite.SUPPLY_A, cite.SUPPLY_D, cite.SUPPLY_E)))
    for sid in traced:  # removed after all paths of the phase (J)
        adj.emit(UnitExpended(unit=sid, hex=state.units[sid].hex, cite=(cite.SUPPLY_J, cite.SUPPLY_UNITS_L)))
