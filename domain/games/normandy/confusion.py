"""§6.11 Confusion with the special operations it needs (§4.4) (`normandy-1944@4`).

A Confusion hex is held by both sides: each side stacks 5 points there (stacking.py), either side
may enter it by a normal move, which ends there (movement.py), and nobody leaves it by a move: the
way out is the enemy's elimination, or a special operation (§4.4, read for the printed '§4.5',
errata B4). A box of the Strategic Movement Map is put in Confusion when a move ends in it with the
enemy there (§1.1.2.2, §6.12; offmap.py). When one side is gone the marker is lifted and the other
side holds the place (`tidy`, after every ruling of this version).

Special operations: a US ranger, British commando or elite paratroop unit that is not disorganised
moves one hex, its move for the phase, after a successful roll on the Infiltration table (absent
from the text: a placeholder, 1-4 succeeds): `assault` into an enemy-held hex, which puts it in
Confusion; `exit_confusion` out of a Confusion hex to a hex free of the enemy. Crossing an
impassable hex is refused `not_built`: the pack's TEC (placeholder) has no terrain impassable to
these units. Combat in a Confusion hex or box is fought by the units in it (Art 6.11, Q&A 43-46; §6.12: off map every
unit of both sides), with no air, no retreat (§6.12; on the map inferred: the way out is the
enemy's elimination), no advance, exploitation or counterattack (combat.py)."""
from __future__ import annotations

from domain.games.normandy import cite, errata
from domain.games.normandy.data import GameData, data_of
from domain.games.normandy.effects import BoxControl, ConfusionLifted, ConfusionPlaced, ControlChanged, SpecialOperationMade
from domain.games.normandy.model import State, confused, offmap_of
from domain.games.normandy.orders import SpecialOperation
from domain.games.normandy.stacking import fits
from domain.games.normandy.units import owns
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Order, Reject

KINDS = ("assault", "exit_confusion", "cross_impassable")
INFILTRATION_PLACEHOLDER = 4  # a roll of at most this succeeds; the Infiltration table is not in the text


def sides_in(state: State, place: str) -> set[str]:
    return {u.side for u in state.units.values() if u.hex == place or u.box == place}


def tidy(adj: Adjudication) -> None:
    """Lift each Confusion marker where one side is gone (§6.11: 'elimination of the enemy units');
    the side still there holds the place."""
    state: State = adj.state
    om = offmap_of(state)
    if om is None:
        return
    for place in om.confusion:
        sides = sides_in(state, place)
        if len(sides) > 1:
            continue
        adj.emit(ConfusionLifted(place=place, cite=(cite.CONFUSION,)))
        if len(sides) == 1:
            side = next(iter(sides))
            if place.startswith("box-"):
                if om.control.get(place, "german") != side:
                    adj.emit(BoxControl(boxes=(place,), side=side, cite=(cite.OFF_MAP,)))
            elif state.control.get(place) != side:
                adj.emit(ControlChanged(hexes=(place,), side=side, cite=(cite.rb("§0.2.2 Control Markers", 56, 57),)))


def special(data: GameData, uid: str) -> bool:
    """§4.4: US rangers, British commandos, elite paratroops."""
    f = data.values[uid].flags
    return "ranger" in f or "commando" in f or ("paratroop" in f and "elite" in f)


def _target(state: State, data: GameData, uid: str, kind: str, h: str) -> str | None:
    """Why the operation may not be tried (None: it may)."""
    u = state.units[uid]
    here = confused(state)
    if kind not in KINDS:
        return f"the special operations are {', '.join(KINDS)}"
    if kind == "cross_impassable":
        return "not_built"
    if u.hex is None or not data.grid.adjacent(u.hex, h) or not data.land(h):
        return "a special operation moves one hex, to an adjacent land hex"
    area = data.playable(state.core.scenario)
    if area is not None and h not in area:
        return f"{h} is outside the scenario's map"
    enemy = any(x.hex == h and x.side != u.side for x in state.units.values())
    if kind == "assault":
        if u.hex in here:
            return f"{uid} is in a Confusion hex: it leaves it by an exit_confusion first"
        if not enemy or h in here:
            return f"an assault is made into a hex the enemy holds ({h} is {'already in Confusion' if h in here else 'not'})"
    else:
        if u.hex not in here:
            return f"{uid} is not in a Confusion hex"
        if enemy:
            return f"{h} holds enemy units"
    if not fits(state, data, h, (uid,), (uid,)):
        return f"{h} would exceed {u.side}'s stacking limits"
    return None


def special_operation(adj: Adjudication, seat: str, order: SpecialOperation) -> None:
    state: State = adj.state
    data = data_of(adj)
    u = state.units.get(order.unit)
    if u is None or not owns(state, data, seat, u.id):
        raise Reject("not_your_unit", f"{order.unit} is not a unit of yours.", cite.SPECIAL_OPERATIONS)
    if not special(data, u.id):
        raise Reject("not_special", f"{u.id} is not a US ranger, British commando or elite paratroop unit.", cite.SPECIAL_OPERATIONS)
    if u.d:
        raise Reject("disorganised", f"{u.id} is disorganised (D{u.d}): no special operation.", cite.SPECIAL_OPERATIONS)
    if u.id in state.moved:
        raise Reject("already_moved", f"{u.id} has moved this phase: a special operation is one hex a movement phase.",
                     cite.SPECIAL_OPERATIONS)
    why = _target(state, data, u.id, order.kind, order.hex)
    if why == "not_built":
        raise Reject("not_built", "Crossing an impassable hex is not built in normandy-1944@4: the pack's TEC (placeholder) "
                     "has no terrain impassable to rangers, commandos or paratroops.", cite.SPECIAL_OPERATIONS)
    if why is not None:
        raise Reject("bad_special_operation", why[0].upper() + why[1:] + ".", cite.SPECIAL_OPERATIONS, at=order.hex)
    roll = adj.roll(6, f"infiltration {u.id}").face
    ok = roll <= INFILTRATION_PLACEHOLDER
    cites = (cite.SPECIAL_OPERATIONS, cite.datum(f"table:infiltration:{roll}", "placeholder"), errata.cite_of("B4"))
    adj.emit(SpecialOperationMade(unit=u.id, kind=order.kind, hex=order.hex, roll=roll, to=order.hex if ok else None, cite=cites))
    if ok and order.kind == "assault":
        adj.emit(ConfusionPlaced(place=order.hex, cite=(cite.SPECIAL_OPERATIONS, cite.CONFUSION)))
    elif ok and state.control.get(order.hex) != u.side:
        adj.emit(ControlChanged(hexes=(order.hex,), side=u.side, cite=(cite.rb("§0.2.2 Control Markers", 56, 57),)))


def special_legal(state: State, data: GameData, seat: str, unit: str | None = None) -> list[Order]:
    if offmap_of(state) is None:
        return []
    out: list[Order] = []
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if (unit is not None and u.id != unit) or u.hex is None or u.id in state.moved or u.d or not special(data, u.id) \
                or not owns(state, data, seat, u.id):
            continue
        for h in data.neighbours(u.hex):
            for kind in ("assault", "exit_confusion"):
                if _target(state, data, u.id, kind, h) is None:
                    out.append(SpecialOperation(unit=u.id, kind=kind, hex=h))
    return out
