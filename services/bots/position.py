"""What a Breakout & Pursuit bot knows: the map and tables of the pack (`Knowledge`, built once),
and a position read from a seat's view (`Position`, built per decision).

Everything here is public: the map and charts come from the game's content pack (shipped with
Umpire and the same for every player), the position from `GET /v1/games/{id}/state`. The rules
are re-read only as far as a player estimates them at the table (supply path lengths, zones of
control, strengths); the umpire rules on the orders.
"""
from __future__ import annotations

from collections import deque
from functools import cached_property
from typing import Iterable

from domain.games.breakout_pursuit.data import GameData
from domain.kernel.grid import hexside_id

ALLIED, GERMAN = "allied", "german"
COMBAT_CLASSES = ("mechanized", "non_mechanized")
ALLIED_SUPPLIED, ALLIED_REACH = 4, 8  # Supply F: supplied within 4 hexes, unsupplied within 8
FAR = 99


def enemy(side: str) -> str:
    return GERMAN if side == ALLIED else ALLIED


def combat(u: dict) -> bool:
    return u["cls"] in COMBAT_CLASSES


def blocks(u: dict) -> bool:
    """Units that keep enemy units out of their hex and out of supply paths through it."""
    return combat(u) or u["type"] == "truck"


class Knowledge:
    """The pack as a player reads it: land links, terrain, the CRT, points and objectives."""

    def __init__(self, data: GameData):
        self.data = data
        hexes = data.map.hexes
        self.land = {h: tuple(n for n in data.neighbours[h] if data.enterable(n) and not data.sea_between(h, n))
                     for h in hexes if data.enterable(h)}
        self.columns = data.crt.columns
        self.die = data.crt.die.sides
        self.fortress_hexes = data.fortress_hexes
        self.east_edge = data.east_edge
        self.cherbourg, self.bayeux = data.cherbourg, data.bayeux
        special = data.vp_special
        # Hexes whose control scores, with the points they swing (Victory D, F).
        self.objectives: dict[str, int] = {}
        for key, hexes_of in data.vp_places.items():
            for h in hexes_of:
                self.objectives[h] = int(special[key]["points"])
        for h in data.fortress_hexes:
            self.objectives[h] = int(special["fortress"]["points"])
        self.west_wall = data.west_wall
        # Victory E: the map edge hexes marked "D" Allied divisions leave by, and what leaving scores.
        self.edge_d = frozenset(data.area("edge_D")) if "edge_D" in data.map.areas else frozenset()
        self.breakout_points = int(special.get("breakout_exit", {}).get("points", 0))
        self._fields: dict[frozenset[str], dict[str, int]] = {}
        self._multipliers: dict[tuple, int] = {}
        self._points: dict[tuple[str, int], int] = {}

    def result(self, column: str, roll: int) -> str:
        return self.data.crt_table.result(column, roll)

    def river(self, a: str, b: str) -> bool:
        return self.data.side_has(hexside_id(a, b), "river")

    def multiplier(self, hex_id: str, side: str, fortress_intact: bool) -> int:
        """The single best terrain multiplier for a defender of `side` (TEC footnote)."""
        key = (hex_id, side, fortress_intact)
        if key not in self._multipliers:
            self._multipliers[key] = self._multiplier(hex_id, side, fortress_intact)
        return self._multipliers[key]

    def _multiplier(self, hex_id: str, side: str, fortress_intact: bool) -> int:
        h = self.data.map.hexes[hex_id]
        best = 1
        for name in (h.terrain, *h.features):
            row = self.data.tec_row(name)
            if name == "fortress" and not fortress_intact:
                row = self.data.tec_row(row.get("becomes", ""))
            m = int(row.get("defense_multiplier", 1))
            if side == GERMAN:
                m = max(m, int(row.get("german_defense_multiplier", 1)))
            best = max(best, m)
        return best

    @cached_property
    def fortress_bonus(self) -> int:
        return int(self.data.tec_row("fortress").get("intrinsic_defense", 0))

    def points(self, u: dict) -> int:
        """Victory points the other side scores for eliminating `u` (Victory A, B)."""
        key = (u["id"], u["strength"])
        if key not in self._points:
            from domain.games.breakout_pursuit import victory
            from domain.games.breakout_pursuit.model import Unit

            try:
                self._points[key] = victory.unit_points(self.data, Unit(**{k: v for k, v in u.items() if k in Unit.__struct_fields__}))
            except LookupError:  # not on the schedule (markers, the Naval Supply unit): scores nothing
                self._points[key] = 0
        return self._points[key]

    def distances(self, sources: Iterable[str], blocked: frozenset[str] = frozenset(), limit: int | None = None) -> dict[str, int]:
        """Steps over land from the nearest source, never entering `blocked` (sources excepted)."""
        out = {h: 0 for h in sources if h in self.land}
        queue = deque(out)
        while queue:
            h = queue.popleft()
            d = out[h]
            if limit is not None and d >= limit:
                continue
            for n in self.land[h]:
                if n not in out and n not in blocked:
                    out[n] = d + 1
                    queue.append(n)
        return out

    def field(self, targets: frozenset[str]) -> dict[str, int]:
        """Land distance to the nearest of `targets`, ignoring units (remembered per target set)."""
        cache = self._fields
        if targets not in cache:
            if len(cache) > 64:
                cache.clear()
            cache[targets] = self.distances(targets)
        return cache[targets]


