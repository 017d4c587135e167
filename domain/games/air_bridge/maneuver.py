"""§12 Maneuver Combat (with §8 effectiveness, §9.2 support, §14 fatigue, §16 supply, §17.2
engineers, §19.1 armour): the attack total against the defence total as odds (rounded for the
defender), the effectiveness column shift, support allocated by the attacker then the defender
(each side's Bombardment/Support result is a DRM: the attacker's negative, the defender's
positive), each side's armour category chosen by its owner, the d10 with every DRM, then the
result's losses, fatigue, retreats and advance, step by step."""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Callable, NamedTuple

from domain.games.air_bridge import air, armor, artillery, cite, effectiveness, values
from domain.games.air_bridge.bombardment import table_result
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.dice import d10
from domain.games.air_bridge.effects import ManeuverResolved, SupportRolled
from domain.games.air_bridge.model import Declared, Stage, State, Unit
from domain.games.air_bridge.stage import ask, attackers, combat, defenders, pop, seat_of, set_drm
from domain.games.air_bridge.tables import cell_cite
from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import Citation
from domain.kernel.grid import hexside_id

RESULT = re.compile(r"^(A|D|B)(\d*)(?:F(\d+))?$")
START = ("support:attacker", "support:defender", "class:attacker", "class:defender", "resolve")


class Odds(NamedTuple):
    attack: int
    defence: int
    odds: str
    column: str
    shift: int
    drm: dict[str, int]


def steps_share(units: list[Unit], pred: Callable[[Unit], bool]) -> Fraction:
    total = sum(u.steps for u in units)
    return Fraction(sum(u.steps for u in units if pred(u)), total) if total else Fraction(0)


def fatigue_drm(data: GameData, defenders_: list[Unit], table: str) -> int:
    share = steps_share(defenders_, lambda u: u.fatigued)
    rows = data.rows(table)
    if share == 0:
        return 0  # A9
    return int(rows["defender_fatigued_half" if share >= Fraction(1, 2) else "defender_fatigued_some"]["drm"])


def across_bridge(data: GameData, c: Declared, u: Unit) -> bool:
    return hexside_id(c.origins.get(u.id, u.hex or ""), c.target) in data.bridges


def odds(state: State, data: GameData, c: Declared, atts: list[Unit], defs: list[Unit], cats: tuple[str, str],
         support: int = 0) -> Odds:
    attack = sum(values.attack(data, u) for u in atts)
    defence = sum(values.defence(data, u) for u in defs)
    table = data.maneuver
    col = table.column(attack, max(1, defence))
    shift = effectiveness.shift(data, atts, [u for u in defs if values.combat_unit(data, u)])
    column = table.shift(col, shift)
    rows = data.rows("maneuver_drm")
    engineers = any(values.engineer(data, u) for u in atts)
    drm = {"support": support, "defender_fatigue": fatigue_drm(data, [u for u in defs if values.combat_unit(data, u)], "maneuver_drm")}
    if not engineers and steps_share(atts, lambda u: across_bridge(data, c, u)) >= Fraction(1, 2):
        drm["across_bridge"] = int(rows["across_bridge"]["drm"])
    by = state.core.options.get("unsupplied_threshold", "steps")
    share = steps_share(atts, lambda u: u.unsupplied) if by == "steps" else Fraction(sum(u.unsupplied for u in atts), max(1, len(atts)))
    if share >= Fraction(1, 2):
        drm["unsupplied"] = int(rows["unsupplied"]["drm"])
    heights = "heights" in data.map.hexes[c.target].features
    if heights and steps_share(atts, lambda u: "heights" not in data.map.hexes[c.origins.get(u.id, u.hex or "")].features) >= Fraction(1, 2):
        drm["up_slope"] = int(rows["up_slope"]["drm"])
    drm["armor"] = armor.maneuver_drm(data, *cats)
    return Odds(attack, defence, col, column, shift, {k: v for k, v in drm.items() if v})


# --- the steps ---------------------------------------------------------------------------------


def _involved(state: State, data: GameData, st: Stage) -> list[Unit]:
    return attackers(state, st) + defenders(state, data, st)


def support_options(state: State, data: GameData, st: Stage, who: str) -> dict[str, tuple[tuple[str, ...], int]]:
    c = combat(state, st)
    assert c is not None
    side = attackers(state, st)[0].side if who == "attacker" else defenders(state, data, st)[0].side
    attacked = {x.target for x in state.declared if x.status == "declared"} if who == "defender" else set()
    return support_choices(state, data, side, c.target, _involved(state, data, st), attacked)


