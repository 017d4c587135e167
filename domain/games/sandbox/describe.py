"""The sandbox's effects as sentences (its house rules' words). Units go by id: the sandbox's
counters have no printed names, and a marker's id is never in an effect its viewer may not see."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from domain.kernel.describe import generic


def _hexes(path) -> str:
    return " → ".join(path or ()) or "nowhere"


def _combat(e) -> str:
    roll = (e.get("roll") or {}).get("value")
    mods = "".join(f", {k.replace('_', ' ')} {v:+d}" for k, v in (e.get("modifiers") or {}).items() if v)
    return (f"Attack on {e.get('target')} by {', '.join(e.get('attackers') or ())}: attack {e.get('attack')}, "
            f"defence {e.get('defence')}{mods}; die {roll} → {e.get('modified')}: {str(e.get('result')).replace('_', ' ')}")


SAY: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "sandbox.markers_deployed": lambda e: f"Red deploys: the real unit under the marker in {e.get('real')}, the dummy in {e.get('dummy')}",
    "sandbox.markers_shown": lambda e: f"Two Red markers stand in {' and '.join(e.get('hexes') or ())}",
    "sandbox.unit_moved": lambda e: f"{e.get('unit')} moves {_hexes(e.get('path'))} ({e.get('cost')} MP)",
    "sandbox.marker_moved": lambda e: f"A Red marker moves {e.get('frm')} → {e.get('to')}",
    "sandbox.unit_revealed": lambda e: f"The marker in {e.get('hex')} is revealed: "
                                       + ("a dummy" if e.get("dummy") else f"unit {e.get('unit')}"),
    "sandbox.initiative": lambda e: f"{str(e.get('first')).capitalize()} moves first (bids: "
                                    + ", ".join(f"{s} {n}" for s, n in (e.get("bids") or {}).items()) + ")"
                                    + (f", tie broken by die {e['roll']['value']}" if e.get("roll") else ""),
    "sandbox.attack_declared": lambda e: f"{', '.join(e.get('units') or ())} attack {e.get('target')}",
    "sandbox.combat": _combat,
    "sandbox.unit_retreated": lambda e: f"{e.get('unit')} retreats {e.get('frm')} → {e.get('to')}",
    "sandbox.unit_eliminated": lambda e: f"{e.get('unit')} in {e.get('hex')} is eliminated",
    "sandbox.phase_reset": lambda e: "A new phase: every unit may act again"
                                     + (f"; {e['first']} goes first" if e.get("first") else ""),
    "sandbox.seat_done": lambda e: f"{e.get('seat')} has finished the phase",
    "sandbox.bridge_blown": lambda e: f"The bridge ({e.get('hexside')}) is blown",
}


def sentence(effect: Mapping[str, Any]) -> str:
    said = SAY.get(str(effect.get("type")))
    return said(effect) if said else generic(effect)
