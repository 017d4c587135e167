"""The shorter searches behind B&P's slowest rulings (issue 24, item 3) answer exactly what the
searches they replace answered, on positions of random games under breakout-pursuit@2:
- the Supply Path record (supply_routes.py; Supply A, D, F): a walk down the steps searched from
  the source gives the breadth-first search's path from the unit, hex for hex; German lengths are
  the search from the whole East edge's;
- retreat closeness (Retreat J, "closest to [its] source of supply"): a search from each candidate
  hex gives the breadth-first length from the sources;
- Allied defenders' supply at the moment of combat (Supply Procedure, K; C "the best state"):
  searched from the defenders' hexes, the states of the full judgement; the judgement with Supply
  units offered asks them only for units not Supplied and within their reach, as every unit asked
  every one;
- zoc.controlled (ZOC G) memoised per state: the computation's answer for every state, never
  another state's;
- Delay markers' lines (Delay F): whether one hex is open, searched back from it, and whether any
  is, from the German units' hexes, answer what the search of the whole map answers;
- the hexes the Combat Phase may attack: those State.at finds enemy units on;
- a retreat's questions about each hex (Stacking M, Movement B, Truck B), answered from an index of
  the state's units, as a scan of the units answers them."""
from __future__ import annotations

import random
from collections import Counter, deque

import pytest
from msgspec.structs import replace

from domain.games.breakout_pursuit import (
    BREAKOUT_PURSUIT_2,
    combat,
    delay,
    retreat,
    supply,
    supply_routes,
    supply_steps,
    zoc,
)
from domain.games.breakout_pursuit.model import ALLIED, GERMAN, ISOLATED, PENDING, enemy
from domain.games.breakout_pursuit.stacking import stack_count
from domain.games.breakout_pursuit.strength import intact_fortress
from domain.kernel.memo import per_state
from domain.kernel.search import spread
from tests.unit.breakout_pursuit.random_games import play


@pytest.fixture(scope="module")
def positions():
    """(state, data) every few orders of three random games, one per scenario class."""
    out = []
    for scenario, seed in (("1.1", 7), ("2.1", 8), ("3.1", 9)):
        states: list = []
        session = play(scenario, seed, max_orders=300, to_the_end=False, ruleset=BREAKOUT_PURSUIT_2, states=states)
        out += [(s, session.ruleset.data) for s in states[::12]]
    return out


# --- the references: the searches as they were -------------------------------------------------


def reference_route(graph, start, targets, blocked):
    if start in targets:
        return (start,)
    came = {start: None}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in sorted(graph.get(h, ())):
            if n in came or (n in blocked and n not in targets):
                continue
            came[n] = h
            if n in targets:
                out = [n]
                while came[out[-1]] is not None:
                    out.append(came[out[-1]])
                return tuple(reversed(out))
            todo.append(n)
    return ()


def breadth_first(graph, seeds, passable):
    dist = dict.fromkeys(seeds, 0)
    todo = deque(seeds)
    while todo:
        h = todo.popleft()
        for n in graph.get(h, ()):
            if n not in dist and passable(n):
                dist[n] = dist[h] + 1
                todo.append(n)
    return dist


def reference_lengths(state, data, side, origins):
    """retreat.path_lengths as it was: one breadth-first search from the origins over the map."""
    options = state.core.options
    enemy_zoc = zoc.controlled.uncached(state, data, enemy(side))
    closed = enemy_zoc | {u.hex for u in state.units.values() if retreat.blocking(u) and u.side != side}
    if side == ALLIED and options.get("fortress_blocks_allied_supply", True):
        closed |= {h for h in data.fortress_hexes if intact_fortress(state, data, h)}

    def passable(h):
        return h in data.land_hexes and h not in closed

    start = frozenset(h for h in origins if h in data.map.hexes and (passable(h) or (
        options.get("supply_source_in_enemy_zoc", True) and h in enemy_zoc and not retreat.hex_barred(state, data, side, h))))
    return breadth_first(data.across_land, start, passable).get


# --- the tests ---------------------------------------------------------------------------------


def test_a_supply_path_record_is_the_breadth_first_searchs_path(positions):
    """Supply A, D, F: each judged unit's recorded path, walked down the steps searched from its
    source, is the path the breadth-first search from the unit's hex walks, hex for hex."""
    checked = 0
    for state, data in positions:
        for side in (ALLIED, GERMAN):
            traces = supply.paths(state, data, side)
            blocked = supply.blocked(state, data, side)[0]
            routes, _ = supply_routes.routes(state, data, side, traces, blocked, 8)
            for uid, t in traces.items():
                if t.state == ISOLATED or t.source in supply_routes.NO_PATH:
                    continue
                targets = supply_routes.source_hexes(state, data, t.source)
                expected = reference_route(data.land_graph, state.units[uid].hex, targets, blocked)
                assert routes[uid] == expected, (uid, t)
                assert len(expected) - 1 == t.length, (uid, t)
                checked += 1
    assert checked > 1000


