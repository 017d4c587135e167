"""How each Normandy effect changes the state (the kernel has already folded its Core part)."""
from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.games.normandy import effects as fx
from domain.games.normandy.model import (
    BOXES, CAPTURED, KEPT, RESERVE, RETURNING, Build, Depot, Exploitation, State, State3, State4, State5, Unit,
)


def evolve(state: State, e: Any) -> State:
    s = _evolve(state, e)
    if isinstance(s, State4):
        s = _offmap(s, e)
    s = _air(s, e) if isinstance(s, State3) else s
    s = _four(state, s, e) if isinstance(s, State4) else s
    s = _five(s, e) if isinstance(s, State5) else s
    return _ports(state, s, e) if isinstance(s, State5) else s


def _five(state: State5, e: Any) -> State5:
    """Version 5's withholding (§6.5, Q25) and Administration Phase (§1.1.1.3, §6.10) records."""
    match e:
        case fx.Withheld(units=us):
            return replace(state, withheld=us)
        case fx.AirborneSupplied(units=us, sp=sp):
            turn = state.core.clock.turn
            used = state.airborne[1] if state.airborne[0] == turn else 0
            return replace(state, units={**state.units, **{k: replace(state.units[k], unsupplied=False) for k in us}},
                           airborne=(turn, used + sp))
        case fx.AttackDeclared() | fx.OverrunDeclared() | fx.CounterattackLaunched() | fx.CombatEnded():
            return replace(state, withheld=None) if state.withheld is not None else state
        case fx.PhaseBegun() if state.rebuilt or state.on_foot:
            return replace(state, rebuilt=(), on_foot=())
        case fx.WentOnFoot(unit=uid):
            return replace(state, on_foot=state.on_foot + (uid,))
        case fx.ReplacementsReceived(received=got):
            return replace(state, replacements={k: state.replacements.get(k, 0) + got.get(k, 0)
                                                for k in sorted({*state.replacements, *got})})
        case fx.RestMarked(unit=uid):
            return replace(state, rest={**state.rest, uid: state.core.clock.turn})
        case fx.RestLifted(unit=uid):
            return replace(state, rest={k: v for k, v in state.rest.items() if k != uid})
        case fx.StepRebuilt(unit=uid, kind=kind):
            s = replace(state, units={**state.units, uid: replace(state.units[uid], lost=state.units[uid].lost - 1)},
                        rebuilt=state.rebuilt + (uid,))
            return replace(s, replacements={**s.replacements, kind: s.replacements[kind] - 1}) if kind is not None else s
        case fx.ReturnedToReserve(unit=uid):  # kept for future operations: it does not land again in this game (inferred)
            return replace(state, units={**state.units, uid: replace(state.units[uid], hex=None, box=RESERVE, due=KEPT)},
                           rest={k: v for k, v in state.rest.items() if k != uid})
    return state


def _ports(before: State, state: State5, e: Any) -> State5:
    """Version 5's Allied ports (§7.1-§7.1.3): construction, placement, faces; a destroyed Allied
    depot's site is never built again (§7.1.1; option `depot_rebuilt`)."""
    p = state.ports
    match e:
        case fx.ConstructionBegun(hex=h, kind=kind, turns=turns):
            p = replace(p, building={**p.building, h: Build(kind=kind, taken=state.core.clock.turn, left=turns)})
        case fx.ConstructionTurn(hex=h, left=left):
            p = replace(p, building={**p.building, h: replace(p.building[h], left=left)})
        case fx.PortPlaced(hex=h, kind=kind, nat=nat, reduced=reduced, full_at=full_at):
            depots = {**state.depots, h: Depot(side="allied", nat=nat, kind=kind, prov="inferred")}
            p = replace(p, building={k: v for k, v in p.building.items() if k != h},
                        reduced={**p.reduced, h: full_at} if reduced else {k: v for k, v in p.reduced.items() if k != h})
            return replace(state, depots=depots, ports=p)
        case fx.PortFlipped(hex=h, face=face):
            p = replace(p, reduced={k: v for k, v in p.reduced.items() if k != h} if face == "full" else {**p.reduced, h: None})
        case fx.DepotChanged(hex=h, side=None) if h in before.depots and before.depots[h].side == "allied":
            p = replace(p, lost=p.lost + (h,), reduced={k: v for k, v in p.reduced.items() if k != h},
                        building={k: v for k, v in p.building.items() if k != h},
                        occupied=0 if before.depots[h].kind == "cherbourg" else p.occupied)
        case fx.CherbourgOccupied(phases=n):
            p = replace(p, occupied=n)
        case _:
            return state
    return replace(state, ports=p)


