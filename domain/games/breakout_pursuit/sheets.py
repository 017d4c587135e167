"""What the four set-up sheets allow a unit (L878-1091; How to Read the Order of Battle Set-Up
Charts, L694-696; Setting Up, L676-678).

Each counter of a scenario's set-up has a `Slot`: the free set-up area of its heading (the pack's
`Placement.area`, one of the map's set-up areas), whether it may stand in the Staging Area, its
printed historical hex (from the historical set-up of the same order of battle), and the sheet's
extra constraint for its heading (`extra.setup_constraints`):

* jul_coastal_screen (L919): when the set-up ends, one of the coastal-band units stands on or next
  to each listed hex (with modification f, option coastal_screen_with_f: as many listed hexes as
  band units stay in the band). A placement is refused when that could no longer be done.
* jul_allied_staging (L886): the Staging Area is open to every unit of the sheet.
* aug_le_mans (L982): up to four units within two hexes of Dreux and up to five more within four
  of Chartres instead of within five of Le Mans; none ever adjacent to a German unit.
* aug_paratroops (L1014): placed last, in the Staging Area or stacked with any Allied unit on the map.
* aug_rouen_4 (L1060): the three units on one hex.
Set-Up Modification f (L950): up to eight eligible units (option setup_f_units) may stand within
four hexes south of the 25 July Front Line instead; the r and e units (L952, L1074) carry their
own areas in the pack. Everywhere: land hexes, never a hex held by the enemy, at most three
combat units a hex (Stacking M), no Allied unit on an intact German fortress.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from domain.games.breakout_pursuit import cite, naval
from domain.games.breakout_pursuit.model import ALLIED, GERMAN, STAGING, State, Unit
from domain.games.breakout_pursuit.stacking import STACK_LIMIT
from domain.kernel.citation import Citation
from domain.kernel.pack.provenance import Printed
from domain.kernel.problem import Problem

AWAITING_SETUP = "awaiting_setup"  # the unit's owner places it in his set-up phase
SCREEN, ALLIED_STAGING, LE_MANS, PARATROOPS, ROUEN_4 = (
    "jul_coastal_screen", "jul_allied_staging", "aug_le_mans", "aug_paratroops", "aug_rouen_4")
# The heading (free set-up area) each constraint of `extra.setup_constraints` governs; inferred
# from the constraint's text and line (docs/breakout-pursuit-data.md). Paratroops: the Allied
# units a free August set-up puts in the Staging Area.
GROUP_OF_AREA = {
    "coastal_band_north_of_seine": SCREEN,
    "north_of_front_line_25_july": ALLIED_STAGING,
    "within_5_of_le_mans": LE_MANS,
    "exactly_4_from_rouen_south_of_seine_and_eure": ROUEN_4,
}
SCREEN_AREA = next(a for a, g in GROUP_OF_AREA.items() if g == SCREEN)
GROUP_CITES = {SCREEN: cite.COASTAL_SCREEN, ALLIED_STAGING: cite.JUL_ALLIED_FREE, LE_MANS: cite.LE_MANS_GROUP,
               PARATROOPS: cite.AUG_PARATROOPS, ROUEN_4: cite.ROUEN_ONE_HEX}


class Slot(NamedTuple):
    area: str | None  # the free set-up area (a map area)
    staging: bool  # may set up in the Staging Area
    historical: str | None  # the printed historical hex, or "staging"
    group: str | None  # the sheet's extra constraint
    cite: Citation  # the sheet line that places the unit


def optional_only(data, counter: str) -> bool:
    c = data.pack.counters.get(counter)
    return c is not None and "optional_only" in c.flags


# --- the sheets -----------------------------------------------------------------------------------


def free(sc, side: str) -> bool:
    return sc.options.get(f"{side}_setup") == "free"


def _historical(pack, sc) -> dict[str, str]:
    """Counter -> printed historical hex: from the scenario itself for a side set up historically,
    else from the first historical set-up of the same order of battle (1.1 for July, 2.1 for August)."""
    def key(sid: str) -> tuple[int, ...]:
        return tuple(int(x) for x in sid.split("."))

    out: dict[str, str] = {}
    for side in (ALLIED, GERMAN):
        source = sc if not free(sc, side) else next(
            (pack.scenarios[s] for s in sorted(pack.scenarios, key=key)
             if pack.scenarios[s].options.get("order_of_battle") == sc.options.get("order_of_battle")
             and not free(pack.scenarios[s], side)), None)
        for p in source.setup if source else ():
            if p.at is not None and pack.counters[p.counter].side == side:
                out[p.counter] = p.at
    return out


@lru_cache(maxsize=32)
def sheet(data, scenario: str) -> dict[str, Slot]:
    """The slot of every counter the scenario sets up, in the sheet's order."""
    pack = data.pack
    sc = pack.scenarios[scenario]
    constraints = pack.extra.get("setup_constraints", {})
    printed = _historical(pack, sc)
    out = {}
    for p in sc.setup:
        side = pack.counters[p.counter].side
        group = GROUP_OF_AREA.get(p.area or "")
        if p.at == STAGING and p.area is None and side == ALLIED and free(sc, side):
            group = PARATROOPS
        group = group if group in constraints else None
        staging = group in (ALLIED_STAGING, PARATROOPS) or optional_only(data, p.counter)
        where = p.prov.cite if isinstance(p.prov, Printed) else cite.SETUP_CHARTS
        out[p.counter] = Slot(p.area, staging, printed.get(p.counter), group, where)
    return out


