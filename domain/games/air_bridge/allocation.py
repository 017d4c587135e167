"""Fire support allocated at full grain (@3; §9.2, §12.1 step 3, §9.3, §15): for one combat the
attacker, then the defender, names each artillery unit he commits (in range and allowed to fire,
§9.0, §9.4, §9.5) and how many of his air points, one choice per frame until `done`; once both
have allocated, the attacker rolls then the defender (the §9.2 example allocates every point
before the first die). In an assault the defender alone allocates his defensive bombardment
(§9.3, §13.1 B-C). @1 and @2 offered four coarse choices (none, all artillery, all air, both)."""
from __future__ import annotations

from msgspec.structs import replace

from domain.games.air_bridge import air, artillery, assault, cite, maneuver, values
from domain.games.air_bridge.bombardment import record, table_result
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.dice import d10
from domain.games.air_bridge.effects import StageSet, SupportRolled
from domain.games.air_bridge.model import Stage, State
from domain.games.air_bridge.stage import ask, attackers, combat, defenders, pop, seat_of, set_drm, target
from domain.games.air_bridge.tables import cell_cite
from domain.kernel.adjudication import Adjudication

KIND = "alloc"
DONE = "done"
MANEUVER_START = ("alloc:attacker", "alloc:defender", "support_roll", "class:attacker", "class:defender", "resolve")
ASSAULT_START = ("enter", "alloc:defbomb", "defbomb_roll") + tuple(t for t in assault.START if t not in ("enter", "defbomb"))


def pool(state: State, data: GameData, st: Stage, who: str) -> tuple[tuple[str, ...], int]:
    """The artillery units `who` may commit to this combat and the air points he may add."""
    opts = assault.defbomb_options(state, data, st) if who == "defbomb" else maneuver.support_options(state, data, st, who)
    return opts.get("artillery", ((), 0))[0], opts.get("air", ((), 0))[1]


def chosen(st: Stage, who: str) -> tuple[tuple[str, ...], int]:
    """What `who` has allocated so far: (artillery units, air points)."""
    return tuple(g for g in st.data.get(f"guns:{who}", "").split(",") if g), int(st.data.get(f"air:{who}", "0"))


def options(state: State, data: GameData, st: Stage, who: str) -> list[str]:
    guns, pts = pool(state, data, st, who)
    have, spent = chosen(st, who)
    return [DONE] + [f"gun:{g}" for g in guns if g not in have] + ([f"air:{n}" for n in range(1, pts + 1)] if not spent else [])


def _side_units(state: State, data: GameData, st: Stage, who: str) -> list:
    return attackers(state, st) if who == "attacker" else defenders(state, data, st)


def do_alloc(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    who = task.split(":")[1]
    units = _side_units(adj.state, data, st, who)
    opts = options(adj.state, data, st, who) if units else [DONE]
    if len(opts) == 1:
        pop(adj)
        return False
    guns, pts = chosen(st, who)
    so_far = f" (so far: {', '.join(guns) or 'no artillery'}, {pts} air points)"
    ask(adj, task, seat_of(units, adj.state, units[0].side), opts, DONE,
        f"Allocate fire support to the combat at {target(adj.state, st)}: one artillery unit (gun:...), "
        f"a number of air points (air:N), or done{so_far}?", cite.DEFENSIVE_BOMBARDMENT if who == "defbomb" else cite.SUPPORT)
    return True


def apply_alloc(adj: Adjudication, data: GameData, st: Stage, task: str, choice: str) -> None:
    """A unit or the air points are added and the frame asks again; `done` ends the allocation."""
    who = task.split(":")[1]
    if choice == DONE:
        pop(adj)
        return
    kind, _, value = choice.partition(":")
    guns, _ = chosen(st, who)
    note = {f"guns:{who}": ",".join(guns + (value,))} if kind == "gun" else {f"air:{who}": value}
    adj.emit(StageSet(stage=replace(st, data={**st.data, **note})))


def _commit(adj: Adjudication, data: GameData, side: str, guns: tuple[str, ...], pts: int) -> int:
    for g in guns:
        artillery.mark(adj, g)
    air.spend(adj, side, pts)
    return sum(values.bombardment(data, adj.state.units[g]) for g in guns) + pts


def do_support_roll(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    """Both sides' support rolls, the attacker's first: each result is a DRM (§9.2)."""
    for who in ("attacker", "defender"):
        guns, pts = chosen(st, who)
        units = _side_units(adj.state, data, st, who)
        if not (guns or pts) or not units:
            continue
        points = _commit(adj, data, units[0].side, guns, pts)
        r = d10(adj, f"{who} support")
        col, result = table_result(data, points, r.value)
        assert col is not None
        adj.emit(SupportRolled(combat=st.combat, side=who, points=points, column=col, roll=r, result=result,
                               cite=(cite.SUPPORT, cite.MANEUVER_PROCEDURE, cell_cite(data.bombardment, "bombardment", col, r.value))))
        set_drm(adj, who, result)
    pop(adj)
    return False


def do_defbomb_roll(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    """§9.3: the defensive bombardment, divided by 1 or 2 (assault.divisor); the attacker takes the steps."""
    guns, pts = chosen(st, "defbomb")
    defs = defenders(adj.state, data, st)
    c = combat(adj.state, st)
    if not (guns or pts) or not defs or c is None:
        pop(adj)
        return False
    points = _commit(adj, data, defs[0].side, guns, pts)
    r = d10(adj, f"defensive bombardment at {c.target}")
    steps = record(adj, data, c.target, points, r, divisor=assault.divisor(adj.state, data, st), why=cite.DEFENSIVE_BOMBARDMENT)
    pop(adj, push=("loss:attacker",) * steps)
    return False
