"""How each Breakout & Pursuit effect changes the state. No decisions, no dice: only facts."""
from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.games.breakout_pursuit.effects import (
    AirdropCycleEnded, AirdropCycleStarted, AirdropMarkerLeft, AirdropRevealed, AirdropZoneChosen, AirStrikeResolved,
    BattlegroupFormed, CombatPending, ControlChanged, DisruptionEnded, FlagSet, FortressDestroyed, ParatroopRehabilitated,
    PhaseBegun, PipelinesDeactivated, PlayerTurnEnded, SupplyJudged, UnitAirdropped, UnitEliminated, UnitExpended,
    UnitMoved, UnitPlaced, UnitRetreated, UnitsAdvanced, UnitsDisrupted,
)
from domain.games.breakout_pursuit.model import ELIMINATED, EXPENDED, REHABILITATED, STAGING, Airdrop, State, Unit
from domain.games.breakout_pursuit.setup import unit_from


def units(state: State, **changes: dict[str, Any]) -> State:
    new = dict(state.units)
    for uid, fields in changes.items():
        new[uid] = replace(new[uid], **fields)
    return replace(state, units=new)


def where(at: str, data) -> dict[str, Any]:
    """A placement target: a map hex, or a box."""
    return {"hex": at, "box": None} if data.map.hexes.get(at) is not None else {"hex": None, "box": at}


def evolve(state: State, e: Any, data) -> State:
    match e:
        case PhaseBegun():
            return replace(state, moved=(), attacked=(), defended=(), fired={})
        case PlayerTurnEnded():
            return replace(state, supply={})
        case UnitPlaced(unit=uid, at=at, turn=turn):
            return units(state, **{uid: dict(where(at, data), placed=turn)})
        case UnitMoved(unit=uid, path=path):
            moved = state.moved if uid in state.moved else state.moved + (uid,)
            return replace(units(state, **{uid: dict(hex=path[-1], box=None)}), moved=moved)
        case PipelinesDeactivated(units=uids):
            return units(state, **{u: dict(active=False) for u in uids})
        case SupplyJudged(states=states):
            return replace(state, supply=dict(states))
        case UnitExpended(unit=uid):
            return units(state, **{uid: dict(hex=None, box=EXPENDED)})
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
            return units(state, **{uid: dict(hex=None, box=ELIMINATED, surrounded=surrounded, carrying=None), **carried})
        case UnitRetreated(unit=uid, to=to):
            return units(state, **{uid: dict(hex=to)})
        case UnitsDisrupted(units=uids, turn=turn):
            return units(state, **{u: dict(disrupted=turn) for u in uids})
        case DisruptionEnded(units=uids):
            return units(state, **{u: dict(disrupted=0) for u in uids})
        case UnitsAdvanced(units=uids, to=to):
            return units(state, **{u: dict(hex=to) for u in uids})
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