def _four(before: State, state: State4, e: Any) -> State4:
    """Version 4's Reserve (§4.1.1), overrun (§4.3) and Exploitation (§6.8) records."""
    match e:
        case fx.PhaseBegun():  # §4.1.1 with option Q52: the Reserve waits through its side's combat phase only
            keep = state.core.clock.phase == "combat"
            return replace(state, far=(), left={}, began={}, overrun=None, exploit_owed=None, exploitation=None, retreated=(),
                           reserve=state.reserve if keep else ())
        case fx.UnitMoved(unit=uid, path=path):
            hexes = len(path) - (1 if before.units[uid].hex is not None else 0)
            far = state.far + (uid,) if hexes > 1 and uid not in state.far else state.far
            return replace(state, far=far, left={k: v for k, v in state.left.items() if k != uid},
                           began={k: v for k, v in state.began.items() if k != uid})
        case fx.ReserveSet(unit=uid):
            return replace(state, reserve=state.reserve + (uid,), moved=state.moved + (uid,))
        case fx.OverrunDeclared(path=path, combat=c, overrun=o):
            units = {**state.units, **{u: replace(state.units[u], hex=o.launch) for u in o.units}}
            far = state.far + tuple(u for u in o.units if u not in state.far and len(path) > 0)
            return replace(state, units=units, combat=c, overrun=o, far=far)
        case fx.OverrunEnded(success=ok, units=us, to=to):
            rec = state.overrun
            units = {**state.units, **{u: replace(state.units[u], hex=to) for u in us}}
            if ok and rec is not None:
                return replace(state, units=units, overrun=None, far=state.far + tuple(u for u in us if u not in state.far),
                               left={**state.left, **{u: rec.left[u] for u in us}},
                               began={**state.began, **{u: rec.began[u] for u in us}})
            return replace(state, units=units, overrun=None, moved=state.moved + tuple(u for u in us if u not in state.moved),
                           far=state.far + tuple(u for u in us if u not in state.far),
                           left={k: v for k, v in state.left.items() if k not in us})
        case fx.ExploitationEarned(hq=hq):
            now = state.combat
            return replace(state, exploit_owed=hq, combat=replace(now, exploitation=True) if now is not None else None)
        case fx.ExploitationBegun(hq=hq):
            return replace(state, exploit_owed=None, exploitation=Exploitation(hq=hq))
        case fx.ExploitationChosen(stacks=stacks, units=us, support=support):
            x = state.exploitation
            assert x is not None
            s = replace(state, exploitation=replace(x, chosen=True, stacks=stacks, units=us, support=support),
                        reserve=tuple(u for u in state.reserve if u not in us))
            return replace(s, units={**s.units, x.hq: replace(s.units[x.hq], markers=s.units[x.hq].markers - 1)}) if support else s
        case fx.AttackDeclared(combat=c) if state.exploitation is not None:
            x = state.exploitation
            return replace(state, retreated=(), exploitation=replace(x, attacking=True, defended=x.defended + (c.hex,)))
        case fx.AttackDeclared() | fx.OverrunDeclared() | fx.CounterattackLaunched():
            return replace(state, retreated=())
        case fx.UnitRetreated(unit=uid):
            return replace(state, retreated=state.retreated + (uid,))
        case fx.ActivationEnded():
            return replace(state, exploitation=None)
    return state


