"""Breakout & Pursuit's effects as sentences in the game's own words: units by nationality, size,
strength-movement and number ("US XX 11-5 (83)"), hexes with their printed place names, attacks
with their odds, die and CRT result. A result read from a reconstructed CRT cell says so.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from domain.kernel.describe import generic, value
from domain.kernel.pack.provenance import kind as prov_kind, resolve
from domain.kernel.pack.schema import Crt, Pack

BATTLEGROUP = re.compile(r"^(?P<parent>.+)-bg\d+$")
SIDES = {"allied": "Allied", "german": "German"}
SUPPLY = {"supplied": "in supply", "unsupplied": "out of supply", "isolated": "isolated"}


def unit_names(pack: Pack) -> dict[str, str]:
    out = {}
    for cid, c in pack.counters.items():
        if c.strength is not None and c.nationality:
            number = f" ({c.designation + ' ' if c.designation else ''}{c.number})" if c.number else ""
            out[cid] = f"{c.nationality} {c.size + ' ' if c.size else ''}{c.strength}-{c.movement}{number}"
        else:
            out[cid] = c.label or f"{SIDES.get(c.side, c.side)} {c.type.replace('_', ' ')} {cid.rsplit('-', 1)[-1]}"
    return out


class Sentences:
    """The sentences of one pack: built once per bound ruleset (the names are the pack's)."""

    def __init__(self, pack: Pack):
        self.pack = pack
        self.units = unit_names(pack)
        self.places = {h: x.name for h, x in pack.map.hexes.items() if x.name} if pack.map else {}
        crt = pack.tables.get("crt")
        self.crt = crt if isinstance(crt, Crt) else None

    def unit(self, uid: str) -> str:
        if uid in self.units:
            return self.units[uid]
        bg = BATTLEGROUP.match(uid)
        return f"Battlegroup of {self.unit(bg['parent'])}" if bg else uid

    def place(self, hex_id: str | None) -> str:
        if not hex_id:
            return "off the map"
        name = self.places.get(hex_id)
        return f"{hex_id} {name}" if name else (hex_id if hex_id[:1].isdigit() else f"the {hex_id.replace('_', ' ')} box")

    def group(self, ids) -> str:
        ids = list(ids)
        return ", ".join(self.unit(u) for u in ids) if ids else "no unit"

    def cell(self, odds: str, row: int) -> str:
        """" (placeholder CRT cell)" when the result was read from a cell the rulebook does not print."""
        if self.crt is None or odds not in self.crt.columns or str(row) not in self.crt.rows:
            return ""
        cells = self.crt.rows[str(row)]
        i = self.crt.columns.index(odds)
        if i >= len(cells):
            return ""
        k = prov_kind(resolve(cells[i].prov, self.pack.sources))
        return "" if k == "rulebook" else f" ({k} CRT cell)"

    def sentence(self, e: Mapping[str, Any]) -> str:
        said = SAY.get(str(e.get("type")))
        return said(self, e) if said else generic(e)


def _moved(s: Sentences, e) -> str:
    path = list(e.get("path") or [])
    extra = ", minimum move" if e.get("minimum_move") else ""
    return (f"{s.unit(e['unit'])} moves {' → '.join(s.place(h) for h in path)} "
            f"({e.get('cost')} of {e.get('allowance')} MP{extra})")


def _attack(s: Sentences, e) -> str:
    declared = f", declared {e['odds']}" if e.get("computed_odds") and e.get("odds") != e.get("computed_odds") else ""
    roll = e.get("roll") or {}
    drm = f" {e['drm']:+d} = {e['modified']}" if e.get("drm") else ""
    supply = {SUPPLY.get(v, v) for v in (e.get("defender_supply") or {}).values()}
    defenders = f"{s.group(e.get('defenders', ()))}" + (f", {', '.join(sorted(supply))}" if supply else "")
    return (f"Attack on {s.place(e.get('hex'))} ({defenders}) by {s.group(e.get('attackers', ()))}: "
            f"{e.get('attack')} against {e.get('defense')}, {e.get('computed_odds') or e.get('odds')}{declared}; "
            f"die {roll.get('value')}{drm} → {e.get('result')}{s.cell(e.get('odds', ''), e.get('modified', roll.get('value', 0)))}")


def _air_strike(s: Sentences, e) -> str:
    roll = e.get("roll") or {}
    applied = f", applied as {e['applied']}" if e.get("applied") and e.get("applied") != e.get("result") else ""
    return (f"Allied Air-Strike on {s.place(e.get('hex'))} ({s.group(e.get('units', ()))}): {e.get('attack')} against "
            f"{e.get('defense')}, {e.get('odds')}; die {roll.get('value')} → {e.get('result')}{applied}")


def _supply(s: Sentences, e) -> str:
    states = e.get("states") or {}
    counts: dict[str, int] = {}
    for v in states.values():
        counts[v] = counts.get(v, 0) + 1
    out = [u for u, v in states.items() if v != "supplied"]
    tail = f": {s.group(out[:6])}{' and more' if len(out) > 6 else ''} not in supply" if out else ""
    summary = ", ".join(f"{n} {SUPPLY.get(k, k)}" for k, n in sorted(counts.items()))
    return f"{SIDES.get(e.get('side'), e.get('side'))} supply judged: {summary or 'no units'}{tail}"


def _routes(s: Sentences, e) -> str:
    """The judgement's paths in short (the record holds every hex and every reason)."""
    routes, isolated = e.get("routes") or {}, list((e.get("isolated") or {}).keys())
    traced = [u for u, path in routes.items() if path]
    head = f"{SIDES.get(e.get('side'), e.get('side'))} Supply Paths: {len(traced)} traced"
    sample = "; ".join(f"{s.unit(u)} {len(routes[u]) - 1} hexes to {s.place(routes[u][-1])}" for u in traced[:2])
    return head + (f" ({sample}{'; ...' if len(traced) > 2 else ''})" if sample else "") + (
        f"; no path for {s.group(isolated[:3])}{' and more' if len(isolated) > 3 else ''}" if isolated else "")


def _combat_pending(s: Sentences, e) -> str:
    c = e.get("combat")
    if not c:
        return "The combat's results are all applied"
    steps = ", ".join(str(x).replace("_", " ") for x in c.get("steps", ())) or "none"
    return f"Combat at {s.place(c.get('hex'))}: {c.get('result')} to apply; still owed: {steps}"


def _flag(s: Sentences, e) -> str:
    name, v = str(e.get("name", "")), e.get("value")
    words = re.sub(r"^special_rule_(\w)_", lambda m: f"Special Rule {m[1].upper()}: ", name).replace("_", " ")
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        v = s.group(v) if all(x in s.units or BATTLEGROUP.match(x) for x in v) else value(v)
    return f"{words} {value(v)}" if words.startswith("Special Rule") else f"{words}: {value(v)}"


def _eliminated(s: Sentences, e) -> str:
    where = f" in {s.place(e['hex'])}" if e.get("hex") else ""
    extra = ", surrounded" if e.get("surrounded") else ""
    vp = f"; {e['points']} VP" if e.get("points") else ""
    return f"{s.unit(e['unit'])}{where} eliminated ({e.get('cause', '')}{extra}){vp}"


def _units(verb: str) -> Callable[[Sentences, Any], str]:
    return lambda s, e: f"{s.group(e.get('units', ()))} {verb}"


def _defensive_weighed(s: Sentences, e) -> str:
    units = e.get("supply_units") or {}
    near = min(units, key=lambda u: (units[u], u)) if units else None
    head = f"Supply H at {s.place(e.get('hex'))} ({e.get('odds')}): {len(units)} Supply units within eight hexes" + (
        f", the nearest {s.unit(near)} ({units[near]})" if near else "")
    forced = e.get("forced") or ()
    return head + ("; the trace is forced for " + s.group(forced) if forced else "; no defender is forced to trace")


SAY: dict[str, Callable[[Sentences, Any], str]] = {
    "bp.phase_begun": lambda s, e: "The phase begins",
    "bp.player_turn_ended": lambda s, e: f"The {SIDES.get(e.get('side'), e.get('side'))} Player-Turn ends",
    "bp.unit_placed": lambda s, e: f"{s.unit(e['unit'])} placed in {s.place(e.get('at'))} "
                                   f"({str(e.get('reason', '')).replace('_', ' ')}{', Game-Turn ' + str(e['turn']) if e.get('turn') else ''})",
    "bp.unit_moved": _moved,
    "bp.pipelines_deactivated": _units("deactivated"),
    "bp.pipelines_reactivated": _units("reactivated"),
    "bp.passenger_embarked": lambda s, e: f"{s.unit(e['unit'])} boards {s.unit(e['truck'])} in {s.place(e.get('hex'))}",
    "bp.passenger_disembarked": lambda s, e: f"{s.unit(e['unit'])} leaves {s.unit(e['truck'])} in {s.place(e.get('hex'))} "
                                             f"(carried {e.get('carried')} hexes)",
    "bp.supply_unit_moved": lambda s, e: f"{s.unit(e['unit'])} moves by {e.get('method')} "
                                         f"{' → '.join(s.place(h) for h in e.get('path') or [])}"
                                         + (f" to {s.unit(e['truck'])}" if e.get("truck") else ""),
    "bp.units_turned": lambda s, e: f"{s.group(e.get('units', ()))} turned face {'up' if e.get('face_up') else 'down'}",
    "bp.naval_supply_moved": lambda s, e: f"{s.unit(e['unit'])} moves {s.place(e.get('frm'))} → {s.place(e.get('to'))}",
    "bp.defensive_supply_traced": lambda s, e: f"{s.unit(e['unit'])} in {s.place(e.get('hex'))} supplies the defence "
                                               f"({e.get('odds')}{', forced' if e.get('forced') else ''}) of "
                                               f"{s.group((e.get('paths') or {}).keys())}",
    "bp.supply_judged": _supply,
    "bp.unit_expended": lambda s, e: f"{s.unit(e['unit'])} in {s.place(e.get('hex'))} is expended",
    "bp.attack_resolved": _attack,
    "bp.combat_pending": _combat_pending,
    "bp.unit_eliminated": _eliminated,
    "bp.unit_retreated": lambda s, e: f"{s.unit(e['unit'])} retreats {s.place(e.get('frm'))} → {s.place(e.get('to'))}",
    "bp.units_disrupted": lambda s, e: f"{s.group(e.get('units', ()))} disrupted (Game-Turn {e.get('turn')})",
    "bp.disruption_ended": _units("no longer disrupted"),
    "bp.units_advanced": lambda s, e: f"{s.group(e.get('units', ()))} advance into {s.place(e.get('to'))}",
    "bp.battlegroup_formed": lambda s, e: f"{s.unit(e['parent'])} forms a {e.get('strength')}-{e.get('ma')} "
                                          f"{str(e.get('unit_type', '')).replace('_', ' ')} Battlegroup in {s.place(e.get('hex'))}",
    "bp.control_changed": lambda s, e: "Control changes: " + ", ".join(
        f"{s.place(h)} to {SIDES.get(side, side)}" for h, side in (e.get("hexes") or {}).items()),
    "bp.fortress_destroyed": lambda s, e: f"The fortress in {s.place(e.get('hex'))} is destroyed",
    "bp.flag_set": _flag,
    "bp.flag_cause": lambda s, e: f"{str(e.get('flag', '')).replace('_', ' ')}: by {s.unit(e['unit'])} in {s.place(e.get('hex'))}",
    "bp.points_awarded": lambda s, e: f"{e.get('points')} VP to {SIDES.get(e.get('side'), e.get('side'))} for {e.get('what')}"
                                      + (f" ({', '.join(s.place(h) for h in e.get('hexes') or ())})" if e.get("hexes") else ""),
    "bp.supply_routes": _routes,
    "bp.retreat_weighed": lambda s, e: f"{s.unit(e['unit'])} in {s.place(e.get('frm'))} may retreat to "
                                       + (", ".join(f"{s.place(h)} ({n})" for h, n in list((e.get("path") or e.get("no_path") or {}).items())[:4]) or "no hex")
                                       + f"; {len(e.get('refused') or {})} hexes refused",
    "bp.defensive_supply_weighed": _defensive_weighed,
    "bp.air_strike_resolved": _air_strike,
    "bp.airdrop_cycle_started": lambda s, e: f"Airdrop cycle begins: {len(e.get('markers') or ())} Airdrop Zone markers "
                                             f"placed, revealed on Game-Turn {e.get('reveal_turn')}",
    "bp.airdrop_zone_chosen": lambda s, e: f"The real Airdrop Zone is {s.place(e.get('real'))}",
    "bp.airdrop_revealed": lambda s, e: f"The real Airdrop Zone is revealed: {s.place(e.get('real'))} "
                                        f"({len(e.get('dummies') or ())} dummies removed)",
    "bp.unit_airdropped": lambda s, e: f"{s.unit(e['unit'])} {'air-lands' if e.get('airlanding') else 'drops'} "
                                       f"in {s.place(e.get('hex'))}",
    "bp.airdrop_marker_left": lambda s, e: f"An Airdrop Zone marker stays in {s.place(e.get('hex'))}",
    "bp.airdrop_cycle_ended": lambda s, e: f"Airdrop cycle ends: {e.get('reason', '')}",
    "bp.paratroop_rehabilitated": lambda s, e: f"{s.unit(e['unit'])} rehabilitated by {s.unit(e['by'])}",
}