def support_choices(state: State, data: GameData, side: str, target: str, involved: list[Unit],
                    attacked: set[str]) -> dict[str, tuple[tuple[str, ...], int]]:
    """The coarse support choices of `side` for a combat at `target` (§9.2, §15): none, its guns
    in range, its air points, or all; shared by maneuver support and the assault's defensive
    bombardment (§13.2)."""
    guns = tuple(u.id for u in sorted(state.units.values(), key=lambda x: x.id)
                 if u.side == side and artillery.may_support(state, data, u, target, involved, attacked))
    pts = air.available(state, side) if air.may_strike(state, data, side, target) else 0
    out: dict[str, tuple[tuple[str, ...], int]] = {"none": ((), 0)}
    if guns:
        out["artillery"] = (guns, 0)
    if pts:
        out["air"] = ((), pts)
    if guns and pts:
        out["all"] = (guns, pts)
    return out


def do_support(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    who = task.split(":")[1]
    units = attackers(adj.state, st) if who == "attacker" else defenders(adj.state, data, st)
    if not units:
        pop(adj)
        return False
    opts = support_options(adj.state, data, st, who)
    if len(opts) == 1:
        pop(adj, data={task: "none"})
        return False
    ask(adj, task, seat_of(units, adj.state, units[0].side), list(opts), "none",
        "Fire support for this maneuver combat: artillery in range, air points, all, or none?", cite.SUPPORT)
    return True


def apply_support(adj: Adjudication, data: GameData, st: Stage, task: str, choice: str) -> None:
    who = task.split(":")[1]
    guns, pts = support_options(adj.state, data, st, who)[choice]
    side = (attackers(adj.state, st) if who == "attacker" else defenders(adj.state, data, st))[0].side
    for g in guns:
        artillery.mark(adj, g)
    air.spend(adj, side, pts)
    points = sum(values.bombardment(data, adj.state.units[g]) for g in guns) + pts
    if points:
        r = d10(adj, f"{who} support")
        col, result = table_result(data, points, r.value)
        assert col is not None
        adj.emit(SupportRolled(combat=st.combat, side=who, points=points, column=col, roll=r, result=result,
                               cite=(cite.SUPPORT, cell_cite(data.bombardment, "bombardment", col, r.value))))
        set_drm(adj, who, result)
    pop(adj, data={task: choice})


def do_class(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    who = task.split(":")[1]
    units = attackers(adj.state, st) if who == "attacker" else defenders(adj.state, data, st)
    cats = armor.choices(data, units)
    if len(cats) == 1:
        pop(adj, data={task: cats[0]})
        return False
    ask(adj, task, seat_of(units, adj.state, units[0].side), cats, cats[0],
        "Which armour category do your units count as in this combat (each multi-class unit's type)?", cite.ARMOR)
    return True


def apply_class(adj: Adjudication, data: GameData, st: Stage, task: str, choice: str) -> None:
    pop(adj, data={task: choice})


def do_resolve(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    state = adj.state
    c = combat(state, st)
    assert c is not None
    atts, defs = attackers(state, st), defenders(state, data, st)
    cats = (st.data.get("class:attacker", "inf"), st.data.get("class:defender", "inf"))
    support = st.drm.get("defender", 0) - st.drm.get("attacker", 0)
    o = odds(state, data, c, atts, defs, cats, support)
    r = d10(adj, f"maneuver combat at {c.target}")
    modified = r.value + sum(o.drm.values())
    result = data.maneuver.result(o.column, modified)
    adj.emit(ManeuverResolved(combat=st.combat, attack=o.attack, defence=o.defence, odds=o.odds, column=o.column, shift=o.shift,
                              drm=o.drm, roll=r, modified=modified, result=result,
                              cite=(cite.MANEUVER_PROCEDURE, cite.MANEUVER_DRM, cite.EFFECTIVENESS, cite.RESULTS,
                                    cell_cite(data.maneuver, "maneuver", o.column, modified)) + drm_cites(data, atts, o)))
    pop(adj, push=result_steps(data, c, atts, result), data={"result": result})
    return False


def drm_cites(data: GameData, atts: list[Unit], o: Odds) -> tuple[Citation, ...]:
    """@2: the rules behind the modifiers the roll used (@1 cited §12 alone)."""
    if data.version < 2:
        return ()
    return (((cite.COMBAT_ENGINEERS,) if any(values.engineer(data, u) for u in atts) else ())
            + ((cite.ARMOR_MANEUVER,) if "armor" in o.drm else ())
            + ((cite.FATIGUE_DRM,) if "defender_fatigue" in o.drm else ())
            + ((cite.SUPPLY,) if "unsupplied" in o.drm else ()))


def result_steps(data: GameData, c: Declared, atts: list[Unit], result: str) -> tuple[str, ...]:
    m = RESULT.match(result)
    if m is None:
        return ()
    who, n, f = m.group(1), int(m.group(2) or 0), int(m.group(3) or 0)
    if who == "B":
        return ("fatigue:attacker",) * max(1, f) + ("fatigue:defender",) * max(1, f)
    if who == "A":
        return ("loss:attacker",) * n + ("fatigue:attacker",) * f + ("retreat:attacker",)
    defence = data.defence(c.target)
    if any(values.engineer(data, u) for u in atts):
        defence = max(1, defence - 1)  # §17.2
    return ("loss:defender",) * (n // defence) + ("fatigue:defender",) * f + ("retreat:defender", "advance")

