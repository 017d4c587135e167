"""§13 Assault (with §9.3 defensive bombardment, §14, §17.2, §19.2): the assaulting units move into
the defender's hex (A); the defender may bombard them (B-C: the Bombardment/Support Table, divided
by 1 if they came from and into clear terrain only, else 2; the attacker allocates, engineers
first); the defender fires first on the Assault Table with his defence total (D), then the
attacker with what is left of his attack total (E) - at once together if engineers assault
(§17.2); each side tests its highest effectiveness (F) and whoever passes fires a second round,
the defender first (G, A13), every DRM recounted at each roll (§13.2); if the defender survives
the assaulting units go back to the hexes they came from, else all stay in the hex (H)."""
from __future__ import annotations

from domain.games.air_bridge import air, armor, artillery, cite, effectiveness, values
from domain.games.air_bridge.bombardment import record
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.dice import d10
from domain.games.air_bridge.effects import AssaultEntered, AssaultFired, AssaultReturned, TestRolled
from domain.games.air_bridge.maneuver import across_bridge, fatigue_drm, steps_share, support_choices
from domain.games.air_bridge.model import Stage, State
from domain.games.air_bridge.stage import ask, attackers, combat, defenders, pop, seat_of
from domain.games.air_bridge.tables import cell_cite, total_column
from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import Citation

START = ("enter", "defbomb", "class:attacker", "class:defender", "fire:1", "tests", "end")


