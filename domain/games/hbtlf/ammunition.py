"""11.62 and 12.32-12.34 Available Ammunition: Ammunition Points a formation may hold, by nation
and Game-Turn (3 before GT6, implied by 'two, not three'; SR 10.44 is not in the text), with the
German exemptions of GT11-12 (11.62D). 12.34 says both 'on Game Turn Ten' and 'from Game Turn
Eleven on' for the French and Belgian cut: option `french_ammo_cut_gt` (errata ammo-french-gt10)."""
from __future__ import annotations

import re

from domain.games.hbtlf.tables import chart

NATIONS = ("german", "french", "belgian", "british")
ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50}
_CORPS = re.compile(r"^(?P<n>[IVXL]+)\b.*\bCorps\b")
_DIVISION = re.compile(r"^(?P<n>\d+)\D.*\bdivision\b")


def _roman(s: str) -> int:
    total = 0
    for a, b in zip(s, s[1:] + " "):
        v = ROMAN[a]
        total += -v if b != " " and ROMAN[b] > v else v
    return total


def exempt(formation: str) -> bool:
    """11.62D: corps numbered above XXI, divisions above 42, and corps-detachment formations."""
    name = formation.split(": ", 1)[-1]
    if "Corps Detachment" in name:
        return True
    if m := _CORPS.match(name):
        return _roman(m["n"]) > 21
    if m := _DIVISION.match(name):
        return int(m["n"]) > 42
    return False


def points(pack, nation: str, gt: int, *, exempt_formation: bool = False, french_cut_gt: int = 10) -> int:
    row = chart(pack, "ammunition")[nation]
    if nation == "german" and exempt_formation and 11 <= gt <= 12:
        return int(row["exempt_gt11_12"])
    cut = french_cut_gt if nation in ("french", "belgian") else 10
    if gt >= cut:
        return int(row["gt10"])
    return int(row["gt6"] if gt >= 6 else row["gt0"])


def allowance(pack, gt: int, french_cut_gt: int) -> dict[str, int]:
    out = {n: points(pack, n, gt, french_cut_gt=french_cut_gt) for n in NATIONS}
    out["german_exempt"] = points(pack, "german", gt, exempt_formation=True)
    return out


def holding(pack, state, formation: str, nation: str, french_cut_gt: int) -> int:
    """Ammunition Points the formation has left this Game-Turn: its allowance less what it spent
    since it last replaced them."""
    gt = state.core.clock.turn
    full = points(pack, nation, gt, exempt_formation=nation == "german" and exempt(formation), french_cut_gt=french_cut_gt)
    return max(0, full - state.ammo_spent.get(formation, 0))


def quiet_zone_closed(state, side: str, map_letter: str) -> bool:
    """11.62B, 12.33: from GT8 the East map is a quiet zone for the Germans until an Allied
    formation expends ammunition on it."""
    return side == "german" and map_letter == "E" and state.core.clock.turn >= QUIET_ZONE_GT and not state.east_quiet_broken


QUIET_ZONE_GT = 8
