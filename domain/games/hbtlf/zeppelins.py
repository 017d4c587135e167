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
- on Game-Turn 9 the Allied player may remove one Zeppelin from play, once.

@2 adds the bases (pack table `zeppelin_bases`): a Zeppelin is based at one of the five on-map bases
(within the scenario's area, as the set-ups say) or off-map at Dusseldorf or Friedrichshafen, one
Zeppelin a base, and a basing that would leave every Zeppelin in play based with none off-map is
refused. A Zeppelin flies from its base (@2 refuses a flight before it is based); from Dusseldorf it
spends 10 of its 60 hexes to enter at Cologne (E:1019), so its target is at most 50 hexes from there;
from Friedrichshafen it spends 30 to enter at Freiburg, whose hex the text does not print: that range
is the players' to keep."""
from __future__ import annotations

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject

from domain.games.hbtlf import cite, hexes
from domain.games.hbtlf.effects import VictoryPointsRecorded
from domain.games.hbtlf.effects_armed_forces import ZeppelinBased, ZeppelinFlight, ZeppelinRemoved
from domain.games.hbtlf.model import State, State2
from domain.games.hbtlf.tables import chart

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


def in_play(state: State) -> list[str]:
    return sorted(u for u in state.positions if is_zeppelin(u) and state.sides.get(u) == "german"
                  and u not in state.eliminated and u not in state.withdrawn)


def may_base(state: State2, pack, sc, zeppelin: str, at: str) -> tuple[str, str] | None:
    """Why a Zeppelin may not be based at `at` (code, message), or None (11.82C)."""
    bases = chart(pack, "zeppelin_bases")
    row = bases.get(at)
    if row is None:
        return "not_a_base", f"Zeppelin bases are {', '.join(bases)} (11.82C)."
    area = sc.options.get("area") or {}
    if row["hex"] and area and not hexes.in_area(row["hex"], area["parts"]):
        return "outside_area", f"{at} ({row['hex']}) is not within the scenario's boundaries: {area['text']}."
    others = {z: b for z, b in state.zeppelin_bases.items() if z != zeppelin and z in in_play(state)}
    holder = next((z for z, b in others.items() if b == at), None)
    if holder is not None:
        return "base_taken", f"{holder} is based at {at}: one Zeppelin a base (11.82C)."
    after = {**others, zeppelin: at}
    if set(after) == set(in_play(state)) and not any(bases[b]["off_map"] for b in after.values()):
        return "needs_off_map", "At least one Zeppelin is based off-map, at Dusseldorf or Friedrichshafen (11.82C)."
    return None


def base(adj: Adjudication, pack, sc, zeppelin: str, at: str) -> None:
    """@2: base a Zeppelin (11.82C)."""
    _zeppelin(adj.state, zeppelin)
    refusal = may_base(adj.state, pack, sc, zeppelin, at)
    if refusal is not None:
        raise Reject(refusal[0], refusal[1], CITE)
    row = chart(pack, "zeppelin_bases")[at]
    adj.emit(ZeppelinBased(zeppelin=zeppelin, base=at, at=row["hex"] or f"off-map: {at}", cite=(CITE,)))


def basing_example(state: State2, pack, sc) -> tuple[str, str] | None:
    """A basing the German player may make now (/legal): the first Zeppelin not yet based, at the first base allowed."""
    for z in in_play(state):
        if z not in state.zeppelin_bases:
            for b in chart(pack, "zeppelin_bases"):
                if may_base(state, pack, sc, z, b) is None:
                    return z, b
    return None


def _range_from(pack, s: State, zeppelin: str) -> tuple[str, int] | None:
    """Where a flight's 60 hexes are counted from and how many are left there, when the umpire can tell."""
    here = s.positions.get(zeppelin, "")
    if hexes.is_hex(here):
        return here, RANGE
    if not isinstance(s, State2):
        return None  # @1 has no bases
    row = chart(pack, "zeppelin_bases").get(s.zeppelin_bases.get(zeppelin, ""))
    if row is not None and row["off_map"] and row["entry_hex"]:
        return row["entry_hex"], RANGE - int(row["entry_mp"])
    return None


def flight(adj: Adjudication, pack, *, zeppelin: str, target: str, terror: bool, passes_over: tuple[str, ...]) -> None:
    s = adj.state
    _zeppelin(s, zeppelin)
    if not hexes.is_hex(target):
        raise Reject("bad_hex", f"{target!r} is not a hex id.", CITE)
    if isinstance(s, State2) and zeppelin not in s.zeppelin_bases:
        raise Reject("not_based", f"{zeppelin} flies from a base: base it first (base_zeppelin, 11.82C).", CITE)
    start = _range_from(pack, s, zeppelin)
    d = hexes.distance(start[0], target) if start else None
    if start and d is not None and d > start[1]:
        off = "" if start[1] == RANGE else f" after entering the map there ({RANGE - start[1]} hexes from its off-map base)"
        raise Reject("out_of_range", f"{target} is {d} hexes from {zeppelin} at {start[0]}{off}: a Zeppelin's range is {RANGE} (11.82C).",
                     CITE)
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
