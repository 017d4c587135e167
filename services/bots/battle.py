"""Combat as a Breakout & Pursuit bot reckons it: strengths and odds estimated from the view,
the expected worth of an attack over the Combat Results Table's six rows, the best attack on
offer, and answers to the decisions that follow a result.

Worth is in victory points, seen from the side deciding: points scored, minus points conceded
times `LOSS_WEIGHT`. The Allies need more than twice the German points to win (Victory H), so a
point they concede costs them about two they score; the Germans, the other way round.
"""
from __future__ import annotations

from services.bots.position import ALLIED, GERMAN, Position, blocks, combat

LOSS_WEIGHT = {ALLIED: 2.0, GERMAN: 0.5}
DISRUPTION = 0.05  # an "Ad" (attackers disrupted: a turn without moving) or an "Ar" costs this share of their points
PUSH = 0.25  # a "Dr" the defenders survive is worth this share of their points
STACK = 3


def halve(n: int) -> int:
    return (n + 1) // 2  # "half of nine is five" (Combat F)


def attack_strength(u: dict) -> int:
    """Attack strength under the supply judged for this Player-Turn (Supply Effects Chart)."""
    if not combat(u):
        return 0
    state = u.get("supply") or "supplied"
    return 0 if state == "isolated" else halve(u["strength"]) if state == "unsupplied" else u["strength"]


def disrupted_in_combat(pos: Position, u: dict, attacker: str) -> bool:
    """"Ad" halves a unit during the next enemy Combat Phase (L338)."""
    if not u.get("disrupted") or attacker == u["side"]:
        return False
    due = u["disrupted"] + (1 if u["side"] == GERMAN else 0)
    turn = pos.clock["turn"] + (1 if attacker == ALLIED and pos.clock["side"] == GERMAN else 0)
    return turn == due


def defenders(pos: Position, hex_id: str, side: str) -> list[dict]:
    return [u for u in pos.at.get(hex_id, ()) if u["side"] == side and u["cls"] != "marker" and u["type"] != "naval_supply"]


def defense(pos: Position, hex_id: str, side: str) -> int:
    """The hex's combined defence strength at the moment of an attack (Combat D, F; TEC; Fortress A)."""
    attacker = GERMAN if side == ALLIED else ALLIED
    isolated = pos.supply_state(side, hex_id) == "isolated"
    total = trucks = 0
    for u in defenders(pos, hex_id, side):
        if u["type"] == "truck":
            trucks += u["strength"]
            continue
        if not combat(u):
            continue
        value = u["strength"]
        for _ in range(isolated + disrupted_in_combat(pos, u, attacker)):
            value = halve(value)
        total += value
    fortress = side == GERMAN and pos.intact(hex_id)
    return (total + trucks) * pos.know.multiplier(hex_id, side, fortress) + (pos.know.fortress_bonus if fortress else 0)


def column(pos: Position, attack: int, defence: int) -> str:
    """The highest column not above attack:defence, clamped to the table (Combat G, L324)."""
    columns = pos.know.columns
    if defence <= 0:
        return columns[-1]
    fitting = [c for c in columns if _ratio(c) <= attack / defence]
    return fitting[-1] if fitting else columns[0]


def _ratio(c: str) -> float:
    a, b = c.split("-")
    return int(a) / int(b)


def can_retreat(pos: Position, hex_id: str, side: str) -> bool:
    """Has a unit of `side` on `hex_id` any hex to retreat to (Retreat J, Stacking M)?"""
    foe = GERMAN if side == ALLIED else ALLIED
    for n in pos.know.land.get(hex_id, ()):
        if n in pos.zoc[foe] or pos.holders(n) == foe or (side == ALLIED and pos.intact(n)):
            continue
        if pos.stack(n) < STACK:
            return True
    return False


def points(pos: Position, units) -> int:
    return sum(pos.know.points(u) for u in units)


