"""Geometry from the hex ids alone (13.05): `W:RRCC` and `E:RRCC`.

RR is the north-south row (10 at the north edge, 70 at the south); CC is counted from each map's
east edge westward. Rows are the offset lines: a hex in an odd row touches columns CC and CC+1 of
the rows above and below it, a hex in an even row CC-1 and CC. This is read from the fortress
rings the scenarios place around their cities (Verdun, Metz, Mainz on the East map; Rheims and
Maubeuge on the West): each ring is exactly the six neighbours of its centre (the conformance
test checks them all). How the two maps join is not in the text, so a distance across the seam is
not computed: it is `None`, and the rule that needs it is attested instead. Terrain is unknown.
"""
from __future__ import annotations

import re

_HEX = re.compile(r"^(?P<map>[EW]):(?P<rr>\d{2})(?P<cc>\d{2})$")


class NotAHex(ValueError):
    pass


def parse(hex_id: str) -> tuple[str, int, int]:
    m = _HEX.match(hex_id)
    if m is None:
        raise NotAHex(f"{hex_id!r} is not a hex id: the map letter W or E, a colon and four digits (RRCC), e.g. W:5321")
    return m["map"], int(m["rr"]), int(m["cc"])


def is_hex(token: str) -> bool:
    return _HEX.match(token) is not None


def _cube(rr: int, cc: int) -> tuple[int, int]:
    # odd rows are pushed half a hex toward higher CC
    q = cc - (rr - (rr & 1)) // 2
    return q, rr


def distance(a: str, b: str) -> int | None:
    """Hexes between a and b on one map; None across the two maps (the seam is not in the text)."""
    ma, ra, ca = parse(a)
    mb, rb, cb = parse(b)
    if ma != mb:
        return None
    qa, za = _cube(ra, ca)
    qb, zb = _cube(rb, cb)
    dq, dz = qa - qb, za - zb
    return max(abs(dq), abs(dz), abs(dq + dz))


def neighbours(hex_id: str) -> list[str]:
    m, rr, cc = parse(hex_id)
    side = (0, 1) if rr & 1 else (-1, 0)
    cells = [(rr, cc - 1), (rr, cc + 1)] + [(rr + d, cc + s) for d in (-1, 1) for s in side]
    return [f"{m}:{r:02d}{c:02d}" for r, c in cells if 0 <= r <= 99 and 0 <= c <= 99]


def within(hex_id: str, radius: int, centre: str) -> bool | None:
    d = distance(hex_id, centre)
    return None if d is None else d <= radius


def in_area(hex_id: str, parts: list[dict]) -> bool:
    """In a scenario's area as far as the hex ids tell (borders are not in the text): in one of
    its parts, each a map, a span of rows and optionally 'west of' / 'east of' a column."""
    m, rr, cc = parse(hex_id)
    for part in parts:
        lo, hi = part["rows"]
        if part["map"] == m and lo <= rr <= hi and cc > part.get("west_of_col", -1) and cc < part.get("east_of_col", 100):
            return True
    return False


def west_of_line(hex_id: str, line: list[str]) -> bool:
    """On or west of a control line given as one hex per row (S5/S10 'each hex and everything west of it on its hexrow')."""
    m, rr, cc = parse(hex_id)
    for h in line:
        lm, lr, lc = parse(h)
        if lm == m and lr == rr:
            return cc >= lc
    return False
