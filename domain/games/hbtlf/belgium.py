"""12.61 Preservation of the Belgian Army and 12.62 its naval evacuation.

- 12.61A: at the end of Game-Turn 2 every Belgian formation not within two hexes of Antwerp
  (W:1109, 3.22) leaves the Belgian Army Chart for the Allied Strategic Chart's independent track;
  the 4 infantry division (the Namur garrison) is exempt. Positions are the confirmed ones; a
  unit still set up "within N of" a hex whose circle straddles the two-hex line is listed as
  undetermined, for the players.
- 12.61B: the Belgian Army is released for good once a German unit stands within two hexes of
  Antwerp (computed from confirmed positions), or once the Allies' claim that six SP of Antwerp's
  Fortress Class units are destroyed, or (after GT3) that fewer than 12 German BE stand within six
  hexes of Antwerp, is confirmed (the SPs and BEs are on the counters, not in the text).
- Until then, from GT3 a Belgian unit may end a move more than two hexes from Antwerp only as one
  of the formations a temporary release allows (12.61B1): once a Game-Turn the Belgian player
  rolls in secret, on a 6 a second die is the number of formations that may go beyond in any one
  impulse of that Game-Turn. The roll opens the Game-Turn in the text; here the Allied player asks
  for it (`roll_belgian_release`, once a Game-Turn): the result only grants, and it stays secret,
  so when it is asked changes nothing the German can see.
- 12.62: once a game, after a release, the Belgian Army is evacuated from Antwerp by sea: every
  Belgian unit but the Army headquarters goes into its holding box; the headquarters' voyage is
  declared as a move."""
from __future__ import annotations

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.dice import Roll
from domain.kernel.seats import to_seats

from domain.games.hbtlf import cite, hexes
from domain.games.hbtlf.effects_armed_forces import (
    BelgianEvacuated, BelgianFormationsDetached, BelgianReleased, BelgianReleaseRolled, BelgianTemporaryUsed,
)
from domain.games.hbtlf.orders import MoveDecl

PRESERVATION = cite.rule("12.61A Retreat of the Belgian Army", 1002, 1006)
RELEASE = cite.rule("12.61B Release of the Belgian Army", 1010, 1016)
TEMPORARY = cite.rule("12.61B1 Temporary Release of the Belgian Army", 1018, 1018)
EVACUATION = cite.rule("12.62 Belgian Army Naval Evacuation", 1030, 1036)
ARMY = "Belgian Army"
EXEMPT = ("4 infantry division",)  # 12.61A1
RADIUS, FROM_GT, LAST_RETIRE_GT = 2, 3, 2
HOLDING_BOX = "Belgian Army Headquarters Holding Box"
CONDITIONS = {"antwerp_fortress_6sp": "six SPs of Antwerp Fortress Class units destroyed",
              "fewer_than_12_be": "fewer than 12 German BEs within six hexes of Antwerp"}


def antwerp(pack) -> str:
    return pack.extra["places"]["Antwerp"]["hex"]


def units(state) -> list[str]:
    return sorted(u for u, a in state.armies.items() if a == ARMY and u not in state.eliminated and u not in state.withdrawn)


def applies(state) -> bool:
    return bool(units(state)) and not state.belgian_released


def _exempt(unit: str) -> bool:
    return unit.split(": ", 1)[-1] in EXEMPT


def _formation(unit: str) -> bool:
    """A Belgian formation with a Command Counter of its own: a division (the army's HQ, depot,
    supply and artillery are the army's units; a detachment belongs to its division)."""
    name = unit.split(": ", 1)[-1]
    return "division" in name and not name.startswith("detachment")


def _is_hq(unit: str) -> bool:
    return unit.split(": ", 1)[-1].startswith("Belgian Army headquarters")


def reach(where: str, centre: str) -> tuple[int, int] | None:
    """Nearest and farthest a unit can be from `centre`: one hex, or a set-up circle `within N of H`."""
    if where.startswith("within "):
        _, n, _, h = where.split(" ", 3)
        d = hexes.distance(h, centre) if hexes.is_hex(h) else None
        return None if d is None else (max(0, d - int(n)), d + int(n))
    d = hexes.distance(where, centre) if hexes.is_hex(where) else None
    return None if d is None else (d, d)


def end_of_gt2(adj: Adjudication, pack) -> None:
    s = adj.state
    if not applies(s):
        return
    beyond, unknown = [], []
    for u in units(s):
        if _exempt(u) or not _formation(u):
            continue
        r = reach(s.positions.get(u, ""), antwerp(pack))
        if r is None or (r[0] <= RADIUS < r[1]):
            unknown.append(u)
        elif r[0] > RADIUS:
            beyond.append(u)
    adj.emit(BelgianFormationsDetached(beyond=tuple(beyond), undetermined=tuple(unknown), cite=(PRESERVATION,)))


