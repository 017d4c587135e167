"""An independent reading of the set-up sheets' constraints (L878-1091), to check a finished set-up.

Written from the sheets' text, not from `sheets.py`: the random games call `violations` when a
set-up phase ends, so a placement the engine wrongly accepted shows up as a broken invariant.
"""
from __future__ import annotations

from collections import Counter

from domain.games.breakout_pursuit.model import ALLIED, GERMAN

CONSTRAINT_AREA = {"coastal_band_north_of_seine": "screen", "within_5_of_le_mans": "le_mans",
                   "exactly_4_from_rouen_south_of_seine_and_eure": "rouen"}


def _historical(pack, sc, side: str) -> dict[str, str]:
    for sid in ("1.1", "2.1"):
        h = pack.scenarios[sid]
        if h.options.get("order_of_battle") == sc.options.get("order_of_battle"):
            return {p.counter: p.at for p in h.setup if p.at and pack.counters[p.counter].side == side}
    return {}


def violations(state, data, side: str) -> list[str]:
    """What is wrong with `side`'s set-up now that its set-up phase has ended."""
    pack = data.pack
    sc = pack.scenarios[state.core.scenario]
    free = sc.options.get(f"{side}_setup") == "free"
    units = state.units
    out: list[str] = []
    combat = Counter(u.hex for u in units.values() if u.hex and u.cls in ("mechanized", "non_mechanized"))
    out += [f"{h} holds {n} combat units" for h, n in combat.items() if n > 3]
    out += [f"{u.id} still awaits set-up" for u in units.values() if u.side == side and u.box == "awaiting_setup"]
    german = {u.hex for u in units.values() if u.side == GERMAN and u.hex and u.cls != "marker"}
    allied = {u.hex for u in units.values() if u.side == ALLIED and u.hex and u.cls != "marker"}
    out += [f"both sides on {h}" for h in german & allied]
    mods = sc.options.get("setup_modifications", ())
    f = pack.extra["setup_modifications"]["f"]
    printed = _historical(pack, sc, side)
    moved_by_f, groups = 0, {"screen": [], "le_mans": [], "rouen": []}
    for p in sc.setup:
        u = units[p.counter]
        if u.side != side or "optional_only" in pack.counters[p.counter].flags:
            continue
        if p.area is None and not (free and p.at == "staging" and side == ALLIED):
            if (u.hex or u.box) != p.at:
                out.append(f"{u.id} left its printed place {p.at}")
            continue
        where = u.hex or u.box
        group = CONSTRAINT_AREA.get(p.area or "")
        if group:
            groups[group].append(where)
        if p.area is None:  # the August paratroops: Staging Area or stacked with an Allied unit
            if where != "staging" and sum(1 for v in units.values() if v.side == ALLIED and v.hex == where) < 2:
                out.append(f"paratroop {u.id} on {where}, stacked with no Allied unit")
            continue
        if where == "staging":
            if p.area != "north_of_front_line_25_july":
                out.append(f"{u.id} in the Staging Area")
            continue
        if where in data.area(p.area):
            continue
        if group == "le_mans" and (where in data.area("within_2_of_dreux") or where in data.area("within_4_of_chartres")):
            continue
        if "f" in mods and side == GERMAN and printed.get(p.counter) in data.area(f["from_area"]) \
                and where in data.area(f["to_area"]):
            moved_by_f += 1
            continue
        out.append(f"{u.id} on {where}, outside {p.area}")
    if moved_by_f > f["max_units"]:
        out.append(f"modification f moved {moved_by_f} units")
    if groups["screen"]:  # with modification f: as many screen hexes as band units kept in the band
        band = [h for h in groups["screen"] if h in data.area("coastal_band_north_of_seine")]
        screen = pack.extra["setup_constraints"]["jul_coastal_screen"]["hexes"]
        bare = [s for s in screen if not any(h == s or h in data.neighbours[s] for h in band)]
        if len(screen) - len(bare) < min(len(screen), len(band)):
            out.append(f"no coastal-screen unit on or next to {bare}")
    for h in groups["le_mans"]:
        if any(n in german for n in data.neighbours[h]):
            out.append(f"Le Mans group unit on {h}, next to a German unit")
    dreux, chartres = data.area("within_2_of_dreux"), data.area("within_4_of_chartres")
    away = [h for h in groups["le_mans"] if h not in data.area("within_5_of_le_mans")]
    if sum(h in dreux and h not in chartres for h in away) > 4 or sum(h in chartres and h not in dreux for h in away) > 5 \
            or len(away) > 9:
        out.append(f"Le Mans alternatives over their counts: {away}")
    if len(set(groups["rouen"])) > 1:
        out.append(f"the Rouen group on several hexes: {groups['rouen']}")
    return out
