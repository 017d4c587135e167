"""11.82C Zeppelins:

- Terror Bombing: a Zeppelin at a town or city hex announces it and the German player receives 1
  victory point at once, one Terror Bombing a Game-Turn (the hex's being a town or city is on the
  map: the German player names it);
- a Zeppelin whose path passes over an Allied Headquarters Class unit with an artillery OCU, an
  Artillery Class unit or a Fortress Class unit draws one Allied die for each: on a 6 it is shot
  down and removed, 10 victory points to the Allies (the path is the German player's to declare,
  SR 8.23 air movement is not in the text; the umpire checks that each unit named is an Allied
  headquarters, artillery or fortress unit in play);
- range 60 hexes from where it stands, when both are hexes of one map;
- on Game-Turn 9 the Allied player may remove one Zeppelin from play, once."""
from __future__ import annotations

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject

from domain.games.hbtlf import cite, hexes
from domain.games.hbtlf.effects import VictoryPointsRecorded, ZeppelinFlight, ZeppelinRemoved

CITE = cite.rule("11.82C Zeppelins", 787, 793)
TERROR_VP, SHOT_DOWN_VP, RANGE, RAID_GT = 1.0, 10.0, 60, 9


def is_zeppelin(unit: str) -> bool:
    return unit.split(": ", 1)[-1].startswith("Z-")


def _zeppelin(state, unit: str) -> None:
    if not is_zeppelin(unit) or state.sides.get(unit) != "german" or unit in state.eliminated or unit in state.withdrawn:
        raise Reject("not_a_zeppelin", f"{unit!r} is not a German Zeppelin in play.", CITE, unit=unit)


def _flak(state, unit: str) -> bool:
    name = unit.split(": ", 1)[-1].lower()
    return state.sides.get(unit) == "allied" and unit not in state.eliminated and unit not in state.withdrawn and (
        unit in state.fortresses or "headquarters" in name or "artillery" in name)


def flight(adj: Adjudication, *, zeppelin: str, target: str, terror: bool, passes_over: tuple[str, ...]) -> None:
    s = adj.state
    _zeppelin(s, zeppelin)
    if not hexes.is_hex(target):
        raise Reject("bad_hex", f"{target!r} is not a hex id.", CITE)
    here = s.positions.get(zeppelin, "")
    d = hexes.distance(here, target) if hexes.is_hex(here) else None
    if d is not None and d > RANGE:
        raise Reject("out_of_range", f"{target} is {d} hexes from {zeppelin} at {here}: a Zeppelin's range is {RANGE} (11.82C).", CITE)
    if terror and s.terror_bombed_gt == s.core.clock.turn:
        raise Reject("terror_bombing_used", "One Terror Bombing operation a Game-Turn (11.82C).", CITE)
    bad = [u for u in passes_over if not _flak(s, u)]
    if bad:
        raise Reject("not_flak", f"{', '.join(bad)}: a Zeppelin is fired on only by Allied headquarters with artillery, artillery and "
                     "fortress units in play (11.82C).", CITE, units=bad)
    rolls = tuple(adj.roll(6, f"11.82C Allied fire on {zeppelin} over {u}") for u in passes_over)
    downed = any(r.value == 6 for r in rolls)
    adj.emit(ZeppelinFlight(zeppelin=zeppelin, target=target, terror=terror and not downed, passes_over=passes_over, rolls=rolls,
                            shot_down=downed, gt=s.core.clock.turn, cite=(CITE,)))
    if downed:
        adj.emit(VictoryPointsRecorded(side="allied", points=SHOT_DOWN_VP, reason=f"11.82C {zeppelin} shot down", attestation="", cite=(CITE,)))
    elif terror:
        adj.emit(VictoryPointsRecorded(side="german", points=TERROR_VP, reason=f"11.82C Terror Bombing at {target}", attestation="", cite=(CITE,)))


def raid(adj: Adjudication, zeppelin: str) -> None:
    s = adj.state
    _zeppelin(s, zeppelin)
    if s.core.clock.turn != RAID_GT:
        raise Reject("not_applicable", "The Allied raid on a Zeppelin is on Game-Turn 9 (11.82C).", CITE)
    if s.zeppelin_raided:
        raise Reject("once_per_game", "The Allies remove one Zeppelin, once (11.82C).", CITE)
    adj.emit(ZeppelinRemoved(zeppelin=zeppelin, cite=(CITE,)))
