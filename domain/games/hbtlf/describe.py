"""Home Before the Leaves Fall's effects as sentences in the booklet's words: Game-Turns as the turn
track names them ("GT O", "GT 3"), impulses with their dates, units by the tokens the scenarios
print, and every claim said to be the players' (ledger mode: the umpire records it, it does not
compute it)."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from domain.kernel.describe import generic

SIDES = {"german": "German", "allied": "Allied"}


def gt(n) -> str:
    return "GT O" if n == 0 else f"GT {n}"


def side(s) -> str:
    return SIDES.get(str(s), str(s).capitalize())


def _die(roll) -> str:
    return str((roll or {}).get("value", "?"))


def _units(units, most: int = 4) -> str:
    units = list(units or ())
    if not units:
        return "no unit"
    shown = ", ".join(units[:most])
    return shown + (f" and {len(units) - most} more" if len(units) > most else "")


def _initiative(e) -> str:
    if e.get("automatic"):
        return f"{side(e.get('side'))} initiative (automatic)"
    rolls = "; then ".join(f"German {_die(g)}, Allied {_die(a)}" for g, a in e.get("rolls") or ())
    drm = ", ".join(f"{side(k)} {v:+d}" for k, v in (e.get("drm") or {}).items() if v)
    return f"{side(e.get('side'))} wins the initiative: dice {rolls}" + (f" (modifiers {drm})" if drm else "")


def _weather(e) -> str:
    drm = e.get("drm", 0)
    return (f"Weather: die {_die(e.get('roll'))}{f' {drm:+d} for the month' if drm else ''} = {e.get('modified')}: "
            f"{str(e.get('weather', '')).replace('_', ' ')}")


def _moves(e) -> str:
    moves = list(e.get("moves") or ())
    said = "; ".join(f"{m.get('unit')} to {m.get('to')}" for m in moves[:3])
    more = f" and {len(moves) - 3} more" if len(moves) > 3 else ""
    return f"Confirmed moves: {said}{more}"


def _combat(e) -> str:
    fort = f" (+{e['allied_fortress_sp']} fortress SP)" if e.get("allied_fortress_sp") else ""
    elim = f"; eliminated: {_units(e.get('eliminated'), 3)}" if e.get("eliminated") else ""
    return f"Combat confirmed in {gt(e.get('gt'))}: German lose {e.get('german_sp')} SP, Allied {e.get('allied_sp')} SP{fort}{elim}"


def _claim(e) -> str:
    c = e.get("claim") or {}
    return f"{str(c.get('seat', 'A seat')).capitalize()} declares a {str(c.get('kind', 'claim')).replace('_', ' ')} claim for the other seat to confirm"


def _ammunition(e) -> str:
    pts = e.get("points") or {}
    return f"Ammunition in {gt(e.get('gt'))}: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in pts.items()) + " per formation"


def _fortress(e) -> str:
    off = f", {e['offmap']} of them from off-map fortresses" if e.get("offmap") else ""
    return f"{side(e.get('side'))} may disband {e.get('sp')} fortress SP this Game-Turn{off} (dice {', '.join(_die(r) for r in e.get('rolls') or ())})"


def _plan(e) -> str:
    name = "The Schlieffen Plan" if e.get("plan") == "schlieffen" else "Plan 17"
    timed = ", ".join(f"{a} {n} impulses / {d} days" for a, (n, d) in (e.get("timed") or {}).items())
    return f"{name} is abandoned ({gt(e.get('gt'))}, impulse {e.get('impulse')})" + (f": on Retire {timed}" if timed else "")


SAY: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "hbtlf.game_turn": lambda e: f"{gt(e.get('gt'))} begins (week of {e.get('first_day')}): Weekly Interphase",
    "hbtlf.initiative": _initiative,
    "hbtlf.impulses": lambda e: f"{gt(e.get('gt'))} in impulses of {'-'.join(str(d) for d in e.get('days') or ())} days"
                                + (f" after {e['days_before']} days used" if e.get("days_before") else "")
                                + f"; {side(e.get('first'))} first",
    "hbtlf.impulse": lambda e: f"{gt(e.get('gt'))}, impulse {e.get('impulse')}: {' to '.join(e.get('dates') or ())} ({e.get('month')})",
    "hbtlf.weather": _weather,
    "hbtlf.other_theaters": lambda e: f"Other Theaters {e.get('table')}: dice {' + '.join(_die(r) for r in e.get('rolls') or ())} = "
                                      f"{e.get('total')}: {e.get('outcome')}",
    "hbtlf.segment_ended": lambda e: f"{str(e.get('seat')).capitalize()} ends the segment",
    "hbtlf.units_moved": _moves,
    "hbtlf.combat": _combat,
    "hbtlf.attached": lambda e: f"{e.get('formation')} placed on the {e.get('chart')} Chart" + (f", attached to {e['corps']}" if e.get("corps") else ""),
    "hbtlf.mission": lambda e: f"{e.get('army')} receives the Mission Order {e.get('mission')}",
    "hbtlf.released": lambda e: f"Released: {_units(e.get('formations'))} ({e.get('reason')})",
    "hbtlf.arrived": lambda e: f"{side(e.get('side'))} reinforcements: {_units(e.get('units'))} at {e.get('at')}",
    "hbtlf.arrival_skipped": lambda e: f"No arrival for {_units(e.get('units'))}: {e.get('reason')}",
    "hbtlf.withdrawn": lambda e: f"Withdrawn from play: {_units(e.get('units'))}",
    "hbtlf.claim": _claim,
    "hbtlf.ammunition": _ammunition,
    "hbtlf.paris_abandoned": lambda e: f"A German army headquarters ({e.get('hq')}) at {e.get('at')}, {e.get('distance')} hexes from Paris: "
                                       f"the French lose {e.get('deducted')} RP now" + (f", {e['owed']} owed" if e.get("owed") else ""),
    "hbtlf.paris_debt_paid": lambda e: f"The French pay {e.get('amount')} RP of the Paris debt",
    "hbtlf.fortress_allowance": _fortress,
    "hbtlf.victory_points": lambda e: f"{side(e.get('side'))} scores {e.get('points')} VP: {e.get('reason')} (confirmed claim)",
    "hbtlf.plan_abandoned": _plan,
    "hbtlf.retire_counted": lambda e: f"{e.get('army')} on Retire: {e.get('impulses_left')} more impulses, at most {e.get('days_left')} days",
    "hbtlf.retire_ended": lambda e: f"{e.get('army')} is free of Retire ({e.get('reason')})",
    "hbtlf.naval_barrage_rolled": lambda e: f"Naval barrage this impulse: dice {' + '.join(_die(r) for r in e.get('rolls') or ())} x 10 = {e.get('value')}",
    "hbtlf.naval_barrage": lambda e: "Allied naval barrage (" + str(e.get("use")) + "): "
                                     + ", ".join(f"{h} {v}" for h, v in e.get("targets") or ()) + "; German submarines roll "
                                     + " + ".join(_die(r) for r in e.get("submarine_rolls") or ())
                                     + (": vessels sunk, 5 VP to the Germans" if e.get("sunk") else ""),
    "hbtlf.naval_moved": lambda e: f"{str(e.get('nation')).capitalize()} naval {e.get('kind')}: {e.get('formation')}, {e.get('be')} BE, "
                                   f"{e.get('embark')} to {e.get('disembark')}",
    "hbtlf.heavy_artillery": lambda e: f"{str(e.get('nation')).capitalize()} heavy artillery {e.get('unit')} gains {e.get('sp')} SP "
                                       f"from {e.get('reps')} Specialist REPs",
    "hbtlf.belgian_detached": lambda e: "End of GT 2, beyond two hexes of Antwerp, to the Allied Strategic Chart: "
                                        + _units(e.get("beyond"), 3)
                                        + (f" ({len(e['undetermined'])} undetermined)" if e.get("undetermined") else ""),
    "hbtlf.bef_revealed": lambda e: f"A German unit ({e.get('german')}) is next to a British unit ({e.get('british')}): "
                                    f"the BEF is revealed, all {len(e.get('positions') or {})} British units placed on the map (12.71)",
    "hbtlf.bef_evacuated": lambda e: f"{len(e.get('units') or ())} BEF unit(s) evacuated to Great Britain, out of play"
                                     + (f", {len(e.get('cadre') or ())} reduced to cadre (not a port)" if e.get("cadre") else "") + " (12.74)",
    "hbtlf.belgian_released": lambda e: f"The Belgian Army is released from Antwerp: {e.get('reason')}",
    "hbtlf.belgian_release_rolled": lambda e: f"Belgian temporary release (secret): dice {', '.join(_die(r) for r in e.get('rolls') or ())}: "
                                              f"{e.get('formations')} formation(s) may go beyond two hexes of Antwerp in one impulse",
    "hbtlf.belgian_temporary_used": lambda e: f"Belgian temporary release used in impulse {e.get('impulse')}: {_units(e.get('units'))}",
    "hbtlf.belgian_evacuated": lambda e: f"The Belgian Army evacuates Antwerp by sea: {_units(e.get('units'))} into the {e.get('box')}",
    "hbtlf.leader_replaced": lambda e: f"{e.get('by')} replaces {e.get('out')} ({e.get('formation')})" + (" (11.12)" if e.get("automatic") else ""),
    "hbtlf.leader_withheld": lambda e: f"{e.get('by')} does not replace {e.get('replaces')}: {e.get('reason')}",
    "hbtlf.leader_promoted": lambda e: f"{e.get('leader')} is promoted from {e.get('frm')} to {e.get('to')}",
    "hbtlf.control": lambda e: f"{side(e.get('side'))} controls {e.get('hex')}" + (f" ({e['place']})" if e.get("place") else "") + " (confirmed claim)",
    "hbtlf.fortresses_abandoned": lambda e: f"{e.get('hq')} {e.get('distance')} hexes from {e.get('city')}: French die {_die(e.get('roll'))}: "
                                            + (f"the forts of {e.get('city')} are disbanded ({len(e.get('units') or ())})" if e.get("units")
                                               else "the forts hold"),
    "hbtlf.zeppelin": lambda e: f"{e.get('zeppelin')} flies to {e.get('target')}"
                                + (f"; Allied dice {', '.join(_die(r) for r in e.get('rolls') or ())}" if e.get("rolls") else "")
                                + ("; shot down: 10 VP to the Allies" if e.get("shot_down") else "; Terror Bombing: 1 VP to the Germans" if e.get("terror") else ""),
    "hbtlf.leader_placed": lambda e: f"{e.get('leader')} is placed with the {e.get('formation')}",
    "hbtlf.british_belgian_points": lambda e: f"British and Belgian player scores {e.get('points')} VP: {e.get('reason')} (confirmed claim)",
    "hbtlf.isolation": lambda e: f"{e.get('hq')} isolated in {e.get('nation')}: the {e.get('army')} is on Retire (confirmed claim)",
    "hbtlf.isolation_ended": lambda e: f"The {e.get('army')} may take other Mission Orders again: {e.get('reason')}",
    "hbtlf.paris_substituted": lambda e: f"{e.get('substitute')} takes the place of {e.get('leaving')} in Paris ({e.get('sp')} SP each, confirmed claim)",
    "hbtlf.taxi_loaded": lambda e: f"The Paris taxis carry {e.get('unit')} ({e.get('sp')} SP, confirmed claim)",
    "hbtlf.taxi_unloaded": lambda e: f"The Paris taxis set down {e.get('unit')}",
    "hbtlf.subordinated": lambda e: f"The {e.get('army')}'s headquarters is subordinate to Gallieni (confirmed claim)",
    "hbtlf.gallieni_released": lambda e: f"Gallieni's army given Advance: {_units(e.get('armies'))} released",
    "hbtlf.paris_entrenchments": lambda e: f"Gallieni commands the Army of Paris: the Paris Entrenchments give {e.get('value')} on the TEC from now on",
    "hbtlf.map_exited": lambda e: f"{e.get('unit')} leaves the map by the {e.get('edge')} edge (confirmed claim)",
    "hbtlf.map_reentered": lambda e: f"{e.get('unit')} reappears at {e.get('at')} in Deployed Mode (confirmed claim)",
    "hbtlf.interned": lambda e: f"{e.get('unit')} is interned ({e.get('where')}) and removed from play (confirmed claim)",
    "hbtlf.flooded": lambda e: f"{e.get('unit')} floods the {e.get('river')}: major river hexsides for nine hexsides from the coast (confirmed claim)",
    "hbtlf.waterworks_destroyed": lambda e: f"The Antwerp waterworks (W:1408) are destroyed ({e.get('how')}): the Belgian permanent entrenchments are worthless",
    "hbtlf.zeppelin_based": lambda e: f"{e.get('zeppelin')} is based at {e.get('base')}" + (f" ({e['at']})" if str(e.get("at", "")).startswith(("W:", "E:")) else " (off-map)"),
    "hbtlf.zeppelin_removed": lambda e: f"{e.get('zeppelin')} is destroyed by the Royal Naval Air Service's raid (GT 9)",
    "hbtlf.motorized_breakdown": lambda e: f"{e.get('unit')} withdraws before combat: die {_die(e.get('roll'))}"
                                           + (": broken down, out of play" if e.get("broke_down") else ": no breakdown"),
    "hbtlf.rep_credited": lambda e: f"{e.get('sp')} Infantry REPs from {e.get('unit')} (confirmed claim)",
    "hbtlf.ammunition_expended": lambda e: f"{e.get('formation')} expends {e.get('points')} Ammunition Point(s) on the {e.get('map')} map, "
                                           f"{e.get('left')} left" + ("; the East map is no longer quiet" if e.get("opens_east") else ""),
    "hbtlf.ammunition_replaced": lambda e: f"{e.get('formation')} replaces its ammunition: {e.get('points')} Ammunition Point(s)",
    "hbtlf.territorial_converted": lambda e: f"{e.get('unit')} is taken as replacements on arrival (6.24)",
    "hbtlf.supreme_hq_moved": lambda e: f"The {side(e.get('side'))} supreme headquarters moved this Game-Turn",
}


def sentence(effect: Mapping[str, Any]) -> str:
    said = SAY.get(str(effect.get("type")))
    return said(effect) if said else generic(effect)