def do_enter(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    c = combat(adj.state, st)
    assert c is not None
    units = tuple(u.id for u in attackers(adj.state, st))
    adj.emit(AssaultEntered(units=units, hex=c.target, origins={u: c.origins[u] for u in units}, cite=(cite.ASSAULT_RESOLUTION,)))
    pop(adj, data={"entered": "yes"})
    return False


def defbomb_options(state: State, data: GameData, st: Stage) -> dict[str, tuple[tuple[str, ...], int]]:
    c = combat(state, st)
    assert c is not None
    defs = defenders(state, data, st)
    side = defs[0].side
    attacked = {x.target for x in state.declared if x.status == "declared"} | {c.target}
    return support_choices(state, data, side, c.target, attackers(state, st) + defs, attacked)


def do_defbomb(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    defs = defenders(adj.state, data, st)
    opts = defbomb_options(adj.state, data, st) if defs else {"none": ((), 0)}
    if len(opts) == 1:
        pop(adj)
        return False
    ask(adj, task, seat_of(defs, adj.state, defs[0].side), list(opts), "none",
        "Defensive bombardment of the assaulting units: artillery, air points, all, or none?", cite.DEFENSIVE_BOMBARDMENT)
    return True


def divisor(state: State, data: GameData, st: Stage) -> int:
    """§9.3: 1 if the assault came from and into clear hexes only, else 2 (A10)."""
    c = combat(state, st)
    assert c is not None
    hexes = {c.target} | set(c.origins.values())
    return 1 if all(data.terrain(h) == "clear" for h in hexes) else 2


def apply_defbomb(adj: Adjudication, data: GameData, st: Stage, task: str, choice: str) -> None:
    guns, pts = defbomb_options(adj.state, data, st)[choice]
    c = combat(adj.state, st)
    assert c is not None
    if choice == "none":
        pop(adj)
        return
    side = defenders(adj.state, data, st)[0].side
    for g in guns:
        artillery.mark(adj, g)
    air.spend(adj, side, pts)
    points = sum(values.bombardment(data, adj.state.units[g]) for g in guns) + pts
    r = d10(adj, f"defensive bombardment at {c.target}")
    steps = record(adj, data, c.target, points, r, divisor=divisor(adj.state, data, st), why=cite.DEFENSIVE_BOMBARDMENT)
    pop(adj, push=("loss:attacker",) * steps)


def drms(state: State, data: GameData, st: Stage, side: str) -> dict[str, int]:
    """The DRMs of one side's assault roll, counted now (§13.2)."""
    c = combat(state, st)
    assert c is not None
    atts, defs = attackers(state, st), defenders(state, data, st)
    a_cat = armor.choices(data, atts)[0] if "class:attacker" not in st.data else st.data["class:attacker"]
    d_cat = armor.choices(data, defs)[0] if "class:defender" not in st.data else st.data["class:defender"]
    if a_cat not in armor.choices(data, atts):  # the first round's losses changed the force (§19.2)
        a_cat = armor.choices(data, atts)[0]
    if d_cat not in armor.choices(data, defs):
        d_cat = armor.choices(data, defs)[0]
    a_drm, d_drm = armor.assault_drms(data, a_cat, d_cat)
    rows = data.rows("assault_drm")
    out: dict[str, int] = {}
    if side == "attacker":
        origins = {c.origins[u.id] for u in atts}
        key = f"from_{len(origins)}_hex" + ("" if len(origins) == 1 else "es")
        out["hexes"] = int(rows[key]["drm"]) if key in rows else 0
        engineers = any(values.engineer(data, u) for u in atts)
        if not engineers and atts and steps_share(atts, lambda u: across_bridge(data, c, u)) >= 0.5:
            out["across_bridge"] = int(rows["across_bridge"]["drm"])
        out["armor"] = a_drm
    else:
        out["defender_fatigue"] = fatigue_drm(data, [u for u in defs if values.combat_unit(data, u)], "assault_drm")
        out["armor"] = d_drm
    return {k: v for k, v in out.items() if v}


def fire(adj: Adjudication, data: GameData, st: Stage, side: str, rnd: int, why: tuple[Citation, ...] = ()) -> int:
    """One side's roll on the Assault Table; returns the steps the other side loses."""
    state = adj.state
    atts, defs = attackers(state, st), defenders(state, data, st)
    if not atts or not defs:
        return 0
    total = sum(values.attack(data, u) for u in atts) if side == "attacker" else sum(values.defence(data, u) for u in defs)
    col = total_column(data.assault, total)
    if col is None:
        return 0
    drm = drms(state, data, st, side)
    r = d10(adj, f"assault round {rnd}: {side}")
    modified = r.value + sum(drm.values())
    losses = int(data.assault.result(col, modified))
    adj.emit(AssaultFired(combat=st.combat, round=rnd, side=side, total=total, column=col, drm=drm, roll=r, modified=modified,
                          losses=losses, cite=(cite.ASSAULT_RESOLUTION, cite.ASSAULT_CONSIDERATIONS,
                                               cell_cite(data.assault, "assault", col, modified)) + why))
    return losses


def do_fire(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    parts = task.split(":")
    rnd = int(parts[1])
    only = parts[2] if len(parts) > 2 else None
    if rnd == 1 and any(values.engineer(data, u) for u in attackers(adj.state, st)):
        why = (cite.COMBAT_ENGINEERS,) if data.version >= 2 else ()  # @1 cited §13 alone
        d = fire(adj, data, st, "defender", 1, why)  # §17.2: both at once, the attacker at full strength
        a = fire(adj, data, st, "attacker", 1, why)
        pop(adj, push=("loss:attacker",) * d + ("loss:defender",) * a)
        return False
    if only is None:
        d = fire(adj, data, st, "defender", rnd)
        pop(adj, push=("loss:attacker",) * d + (f"fire:{rnd}:attacker",))
        return False
    a = fire(adj, data, st, only, rnd)
    pop(adj, push=(("loss:defender",) if only == "attacker" else ("loss:attacker",)) * a)
    return False


def do_tests(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    state = adj.state
    c = combat(state, st)
    assert c is not None
    atts, defs = attackers(state, st), [u for u in defenders(state, data, st) if values.combat_unit(data, u)]
    push: list[str] = []
    if atts and defenders(state, data, st):
        passed = {}
        for side, units in (("defender", defs), ("attacker", atts)):
            best = effectiveness.highest(data, units)
            if not units:
                passed[side] = False
                continue
            r = d10(adj, f"assault effectiveness test: {side}")
            passed[side] = r.value <= best
            adj.emit(TestRolled(purpose=f"assault {side}", hex=c.target, roll=r, value=best, passed=passed[side],
                                cite=(cite.EFFECTIVENESS_TEST, cite.ASSAULT_RESOLUTION)))
        if passed["defender"]:
            push.append("fire:2:defender")
        if passed["attacker"]:
            push.append("fire:2:attacker")
    pop(adj, push=tuple(push))
    return False


def do_end(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    atts = attackers(adj.state, st)
    if defenders(adj.state, data, st) and atts:
        adj.emit(AssaultReturned(units=tuple(u.id for u in atts), cite=(cite.ASSAULT_RESOLUTION,)))
    elif atts:
        adj.emit(AssaultReturned(units=tuple(u.id for u in atts), stay=True, cite=(cite.ASSAULT_CONSIDERATIONS,)))
    pop(adj)
    return False