def after_moves(adj: Adjudication, pack, moves: tuple[MoveDecl, ...], before) -> None:
    """A German unit confirmed within two hexes of Antwerp releases the Belgian Army (12.61B); a
    Belgian unit confirmed beyond two hexes (`before` the moves it was not) uses the Game-Turn's
    temporary release."""
    s = adj.state
    if not applies(s):
        return
    for m in moves:
        d = hexes.distance(m.to, antwerp(pack))
        if s.sides.get(m.unit) == "german" and d is not None and d <= RADIUS:
            adj.emit(BelgianReleased(reason=f"a German unit ({m.unit}) at {m.to}, {d} hexes from Antwerp", cite=(RELEASE,)))
            return
    if s.core.clock.turn >= FROM_GT:
        going = _beyond(before, pack, moves)
        if going:
            adj.emit(BelgianTemporaryUsed(gt=s.core.clock.turn, impulse=s.core.clock.impulse, units=tuple(going), cite=(TEMPORARY,)))


def _beyond(state, pack, moves: tuple[MoveDecl, ...]) -> list[str]:
    """Belgian units a move takes farther than two hexes from Antwerp and farther than they were
    (a unit already beyond may come back toward Antwerp; 12.61A has it retreat that way)."""
    out = []
    for m in moves:
        if state.armies.get(m.unit) != ARMY or _exempt(m.unit):
            continue
        d = hexes.distance(m.to, antwerp(pack))
        was = reach(state.positions.get(m.unit, ""), antwerp(pack))
        if d is not None and d > RADIUS and (was is None or d > max(RADIUS, was[1])):
            out.append(m.unit)
    return out


def may_end_at(state, pack, unit: str, to: str) -> bool:
    try:
        check_moves(state, pack, (MoveDecl(unit=unit, to=to),))
    except Reject:
        return False
    return True


def check_moves(state, pack, moves: tuple[MoveDecl, ...]) -> None:
    gt = state.core.clock.turn
    if not applies(state) or gt < FROM_GT:
        return
    going = _beyond(state, pack, moves)
    if not going:
        return
    t = state.belgian_temporary
    allowed = t[1] if t and t[0] == gt else 0
    impulse = t[2] if t and t[0] == gt else 0
    used = set(t[3]) if t and t[0] == gt else set()
    if impulse and impulse != state.core.clock.impulse:
        allowed = 0
    if len(used | set(going)) > allowed:
        raise Reject("belgian_preservation", f"Until the Belgian Army is released its units stay within two hexes of Antwerp (12.61A-B); "
                     f"this Game-Turn's temporary release allows {allowed} formation(s) beyond"
                     + (f" in impulse {impulse}" if impulse else "") + ".", TEMPORARY if allowed else RELEASE, units=going)


def roll(adj: Adjudication) -> None:
    s = adj.state
    gt = s.core.clock.turn
    if not applies(s):
        raise Reject("not_applicable", "The Belgian Army is released (or not in play): 12.61 no longer restricts it.", RELEASE)
    if gt < FROM_GT:
        raise Reject("too_early", "The temporary release is rolled from Game-Turn 3 (12.61B1).", TEMPORARY)
    if s.belgian_temporary and s.belgian_temporary[0] == gt:
        raise Reject("already_rolled", "The temporary release is rolled once a Game-Turn (12.61B1).", TEMPORARY)
    first = adj.roll(6, "12.61B1 Belgian temporary release", hidden=True)
    rolls: tuple[Roll, ...] = (first,)
    n = 0
    if first.value == 6:
        second = adj.roll(6, "12.61B1 formations released", hidden=True)
        rolls, n = (first, second), second.value
    adj.emit(BelgianReleaseRolled(gt=gt, rolls=rolls, formations=n, vis=to_seats(*s.core.layout.seats_of("allied")), cite=(TEMPORARY,)))


def claimable(state, condition: str) -> None:
    if not applies(state):
        raise Reject("not_applicable", "The Belgian Army is released (or not in play).", RELEASE)
    if condition not in CONDITIONS:
        raise Reject("bad_condition", f"Claim one of {', '.join(CONDITIONS)} (12.61B; the German within two hexes is computed).", RELEASE)
    if condition == "fewer_than_12_be" and state.core.clock.turn <= FROM_GT:
        raise Reject("too_early", "The fewer-than-12-BE condition counts after Game-Turn 3 (12.61B).", RELEASE)


def evacuate(adj: Adjudication, pack) -> None:
    s = adj.state
    if not units(s):
        raise Reject("not_applicable", "The Belgian Army is not in play.", EVACUATION)
    if not s.belgian_released:
        raise Reject("belgian_not_released", "The Belgian Army leaves Antwerp by sea only once released (12.62, 12.61B).", EVACUATION)
    if s.belgian_evacuated:
        raise Reject("once_per_game", "The Belgian Army's naval evacuation is once a game (12.62).", EVACUATION)
    boxed = tuple(u for u in units(s) if not _is_hq(u))
    adj.emit(BelgianEvacuated(units=boxed, box=HOLDING_BOX, cite=(EVACUATION,)))
