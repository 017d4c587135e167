"""How each Breakout & Pursuit effect changes the state. No decisions, no dice: only facts."""
from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.games.breakout_pursuit.effects import (
    AirdropCycleEnded, AirdropCycleStarted, AirdropMarkerLeft, AirdropRevealed, AirdropZoneChosen, AirStrikeResolved,
    BattlegroupFormed, CombatPending, ControlChanged, DefensiveSupplyTraced, DisruptionEnded, FlagSet,
    FortressDestroyed, NavalSupplyMoved, ParatroopRehabilitated, PassengerDisembarked, PassengerEmbarked, PhaseBegun,
    PipelinesDeactivated, PipelinesReactivated, PlayerTurnEnded, SupplyJudged, SupplyUnitMoved, UnitAirdropped,
    UnitEliminated, UnitExpended, UnitMoved, UnitPlaced, UnitRetreated, UnitsAdvanced, UnitsDisrupted, UnitsTurned,
)
from domain.games.breakout_pursuit.model import ELIMINATED, EXPENDED, REHABILITATED, STAGING, Airdrop, State, Unit
from domain.games.breakout_pursuit.setup import unit_from


def units(state: State, **changes: dict[str, Any]) -> State:
    new = dict(state.units)
    for uid, fields in changes.items():
        new[uid] = replace(new[uid], **fields)
    return replace(state, units=new)


def unload(state: State, *uids: str) -> State:
    """Units that leave their Truck other than by being dropped off (advance, elimination, a box):
    the Truck no longer carries them."""
    trucks = {u.id: dict(carrying=None) for u in state.units.values() if u.carrying is not None and u.carrying in uids}
    return units(state, **trucks) if trucks else state


def hauled(state: State, uid: str, how: str) -> State:
    """Record how a Supply unit or passenger was moved this phase (one entry per Truck carrying it)."""
    done = state.hauled.get(uid, ())
    if how in done[-1:]:
        return state
    return replace(state, hauled={**state.hauled, uid: done + (how,)})


def where(at: str, data) -> dict[str, Any]:
    """A placement target: a map hex, or a box."""
    return {"hex": at, "box": None} if data.map.hexes.get(at) is not None else {"hex": None, "box": at}