def worth(pos: Position, attackers: list[dict], hex_id: str, col: str) -> float:
    """Expected points of attacking `hex_id` with `attackers` at `col`, for the attacking side."""
    side = attackers[0]["side"]
    foe = GERMAN if side == ALLIED else ALLIED
    know, loss = pos.know, LOSS_WEIGHT[side]
    held = [u for u in defenders(pos, hex_id, foe) if blocks(u)]
    fortress = foe == GERMAN and pos.intact(hex_id)
    gain: float = points(pos, held)
    gain += know.objectives.get(hex_id, 0) * (1 + loss) if pos.control.get(hex_id, GERMAN) != side else 0
    cost = points(pos, attackers)
    face = sum(u["strength"] for u in held) + (know.fortress_bonus if fortress else 0)
    pushed = 0.0 if fortress else gain if not can_retreat(pos, hex_id, foe) else PUSH * points(pos, held)
    value = {
        "De": gain, "Ex": gain - loss * exchange_cost(pos, attackers, face), "Dr": pushed,
        "Ad-Dr": pushed - loss * DISRUPTION * cost, "Ad": -loss * DISRUPTION * cost, "Ar": -loss * DISRUPTION * cost,
        "Ae": -loss * cost,
    }
    drm = -1 if all(know.river(u["hex"], hex_id) for u in attackers) else 0
    return sum(value.get(know.result(col, r + drm), 0.0) for r in range(1, know.die + 1)) / know.die


def exchange_cost(pos: Position, attackers: list[dict], face: int) -> int:
    """Points of the cheapest attackers whose face strengths cover `face` (Ex)."""
    paid = lost = 0
    for u in sorted(attackers, key=lambda u: (pos.know.points(u), u["strength"])):
        if paid >= face:
            break
        paid += u["strength"]
        lost += pos.know.points(u)
    return lost


# --- the Combat Phase --------------------------------------------------------------------------


def best_attack(pos: Position, orders: list[dict]) -> tuple[float, dict] | None:
    """The attack worth most among those listed, counting what the units it leaves free can still
    do against the other hexes; None if no attack is worth making. `legal()` lists each hex once
    with every unit that may take part, plus the same attack at each lower column; any subset of
    those units may attack instead. Units in one hex attack one hex (Combat B), so an attack
    takes whole stacks."""
    full = {o["hex"]: o for o in orders if o["type"] == "attack" and o.get("odds") is None}
    lower: dict[str, list[str]] = {}
    for o in orders:
        if o["type"] == "attack" and o.get("odds"):
            lower.setdefault(o["hex"], []).append(o["odds"])
    elsewhere: dict[str, int] = {}
    for o in full.values():
        for a in o["attackers"]:
            elsewhere[a] = elsewhere.get(a, 0) + 1
    best: tuple[float, float, dict] | None = None
    for hex_id, o in sorted(full.items()):
        for score, attackers in _options(pos, o, lower.get(hex_id, []), elsewhere):
            if score <= 0:
                continue
            used = {pos.units[a]["hex"] for a in attackers}
            total = score + sum(max(0.0, _leftover(pos, other, used)) for h, other in full.items() if h != hex_id)
            if best is None or total > best[0]:
                best = (total, score, {"type": "attack", "attackers": attackers, "hex": hex_id})
    return (best[1], best[2]) if best else None


def _leftover(pos: Position, order: dict, used: set[str]) -> float:
    """What an attack on `order`'s hex is worth with the units not in the stacks `used`."""
    units = [pos.units[a] for a in order["attackers"] if pos.units[a]["hex"] not in used]
    if not units:
        return 0.0
    foe = GERMAN if units[0]["side"] == ALLIED else ALLIED
    return worth(pos, units, order["hex"], column(pos, sum(map(attack_strength, units)), defense(pos, order["hex"], foe)))


