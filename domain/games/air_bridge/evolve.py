"""How each effect changes the game's state (the kernel folds the Core first)."""
from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.games.air_bridge import effects as fx
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import DropZone, State, Unit


def _units(state: State, ids: tuple[str, ...] | list[str], **changes: Any) -> State:
    units = dict(state.units)
    for uid in ids:
        units[uid] = replace(units[uid], **changes)
    return replace(state, units=units)


def _occupy(state: State, data: GameData, hex_id: str, side: str) -> State:
    """A16: a city hex is controlled by the side that last occupied it."""
    if hex_id in data.cities and state.control.get(hex_id) != side:
        return replace(state, control={**state.control, hex_id: side})
    return state


def evolve(state: State, e: Any, data: GameData) -> State:
    match e:
        case fx.PhaseBegun():
            units = {k: replace(u, moved=False) if u.moved else u for k, u in state.units.items()}
            return replace(state, units=units, done=(), repaired_now=())
        case fx.SeatDone(seat=seat):
            return replace(state, done=state.done + (seat,))
        case fx.InitiativeRolled(allied=a, german=g):
            return replace(state, initiative={"allied": a.value, "german": g.value})
        case fx.InitiativeSet(first=first):
            return replace(state, first=first)
        case fx.WeatherSet(weather=w, first_bad=fb):
            return replace(state, weather=w, bad_seen=state.bad_seen or fb)
        case fx.FatigueRecovered(units=ids):
            return _units(state, ids, fatigued=False)
        case fx.SupplyTraced(unsupplied=bad, supplied=good):
            return _units(_units(state, bad, unsupplied=True), good, unsupplied=False)
        case fx.FireMarkersCleared():
            units = {k: replace(u, fires=0, acted="", refused=False) for k, u in state.units.items()}
            return replace(state, units=units)
        case fx.Moved(units=ids, path=path):
            state = _units(state, ids, hex=path[-1], moved=True)
            return _occupy(state, data, path[-1], state.units[ids[0]].side)
        case fx.Placed(unit=uid, hex=h, how=how):
            state = _units(state, (uid,), hex=h, moved=how in ("enter", "ferry", "reaction") or state.units[uid].moved)
            state = replace(state, arrivals=tuple(a for a in state.arrivals if a.unit != uid))
            return _occupy(state, data, h, state.units[uid].side)
        case fx.Overran(units=ids, hex=h):
            state = _units(state, ids, hex=h, moved=True)
            return _occupy(state, data, h, state.units[ids[0]].side)
        case fx.StepLost(unit=uid):
            u = state.units[uid]
            steps = u.steps - 1
            return _units(state, (uid,), steps=steps, hex=u.hex if steps > 0 else None, fatigued=u.fatigued and steps > 0)
        case fx.Eliminated(unit=uid):
            return _units(state, (uid,), steps=0, hex=None, fatigued=False)
        case fx.FatigueMarked(unit=uid):
            return _units(state, (uid,), fatigued=True)
        case fx.ArtilleryActed(unit=uid):
            u = state.units[uid]
            return _units(state, (uid,), fires=u.fires + 1, acted=_phase_key(state))
        case fx.BridgeRolled(bridge=b, method=m, destroyed=d):
            tested = state.tested + ((b,) if m == 1 and b not in state.tested else ())
            bridges = {**state.bridges, b: "destroyed"} if d else state.bridges
            return replace(state, tested=tested, bridges=bridges)
        case fx.BridgeRepaired(bridge=b, engineer=eng):
            state = _units(state, (eng,), moved=True)
            return replace(state, bridges={**state.bridges, b: "repaired"}, repaired_now=state.repaired_now + (b,))
        case fx.CombatDeclared(combat=c):
            return replace(state, declared=state.declared + (c,))
        case fx.CombatStatus(index=i, status=status):
            declared = list(state.declared)
            declared[i] = replace(declared[i], status=status)
            return replace(state, declared=tuple(declared))
        case fx.TestRolled(purpose="refuse", passed=True, hex=h):
            return _units(state, [u.id for u in state.at(h)], refused=True)
        case fx.Retreated(units=ids, to=to):
            state = _units(state, ids, hex=to)
            return _occupy(state, data, to, state.units[ids[0]].side) if ids else state
        case fx.HandledHex(hex=h, what="react"):
            return replace(state, reacted=state.reacted + (h,))
        case fx.HandledHex(hex=h):
            return replace(state, handled=state.handled + (h,))
        case fx.CombatsCleared():
            return replace(state, declared=(), reacted=(), handled=(), stage=None)
        case fx.StageSet(stage=stage):
            return replace(state, stage=stage)
        case fx.DZDestroyed(division=div, returns=turn, gone=gone):
            dz = state.dropzones[div]
            state = _units(state, (dz.marker,), hex=None)
            return replace(state, dropzones={**state.dropzones, div: replace(dz, returns=turn, gone=gone)})
        case fx.DZPlaced(division=div, hex=h):
            dz = state.dropzones[div]
            state = _units(state, (dz.marker,), hex=h, steps=2)
            return replace(state, dropzones={**state.dropzones, div: DropZone(division=div, marker=dz.marker, face="alternate")})
        case fx.ControlTaken(hex=h, side=side):
            return replace(state, control={**state.control, h: side})
        case fx.AssaultEntered(units=ids, hex=h, origins=origins):
            units = dict(state.units)
            for uid in ids:
                units[uid] = replace(units[uid], hex=h, origin=origins[uid])
            return replace(state, units=units)
        case fx.AssaultReturned(units=ids, stay=stay):
            units = dict(state.units)
            for uid in ids:
                u = units[uid]
                back = u.hex if stay or u.hex is None else u.origin
                units[uid] = replace(u, hex=back, origin=None)
            state = replace(state, units=units)
            if stay and ids and state.units[ids[0]].hex is not None:
                return _occupy(state, data, state.units[ids[0]].hex or "", state.units[ids[0]].side)
            return state
    return state


def _phase_key(state: State) -> str:
    c = state.core.clock
    return f"{c.turn}:{c.side}:{c.phase}"


def phase_key(state: State) -> str:
    return _phase_key(state)


def new_unit(uid: str, side: str, seat: str) -> Unit:
    return Unit(id=uid, side=side, seat=seat)