def genesis_place(data, sc, p) -> dict:
    """Where a counter is at genesis: its printed hex or box; in its owner's set-up phase when the
    sheet gives it an area only or the scenario gives its side a free set-up. Units the rules bring
    in only by air (Optional Rule B) wait in the Staging Area."""
    side = data.pack.counters[p.counter].side
    if optional_only(data, p.counter):
        return {"box": STAGING}
    if p.at is None or (free(sc, side) and sheet(data, sc.id)[p.counter].group == PARATROOPS):
        return {"box": AWAITING_SETUP}
    return {"box": STAGING} if p.at == STAGING else {"hex": p.at}


def awaiting(state: State, data, side: str) -> list[str]:
    """Units of `side` still to set up, in the sheet's order, paratroops last (L1014)."""
    slots = sheet(data, state.core.scenario)
    order = {cid: i for i, cid in enumerate(slots)}
    ids = [u.id for u in state.units.values() if u.side == side and u.box == AWAITING_SETUP]
    return sorted(ids, key=lambda i: (_slot(slots, i).group == PARATROOPS, order.get(i, len(order)), i))


def _slot(slots: dict[str, Slot], uid: str) -> Slot:
    return slots.get(uid) or Slot(None, False, None, None, cite.SETUP_CHARTS)


# --- one side's set-up in progress -----------------------------------------------------------------