def _options(pos: Position, order: dict, lower: list[str], elsewhere: dict[str, int]):
    """(worth, attacker ids) of attacking with the first k stacks, stacks that could attack
    nothing else first; the listed column is exact for the whole group, estimated for the others."""
    hex_id, columns = order["hex"], pos.know.columns
    exact = columns[columns.index(max(lower, key=columns.index)) + 1] if lower else columns[0]
    units = [pos.units[a] for a in order["attackers"]]
    stacks: dict[str, list[dict]] = {}
    for u in units:
        stacks.setdefault(u["hex"], []).append(u)
    ordered = sorted(stacks.values(), key=lambda s: (max(elsewhere[u["id"]] for u in s), -sum(map(attack_strength, s))))
    foe = GERMAN if units[0]["side"] == ALLIED else ALLIED
    d = defense(pos, hex_id, foe)
    yield worth(pos, units, hex_id, exact), order["attackers"]
    if columns.index(column(pos, sum(map(attack_strength, units)), d)) > columns.index(exact):
        return  # the estimate is more hopeful than the umpire's odds: trust only the listing
    used: list[dict] = []
    for s in ordered[:-1]:
        used += s
        yield worth(pos, used, hex_id, column(pos, sum(map(attack_strength, used)), d)), [u["id"] for u in used]


def air_strike(pos: Position, orders: list[dict]) -> dict:
    """The Air Strike (Air-Strike A-D): strength 20 against the face strengths of the units struck,
    without terrain; only the defender's part of the result applies, and no Dr on a Fortress."""
    from domain.games.breakout_pursuit.airstrike import STRENGTH

    def value(o: dict) -> float:
        units = [pos.units[u] for u in o["units"]]
        col = column(pos, STRENGTH, sum(u["strength"] for u in units))
        gain = points(pos, units)
        pushed = 0.0 if pos.intact(o["hex"]) else gain if not can_retreat(pos, o["hex"], GERMAN) else PUSH * gain
        kept = {"De": gain, "Ex": gain, "Dr": pushed, "Ad-Dr": pushed}
        return sum(kept.get(pos.know.result(col, r), 0.0) for r in range(1, pos.know.die + 1))

    return max(orders, key=value)


# --- decisions after a result -------------------------------------------------------------------


def answer(pos: Position, orders: list[dict]) -> dict:
    kind = orders[0]["type"]
    if kind == "retreat":  # the enemy's units: where they are easiest to attack again
        return max(orders, key=lambda o: sum(_exposure(pos, u, h) for u, h in o["moves"].items()))
    if kind == "exchange_losses":
        return min(orders, key=lambda o: (points(pos, [pos.units[u] for u in o["units"]]),
                                          sum(pos.units[u]["strength"] for u in o["units"])))
    if kind == "battlegroups":
        return max(orders, key=lambda o: len(o["units"]))
    if kind == "advance":
        return _advance(pos, orders)
    return orders[0]


def _exposure(pos: Position, uid: str, hex_id: str) -> float:
    """How badly a retreating enemy unit stands on `hex_id`: our strength next to it, its terrain."""
    u = pos.units.get(uid)
    side = u["side"] if u else GERMAN if pos.side == ALLIED else ALLIED
    ours = sum(attack_strength(v) for n in pos.know.land.get(hex_id, ()) for v in pos.at.get(n, ())
               if v["side"] != side and combat(v))
    return ours - 5 * pos.know.multiplier(hex_id, side, pos.intact(hex_id)) - 10 * (pos.supply_state(side, hex_id) != "supplied")


def _advance(pos: Position, orders: list[dict]) -> dict:
    """Advance the strongest units listed into the vacated hex when they stay in supply there and
    (Germans) the hex is worth holding; else stay."""
    hex_id = (pos.game.get("combat") or {}).get("hex")
    if hex_id in pos.objectives(pos.side):  # moving in takes control of a scoring hex
        return max(orders, key=lambda o: sum(pos.units[u]["strength"] for u in o["units"] if u in pos.units))
    if hex_id is None or pos.supply_state(pos.side, hex_id) == "isolated":
        return min(orders, key=lambda o: len(o["units"]))
    if pos.side == GERMAN and hex_id not in pos.know.objectives and pos.know.multiplier(hex_id, GERMAN, False) < 2:
        return min(orders, key=lambda o: len(o["units"]))
    return max(orders, key=lambda o: sum(pos.units[u]["strength"] for u in o["units"] if u in pos.units))
