"""How each effect of home-before-the-leaves-fall changes the state."""
from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.games.hbtlf import kaiser, victory
from domain.games.hbtlf.effects import (
    BritishBelgianPoints, Arrived, ClaimOpened, CombatRecorded, ControlRecorded, FormationAttached,
    GameTurnBegun, ImpulseBegun, ImpulsesDeclared, Interned, MapExited, MapReentered, InitiativeDecided,
    MissionSet, MotorizedBreakdown, NavalBarrageRolled, OtherTheatersRolled, Released, SegmentEnded,
    SupremeHqMoved, TerritorialConverted, UnitsMoved, VictoryPointsRecorded, WeatherRolled,
    WithdrawnFromPlay,
)
from domain.games.hbtlf.effects_armed_forces import (
    AmmunitionAllowance, AmmunitionExpended, AmmunitionReplaced, BelgianEvacuated, BelgianFormationsDetached,
    BelgianReleaseRolled, BelgianReleased, BelgianTemporaryUsed, FortressesAbandoned, HeavyArtilleryBuilt,
    GallieniReleased, RiverFlooded, WaterworksDestroyed, ParisSubstituted, SubordinatedToGallieni,
    TaxiLoaded, TaxiUnloaded, IsolationEnded, IsolationRecorded, LeaderPlaced, LeaderPromoted,
    LeaderReplaced, ParisAbandoned, ParisDebtPaid, PlanAbandoned, RetireCounted, RetireEnded, ZeppelinBased,
    ZeppelinFlight, ZeppelinRemoved, BefEvacuated, BefRevealed,
)
from domain.games.hbtlf.model import State, State2, version

KAISER = "Kaiser Wilhelm II"  # +1 to the Allies' initiative while on map (5.1)


def _kaiser_among(state: State, units: tuple[str, ...]) -> bool:
    """@1 knew the scheduled counter by its exact name; @2 any Kaiser counter (kaiser.py)."""
    return any(kaiser.is_kaiser(u) for u in units) if version(state) >= 2 else KAISER in units


def _one_more_leader(state: State2) -> tuple[int, int, int]:
    """12.1: one more new French leader this impulse."""
    c = state.core.clock
    n = state.new_leaders[2] if state.new_leaders[:2] == (c.turn, c.impulse) else 0
    return (c.turn, c.impulse, n + 1)


