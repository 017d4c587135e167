"""A greedy Normandy 1944 player: a pure function from a seat's view, its legal orders (as JSON),
their assessments and the map to one of those orders, looking no further than the order it makes.

- Decisions: defensive support whenever offered (it costs no marker, §5.3); the first retreat hex
  offered; advance with the first stack; counterattack whenever an HQ may (§6.9); version 3's air:
  Tactical Air Support whenever offered (§9.1), the medium bombers' or the navy's bombardment
  whenever offered, never a carpet bombing (each heavy bomber is +2 VP to the German, §9.4).
- Set-up and markers: the first listed (markers go to HQs in id order).
- Combat: activate an HQ with Combat when it may, attack the hex whose assessed result is worth
  most (expected defender steps lost minus attacker steps lost, over the six faces), stop the
  activation when no attack is worth it.
- Movement: each unit goes to the listed hex nearest the side's objective (Scenario 1: Cherbourg;
  otherwise the nearest enemy unit), staying put when no move brings it nearer; landings first.
- Version 4: an overrun (§4.3) when its assessment has the defenders retreat or die on at least four
  faces of six (a failure costs the stack its move and a D level); armour that cannot get nearer and
  is not next to an enemy goes into Reserve (§4.1.1: it would not attack anyway, option Q52, and waits
  for an Exploitation); an Exploitation (§6.8) activates as many Reserve stacks as offered, with the
  marker's support when it may, moves them nearer the enemy, then attacks as above.
- Version 5: in the Administration Phase every step it may rebuild and every rebuilt unit it may
  bring back (§1.1.1.3), nothing put to rest or sent to the reserve; it never withholds (§6.5); it
  supplies by air every unsupplied infantry unit it may, in listing order, before giving markers (§7.5);
  it puts each motorised infantry unit on foot before moving (§2.2: never slower with the pack's values).
"""
from __future__ import annotations

from typing import Any, Callable

OBJECTIVES = {"1": ("0223", "0222")}


def value(result: str) -> float:
    """Defender steps minus attacker steps of one CRT result ('A1D1' -> 0, 'D2RX' -> 2.5, 'E' -> 3)."""
    out, i = 0.0, 0
    while i < len(result):
        k = result[i]
        i += 1
        n = ""
        while i < len(result) and result[i].isdigit():
            n += result[i]
            i += 1
        steps = int(n) if n else 1
        out += {"A": -steps, "D": steps, "R": 0.5, "X": 0.0, "E": 3}.get(k, 0)
    return out


def breaks(result: str) -> bool:
    """An overrun succeeds when the defenders retreat or are eliminated (§4.3)."""
    return "R" in result or result.startswith("E")


def choose(view: dict[str, Any], orders: list[dict[str, Any]], assessments: list[dict[str, Any] | None],
           side: str, scenario: str, distance: Callable[[str, str], int]) -> dict[str, Any]:
    kinds = {o["type"] for o in orders}
    if "exploit" in kinds:
        return max((o for o in orders if o["type"] == "exploit"), key=lambda o: (len(o["stacks"]), bool(o.get("support"))))
    end = next((o for o in orders if o["type"] == "end_phase"), None)
    if "support" in kinds:
        return next((o for o in orders if o["type"] == "support" and o.get("hq")), orders[0])
    if "retreat" in kinds:
        return orders[0]
    if "counterattack" in kinds:  # counterattack whenever an HQ may: the stack that advanced is exposed
        return next((o for o in orders if o["type"] == "counterattack" and o.get("hq")), orders[0])
    if "counterattack_move" in kinds:  # version 4: close in for the counterattack (§6.9)
        return next((o for o in orders if o["type"] == "counterattack_move" and o.get("to")), orders[0])
    if "advance" in kinds:
        return next((o for o in orders if o["type"] == "advance" and o.get("stack")), orders[0])
    if "commit_tas" in kinds:
        return next((o for o in orders if o["type"] == "commit_tas" and o.get("counter")), orders[0])
    if "bombard" in kinds:
        return next((o for o in orders if o["type"] == "bombard" and o["kind"] in ("air", "naval")), orders[0])
    if "airborne_supply" in kinds:  # version 5 (§7.5): a lifted marker restores attack and defence, at no cost
        return next(o for o in orders if o["type"] == "airborne_supply")
    if "setup_place" in kinds or "give_marker" in kinds:
        return orders[0]
    if "rebuild" in kinds or "enter_from_rest" in kinds:  # version 5 (§1.1.1.3): steps back, units back
        return next(o for o in orders if o["type"] in ("rebuild", "enter_from_rest"))
    if "attack" in kinds or "end_activation" in kinds:
        scored = [(sum(value(r) for r in a["results"]) / 6, o) for o, a in zip(orders, assessments)
                  if o["type"] == "attack" and a]
        best = max(scored, key=lambda x: x[0], default=None)
        if best and best[0] > 0:
            return best[1]
        closer = move(view, orders, side, scenario, distance) if "move" in kinds else None  # an Exploitation's stacks
        return closer or next(o for o in orders if o["type"] == "end_activation")
    if "activate_hq" in kinds:
        return next((o for o in orders if o["type"] == "activate_hq" and o["action"] == "combat"),
                    next(o for o in orders if o["type"] == "activate_hq"))
    if "land" in kinds:
        return next(o for o in orders if o["type"] == "land")
    if "overrun" in kinds:
        sure = [o for o, a in zip(orders, assessments) if o["type"] == "overrun" and a and sum(map(breaks, a["results"])) >= 4]
        if sure:
            return sure[0]
    if "on_foot" in kinds:  # version 5 (§2.2): with the pack's values on foot is never slower than motorised
        return next(o for o in orders if o["type"] == "on_foot")
    if "move" in kinds or "set_reserve" in kinds:
        return move(view, orders, side, scenario, distance) or reserve(view, orders, side, distance) or end or orders[0]
    return end or orders[0]


def reserve(view: dict[str, Any], orders: list[dict[str, Any]], side: str,
            distance: Callable[[str, str], int]) -> dict[str, Any] | None:
    """Armour with nothing better to do, and no enemy next to it, waits in Reserve (§4.1.1, Q52)."""
    game = view.get("game", view)
    hexes = {u["id"]: u.get("hex") for u in game["units"]}
    enemy = [u["hex"] for u in game["units"] if u["side"] != side and u.get("hex")]
    for o in orders:
        here = hexes.get(o.get("unit", ""))
        if o["type"] == "set_reserve" and here and all(distance(here, e) > 1 for e in enemy):
            return o
    return None


def move(view: dict[str, Any], orders: list[dict[str, Any]], side: str, scenario: str,
         distance: Callable[[str, str], int]) -> dict[str, Any] | None:
    game = view.get("game", view)  # the seat's view as GET /view returns it, or the game's own part
    units = {u["id"]: u for u in game["units"]}
    enemy = [u["hex"] for u in game["units"] if u["side"] != side and u.get("hex")]
    goals = OBJECTIVES.get(scenario) or tuple(enemy)
    if not goals:
        return None

    def far(h: str) -> int:
        return min(distance(h, g) for g in goals)

    best: tuple[int, dict[str, Any]] | None = None
    for o in orders:
        if o["type"] != "move":
            continue
        here = units[o["unit"]].get("hex")
        gain = (far(here) if here else far(o["path"][0]) + 1) - far(o["path"][-1])
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, o)
    return best[1] if best else None