class Position:
    """A seat's view of the position, indexed for a bot."""

    def __init__(self, view: dict, know: Knowledge, side: str):
        self.know, self.side, self.foe = know, side, enemy(side)
        game = view["game"]
        self.clock = view["clock"]
        self.game = game
        self.units = {u["id"]: u for u in game["units"]}
        self.at: dict[str, list[dict]] = {}
        for u in game["units"]:
            self.at.setdefault(u["hex"], []).append(u)
        self.fortresses = game.get("fortresses", {})
        self.control = game.get("control", {})
        self.moved = set(game.get("moved", ()))
        scenario = know.data.pack.scenarios.get(view.get("scenario", ""))
        self.last_turn = scenario is not None and self.clock["turn"] >= scenario.end.turn
        flags = game.get("flags", {})
        # Victory E is open: the scenario scores a Breakout exit and it has not been scored yet.
        self.breakout_open = bool(scenario is not None and scenario.victory.get("breakout_exit")
                                  and "breakout_scored" not in flags and know.edge_d)
        self.exited = sum(1 for u in game.get("boxes", {}).get("exited", ()) if u.get("side") == ALLIED and u.get("size") == "XX")
        self.attacked = set(game.get("attacked", ()))
        self._lengths: dict[tuple[str, str], int] = {}
        self._supply: dict[str, dict[str, int]] = {}

    def own(self, side: str | None = None) -> list[dict]:
        side = side or self.side
        return [u for u in self.units.values() if u["side"] == side]

    def intact(self, hex_id: str) -> bool:
        return self.fortresses.get(hex_id) == "intact"

    def stack(self, hex_id: str) -> int:
        return sum(1 for u in self.at.get(hex_id, ()) if combat(u))

    def holders(self, hex_id: str) -> str | None:
        """The side whose blocking units are on the hex, if any."""
        for u in self.at.get(hex_id, ()):
            if blocks(u):
                return u["side"]
        return None

    @cached_property
    def occupied(self) -> dict[str, frozenset[str]]:
        return {s: frozenset(u["hex"] for u in self.units.values() if u["side"] == s and blocks(u)) for s in (ALLIED, GERMAN)}

    def exerts(self, u: dict) -> bool:
        if u["type"] == "truck":
            passenger = self.units.get(u.get("carrying") or "")
            return passenger is not None and passenger["cls"] == "non_mechanized"
        return combat(u) and not self.intact(u["hex"])

    @cached_property
    def zoc(self) -> dict[str, frozenset[str]]:
        """Hexes each side's units control (ZOC G; none into or out of an intact fortress)."""
        out: dict[str, set[str]] = {ALLIED: set(), GERMAN: set()}
        for u in self.units.values():
            if self.exerts(u):
                out[u["side"]].update(n for n in self.know.land.get(u["hex"], ()) if not self.intact(n))
        return {s: frozenset(h) for s, h in out.items()}

    def supply(self, side: str) -> dict[str, int]:
        """`side`'s supply path length to every hex it can trace from (an estimate of Supply A-G:
        blocked by enemy units and enemy ZOC; Allied paths by intact fortresses too)."""
        if side not in self._supply:
            foe = enemy(side)
            blocked = self.occupied[foe] | self.zoc[foe]
            if side == ALLIED:
                blocked |= frozenset(h for h, s in self.fortresses.items() if s == "intact")
                sources = {self.know.cherbourg, self.know.bayeux}
                sources |= {u["hex"] for u in self.units.values()
                            if u["side"] == ALLIED and u["type"] in ("pipeline", "supply") and u.get("active", True)}
                self._supply[side] = self.know.distances(sources - self.occupied[GERMAN], blocked, ALLIED_REACH)
            else:
                self._supply[side] = self.know.distances(self.know.east_edge - self.occupied[ALLIED], blocked)
        return self._supply[side]

    def path_length(self, side: str, hex_id: str) -> int:
        """The supply path length a unit of `side` on `hex_id` would have (its own hex may be in enemy ZOC)."""
        key = (side, hex_id)
        if key not in self._lengths:
            self._lengths[key] = self._path_length(side, hex_id)
        return self._lengths[key]

    def _path_length(self, side: str, hex_id: str) -> int:
        if side == GERMAN and self.intact(hex_id):
            return 0
        field = self.supply(side)
        if field.get(hex_id) == 0:
            return 0
        return min((field[n] + 1 for n in self.know.land.get(hex_id, ()) if n in field), default=FAR)

    def supply_state(self, side: str, hex_id: str) -> str:
        n = self.path_length(side, hex_id)
        if side == GERMAN:
            return "supplied" if n < FAR else "isolated"
        return "supplied" if n <= ALLIED_SUPPLIED else "unsupplied" if n <= ALLIED_REACH else "isolated"

    def objectives(self, side: str) -> dict[str, int]:
        """Scoring hexes `side` does not hold yet (the Allies' to take, the Germans' to take back)."""
        return {h: v for h, v in self.know.objectives.items() if self.control.get(h, GERMAN) != side}

    @cached_property
    def objective_field(self) -> dict[str, int]:
        """Distance to the nearest scoring hex the deciding side does not hold."""
        goals = frozenset(self.objectives(self.side))
        return self.know.field(goals) if goals else {}

    @cached_property
    def foe_field(self) -> dict[str, int]:
        """Distance to the nearest enemy-occupied hex."""
        hexes = self.occupied[self.foe]
        return self.know.field(hexes) if hexes else {}
