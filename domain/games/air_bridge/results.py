"""Applying combat results step by step (§12.3, §13.1, §14, §17.2): each step lost and each unit
fatigued is chosen by the owner of the units (A11), attacking engineers first (§17.2); a
defender's two-hex retreat or hold, an attacker's one-hex retreat, and the attacker's advance
after the defender has gone."""
from __future__ import annotations

from domain.games.air_bridge import cite, stacking, values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.effects import FatigueMarked, Placed, Retreated
from domain.games.air_bridge.losses import lose_step
from domain.games.air_bridge.model import STACK_LIMIT, Stage, State, Unit
from domain.games.air_bridge.retreat import destinations
from domain.games.air_bridge.stage import ask, attackers, combat, defenders, pop, seat_of, target
from domain.kernel.adjudication import Adjudication

SPLIT = "split"  # @3: the retreating units need not go to the same hex (§12.3 D)


def _pool(state: State, data: GameData, st: Stage, who: str, *, fatigue: bool) -> list[Unit]:
    c = combat(state, st)
    if who == "attacker":
        units = attackers(state, st)
        engineers = [u for u in units if values.engineer(data, u) and not (fatigue and u.fatigued)]
        units = engineers or units
    else:
        maneuver = c is not None and c.kind == "maneuver"
        units = defenders(state, data, st, with_dz=not maneuver and not fatigue) if c is not None else defenders(state, data, st, with_dz=False)
    if fatigue:
        units = [u for u in units if not u.fatigued and values.combat_unit(data, u)]
    return units


