"""The combat phases of a player-turn (§3.0 D-I): declaration (declaration.py), refusal
(refusal.py), reaction (reaction.py), bombardment (bombardment.py), maneuver combat (maneuver.py)
and assault (assault.py). A phase with decisions for the defender or both sides is a queue of
steps per combat (stage.py); each step either opens a frame for the seat the rules name or is
done at once. `answer` applies a frame's choice and plays on; it reports whether the phase is over."""
from __future__ import annotations

from typing import Callable

from domain.games.air_bridge import (
    allocation, armor, assault, bombardment, cite, declaration, maneuver, reaction, refusal, results, stacking, values,
)
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.dice import d10
from domain.games.air_bridge.effects import CombatsCleared, CombatStatus, HandledHex, Placed, Retreated, StageSet, TestRolled
from domain.games.air_bridge.model import Declared, Stage, State
from domain.games.air_bridge.orders import Bombard, Declare
from domain.games.air_bridge.stage import ask, attackers, defenders, pop, seat_of, target
from domain.kernel.adjudication import Adjudication
from domain.kernel.assessment import Assessment
from domain.kernel.commands import Order, Reject
from domain.kernel.core import Frame

Do = Callable[[Adjudication, GameData, Stage, str], bool]
Apply = Callable[[Adjudication, GameData, Stage, str, str], None]


# --- refusal and reaction steps -------------------------------------------------------------------