def evolve(state: State, e: Any) -> State:
    """How each effect changes the game's own fields (the kernel folds the Core first)."""
    match e:
        case GameTurnBegun():
            return replace(state, last_hq_moved=state.hq_moved, hq_moved=(), impulses=(), days_before=0, weather="", heavy_built=())
        case HeavyArtilleryBuilt(nation=nation, reps=reps, gt=gt, impulse=n, sp=sp):
            return replace(state, heavy_built=state.heavy_built + ((nation, reps, gt, n, sp),))
        case InitiativeDecided(side=side):
            return replace(state, initiative=side)
        case ImpulsesDeclared(days=days, days_before=before, first=first):
            others = tuple(s for s in state.core.layout.seat_ids() if s != first)
            return replace(state, impulses=days, days_before=before, order=(first,) + others)
        case ImpulseBegun(month=month):
            s = replace(state, done=(), month=month, weather="")
            return replace(s, impulse_serial=s.impulse_serial + 1) if isinstance(s, State2) else s
        case WeatherRolled(weather=w):
            return replace(state, weather=w)
        case OtherTheatersRolled(table=t, outcome=o):
            return replace(state, other_theaters={**state.other_theaters, t: o})
        case SegmentEnded(seat=seat):
            return replace(state, done=state.done + (seat,))
        case UnitsMoved(moves=moves):
            return replace(state, positions={**state.positions, **{m.unit: m.to for m in moves}},
                           moved=state.moved + tuple(m.unit for m in moves if m.unit not in state.moved))
        case CombatRecorded(gt=gt, german_sp=g, allied_sp=a, french_sp=fr, allied_fortress_sp=f, eliminated=elim):
            losses = {"german": state.losses["german"] + g, "allied": state.losses["allied"] + a,
                      "allied_fortress": state.losses["allied_fortress"] + f, "french": state.losses.get("french", 0) + fr}
            s = replace(state, losses=losses, eliminated=state.eliminated + tuple(u for u in elim if u not in state.eliminated))
            if s.liege_fell_gt is None and victory.liege_all_eliminated(s) and not victory.liege_all_eliminated(state):
                s = replace(s, liege_fell_gt=gt)
            return s
        case MissionSet(army=army, mission=m):
            return replace(state, missions={**state.missions, army: m})
        case FormationAttached(formation=f, chart=to, corps=under):
            return replace(state, attachments=state.attachments + ((f, to, under),))
        case Released(formations=f):
            return replace(state, released=state.released + tuple(x for x in f if x not in state.released))
        case Arrived(side=side, units=units, at=at):
            return replace(state, positions={**state.positions, **{u: at for u in units}}, sides={**state.sides, **{u: side for u in units}},
                           arrived_gt={**state.arrived_gt, **{u: state.core.clock.turn for u in units}},
                           moved=tuple(u for u in state.moved if u not in units),
                           withdrawn=tuple(u for u in state.withdrawn if u not in units),
                           kaiser_on_map=state.kaiser_on_map or _kaiser_among(state, units))
        case WithdrawnFromPlay(units=units):
            return replace(state, withdrawn=state.withdrawn + units, kaiser_on_map=state.kaiser_on_map and not _kaiser_among(state, units))
        case ClaimOpened(id=aid, claim=claim):
            return replace(state, claims={**state.claims, aid: claim})
        case ParisAbandoned(owed=owed):
            return replace(state, paris_abandoned=True, paris_debt=owed)
        case ParisDebtPaid(amount=paid):
            return replace(state, paris_debt=state.paris_debt - paid)
        case AmmunitionAllowance(points=p):
            return replace(state, ammunition=p)
        case PlanAbandoned(plan=plan, timed=timed):
            return replace(state, plans_abandoned=state.plans_abandoned + (plan,), retire={**state.retire, **timed})
        case RetireCounted(army=army, impulses_left=n, days_left=d):
            return replace(state, retire={**state.retire, army: (n, d)})
        case RetireEnded(army=army):
            return replace(state, retire={k: v for k, v in state.retire.items() if k != army})
        case VictoryPointsRecorded(side=side, points=pts):
            return replace(state, vp={**state.vp, side: state.vp.get(side, 0.0) + pts})
        case NavalBarrageRolled(gt=gt, impulse=n):
            return replace(state, naval_barrage_rolled=(gt, n))
        case BelgianFormationsDetached(beyond=beyond):
            return replace(state, belgian_detached=beyond)
        case BelgianReleased():
            return replace(state, belgian_released=True)
        case BelgianReleaseRolled(gt=gt, formations=n):
            return replace(state, belgian_temporary=(gt, n, 0, ()))
        case BelgianTemporaryUsed(gt=gt, impulse=n, units=us):
            was = state.belgian_temporary or (gt, 0, 0, ())
            return replace(state, belgian_temporary=(was[0], was[1], n, was[3] + tuple(u for u in us if u not in was[3])))
        case BelgianEvacuated(units=us, box=box):
            return replace(state, belgian_evacuated=True, positions={**state.positions, **{u: box for u in us}})
        case LeaderReplaced(out=out, by=by, automatic=auto):
            s = replace(state, leaders_out=state.leaders_out + (out,), leaders_in=state.leaders_in + (by,))
            return replace(s, new_leaders=_one_more_leader(s)) if isinstance(s, State2) and not auto else s
        case LeaderPromoted(leader=leader, to=to):
            s = replace(state, promotions={**state.promotions, leader: to})
            return replace(s, new_leaders=_one_more_leader(s)) if isinstance(s, State2) else s
        case LeaderPlaced(leader=leader, formation=f, nation=nation) if isinstance(state, State2):
            new = nation == "french" and leader not in state.leaders_placed
            return replace(state, leaders_placed={**state.leaders_placed, leader: f},
                           new_leaders=_one_more_leader(state) if new else state.new_leaders)
        case ControlRecorded(hex=h, side=side, place=place):
            return replace(state, control={**state.control, h: (side, place)})
        case FortressesAbandoned(city=city, units=us, gt=gt, impulse=n):
            return replace(state, withdrawn=state.withdrawn + us, abandonment_rolled={**state.abandonment_rolled, city: (gt, n)},
                           cities_abandoned=state.cities_abandoned + ((city,) if us else ()))
        case ZeppelinFlight(zeppelin=z, terror=terror, shot_down=down, gt=gt):
            return replace(state, eliminated=state.eliminated + ((z,) if down else ()),
                           terror_bombed_gt=gt if terror else state.terror_bombed_gt)
        case ParisSubstituted(leaving=out, substitute=sub) if isinstance(state, State2):
            return replace(state, paris_substituted={**state.paris_substituted, out: sub})
        case TaxiLoaded(unit=u, sp=sp) if isinstance(state, State2):
            return replace(state, taxied={u: sp})
        case TaxiUnloaded() if isinstance(state, State2):
            return replace(state, taxied={})
        case SubordinatedToGallieni(army=army) if isinstance(state, State2):
            return replace(state, gallieni_subordinates=state.gallieni_subordinates + (army,))
        case GallieniReleased() if isinstance(state, State2):
            return replace(state, gallieni_subordinates=())
        case RiverFlooded(river=river) if isinstance(state, State2):
            return replace(state, flooded=state.flooded + (river,))
        case WaterworksDestroyed() if isinstance(state, State2):
            return replace(state, waterworks_destroyed=True)
        case Interned(unit=u) if isinstance(state, State2):
            return replace(state, withdrawn=state.withdrawn + (u,), off_map={k: v for k, v in state.off_map.items() if k != u})
        case MapExited(unit=u, edge=edge) if isinstance(state, State2):
            return replace(state, positions={**state.positions, u: f"off-map ({edge} edge)"},
                           off_map={**state.off_map, u: (edge, state.impulse_serial)})
        case MapReentered(unit=u, at=at) if isinstance(state, State2):
            return replace(state, positions={**state.positions, u: at}, off_map={k: v for k, v in state.off_map.items() if k != u})
        case IsolationRecorded(army=army, hq=hq, nation=nation) if isinstance(state, State2):
            return replace(state, isolated={**state.isolated, army: (hq, nation)})
        case IsolationEnded(army=army) if isinstance(state, State2):
            return replace(state, isolated={k: v for k, v in state.isolated.items() if k != army})
        case BritishBelgianPoints(points=pts, sp=sp) if isinstance(state, State2):
            return replace(state, bb_vp=state.bb_vp + pts, bb_sp=state.bb_sp + sp)
        case BefRevealed() if isinstance(state, State2):  # 12.71, for good
            return replace(state, bef="revealed")
        case BefEvacuated(units=us):  # 12.74: out of play for the scenario, not eliminated
            return replace(state, withdrawn=state.withdrawn + tuple(u for u in us if u not in state.withdrawn))
        case ZeppelinBased(zeppelin=z, base=b, at=at) if isinstance(state, State2):
            return replace(state, positions={**state.positions, z: at}, zeppelin_bases={**state.zeppelin_bases, z: b})
        case ZeppelinRemoved(zeppelin=z):
            return replace(state, withdrawn=state.withdrawn + (z,), zeppelin_raided=True)
        case TerritorialConverted(unit=u):
            return replace(state, withdrawn=state.withdrawn + (u,))
        case MotorizedBreakdown(unit=u, broke_down=True):
            return replace(state, withdrawn=state.withdrawn + (u,))
        case AmmunitionExpended(formation=f, points=pts, opens_east=opens):
            return replace(state, ammo_spent={**state.ammo_spent, f: state.ammo_spent.get(f, 0) + pts},
                           east_quiet_broken=state.east_quiet_broken or opens)
        case AmmunitionReplaced(formation=f):
            return replace(state, ammo_spent={k: v for k, v in state.ammo_spent.items() if k != f})
        case SupremeHqMoved(side=side):
            return replace(state, hq_moved=state.hq_moved + (side,))
    return state