def _offmap(state: State4, e: Any) -> State:
    """Version 4's off-map layer and Confusion (the per-phase records end with the phase, the
    Extended-move HQs with the turn)."""
    o = state.offmap
    match e:
        case fx.OffMapMoved(unit=uid, path=path, hq=hq, division=division):
            s = _unit(state, uid, hex=None, box=path[-1])
            s = replace(s, moved=s.moved + (uid,))
            if hq is not None:
                return replace(s, offmap=replace(o, normal_moves={**o.normal_moves, hq: division or uid}))
            return s
        case fx.InterdictionRolled(units=units, passed=False):
            o = replace(o, held=o.held + units)
        case fx.BoxControl(boxes=boxes, side=side):
            o = replace(o, control={**o.control, **dict.fromkeys(boxes, side)})
        case fx.ConfusionPlaced(place=p):
            o = replace(o, confusion=tuple(sorted({*o.confusion, p})))
        case fx.ConfusionLifted(place=p):
            o = replace(o, confusion=tuple(x for x in o.confusion if x != p))
        case fx.FestungDestroyed(festung=f):
            o = replace(o, festungs=tuple(x for x in o.festungs if x != f))
        case fx.DepotVanished(box=b):
            o = replace(o, depots=tuple(x for x in o.depots if x != b))
        case fx.ExtendedMoveMade(hq=hq):
            u = state.units[hq]
            return replace(_unit(state, hq, markers=u.markers - 1, finished=True), offmap=replace(o, extended=o.extended + (hq,)))
        case fx.SpecialOperationMade(unit=uid, to=to, kind=kind):
            s = _unit(state, uid, hex=to) if to else state
            if to and kind == "assault":
                o = replace(o, assaulted=o.assaulted + (to,))
            return replace(s, moved=s.moved + (uid,), offmap=o)
        case fx.HQsReset():  # the end of phase A or B (§1.1.4)
            o = replace(o, assaulted=())
        case fx.PartisansRose(unit=uid, box=box):
            return replace(state, units={**state.units, uid: Unit(id=uid, side="allied", box=box)})
        case fx.PhaseBegun():
            o = replace(o, held=(), normal_moves={})
        case fx.Reorganised():  # the turn end (§1.1.5): option Q02's 'turn' lasts until here
            o = replace(o, extended=())
        case _:
            return state
    return replace(state, offmap=o)


def _air(state: State3, e: Any) -> State3:
    """Version 3's air system; the combat's support ends with the combat, the bombed hexes with the phase."""
    a = state.air
    match e:
        case fx.CombatEnded():
            a = replace(a, tas=None, affected={}, asked=())
        case fx.PhaseBegun():
            a = replace(a, bombed=())
        case fx.AirDrawn(drawn=drawn, superiority=due):
            a = replace(a, at={**a.at, **dict.fromkeys(drawn, "available")}, superiority_due=due, carpet=())
        case fx.AirAssigned(counter=c, mission=m):
            a = replace(a, at={**a.at, c: "superiority" if m == "air_superiority" else m},
                        superiority_due=max(0, a.superiority_due - 1) if m == "air_superiority" else a.superiority_due)
        case fx.AirReturned(counters=cs, to=to):
            a = replace(a, at={**a.at, **dict.fromkeys(cs, to)})
        case fx.NavalPoints(points=p):
            a = replace(a, naval=dict(p))
        case fx.AirAsked(step=step):
            a = replace(a, asked=a.asked + (step,))
        case fx.TacticalAirSupport(counter=c):
            a = replace(a, tas=c, asked=a.asked + ("tas",), at={**a.at, c: "finished"})
        case fx.Bombarded(hex=h, kind=kind, counters=cs, naval=spent, level=level, nat=nat):
            a = replace(a, at={**a.at, **cs}, affected={**a.affected, h: level},
                        bombed=a.bombed + (f"{'naval' if kind == 'naval' else 'air'}:{h}",),
                        naval={k: v - spent.get(k, 0) for k, v in a.naval.items()},
                        carpet=a.carpet + ((nat,) if kind == "carpet" else ()))
        case _:
            return state
    return replace(state, air=a)