def evolve(state: State, e: Any, data) -> State:
    match e:
        case PhaseBegun():
            return replace(state, moved=(), attacked=(), defended=(), fired={}, hauled={}, traced=())
        case PlayerTurnEnded():
            return replace(state, supply={})
        case UnitPlaced(unit=uid, at=at, turn=turn):
            return unload(units(state, **{uid: dict(where(at, data), placed=turn)}), uid)
        case UnitMoved(unit=uid, path=path):
            moved = state.moved if uid in state.moved else state.moved + (uid,)
            passenger = state.units[uid].carrying  # a Truck's passenger moves with it (Truck B, D)
            carried = {passenger: dict(hex=path[-1], box=None)} if passenger else {}
            state = replace(units(state, **{uid: dict(hex=path[-1], box=None)}, **carried), moved=moved)
            return hauled(state, passenger, uid) if passenger else state
        case PipelinesDeactivated(units=uids):
            return units(state, **{u: dict(active=False) for u in uids})
        case PipelinesReactivated(units=uids):
            return units(state, **{u: dict(active=True) for u in uids})
        case PassengerEmbarked(truck=truck, unit=uid, hex=hex_):
            return hauled(units(state, **{truck: dict(carrying=uid), uid: dict(hex=hex_, box=None)}), uid, truck)
        case PassengerDisembarked(truck=truck, unit=uid, hex=hex_):
            return units(state, **{truck: dict(carrying=None), uid: dict(hex=hex_, box=None)})
        case SupplyUnitMoved(unit=uid, path=path, method=method):
            return hauled(units(state, **{uid: dict(hex=path[-1], box=None)}), uid, method)
        case UnitsTurned(units=uids, face_up=face_up):
            return units(state, **{u: dict(active=face_up) for u in uids})
        case NavalSupplyMoved(unit=uid, to=to):
            moved = state.moved if uid in state.moved else state.moved + (uid,)
            return replace(units(state, **{uid: dict(hex=to, box=None, active=False)}), moved=moved)
        case DefensiveSupplyTraced(unit=uid):
            return state if uid in state.traced else replace(state, traced=state.traced + (uid,))
        case SupplyJudged(states=states):
            return replace(state, supply=dict(states))
        case UnitExpended(unit=uid):
            return unload(units(state, **{uid: dict(hex=None, box=EXPENDED)}), uid)
        case CombatPending(combat=combat):
            if combat is None:
                return replace(state, combat=None)
            attacked = tuple(dict.fromkeys(state.attacked + combat.attackers))
            # the Air Strike (no attacking units) records its targets itself (AirStrikeResolved)
            defended = tuple(dict.fromkeys(state.defended + combat.defenders)) if combat.attackers else state.defended
            fired = {**state.fired, **{combat.origins[a]: combat.hex for a in combat.attackers if a in combat.origins}}
            return replace(state, combat=combat, attacked=attacked, defended=defended, fired=fired)
        case UnitEliminated(unit=uid, surrounded=surrounded):
            u = state.units[uid]
            carried = {u.carrying: dict(hex=None, box=ELIMINATED)} if u.carrying else {}
            state = units(state, **{uid: dict(hex=None, box=ELIMINATED, surrounded=surrounded, carrying=None), **carried})
            return unload(state, uid)
        case UnitRetreated(unit=uid, to=to):
            return units(state, **{uid: dict(hex=to)})
        case UnitsDisrupted(units=uids, turn=turn):
            return units(state, **{u: dict(disrupted=turn) for u in uids})
        case DisruptionEnded(units=uids):
            return units(state, **{u: dict(disrupted=0) for u in uids})
        case UnitsAdvanced(units=uids, to=to):
            # a passenger that advances leaves its Truck (option passenger_advance)
            return unload(units(state, **{u: dict(hex=to) for u in uids}), *uids)
        case BattlegroupFormed(parent=parent, unit=uid, hex=hex_, strength=strength, ma=ma, unit_type=type_, counter=counter):
            p = state.units[parent]
            bg = Unit(id=uid, side=p.side, counter=counter or uid, cls=p.cls, type=type_, strength=strength, ma=ma, size="BG",
                      nat=p.nat, hex=hex_, parent=parent)
            # Formed on its parent's hex in its own Player-Turn, it keeps the parent's judged supply (Supply K).
            supply = {**state.supply, uid: state.supply[parent]} if parent in state.supply else state.supply
            return replace(state, units={**state.units, uid: bg}, supply=supply)
        case ControlChanged(hexes=hexes):
            return replace(state, control={**state.control, **hexes})
        case FortressDestroyed(hex=hex_):
            return replace(state, fortresses={**state.fortresses, hex_: "destroyed"})
        case FlagSet(name=name, value=value):
            return replace(state, flags={**state.flags, name: value})
        case AirStrikeResolved(units=targets, attackable=attackable):
            defended = state.defended if attackable else tuple(dict.fromkeys(state.defended + targets))
            return replace(state, defended=defended, flags={**state.flags, "air_strike": "made"})
        case AirdropCycleStarted(markers=markers, turn=turn):
            return replace(state, airdrop=Airdrop(placed=turn, markers=markers))
        case AirdropZoneChosen(real=real):
            return replace(state, airdrop=replace(state.airdrop, real=real))
        case AirdropRevealed(real=real):
            return replace(state, airdrop=replace(state.airdrop, real=real, markers=(real,), stage="revealed"))
        case UnitAirdropped(unit=uid, hex=hex_, turn=turn):
            cycle = state.airdrop and replace(state.airdrop, dropped=state.airdrop.dropped + (uid,))
            return replace(units(state, **{uid: dict(hex=hex_, box=None, dropped=turn)}), airdrop=cycle)
        case AirdropMarkerLeft():
            return replace(state, airdrop=replace(state.airdrop, stage="airlanding"))
        case AirdropCycleEnded():
            return replace(state, airdrop=None)
        case ParatroopRehabilitated(unit=old, by=new):
            fresh = unit_from(new, data.pack.counters[new], box=STAGING, dropped=state.units[old].dropped)
            withdrawn = units(state, **{old: dict(box=REHABILITATED)})
            return replace(withdrawn, units={**withdrawn.units, new: fresh})
    return state