def test_steps_to_sources_are_the_breadth_first_search_by_hex_id(positions):
    """supply_steps.steps_to and .labelled (lists indexed by number) measure what a breadth-first
    search over the land graph by hex ids measures (kernel.search.spread: the same nearest source's
    label too), whatever blocks the way, within a limit or none."""
    rng = random.Random(16)
    state, data = positions[0]
    hexes = sorted(data.land_graph)
    for _ in range(12):
        blocked = frozenset(rng.sample(hexes, len(hexes) * rng.choice((5, 20, 45)) // 100))
        targets = frozenset(rng.sample(sorted(data.east_edge), 5) + rng.sample(hexes, rng.choice((1, 3))))
        for limit in (None, 8):
            dist = dict.fromkeys(targets, 0)
            todo = deque(targets)
            while todo:
                h = todo.popleft()
                if limit is not None and dist[h] >= limit:
                    continue
                for n in data.land_graph.get(h, ()):
                    if n not in dist and n not in blocked:
                        dist[n] = dist[h] + 1
                        todo.append(n)
            assert supply_steps.steps_to.uncached(state, data, targets, blocked, limit) == dist
            labels = {h: f"source-{rng.randrange(3)}" for h in targets}
            assert supply_steps.labelled(state, data, labels, blocked, limit) == spread(
                data.land_graph, dict(sorted(labels.items())), enters=lambda n, b=blocked: n not in b, limit=limit)


def test_german_supply_judgement_is_the_breadth_first_search_from_the_east_edge(positions):
    """Supply D: every German unit's judged length is the one the search from every usable
    East-edge hex at once measures (supply.py before the steps were shared with the record)."""
    for state, data in positions:
        ground = supply._ground(state, data, GERMAN)
        sources = {h: "east_edge" for h in data.east_edge if supply._usable(h, ground, state)}
        reach = spread(data.land_graph, dict(sorted(sources.items())), enters=lambda n, b=ground.blocked: n not in b)
        for uid, t in supply.paths(state, data, GERMAN).items():
            if supply.fixed(state.units[uid], state) is None:
                found = supply._length(state.units[uid].hex, reach, data.land_graph)
                assert t == (supply.Trace(supply.SUPPLIED, *found) if found else supply.Trace(ISOLATED, -1, "")), uid


def test_retreat_closeness_is_the_breadth_first_length_from_the_sources(positions):
    """Retreat J: each hex next to a unit is as close to its source of supply, searched from the hex,
    as the breadth-first search from the sources measured, East edge and Allied sources alike."""
    checked = {ALLIED: 0, GERMAN: 0}
    for state, data in positions[::3]:
        for u in sorted(state.units.values(), key=lambda u: u.id):
            if u.hex is None or not u.combat_unit:
                continue
            srcs = retreat.sources(state, data, u)
            ours = retreat.path_lengths(state, data, u.side, srcs)
            theirs = reference_lengths(state, data, u.side, srcs)
            for n in data.neighbours[u.hex]:
                assert ours(n) == theirs(n), (u.id, n)
                checked[u.side] += 1
    assert min(checked.values()) > 500


def test_allied_supply_of_some_units_is_their_state_in_the_full_judgement(positions):
    """Supply C, F, G, H: Allied units' states searched from their own hexes equal the full
    judgement's, with no Supply unit offered, those traced to, and every one on the map."""
    compared = 0
    for state, data in positions:
        offered = tuple(sorted(u.id for u in state.units.values() if u.side == ALLIED and u.type == "supply" and u.hex))
        judged = [u.id for u in supply.judged_units(state, ALLIED)]
        for use in ((), state.traced, offered):
            full = {u: t.state for u, t in supply._allied(state, data, use)[0].items()}
            assert supply._allied_states(state, data, use, judged) == full
            compared += len(judged)
        some = judged[::4] + [u.id for u in state.units.values() if u.side == GERMAN and u.hex][:3]
        every = {**{u: t.state for u, t in supply._allied(state, data, state.traced)[0].items()},
                 **{u: t.state for u, t in supply.paths(state, data, GERMAN).items()}}
        assert supply.defender_states(state, data, some) == {u: every.get(u, supply.SUPPLIED) for u in some}
    assert compared > 1000
    assert any(s != supply.SUPPLIED for state, data in positions
               for s in supply._allied_states(state, data, (), [u.id for u in supply.judged_units(state, ALLIED)]).values())


def reference_allied(state, data, use):
    """supply._allied as it was: every Supply unit offered searched, every unit asking each."""
    graph, r = data.land_graph, supply._reach(state, data)
    limits = r.limits
    unit_reach = {s: supply._unit_reach.uncached(state, data, s) for s in use if supply.usable_supply_unit(state, s, r.ground)}
    out, wants, useful = {}, {}, set()
    for u in supply.judged_units(state, ALLIED):
        always = supply.fixed(u, state)
        if always:
            out[u.id] = always
            continue
        options = [supply._length(u.hex, r.general, graph)] + ([supply._length(u.hex, r.naval, graph)] if u.nat in ("UK", "Ca") else [])
        found = min((o for o in options if o), default=None)
        base = supply.Trace(supply._allied_state(found[0], limits), *found) if found and found[0] <= limits[1] else supply.Trace(ISOLATED, -1, "")
        out[u.id] = base
        better = {}
        for sid, reach in unit_reach.items():
            got = supply._length(u.hex, reach, graph)
            if got and supply.RANK[supply._allied_state(got[0], limits)] < supply.RANK[base.state]:
                better[sid] = got[0]
        if better:
            useful.update(better)
            best = min(supply.RANK[supply._allied_state(d, limits)] for d in better.values())
            wants[u.id] = {s: d for s, d in better.items() if supply.RANK[supply._allied_state(d, limits)] == best}
    chosen = supply._fewest(wants)
    for uid, (sid, d) in chosen.items():
        out[uid] = supply.Trace(supply._allied_state(d, limits), d, sid)
    return out, sorted({sid for sid, _ in chosen.values()}), sorted(useful)


def test_allied_judgement_with_supply_units_offered_is_every_unit_asking_every_one(positions):
    """Supply C, F, G, J: with every Supply unit on the map offered (the phase's question which
    would help, and the judgement using them all), the traces, the units traced to and the useful
    ones are those of every judged unit asking every Supply unit."""
    used = 0
    for state, data in positions:
        offered = tuple(sorted(u.id for u in state.units.values() if u.side == ALLIED and u.type == "supply" and u.hex))
        for use in ((), offered, offered[::2]):
            got = supply._allied(state, data, use)
            assert got == reference_allied(state, data, use)
            used += len(got[1])
    assert used > 20


def test_zoc_memoised_per_state_answers_each_states_own_zoc(positions):
    """ZOC G: the memo answers for every position what the computation answers, and a unit moved
    (a new state) changes the answer at once."""
    for state, data in positions:
        for side in (ALLIED, GERMAN):
            assert zoc.controlled(state, data, side) == zoc.controlled.uncached(state, data, side)
    state, data = positions[-1]
    mover = next(u for u in state.units.values() if u.side == GERMAN and u.hex and zoc.exerts(u, state))
    before = zoc.controlled(state, data, GERMAN)
    away = next(h for h in sorted(data.land_hexes) if data.grid.distance(h, mover.hex) > 6)
    moved = replace(state, units={**state.units, mover.id: replace(mover, hex=away)})
    after = zoc.controlled(moved, data, GERMAN)
    assert after == zoc.controlled.uncached(moved, data, GERMAN) and after != before
    assert zoc.controlled(state, data, GERMAN) == before


def test_a_memo_never_answers_for_another_object_even_when_ids_are_reused():
    """An id freed and taken by a new object finds no entry of the old one."""
    calls = Counter()

    @per_state
    def answer(state, data, k):
        calls[state["value"]] += 1  # the value, not the state: holding the state would keep its id taken
        return state["value"] + k

    data = object()
    rng = random.Random(5)
    ids = []
    for n in range(300):
        state = {"value": n}  # freed when the memo's table is next cleared: CPython hands its id out again
        ids.append(id(state))
        k = rng.randrange(10)
        assert answer(state, data, k) == n + k
        assert answer(state, data, k) == n + k  # the second ask is the memo's
        del state
    assert len(set(ids)) < len(ids), "no id was reused: the case this test is about never happened"
    assert all(calls[n] == 1 for n in range(300))  # each object computed once, never answered an old entry's value


def test_a_delay_line_searched_from_its_hex_is_one_of_the_open_hexes(positions):
    """Delay F: is_open(h) == h in open_hexes, lines over land and over sea (option
    delay_line_over_sea), whether or not legal() lists any placement; placeable() == bool(legal())
    with every marker due, with none, and with no German combat unit left to start a line."""
    rng = random.Random(24)
    data = positions[0][1]
    for graph in (data.across_land, data.neighbours):  # a line is searched back from its end
        assert all(h in graph[n] for h, ns in graph.items() for n in ns)
    seen = {True: 0, False: 0}
    for state, data in positions[::2]:
        markers = {u.id for u in state.units.values() if u.type == delay.MARKER}
        all_due = replace(state, units={i: replace(u, box=PENDING, hex=None) if i in markers else u for i, u in state.units.items()},
                          arrivals={**state.arrivals, **dict.fromkeys(markers, 1)})
        no_line = replace(all_due, units={i: replace(u, hex=None) if u.side == GERMAN and u.combat_unit else u
                                          for i, u in all_due.units.items()})
        for s in (state, all_due, no_line):
            for over_sea in (False, True):
                core = replace(s.core, options={**s.core.options, "delay_line_over_sea": over_sea},
                               clock=replace(s.core.clock, side=GERMAN))
                s2 = replace(s, core=core)
                open_ = delay.open_hexes(s2, data)
                near = {n for u in s2.units.values() if u.hex for n in data.neighbours[u.hex]}
                for h in rng.sample(sorted(data.map.hexes), 40) + rng.sample(sorted(near), min(40, len(near))):
                    assert delay.is_open(s2, data, h) == (h in open_), h
                listed = bool(delay.legal(s2, data))
                assert delay.placeable(s2, data) == listed
                seen[listed] += 1
    assert min(seen.values()) > 5


def test_the_hexes_to_attack_are_those_holding_an_enemy_unit(positions):
    """Combat A: combat.targets as State.at would list them, for both sides."""
    for state, data in positions:
        for side in (ALLIED, GERMAN):
            expected: dict[str, list[str]] = {}
            for u in sorted(state.units.values(), key=lambda u: u.id):
                if u.side != side or u.hex is None or not u.combat_unit or u.hex not in data.neighbours:
                    continue
                for n in data.neighbours[u.hex]:
                    occupied = any(x.side != side for x in state.at(n)) or (
                        side == ALLIED and combat.strength.intact_fortress(state, data, n))
                    if occupied and combat.attacker_problem(state, data, side, u, u.id, n) is None:
                        expected.setdefault(n, []).append(u.id)
            assert combat.targets(state, data, side) == {
                h: tuple(a) for h, a in sorted(expected.items()) if combat.target_problem(state, data, side, h) is None}


def test_a_retreats_questions_answered_from_the_index_as_from_the_units(positions):
    """Stacking M (combat units per hex), Movement B (enemy combat units or Trucks bar a hex), Truck B
    (a Truck and its passenger move together): retreat's answers from occupancy.of, and its refusals
    of each hex next to each combat unit (hexes filled before it or not), equal a scan of every unit."""
    for state, data in positions:
        near = sorted({n for u in state.units.values() if u.hex for n in data.neighbours[u.hex]})
        for h in near:
            assert retreat.occupancy.of(state, data).stacks.get(h, 0) == stack_count(state, h)
            for side in (ALLIED, GERMAN):
                scanned = any(retreat.blocking(u) and u.side != side for u in state.at(h)) or (
                    side == ALLIED and retreat.intact_fortress(state, data, h))
                assert retreat.hex_barred(state, data, side, h) == scanned
        for u in state.units.values():
            if u.hex is None:
                continue
            carrier = next((t.id for t in state.units.values() if t.carrying == u.id and t.hex is not None), None)
            companion = u.carrying or carrier
            expected = (u.id, companion) if companion and state.units[companion].hex is not None else (u.id,)
            assert retreat.movers(state, data, u.id) == expected
            if not u.combat_unit:
                continue
            enemy_zoc = zoc.enemy_controlled(state, data, u.side)
            weight = sum(1 for m in expected if state.units[m].combat_unit)
            for n in data.neighbours[u.hex]:
                for filled in (Counter(), Counter({n: 1}), Counter({n: 2})):
                    if not data.enterable(n) or data.sea_between(u.hex, n):
                        why = "sea"
                    elif n in enemy_zoc:
                        why = "enemy-controlled (ZOC L)"
                    elif any(retreat.blocking(x) and x.side != u.side for x in state.at(n)) or (
                            u.side == ALLIED and retreat.intact_fortress(state, data, n)):
                        why = "enemy-occupied, or an intact Fortress (Movement B)"
                    elif stack_count(state, n) + filled[n] + weight > retreat.STACK_LIMIT:
                        why = f"would hold more than {retreat.STACK_LIMIT} combat units (Stacking M)"
                    else:
                        why = None
                    assert retreat.refusal(state, data, u.id, n, filled, enemy_zoc) == why
                    assert (n in retreat.legal_hexes(state, data, u.id, filled, enemy_zoc)) == (why is None)
