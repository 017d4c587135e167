"""Air Bridge to Victory's effects as sentences, in the rulebook's words (first fire and final fire
markers, effectiveness tests, refusing combat, defender reaction, DZs, the tables' columns).
Units go by their counter id, hexes by their number; a die is its recorded value (0 read as 10)."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from domain.kernel.describe import generic

SIDES = {"allied": "Allied", "german": "German"}
MARKERS = {"first_fire": "first fire", "final_fire": "final fire"}
ARRIVALS = {"enter": "enters at", "drop": "drops in", "reaction": "reacts into", "advance": "advances into",
            "ferry": "is ferried to", "return": "returns to"}


def _side(s) -> str:
    return SIDES.get(str(s), str(s))


def _die(roll) -> str:
    return str((roll or {}).get("value", "?")) if isinstance(roll, Mapping) else str(roll)


def _some(ids, n: int = 8) -> str:
    ids = list(ids or ())
    if not ids:
        return "no unit"
    return ", ".join(ids[:n]) + (f" and {len(ids) - n} more" if len(ids) > n else "")


def _drm(drm) -> str:
    parts = [f"{k.replace('_', ' ')} {v:+d}" for k, v in (drm or {}).items() if v]
    return f" ({', '.join(parts)})" if parts else ""


def _word(s) -> str:
    return str(s).replace("_", " ")


def _initiative(e) -> str:
    a, g = _die(e.get("allied")), _die(e.get("german"))
    chooser = e.get("chooser")
    return (f"Initiative dice: Allied {a}, German {g}; "
            + (f"the {_side(chooser)} player, lower, chooses who goes first" if chooser else "a tie, rolled again"))


def _weather(e) -> str:
    if e.get("roll") is None:
        return f"The weather is {e.get('weather')} (fixed)"
    return (f"Weather die {_die(e.get('roll'))}: {e.get('weather')}"
            + ("; the first bad weather turn" if e.get("first_bad") else ""))


def _supply(e) -> str:
    out = e.get("unsupplied") or ()
    return f"{_side(e.get('side'))} supply traced: " + (f"{_some(out)} out of supply" if out else "every unit supplied")


def _moved(e) -> str:
    units = list(e.get("units") or ())
    costs = e.get("cost") or {}
    spent = (f" ({next(iter(costs.values())):g} MP)" if len(set(costs.values())) == 1
             else " (" + ", ".join(f"{u} {c:g} MP" for u, c in costs.items()) + ")" if costs else "")
    return f"{_some(units)} move{'s' if len(units) == 1 else ''} {' → '.join(e.get('path') or ()) or 'nowhere'}{spent}"


def _overrun(e) -> str:
    killed = e.get("eliminated") or ()
    return (f"{_some(e.get('units'))} overrun {e.get('hex')}, {e.get('attack')} against {e.get('defence')}"
            + (f": {_some(killed)} eliminated" if killed else ""))


def _bridge(e) -> str:
    return (f"Bridge {e.get('bridge')}, demolition method {e.get('method')}: die {_die(e.get('roll'))}, "
            + ("destroyed" if e.get("destroyed") else "still standing"))


def _declared(e) -> str:
    c = e.get("combat") or {}
    kind = "assault" if c.get("kind") == "assault" else "maneuver combat"
    return f"{_some(c.get('units'))} declare {kind} against {c.get('target')}"


def _test(e) -> str:
    purpose = str(e.get("purpose"))
    who = f"{e.get('unit')} in " if e.get("unit") else ""
    what = {"refuse": "to refuse combat", "react": "to react"}.get(purpose, f"({purpose})")
    return (f"Effectiveness test {what} at {who}{e.get('hex')}: die {_die(e.get('roll'))} against {e.get('value')}, "
            + ("passed" if e.get("passed") else "failed"))


def _bombarded(e) -> str:
    halved = f", divided by {e.get('divisor')}" if (e.get("divisor") or 1) > 1 else ""
    return (f"Bombardment of {e.get('target')}: {e.get('points')} points, column {e.get('column')}, "
            f"die {_die(e.get('roll'))} → {e.get('result')}{halved}: {e.get('steps')} step(s) lost")


def _support(e) -> str:
    return (f"Combat {e.get('combat')}: {e.get('side')} support fire, {e.get('points')} points, column {e.get('column')}, "
            f"die {_die(e.get('roll'))} → {e.get('result'):+d}")


def _maneuver(e) -> str:
    shift = f", shifted {e.get('shift'):+d} to {e.get('column')}" if e.get("shift") else ""
    return (f"Maneuver combat {e.get('combat')}: {e.get('attack')} against {e.get('defence')}, {e.get('odds')}{shift}; "
            f"die {_die(e.get('roll'))}{_drm(e.get('drm'))} = {e.get('modified')} → {e.get('result')}")


def _assault_fire(e) -> str:
    return (f"Assault round {e.get('round')}, {e.get('side')} fire: {e.get('total')} points, column {e.get('column')}, "
            f"die {_die(e.get('roll'))}{_drm(e.get('drm'))} = {e.get('modified')} → {e.get('losses')} loss(es)")


STEPS = {"loss": "{who} step loss", "retreat": "{who} retreat", "fatigue": "{who} fatigue",
         "support": "{who} support fire", "class": "{who} armour category", "fire": "assault round {n} fire{by}",
         "defbomb": "defensive bombardment", "react": "defender reaction", "refuse": "refusing combat",
         "enter": "the assaulting units enter", "tests": "effectiveness tests", "end": "the assault ends",
         "advance": "advance after combat"}


def _step(step: str) -> str:
    """A queued resolution step ("loss:defender", "fire:2:attacker") in words."""
    name, *args = step.split(":")
    n = next((a for a in args if a.isdigit()), "")
    who = next((a for a in args if not a.isdigit()), "")
    said = STEPS.get(name)
    if said is None:
        return " ".join([_word(name), *args])
    return said.format(who=f"the {who}'s" if who else "the", n=n, by=f" by the {who}" if who else "").strip()


def _stage(e) -> str:
    st = e.get("stage")
    if not st:
        return "The combat's resolution is over"
    queue = st.get("queue") or ()
    where = (f"bombardment of {(st.get('data') or {}).get('hex')}" if st.get("combat") == -1
             else f"combat {st.get('combat')}")
    return f"Resolving {where}: next, " + (_step(str(queue[0])) if queue else "nothing left to do")


def _dz_destroyed(e) -> str:
    if e.get("gone"):
        return f"The {e.get('division')} DZ is destroyed for good"
    return f"The {e.get('division')} DZ is destroyed; it returns in turn {e.get('returns')}"


SAY: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "abtv.phase_begun": lambda e: "A new phase begins",
    "abtv.seat_done": lambda e: f"{e.get('seat')} has finished the phase",
    "abtv.initiative_rolled": _initiative,
    "abtv.initiative": lambda e: f"The {_side(e.get('first'))} player has the initiative and goes first",
    "abtv.weather": _weather,
    "abtv.fatigue_recovered": lambda e: f"Fatigue removed from {_some(e.get('units'))}",
    "abtv.supply": _supply,
    "abtv.fire_markers_cleared": lambda e: "First fire and final fire markers are removed",
    "abtv.moved": _moved,
    "abtv.placed": lambda e: f"{e.get('unit')} {ARRIVALS.get(str(e.get('how')), str(e.get('how')) + ' to')} {e.get('hex')}",
    "abtv.overrun": _overrun,
    "abtv.step_lost": lambda e: f"{e.get('unit')} loses a step ({e.get('cause')})",
    "abtv.eliminated": lambda e: f"{e.get('unit')} is eliminated ({e.get('cause')})",
    "abtv.fatigued": lambda e: f"{e.get('unit')} is fatigued ({e.get('cause')})",
    "abtv.artillery_acted": lambda e: f"{e.get('unit')} is given a {MARKERS.get(str(e.get('marker')), _word(e.get('marker')))} marker",
    "abtv.bridge_roll": _bridge,
    "abtv.bridge_repaired": lambda e: f"{e.get('engineer')} repairs bridge {e.get('bridge')}",
    "abtv.declared": _declared,
    "abtv.combat_status": lambda e: f"Combat {e.get('index')} is {e.get('status')}",
    "abtv.test": _test,
    "abtv.retreated": lambda e: f"{_some(e.get('units'))} retreat{'s' if len(e.get('units') or ()) == 1 else ''} "
                                f"from {e.get('frm')} to {e.get('to')}",
    "abtv.handled": lambda e: f"{e.get('hex')}: " + ("refusing combat settled" if e.get("what") == "refuse"
                                                     else "defender reaction settled"),
    "abtv.bombarded": _bombarded,
    "abtv.support": _support,
    "abtv.maneuver": _maneuver,
    "abtv.assault_fire": _assault_fire,
    "abtv.stage": _stage,
    "abtv.dz_destroyed": _dz_destroyed,
    "abtv.dz_placed": lambda e: f"The {e.get('division')} DZ is placed in {e.get('hex')}",
    "abtv.drop_roll": lambda e: f"{e.get('unit')} drops on the alternate DZ: die {_die(e.get('roll'))}, {e.get('result')}",
    "abtv.control": lambda e: f"{_side(e.get('side'))} controls {e.get('hex')}",
    "abtv.assault_entered": lambda e: f"{_some(e.get('units'))} enter {e.get('hex')} to assault",
    "abtv.assault_returned": lambda e: (f"{_some(e.get('units'))} occupy the assaulted hex" if e.get("stay")
                                        else f"{_some(e.get('units'))} go back to the hexes they attacked from"),
    "abtv.combats_cleared": lambda e: "The player-turn's combats are over",
}


def sentence(effect: Mapping[str, Any]) -> str:
    said = SAY.get(str(effect.get("type")))
    return said(effect) if said else generic(effect)