def _evolve(state: State, e: Any) -> State:
    match e:
        case fx.StepNotRuled(step="exploitation") if state.combat is not None:  # §6.9 reads it: no counterattack
            return replace(state, combat=replace(state.combat, exploitation=True))
        case fx.PhaseBegun():  # a storm lasts for phase A or B (§1.1.1.1): it ends when the next one begins
            storm = state.storm and state.core.clock.phase != "storm"
            return replace(state, done=(), moved=(), attacked=(), defended=(), acted=(), active_hq=None, storm=storm)
        case fx.WeatherRolled(weather=w, drm_next=drm, storm_test=armed):
            return replace(state, weather=w, weather_drm=drm, storm_armed=armed)
        case fx.StormTested(storm=storm, weather=w):
            return replace(state, storm=storm, weather=w)
        case fx.InitiativeRolled(first=first):
            return replace(state, first=first, controlled={})
        case fx.SupplyTraced(unsupplied=out):
            units = {k: (replace(u, unsupplied=k in out) if u.unsupplied != (k in out) else u) for k, u in state.units.items()}
            return replace(state, units=units)
        case fx.MarkersReceived(side=side, count=n):
            return replace(state, markers_due={**state.markers_due, side: n})
        case fx.MarkerGiven(side=side, hq=hq):
            due = {**state.markers_due, side: state.markers_due.get(side, 0) - 1}
            s = replace(state, markers_due={k: v for k, v in due.items() if v > 0})
            return _unit(s, hq, markers=s.units[hq].markers + 1) if hq else s
        case fx.UnitPlaced(unit=uid, at=at):
            if at in BOXES:
                return _unit(state, uid, hex=None, box=at)
            return _unit(state, uid, hex=at, box=None)
        case fx.UnitMoved(unit=uid, path=path):
            return replace(_unit(state, uid, hex=path[-1], box=None), moved=state.moved + (uid,))
        case fx.ControlChanged(hexes=hexes, side=side):
            return replace(state, control={**state.control, **dict.fromkeys(hexes, side)})
        case fx.SeatDone(seat=seat):
            return replace(state, done=state.done + (seat,))
        case fx.HQActed(hq=hq, action=action, marker_spent=spent, controls=controls):
            s = replace(state, acted=state.acted + (hq,))
            if action == "combat":
                s = replace(s, active_hq=hq, controlled={**s.controlled, **dict.fromkeys(controls, hq)})
            return _unit(s, hq, markers=s.units[hq].markers - 1) if spent else s
        case fx.ActivationEnded(hq=hq):
            return replace(_unit(state, hq, finished=True), active_hq=None)
        case fx.AttackDeclared(combat=c):
            return replace(state, combat=c, attacked=state.attacked + c.attackers, defended=state.defended + (c.hex,))
        case fx.DefensiveSupport(hq=hq):
            assert state.combat is not None
            s = replace(state, combat=replace(state.combat, defense_hq=hq, asked_support=True))
            return _unit(s, hq, finished=True) if hq else s
        case fx.AttackResolved():
            return state
        case fx.StepLost(unit=uid, eliminated=gone, to=to):
            u = state.units[uid]
            if gone:
                s = _unit(state, uid, hex=None, box=to or CAPTURED, lost=u.lost + 1, d=0, markers=0)
                return _drop_from_combat(s, uid)
            return _unit(state, uid, lost=u.lost + 1)
        case fx.HQDestroyed(hq=hq, returns=turn):
            return _drop_from_combat(_unit(state, hq, hex=None, box=RETURNING, due=turn, markers=0, finished=False), hq)
        case fx.RetreatBegun(units=units):
            assert state.combat is not None
            return replace(state, combat=replace(state.combat, retreating=units))
        case fx.UnitRetreated(unit=uid, to=to):
            s = _unit(state, uid, hex=to)
            assert s.combat is not None
            return replace(s, combat=replace(s.combat, retreating=tuple(x for x in s.combat.retreating if x != uid)))
        case fx.UnitAdvanced(unit=uid, to=to):
            return _unit(state, uid, hex=to)
        case fx.CounterattackLaunched(hq=hq, combat=c):
            s = _unit(state, hq, markers=state.units[hq].markers - 1, finished=True)
            return replace(s, combat=c)
        case fx.CombatEnded():
            return replace(state, combat=None)
        case fx.HQsReset():
            units = {k: (replace(u, finished=False) if u.finished else u) for k, u in state.units.items()}
            return replace(state, units=units)
        case fx.Reorganised():  # §1.1.5: D1 removed, D2 to D1
            units = {k: (replace(u, d=u.d - 1) if u.d else u) for k, u in state.units.items()}
            return replace(state, units=units)
        case fx.DepotChanged(hex=h, side=side, nat=nat, kind=kind, prov=prov):
            depots = dict(state.depots)
            if side is None:
                depots.pop(h, None)
            else:
                depots[h] = Depot(side=side, nat=nat, kind=kind, prov=prov)
            return replace(state, depots=depots)
        case fx.Disorganised(unit=uid, level=level):
            return _unit(state, uid, d=level)
        case fx.FlagSet(name=name, value=value):
            return replace(state, flags={**state.flags, name: value})
    return state


def _unit(state: State, uid: str, **changes: Any) -> State:
    u: Unit = state.units[uid]
    return replace(state, units={**state.units, uid: replace(u, **changes)})


def _drop_from_combat(state: State, uid: str) -> State:
    c = state.combat
    if c is None:
        return state
    return replace(state, combat=replace(c, attackers=tuple(x for x in c.attackers if x != uid),
                                         defenders=tuple(x for x in c.defenders if x != uid),
                                         retreating=tuple(x for x in c.retreating if x != uid)))
