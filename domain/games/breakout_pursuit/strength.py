"""Combat strengths and odds, in the rulebook's order (Combat Procedure, F, G; CRT L324; Terrain
Effects Chart; Supply Effects Chart; German Fortresses A; Allied Truck Units A, D; Correction L632).

Per unit: face value, then the supply effect (always first, F), then the "Ad" halving on defense
(Correction L632: the two combine); halving rounds up ("half of nine is five", F) unless the
`halve_strength_rounding` option says otherwise, unit by unit (`halve_scope`). Then the sum, a
defending Truck's 1 (Non-Combat A, Truck D), the single best terrain multiplier (TEC footnote:
multipliers never combine) and, last, an intact Fortress's intrinsic 5 (Fortress A: "added to the
tripled Combat Strength"). The odds column is read from the CRT by the kernel's table reader
(`data.crt_table`, kernel/crt.py): rounded in favour of the defender, clamped at its ends (Combat
G, L324).
"""
from __future__ import annotations

from typing import Any

from domain.games.breakout_pursuit import cite
from domain.games.breakout_pursuit.model import GERMAN, SUPPLIED, State, Unit

FORTRESS = "fortress"


def fortress_id(hex_id: str) -> str:
    """The intact Fortress of a hex as a defender (it has a strength of its own, Fortress A)."""
    return f"{FORTRESS}:{hex_id}"


def halve(n: int, rounding: str) -> int:
    return (n + 1) // 2 if rounding == "up" else n // 2


def _effect(data, side: str, supply: str, column: str, options: dict) -> str:
    """"normal", "half" or "zero": the Supply Effects Chart's entry for this side and state. The chart
    prints no German Isolated row: option `german_isolated_effects` (the Allied row, or none)."""
    if supply == SUPPLIED:
        return "normal"
    if side == GERMAN:
        if options.get("german_isolated_effects", "as_allied_isolated") == "none":
            return "normal"
        side = "allied"
    value = data.supply_effects.get(f"{side}_{supply}", {}).get(column, "normal")
    return {"halved": "half"}.get(value, value)


def _total(parts: dict[str, dict], options: dict) -> int:
    """Sum the units' strengths after their halvings, per unit or per stack (`halve_scope`)."""
    rounding = options.get("halve_strength_rounding", "up")
    if options.get("halve_scope") == "per_stack":
        groups: dict[int, int] = {}
        for p in parts.values():
            groups[p["halved"]] = groups.get(p["halved"], 0) + p["base"]
        total = 0
        for times, base in groups.items():
            for _ in range(times):
                base = halve(base, rounding)
            total += base
        return total
    for p in parts.values():
        value = p["base"]
        for _ in range(p["halved"]):
            value = halve(value, rounding)
        p["strength"] = value
    return sum(p["strength"] for p in parts.values())


def attack_part(state: State, data, u: Unit) -> dict[str, Any]:
    """One attacker: face value and the supply state judged in its Supply Judgement Phase (K)."""
    supply = state.supply.get(u.id)
    part: dict[str, Any] = {"face": u.strength, "supply": supply or SUPPLIED, "base": u.strength, "halved": 0}
    if supply is None:
        part["judged"] = False  # no judgement recorded this Player-Turn: counted as supplied
    if not u.combat_unit:
        part["base"] = 0  # Trucks defend only (Non-Combat A); Supply and Pipeline units have no strength
    effect = _effect(data, u.side, part["supply"], "attack", state.core.options)
    if effect == "zero":
        part["base"] = 0
    elif effect == "half":
        part["halved"] = 1
    return part


def attack_strength(state: State, data, units: list[Unit]) -> tuple[int, dict[str, Any]]:
    options = state.core.options
    parts = {u.id: attack_part(state, data, u) for u in units}
    total = _total(parts, options)
    return total, {"units": parts, "total": total, "rounding": options.get("halve_strength_rounding", "up"),
                   "scope": options.get("halve_scope", "per_unit")}


def unit_attack(state: State, data, u: Unit) -> int:
    return attack_strength(state, data, [u])[0]


def disrupted_now(state: State, u: Unit) -> bool:
    """An "Ad" halves a unit's strength during the next Enemy Combat Phase (L338): the German one of
    the same Game-Turn for Allied units, the Allied one of the next Game-Turn for German units."""
    if not u.disrupted:
        return False
    due = u.disrupted + (1 if u.side == GERMAN else 0)
    clock = state.core.clock
    return clock.phase == "combat" and clock.side != u.side and clock.turn == due


