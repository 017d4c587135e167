"""The greedy strategy for Air Bridge to Victory: from a seat's view and its legal orders (as JSON),
take reinforcements and drops first, then the best-odds attacks, bombardments with the most points,
the moves that bring units closest to the scenario's objective (the Allies) or to the nearest
Allied unit or objective (the Germans), and end the phase when nothing gains. Decisions: refuse
when it may, react, commit all support, retreat rather than hold, advance, lose steps on the
weakest unit and eliminate the enemy's strongest. The counter values and the map are the pack's
(public information)."""
from __future__ import annotations

from typing import Any

from domain.games.air_bridge.data import GameData

OBJECTIVE = {"campaign": "bridge:arnhem_road", "nijmegen": "bridge:nijmegen_road", "arnhem": "place:Oosterbeek+ferry:driel_ferry"}
SUPPORT = ("all", "artillery", "air", "none")


class Knowledge:
    def __init__(self, data: GameData, scenario: str):
        self.data = data
        hexes: list[str] = []
        for part in OBJECTIVE.get(scenario, "bridge:arnhem_road").split("+"):
            kind, _, name = part.partition(":")
            if kind == "bridge":
                hexes += data.bridges[data.bridge_by_name[name]].hexes
            elif kind == "ferry":  # the Arnhem scenario's north bank of the Driel ferry (row 00 is north)
                hexes.append(min(data.bridges[data.bridge_by_name[name]].hexes))
            else:
                hexes += data.map.places[name].hexes
        self.objective = tuple(hexes)

    def value(self, uid: str, steps: int) -> int:
        faces = self.data.counters[uid].faces
        f = faces[min(len(faces) - 1, max(0, 2 - steps))]
        return (f.strength or 0) + (f.defense or 0) + f.values.get("bombardment", 0)

    def distance(self, a: str, b: str) -> int:
        return self.data.distance(a, b)


def choose(view: dict[str, Any], orders: list[dict[str, Any]], know: Knowledge, side: str) -> dict[str, Any]:
    units = {u["id"]: u for u in view.get("game", view)["units"]}  # the kernel's view holds the game's under "game"
    answers = [o for o in orders if o["type"] == "answer"]
    if answers:
        return _answer(answers, units, know, side)
    scored = [(_score(o, units, know, side), i) for i, o in enumerate(orders) if o["type"] != "end_phase"]
    if scored:
        best, i = max(scored, key=lambda t: (t[0], -t[1]))
        if best > 0:
            return orders[i]
    end = [o for o in orders if o["type"] == "end_phase"]
    return end[0] if end else orders[0]


def _answer(answers: list[dict[str, Any]], units: dict[str, dict[str, Any]], know: Knowledge, side: str) -> dict[str, Any]:
    choices = {a["choice"]: a for a in answers}
    for pick in (side, *SUPPORT[:3], "advance", "stay"):
        if pick in choices:
            return choices[pick]
    guns = sorted(c for c in choices if c.startswith("gun:"))  # @3 allocation: every gun, then every air point
    if guns:
        return choices[guns[0]]
    air = [c for c in choices if c.startswith("air:")]
    if air:
        return choices[max(air, key=lambda c: int(c[4:]))]
    withdraw = sorted(c for c in choices if c.startswith(("withdraw:", "to:")))
    if withdraw:
        return choices[withdraw[0]]
    ids = [c for c in choices if c in units]
    if ids:
        own = [c for c in ids if units[c]["side"] == side]
        if own and "none" in choices:  # a reaction: send the strongest
            return choices[max(own, key=lambda c: (know.value(c, units[c]["steps"]), c))]
        if own:  # a loss or a fatigue: the weakest
            return choices[min(own, key=lambda c: (know.value(c, units[c]["steps"]), c))]
        return choices[max(ids, key=lambda c: (know.value(c, units[c]["steps"]), c))]  # the enemy's: the strongest
    return answers[0]


def _score(o: dict[str, Any], units: dict[str, dict[str, Any]], know: Knowledge, side: str) -> float:
    t = o["type"]
    if t in ("drop", "enter", "place_dz"):
        return 100.0
    if t in ("repair_bridge", "demolish_bridge"):
        return 90.0
    if t == "declare":
        att = sum(know.value(u, units[u]["steps"]) for u in o["units"])
        dfc = sum(know.value(u["id"], u["steps"]) for u in units.values() if u["hex"] == o["target"] and u["side"] != side)
        ratio = att / max(1, dfc)
        return 50.0 + ratio if ratio >= (2 if o["kind"] == "maneuver" else 1.5) else 0.0
    if t == "bombard":
        return 30.0 + len(o["artillery"]) + o["air"] / 10
    if t == "move":
        start, end = o["path"][0], o["path"][-1]
        goals = list(know.objective)
        if side != "allied":
            goals += [u["hex"] for u in units.values() if u["side"] != side and u["hex"]]
        before = min(know.distance(start, g) for g in goals)
        after = min(know.distance(end, g) for g in goals)
        mover = o["units"][0]
        alone = start in know.objective and not any(u["hex"] == start and u["id"] != mover and u["side"] == side
                                                    for u in units.values())
        if side == "allied" and alone:
            return -10.0  # the last unit holding an objective stays
        if side == "allied" and end in know.objective and not any(u["hex"] == end and u["side"] == side for u in units.values()):
            return 20.0  # an objective nobody holds yet
        return float(before - after) - 0.01 * len(o["path"])
    return 0.0