def _do_refuse(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    h = target(adj.state, st)
    units = adj.state.at(h)
    hexes = refusal.withdrawals(adj.state, data, h)
    if not hexes:
        pop(adj)
        return False
    ask(adj, task, seat_of(units, adj.state, units[0].side), ["fight"] + [f"withdraw:{x}" for x in hexes], "fight",
        f"Try to refuse combat at {h} (a d10 at most the highest effectiveness), withdrawing one hex?", cite.REFUSE)
    return True


def _apply_refuse(adj: Adjudication, data: GameData, st: Stage, task: str, choice: str) -> None:
    if choice == "fight":
        pop(adj)
        return
    h = target(adj.state, st)
    units = adj.state.at(h)
    best = max(values.effectiveness(data, u) for u in units)
    r = d10(adj, f"refuse combat at {h}")
    passed = r.value <= best
    adj.emit(TestRolled(purpose="refuse", hex=h, roll=r, value=best, passed=passed, cite=(cite.REFUSE, cite.REFUSE_PHASE)))
    if not passed:
        pop(adj)
        return
    adj.emit(Retreated(units=tuple(u.id for u in units), frm=h, to=choice.split(":", 1)[1], cite=(cite.REFUSE,)))
    for i, c in enumerate(adj.state.declared):
        if c.target == h and c.status == "declared":
            adj.emit(CombatStatus(index=i, status="refused", cite=(cite.REFUSE,)))
    pop(adj, push=("advance",))


def _do_react(adj: Adjudication, data: GameData, st: Stage, task: str) -> bool:
    h = target(adj.state, st)
    cands = reaction.candidates(adj.state, data, h)
    if not cands:
        pop(adj)
        return False
    units = adj.state.at(h)
    ask(adj, task, seat_of(units, adj.state, units[0].side), ["none"] + [u.id for u in cands], "none",
        f"Which unit tries to react into {h} (a d10 at most its effectiveness)?", cite.REACTION)
    return True


def _apply_react(adj: Adjudication, data: GameData, st: Stage, task: str, choice: str) -> None:
    if choice != "none":
        h = target(adj.state, st)
        u = adj.state.units[choice]
        best = values.effectiveness(data, u)
        r = d10(adj, f"reaction into {h}")
        passed = r.value <= best
        adj.emit(TestRolled(purpose="react", hex=h, roll=r, value=best, passed=passed, unit=u.id, cite=(cite.REACTION,)))
        if passed:
            adj.emit(Placed(unit=u.id, hex=h, how="reaction", cite=(cite.REACTION, cite.REACTION_LIMITS)))
    pop(adj)


STEPS: dict[str, tuple[Do, Apply | None]] = {
    "refuse": (_do_refuse, _apply_refuse),
    "react": (_do_react, _apply_react),
    "advance": (results.do_advance, results.apply_advance),
    "loss": (results.do_loss, results.apply_loss),
    "fatigue": (results.do_fatigue, results.apply_fatigue),
    "retreat": (results.do_retreat, results.apply_retreat),
    "support": (maneuver.do_support, maneuver.apply_support),
    "alloc": (allocation.do_alloc, allocation.apply_alloc),
    "support_roll": (allocation.do_support_roll, None),
    "defbomb_roll": (allocation.do_defbomb_roll, None),
    "class": (maneuver.do_class, maneuver.apply_class),
    "resolve": (maneuver.do_resolve, None),
    "enter": (assault.do_enter, None),
    "defbomb": (assault.do_defbomb, assault.apply_defbomb),
    "fire": (assault.do_fire, None),
    "tests": (assault.do_tests, None),
    "end": (assault.do_end, None),
}


# --- what comes next in each phase ----------------------------------------------------------------


def _next_refusal(adj: Adjudication, data: GameData) -> Stage | None:
    state = adj.state
    for i, c in enumerate(state.declared):
        if c.status == "declared" and c.target not in state.handled and refusal.eligible(state, data, c.target):
            adj.emit(HandledHex(hex=c.target, what="refuse"))
            return Stage(combat=i, queue=("refuse",))
    return None


def _next_reaction(adj: Adjudication, data: GameData) -> Stage | None:
    state = adj.state
    for i, c in enumerate(state.declared):
        if c.status == "declared" and c.target not in state.reacted and state.at(c.target):
            adj.emit(HandledHex(hex=c.target, what="react"))
            return Stage(combat=i, queue=("react",))
    return None


def _next_combat(kind: str) -> Callable[[Adjudication, GameData], Stage | None]:
    def nxt(adj: Adjudication, data: GameData) -> Stage | None:
        for i, c in enumerate(adj.state.declared):
            if c.kind != kind or c.status != "declared":
                continue
            probe = Stage(combat=i)
            if not attackers(adj.state, probe) or not defenders(adj.state, data, probe, with_dz=kind == "assault"):
                adj.emit(CombatStatus(index=i, status="cancelled", cite=(cite.ruling("emptied_target", "cancel"),)))
                continue
            return Stage(combat=i, queue=_start(data, kind))
        return None
    return nxt


def _start(data: GameData, kind: str) -> tuple[str, ...]:
    """@3 allocates support unit by unit and point by point (allocation.py); @1 and @2 coarsely."""
    if data.version >= 3:
        return allocation.MANEUVER_START if kind == "maneuver" else allocation.ASSAULT_START
    return maneuver.START if kind == "maneuver" else assault.START


NEXT: dict[str, Callable[[Adjudication, GameData], Stage | None]] = {
    "refuse": _next_refusal, "reaction": _next_reaction, "maneuver": _next_combat("maneuver"), "assault": _next_combat("assault"),
}


def drive(adj: Adjudication, data: GameData) -> bool:
    """Play the phase's steps until one waits for a decision (True) or none is left (False)."""
    phase = adj.core.clock.phase
    while True:
        st = adj.state.stage
        if st is None:
            if phase not in NEXT:
                return False
            st = NEXT[phase](adj, data)
            if st is None:
                return False
            adj.emit(StageSet(stage=st))
            continue
        if not st.queue:
            if phase in ("maneuver", "assault") and st.combat >= 0:
                adj.emit(CombatStatus(index=st.combat, status="resolved", cite=(cite.SEQUENCE,)))
            adj.emit(StageSet(stage=None))
            if phase not in NEXT:
                return False
            continue
        task = st.queue[0]
        do, _ = STEPS[task.split(":")[0]]
        if do(adj, data, st, task):
            return True


# --- the phases -------------------------------------------------------------------------------


def _phasing_seats(adj: Adjudication) -> tuple[str, ...]:
    return adj.core.layout.seats_of(adj.core.clock.side or "")


def declaration_enter(adj: Adjudication, data: GameData) -> bool:
    return any(declaration.legal(adj.state, data, s) for s in _phasing_seats(adj))


def _played_out(adj: Adjudication, data: GameData) -> bool:
    """Drive the phase; once no decision is left, @3 checks stacking (§5: at the end of each combat
    phase) and opens the first overage's frame (True: the phase waits for it). @1 and @2 checked
    only phases ended by an order or an answer."""
    if drive(adj, data):
        return True
    return data.version >= 3 and stacking.open_next(adj, data)


def refuse_enter(adj: Adjudication, data: GameData) -> bool:
    return _played_out(adj, data)


def reaction_enter(adj: Adjudication, data: GameData) -> bool:
    return _played_out(adj, data)


def bombardment_enter(adj: Adjudication, data: GameData) -> bool:
    return any(bombardment.legal(adj.state, data, s) for s in _phasing_seats(adj))


def maneuver_enter(adj: Adjudication, data: GameData) -> bool:
    return _played_out(adj, data)


def assault_enter(adj: Adjudication, data: GameData) -> bool:
    return _played_out(adj, data)


def leave(adj: Adjudication, data: GameData) -> None:
    if adj.state.declared or adj.state.handled or adj.state.reacted:
        adj.emit(CombatsCleared(cite=(cite.SEQUENCE,)))


def legal_declarations(state: State, data: GameData, seat: str, *, unit: str | None = None) -> list[Declare]:
    return declaration.legal(state, data, seat, unit=unit)


def legal_bombardments(state: State, data: GameData, seat: str) -> list[Bombard]:
    return bombardment.legal(state, data, seat)


def declare(adj: Adjudication, data: GameData, seat: str, order: Declare) -> None:
    declaration.declare(adj, data, seat, order)


def bombard(adj: Adjudication, data: GameData, seat: str, order: Bombard) -> None:
    hex_id, steps = bombardment.bombard(adj, data, seat, order)
    if steps:
        adj.emit(StageSet(stage=Stage(combat=-1, queue=("loss:defender",) * steps,
                                      data={"hex": hex_id, "side": adj.core.layout.side_of(seat)})))
        drive(adj, data)


def answer(adj: Adjudication, data: GameData, frame: Frame, choice: str) -> bool:
    st = adj.state.stage
    task = str(frame.prompt.get("task", ""))
    step = STEPS.get(task.split(":")[0])
    if st is None or step is None or step[1] is None:
        raise Reject("no_decision", "This decision is not part of a combat under way.", cite.SEQUENCE)
    step[1](adj, data, st, task, choice)
    waiting = drive(adj, data)
    if adj.core.clock.phase in NEXT:
        return not waiting
    return False


def assess(state: State, data: GameData, order: Order) -> Assessment | None:
    """A maneuver declaration read on the table as it stands now (no support, each side's first
    armour category)."""
    if not isinstance(order, Declare) or order.kind != "maneuver":
        return None
    atts = [state.units[u] for u in order.units if u in state.units]
    if not atts:
        return None
    defs = sorted((u for u in state.at(order.target) if u.side != atts[0].side), key=lambda u: u.id)
    if not defs:
        return None
    c = Declared(kind="maneuver", target=order.target, units=order.units, origins={u.id: u.hex or "" for u in atts})
    o = maneuver.odds(state, data, c, atts, defs, (armor.choices(data, atts)[0], armor.choices(data, defs)[0]))
    mod = sum(o.drm.values())
    return Assessment(attack=o.attack, defense=o.defence, computed_odds=o.odds, odds=o.column, die_modifier=mod,
                      results=tuple(data.maneuver.result(o.column, face + mod) for face in range(1, 11)),
                      defender_supply={u.id: "unsupplied" if u.unsupplied else "supplied" for u in defs})