def terrain_multiplier(state: State, data, hex_id: str, side: str) -> tuple[int, str | None]:
    """The single multiplier most advantageous to the defender (TEC footnote), from the hex's terrain
    and features: rough or town x2; West Wall x3 for German defenders (Correction L658); an intact
    Fortress x3 for German defenders, a destroyed one is a city (Fortress D)."""
    h = data.map.hexes[hex_id]
    best, source = 1, None
    for name in (h.terrain, *h.features):
        row = data.tec_row(name)
        if name == FORTRESS and state.fortresses.get(hex_id) != "intact":
            row = data.tec_row(row.get("becomes", ""))
        m = int(row.get("defense_multiplier", 1))
        if side == GERMAN:
            m = max(m, int(row.get("german_defense_multiplier", 1)))
        if m > best:
            best, source = m, name
    return best, source


def intact_fortress(state: State, data, hex_id: str) -> bool:
    return hex_id in data.fortress_hexes and state.fortresses.get(hex_id, "intact") == "intact"


def defense_strength(state: State, data, hex_id: str, defenders: list[Unit], supply: dict[str, str],
                     side: str) -> tuple[int, dict[str, Any]]:
    """The hex's one combined strength (Combat D). `supply` is each defender's state at the moment
    of combat (Supply Procedure); units that retreated here and are attacked again add strength only
    under the `retreated_units_add_strength` option (Correction L632)."""
    options = state.core.options
    parts: dict[str, dict] = {}
    trucks = 0
    for u in defenders:
        shares_only = u.id in state.defended and not options.get("retreated_units_add_strength", False)
        if u.type == "truck":
            # always supplied (Correction L642), never disrupted: added after the halvings
            trucks += 0 if shares_only else u.strength
            continue
        part: dict[str, Any] = {"face": u.strength, "supply": supply.get(u.id, SUPPLIED), "base": u.strength, "halved": 0}
        if shares_only:
            part["base"], part["retreated_here"] = 0, True
        if not u.combat_unit:
            part["base"] = 0  # Supply units; Pipelines have no defensive strength (Pipeline H)
        effect = _effect(data, u.side, part["supply"], "defense", options)
        if effect == "zero":
            part["base"] = 0
        elif effect == "half":
            part["halved"] += 1
        if disrupted_now(state, u):
            part["halved"] += 1
            part["disrupted"] = True
        parts[u.id] = part
    units_total = _total(parts, options)
    multiplier, source = terrain_multiplier(state, data, hex_id, side)
    fortress = int(data.tec_row(FORTRESS).get("intrinsic_defense", 0)) if side == GERMAN and intact_fortress(state, data, hex_id) else 0
    total = (units_total + trucks) * multiplier + fortress
    detail: dict[str, Any] = {"units": parts, "sum": units_total, "truck": trucks, "multiplier": multiplier,
                              "terrain": source, "fortress": fortress, "total": total}
    return total, detail


def citations(attack_detail: dict, defense_detail: dict, options: dict, german_unsupplied: bool) -> list:
    """The rules each strength computation used."""
    out = []
    units = list(attack_detail["units"].values()) + list(defense_detail["units"].values())
    if any(p["supply"] != SUPPLIED for p in units):
        out.append(cite.SUPPLY_CHART)
    if any(p["halved"] for p in units):
        out += [cite.COMBAT_F, cite.ruling("halve_strength_rounding", options.get("halve_strength_rounding", "up")),
                cite.ruling("halve_scope", options.get("halve_scope", "per_unit"))]
    if german_unsupplied:
        out.append(cite.ruling("german_isolated_effects", options.get("german_isolated_effects", "as_allied_isolated")))
    if any(p.get("disrupted") for p in units):
        out += [cite.RESULT_AD, cite.COMBAT_CLARIFICATION]
    if any(p.get("retreated_here") for p in units):
        out += [cite.COMBAT_CLARIFICATION, cite.ruling("retreated_units_add_strength", options.get("retreated_units_add_strength", False))]
    if defense_detail["truck"]:
        out += [cite.NON_COMBAT_A, cite.TRUCK_D]
    if defense_detail["multiplier"] > 1:
        out += [cite.TEC_FOOTNOTE, cite.WEST_WALL if defense_detail["terrain"] == "west_wall" else cite.TEC]
    if defense_detail["fortress"]:
        out += [cite.FORTRESS_GENERAL, cite.FORTRESS_A]
    return out