class Board:
    """One side's set-up so far; `place` lays a unit on it (the umpire's plan of a historical set-up
    is laid unit by unit, each checked like an order)."""

    def __init__(self, state: State, data, side: str):
        self.state, self.data, self.side = state, data, side
        sc = data.pack.scenarios[state.core.scenario]
        self.slots = sheet(data, state.core.scenario)
        self.left = awaiting(state, data, side)
        self.stacks: Counter = Counter()
        self.own: Counter = Counter()
        self.foes: set[str] = set()
        self.at: dict[str, str] = {}
        for u in state.units.values():
            if u.hex is None or u.cls == "marker":
                continue
            self.stacks[u.hex] += u.combat_unit
            if u.side == side:
                self.own[u.hex] += 1
                self.at[u.id] = u.hex
            else:
                self.foes.add(u.hex)
        self.near_foes = self.foes | {n for h in self.foes for n in data.neighbours[h]}
        self.fortresses = frozenset(h for h, s in state.fortresses.items() if s == "intact") if side == ALLIED else frozenset()
        mod_f = data.pack.extra.get("setup_modifications", {}).get("f", {})
        self.mod_f = mod_f if side == GERMAN and "f" in sc.options.get("setup_modifications", ()) else None
        self.f_rule = state.core.options.get("setup_f_units", "historical_hex")
        constraints = data.pack.extra.get("setup_constraints", {})
        screened = side == GERMAN and any(slot.group == SCREEN for slot in self.slots.values())
        self.screen = tuple(constraints.get(SCREEN, {}).get("hexes", ())) if screened else ()
        self.band = data.area(SCREEN_AREA) if self.screen else frozenset()
        self.alternatives = tuple((data.area(a["area"]), int(a["max_units"]))
                                  for a in constraints.get(LE_MANS, {}).get("alternatives", ()))
        self._memo: dict = {}

    def unit(self, uid: str) -> Unit:
        return self.state.units[uid]

    def slot(self, uid: str) -> Slot:
        return _slot(self.slots, uid)

    def place(self, uid: str, at: str) -> None:
        self.left.remove(uid)
        self._memo = {}
        if at != STAGING:
            self.stacks[at] += self.unit(uid).combat_unit
            self.own[at] += 1
            self.at[uid] = at

    def home(self, uid: str) -> frozenset[str]:
        a = self.slot(uid).area
        return self.data.area(a) if a else frozenset()

    # --- modification f ---

    def f_eligible(self, uid: str) -> bool:
        if self.mod_f is None or self.slot(uid).area is None:
            return False
        zone = self.data.area(self.mod_f["from_area"])
        if self.f_rule == "area_within":
            return bool(self.home(uid)) and self.home(uid) <= zone
        return self.slot(uid).historical in zone

    def f_used(self, uid: str, at: str) -> bool:
        """Would `uid` on `at` use modification f (a hex of f's area outside its own)?"""
        return self.f_eligible(uid) and at in self.data.area(self.mod_f["to_area"]) and at not in self.home(uid)

    def f_count(self) -> int:
        if "f" not in self._memo:
            self._memo["f"] = sum(1 for uid, h in self.at.items() if self.f_used(uid, h))
        return self._memo["f"]

    # --- the coastal screen ---

    def _cover(self, h: str) -> frozenset[str]:
        """The screen hexes a unit on `h` stands on or next to."""
        return _cover(self.data, self.screen, h)

    def _screen(self) -> tuple[frozenset[str], dict[str, frozenset[str]], int, int, bool]:
        """(screen hexes not covered yet, what each band hex with room would cover of them, band units
        left to place, band units set up in the band, whether modification f may still move some)."""
        if "screen" not in self._memo:
            band = [h for u, h in self.at.items() if self.slot(u).group == SCREEN]
            todo = frozenset(self.screen).difference(*(self._cover(h) for h in band))
            covers = {h: c for h in sorted(self.band) if self.stacks[h] < STACK_LIMIT and h not in self.foes
                      for c in (self._cover(h) & todo,) if c}
            left = [u for u in self.left if self.slot(u).group == SCREEN]
            f_open = bool(left) and self.f_eligible(left[0])
            self._memo["screen"] = (todo, covers, len(left), sum(1 for h in band if h in self.band), f_open)
        return self._memo["screen"]

    def screen_short(self, uid: str, at: str) -> bool:
        """Would the coastal screen become impossible to complete once `uid` is on `at`? When it ends,
        the band units set up in the band cover every screen hex, or (option coastal_screen_with_f,
        modification f) at least as many screen hexes as there are such units. A unit that fills a
        band hex takes it from the hexes the band units left may use."""
        todo, covers, left, kept, f_open = self._screen()
        full = None
        f_used = self.f_used(uid, at)
        if self.slot(uid).group == SCREEN:
            left -= 1
            if at in self.band:
                kept += 1
                todo = todo - self._cover(at)
        elif at in covers and self.unit(uid).combat_unit and self.stacks[at] + 1 >= STACK_LIMIT:
            full = at
        elif not f_used:
            return False  # another unit that leaves the band units their hexes and f its places changes nothing
        relaxed = self.state.core.options.get("coastal_screen_with_f", "kept_units_cover") == "kept_units_cover"
        moves = min(left, int(self.mod_f["max_units"]) - self.f_count() - f_used) if f_open else 0
        covered = len(self.screen) - len(todo)
        most = self._memo.setdefault("most", {})
        for j in range(max(moves, 0) + 1):  # j more band units set up south of the Front Line under f
            need = min(len(self.screen), kept + left - j) if relaxed else len(self.screen)
            if (todo, full, left - j) not in most:
                sets = [c & todo for h, c in covers.items() if h != full and c & todo]
                most[(todo, full, left - j)] = _most(todo, sets, left - j)
            if covered + most[(todo, full, left - j)] >= need:
                return False
        return True

    # --- the Le Mans group ---

    def le_mans_short(self, uid: str, at: str) -> bool:
        """Would `uid` on `at` exceed the Dreux (4) and Chartres (5) alternatives?"""
        (a1, n1), (a2, n2) = self.alternatives
        home = self.home(uid)
        only1 = only2 = both = 0
        for h in [h for u, h in self.at.items() if self.slot(u).group == LE_MANS] + [at]:
            if h in home:
                continue
            only1 += h in a1 and h not in a2
            only2 += h in a2 and h not in a1
            both += h in a1 and h in a2
        return only1 > n1 or only2 > n2 or only1 + only2 + both > n1 + n2

    # --- the rule ---

    def problem(self, uid: str, at: str) -> Problem | None:
        """Why `uid` may not set up on `at` now (None: it may)."""
        u, s, data = self.unit(uid), self.slot(uid), self.data
        rule = GROUP_CITES.get(s.group or "", s.cite)
        if s.group == PARATROOPS and any(self.slot(o).group != PARATROOPS for o in self.left):
            return Problem("paratroops_last", "The paratroops are always placed last: set up the other units first.",
                           cite.AUG_PARATROOPS)
        if at == STAGING:
            return None if s.staging else Problem(
                "no_staging", f"{uid} may not set up in the Paratroop & Reinforcement Staging Area.", s.cite)
        if not data.enterable(at):
            return Problem("not_a_land_hex", f"{at} is not a land hex of the map.", cite.SETUP_CHARTS)
        if optional_only(data, u.counter):
            return Problem("staging_only", f"{uid} enters the game only by air: it stays in the Staging Area.",
                           cite.AIRLANDING_ONLY_BY_AIR)
        if at in self.foes:
            return Problem("enemy_hex", f"{at} is held by enemy units.", cite.MOVEMENT_B)
        if at in self.fortresses:
            return Problem("fortress", f"{at} is an intact German fortress.", cite.FORTRESS_GENERAL)
        if u.combat_unit and self.stacks[at] >= STACK_LIMIT:
            return Problem("over_stacked", f"{at} already holds three combat units.", cite.STACKING_M)
        if u.type == "naval_supply":  # a coastal hex of its area, never on the Zuider Zee (Naval M)
            if at not in naval.placement(self.state, data, u):
                return Problem("naval_supply_hex", "The Naval Supply unit is set up on a coastal hex of its set-up area "
                               "free of German units, and never on the Zuider Zee coast.", cite.NAVAL_SUPPLY_M)
            return None
        return self._area_problem(uid, at, s, rule) or self._group_problem(uid, at, s, rule)

    def _area_problem(self, uid: str, at: str, s: Slot, rule: Citation) -> Problem | None:
        if s.group == PARATROOPS:
            if self.own[at]:
                return None
            return Problem("not_stacked", f"{uid} sets up in the Staging Area or stacked with an Allied unit; {at} holds "
                           "none.", cite.AUG_PARATROOPS)
        if s.group == LE_MANS:
            if at in self.home(uid) or any(at in a for a, _ in self.alternatives):
                return None
            return Problem("outside_area", f"{uid} sets up within five hexes of Le Mans, or within two of Dreux or four of "
                           f"Chartres instead; {at} is none of these.", rule)
        if at in self.home(uid):
            return None
        if self.f_used(uid, at):
            limit = int(self.mod_f["max_units"])
            if self.f_count() >= limit:
                return Problem("modification_f_used", f"Set-Up Modification f moves at most {limit} units, and {limit} "
                               "already stand south of the Front Line under it.", cite.SETUP_MOD_F)
            return None
        if s.area is None:
            return Problem("fixed_hex", f"{uid} sets up on its printed hex only.", s.cite)
        return Problem("outside_area", f"{at} is not in the free set-up area of {uid} ({s.area}).", rule)

    def _group_problem(self, uid: str, at: str, s: Slot, rule: Citation) -> Problem | None:
        if s.group == LE_MANS:
            if at in self.near_foes:
                return Problem("adjacent_to_german", f"{at} is next to a German unit: none of this group may ever set up "
                               "adjacent to one.", rule)
            if self.le_mans_short(uid, at):
                return Problem("alternatives_full", "At most four of this group stand near Dreux instead of Le Mans, and "
                               "five more near Chartres.", rule)
        if s.group == ROUEN_4:
            mates = {self.at[o] for o in self.at if self.slot(o).group == ROUEN_4}
            if mates and at not in mates:
                return Problem("same_hex", f"These units set up on one hex: {sorted(mates)[0]}.", rule)
            coming = sum(1 for o in self.left if self.slot(o).group == ROUEN_4)
            if not mates and self.stacks[at] + coming > STACK_LIMIT:
                return Problem("same_hex", f"The {coming} units of this group set up on one hex; {at} has no room for them.",
                               rule)
        if self.screen and (s.group == SCREEN or at in self.band or self.f_eligible(uid)) and self.screen_short(uid, at):
            return Problem("coastal_screen", "The coastal-band units left could no longer stand on or next to each of the "
                           f"screen hexes {', '.join(self.screen)}.", cite.COASTAL_SCREEN)
        return None

    def candidates(self, uid: str) -> tuple[str, ...]:
        """Where `uid` might set up, before the checks: map hexes in order, then the Staging Area."""
        s = self.slot(uid)
        if s.group == PARATROOPS:
            return tuple(sorted(self.own)) + (STAGING,)
        names = (s.area,) if s.area else ()
        if s.group == LE_MANS:
            names += tuple(a["area"] for a in self.data.pack.extra["setup_constraints"][LE_MANS]["alternatives"])
        if self.f_eligible(uid):
            names += (self.mod_f["to_area"],)
        return _pool(self.data, names) + (STAGING,)

    def hexes(self, uid: str, most: int | None = None) -> list[str]:
        """The places `uid` may set up now, in the order of `candidates`; with `most`, at most that
        many, taken in strides through the candidates so that they spread over the whole area."""
        pool = self.candidates(uid)
        if most is None or len(pool) <= most:
            return [h for h in pool if self.problem(uid, h) is None]
        stride = -(-len(pool) // most)
        out = []
        for k in range(stride):
            out += [h for h in pool[k::stride] if self.problem(uid, h) is None]
            if len(out) >= most:
                break
        keep = set(out[:most]) | ({STAGING} & set(out))  # the Staging Area, when open, is always listed
        return [h for h in pool if h in keep]

    def first(self, uid: str) -> str | None:
        """The first place `uid` may set up now, in the order of `candidates`."""
        return next((h for h in self.candidates(uid) if self.problem(uid, h) is None), None)


@lru_cache(maxsize=4096)
def _cover(data, screen: tuple[str, ...], h: str) -> frozenset[str]:
    return frozenset(s for s in screen if h == s or h in data.neighbours[s])


@lru_cache(maxsize=256)
def _pool(data, names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(frozenset().union(*(data.area(n) for n in names))))


def _most(todo: frozenset[str], covers: list[frozenset[str]], units: int) -> int:
    """The most hexes of `todo` that `units` of the `covers` can hold together."""
    memo: dict = {}

    def best(rest: frozenset[str], n: int) -> int:
        if not rest or n <= 0:
            return 0
        if (rest, n) not in memo:
            first = min(rest)
            skip = best(rest - {first}, n)  # `first` stays uncovered
            take = max((len(c & rest) + best(rest - c, n - 1) for c in covers if first in c), default=0)
            memo[(rest, n)] = max(skip, take)
        return memo[(rest, n)]

    return best(todo, units)