def do_loss(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    who = task.split(":")[1]
    pool = _pool(adj.state, data, st, who, fatigue=False)
    if len(pool) <= 1:
        if pool:
            lose_step(adj, data, pool[0].id, f"{who} loss", cite.RESULTS)
        pop(adj)
        return False
    ask(adj, task, seat_of(pool, adj.state, pool[0].side), [u.id for u in pool], pool[0].id,
        "Which unit takes the step loss?", cite.COMBAT_ENGINEERS if who == "attacker" else cite.RESULTS)
    return True


def apply_loss(adj: Adjudication, data: GameData, st: Stage, task: str, choice: str) -> None:
    lose_step(adj, data, choice, f"{task.split(':')[1]} loss", cite.RESULTS)
    pop(adj)


def do_fatigue(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    who = task.split(":")[1]
    pool = _pool(adj.state, data, st, who, fatigue=True)
    if len(pool) <= 1:
        if pool:
            adj.emit(FatigueMarked(unit=pool[0].id, cause="combat result", cite=(cite.FATIGUE,)))
        pop(adj)
        return False
    ask(adj, task, seat_of(pool, adj.state, pool[0].side), [u.id for u in pool], pool[0].id,
        "Which unit is fatigued?", cite.FATIGUE)
    return True


def apply_fatigue(adj: Adjudication, data: GameData, st: Stage, task: str, choice: str) -> None:
    adj.emit(FatigueMarked(unit=choice, cause="combat result", cite=(cite.FATIGUE,)))
    pop(adj)


def retreat_options(state: State, data: GameData, st: Stage) -> tuple[list[str], bool]:
    """(the hexes two away the defenders may reach, whether they may stay at no cost: urban)."""
    units = defenders(state, data, st, with_dz=False)
    h = target(state, st)
    if not units:
        return [], False
    return destinations(state, data, units[0].side, h, 2), data.terrain(h) == "city"


def do_retreat(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    state = adj.state
    if task == "retreat:attacker" and data.version < 2:
        _umpire_places_attackers(adj, data, st)
        pop(adj)
        return False
    if task == "retreat:attacker":  # one decision per hex the attackers stand in
        hexes = sorted({u.hex for u in attackers(state, st) if u.hex is not None})
        pop(adj, push=tuple(f"retreat:attacker:{h}" for h in hexes))
        return False
    if task.startswith("retreat:attacker:"):
        return _do_attacker_retreat(adj, data, st, task)
    if task.startswith("retreat:unit:"):
        return _do_unit_retreat(adj, data, st, task)
    units = defenders(state, data, st, with_dz=False)
    c = combat(state, st)
    if not units:
        pop(adj)
        return False
    if c is not None and any(x.kind == "assault" and x.target == c.target and x.status == "declared" for x in state.declared):
        pop(adj)  # item 4: the hex is also assaulted: no retreat, no extra loss
        return False
    hexes, urban = retreat_options(state, data, st)
    if not hexes and not urban:
        pop(adj, push=("loss:defender",))  # item 1: blocked, one step for the stack
        return False
    split = [SPLIT] if data.version >= 3 and hexes and len(units) > 1 else []
    options = (["stay"] if urban else []) + ["hold"] + [f"to:{x}" for x in hexes] + split
    ask(adj, task, seat_of(units, state, units[0].side), options, options[0] if urban else (f"to:{hexes[0]}" if hexes else "hold"),
        "Retreat two hexes (to:...), hold and lose one more step, or (urban) stay at no cost?"
        + (" Or split: each unit to its own hex." if split else ""), cite.RETREAT)
    return True


def _do_unit_retreat(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    """@3, §12.3 D: after `split`, each defending unit retreats on its own to a hex two hexes from
    the attacked hex, where its owner says (units before it may have gone elsewhere)."""
    u = adj.state.units[task.split(":", 2)[2]]
    hexes, _ = retreat_options(adj.state, data, st)
    if u.hex != target(adj.state, st) or not hexes:
        pop(adj)
        return False
    if len(hexes) == 1:
        adj.emit(Retreated(units=(u.id,), frm=u.hex, to=hexes[0], cite=(cite.RETREAT,)))
        pop(adj)
        return False
    ask(adj, task, u.seat, [f"to:{x}" for x in hexes], f"to:{hexes[0]}",
        f"Where does {u.id} retreat (two hexes from {u.hex})?", cite.RETREAT)
    return True


def apply_retreat(adj: Adjudication, data: GameData, st: Stage, task: str, choice: str) -> None:
    if task.startswith("retreat:unit:"):
        adj.emit(Retreated(units=(task.split(":", 2)[2],), frm=target(adj.state, st), to=choice[3:], cite=(cite.RETREAT,)))
        pop(adj)
        return
    if choice == SPLIT:  # @3: each unit its own retreat, one frame per unit
        pop(adj, push=tuple(f"retreat:unit:{u.id}" for u in defenders(adj.state, data, st, with_dz=False)))
        return
    if task.startswith("retreat:attacker:"):
        frm = task.split(":", 2)[2]
        ids = tuple(u.id for u in attackers(adj.state, st) if u.hex == frm)
        adj.emit(Retreated(units=ids, frm=frm, to=choice[3:], cite=(cite.RESULTS,)))
        pop(adj)
        return
    if choice == "hold":
        pop(adj, push=("loss:defender",))
        return
    if choice.startswith("to:"):
        units = defenders(adj.state, data, st, with_dz=False)
        adj.emit(Retreated(units=tuple(u.id for u in units), frm=target(adj.state, st), to=choice[3:], cite=(cite.RETREAT,)))
    pop(adj)


def _umpire_places_attackers(adj: Adjudication, data: GameData, st: Stage) -> None:
    """@1: every attacking unit retreats to the first open hex in map order one hex back (the
    choice was not put to the attacker); a unit with none stays and its stack loses one step (A12)."""
    t = target(adj.state, st)
    lost: set[str] = set()
    for u in attackers(adj.state, st):
        if u.hex is None:
            continue
        cands = [h for h in destinations(adj.state, data, u.side, u.hex, 1) if data.distance(h, t) >= 2]
        if cands:
            adj.emit(Retreated(units=(u.id,), frm=u.hex, to=cands[0], cite=(cite.RESULTS,)))
        elif u.hex not in lost and adj.core.options.get("attacker_blocked_retreat", "step") == "step":
            lost.add(u.hex)
            lose_step(adj, data, u.id, "blocked retreat", cite.ruling("attacker_blocked_retreat", "step"))


def _attacker_hexes(state: State, data: GameData, st: Stage, frm: str) -> list[str]:
    """One hex back from `frm`, away from the target (two hexes from it), open to a retreat."""
    units = [u for u in attackers(state, st) if u.hex == frm]
    if not units:
        return []
    t = target(state, st)
    return [h for h in destinations(state, data, units[0].side, frm, 1) if data.distance(h, t) >= 2]


def _do_attacker_retreat(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    """§12.3 A: the attackers in `frm` retreat one hex, where their owner says; with nowhere to go
    they stay and their stack loses one step (A12)."""
    frm = task.split(":", 2)[2]
    units = [u for u in attackers(adj.state, st) if u.hex == frm]
    hexes = _attacker_hexes(adj.state, data, st, frm)
    if not units:
        pop(adj)
        return False
    if not hexes:
        if adj.core.options.get("attacker_blocked_retreat", "step") == "step":
            lose_step(adj, data, units[0].id, "blocked retreat", cite.ruling("attacker_blocked_retreat", "step"))
        pop(adj)
        return False
    if len(hexes) == 1:
        adj.emit(Retreated(units=tuple(u.id for u in units), frm=frm, to=hexes[0], cite=(cite.RESULTS,)))
        pop(adj)
        return False
    ask(adj, task, seat_of(units, adj.state, units[0].side), [f"to:{h}" for h in hexes], f"to:{hexes[0]}",
        f"Where do the attackers at {frm} retreat (one hex)?", cite.RESULTS)
    return True


def do_advance(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    state = adj.state
    h = target(state, st)
    units = advancers(state, data, st)
    if state.at(h) or not units:
        pop(adj)
        return False
    ask(adj, task, units[0].seat, ["stay", "advance"], "stay", f"Advance up to 8 stacking points into {h}?", cite.RESULTS)
    return True


def advancers(state: State, data: GameData, st: Stage) -> list[Unit]:
    c = combat(state, st)
    if c is None:
        return []
    pool = [state.units[u] for x in state.declared if x.target == c.target for u in x.units]
    out, sp = [], 0
    for u in pool:
        if u.hex is not None and u.hex != c.target and data.board.grid.adjacent(u.hex, c.target) and u.side == pool[0].side:
            if sp + values.stacking(data, u) <= STACK_LIMIT:
                out.append(u)
                sp += values.stacking(data, u)
    return out


def apply_advance(adj: Adjudication, data: GameData, st: Stage, task: str, choice: str) -> None:
    if choice == "advance":
        h = target(adj.state, st)
        for u in advancers(adj.state, data, st):
            if stacking.fits(adj.state, data, h, u.side, (u.id,)):
                adj.emit(Placed(unit=u.id, hex=h, how="advance", cite=(cite.RESULTS, cite.REFUSE)))
    pop(adj)
