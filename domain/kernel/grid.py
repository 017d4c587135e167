"""Hex grid geometry on printed hex numbers.

Printed ids ("0840", "E:4225") are the ids everywhere: referees check them on a paper map. A
`Grid` turns them into cube coordinates for the offset layout a pack declares (which number is
the offset line, which lines are shifted), so neighbours and distances follow the printed map.

Several sheets share one global offset grid: each sheet's `origin` says where its own (row, col)
0,0 sits in it, so hexes either side of a seam are neighbours. Where sheets overlap (a seam row
printed on both), the sheet declared first owns the hex: `canonical` turns the other sheet's
number into the owner's, and every id the grid returns is canonical. The offset parity
(`shifted`) is global: a sheet whose origin moves it by an odd number of lines has its own printed
parity flipped, and the pack must declare it so.

Hexsides are first-class: the id of the side between hexes a and b is "a/b" with the two
canonical ids in sorted order, whether or not both hexes are on the map (a coast or map edge is
still a side, as long as the sheet numbers the hex beyond it).
"""
from __future__ import annotations

from domain.kernel.pack.schema import GridSpec, Sheet

Cube = tuple[int, int, int]
Offset = tuple[int, int]  # global (line, pos): line = the first printed number, plus the origin

# Cube directions in a fixed order; index i and i+3 are opposite.
DIRECTIONS: tuple[Cube, ...] = ((1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1))


def cube_distance(a: Cube, b: Cube) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def hexside_id(a: str, b: str) -> str:
    return f"{a}/{b}" if a <= b else f"{b}/{a}"


def hexside_hexes(side: str) -> tuple[str, str]:
    a, b = side.split("/")
    return a, b


class _SheetFrame:
    """A sheet in (line, pos) terms: ranges of the printed numbers and its global offset."""

    __slots__ = ("prefix", "lines", "poss", "origin")

    def __init__(self, sheet: Sheet, major: str):
        self.prefix = sheet.prefix
        if major == "row":  # ids read RRCC: the first number is the row, rows are the offset lines
            self.lines, self.poss, self.origin = sheet.rows, sheet.cols, sheet.origin
        else:  # ids read CCRR: columns are the offset lines
            self.lines, self.poss = sheet.cols, sheet.rows
            self.origin = (sheet.origin[1], sheet.origin[0])

    def holds_local(self, a: int, b: int) -> bool:
        return self.lines[0] <= a <= self.lines[1] and self.poss[0] <= b <= self.poss[1]

    def holds(self, line: int, pos: int) -> bool:
        return self.holds_local(line - self.origin[0], pos - self.origin[1])


class Grid:
    """Printed ids <-> global offset <-> cube, adjacency, lines, rings and areas for one pack."""

    def __init__(self, spec: GridSpec):
        self.spec = spec
        sheets = spec.sheets
        if not sheets:  # one sheet numbering everything the digits can write
            first, second = ((0, 10**d - 1) for d in spec.digits)
            sheets = (Sheet(rows=first, cols=second) if spec.major == "row" else Sheet(rows=second, cols=first),)
        self._frames = tuple(_SheetFrame(s, spec.major) for s in sheets)
        self._by_prefix = {f.prefix: f for f in self._frames}
        if len(self._by_prefix) != len(self._frames):
            raise ValueError("two map sheets share a prefix")
        self._shift = 0 if spec.shifted == "even" else 1
        self._sep = spec.separator

    # --- ids <-> global offset (line, pos) ---------------------------------------------------

    def parse(self, hex_id: str) -> Offset:
        """Global (line, position) of a printed id; `line` counts the offset lines."""
        d1, d2 = self.spec.digits
        width = d1 + d2
        num, rest = hex_id[-width:], hex_id[:-width]
        if len(num) != width or not num.isdigit():
            raise ValueError(f"not a hex id of this map: {hex_id!r}")
        if self._sep and rest:
            if not rest.endswith(self._sep):
                raise ValueError(f"not a hex id of this map: {hex_id!r}")
            rest = rest[: -len(self._sep)]
        frame = self._by_prefix.get(rest)
        if frame is None:
            raise ValueError(f"no map sheet with prefix {rest!r} (in {hex_id!r})")
        a, b = int(num[:d1]), int(num[d1:])
        if not frame.holds_local(a, b):
            raise ValueError(f"{hex_id!r} is outside the numbering of sheet {rest!r}")
        return a + frame.origin[0], b + frame.origin[1]

    def is_id(self, hex_id: str) -> bool:
        try:
            self.parse(hex_id)
        except ValueError:
            return False
        return True

    def format(self, line: int, pos: int, prefix: str = "") -> str:
        """The id of a global offset as numbered on the sheet `prefix` (owner or not)."""
        frame = self._by_prefix.get(prefix)
        if frame is None:
            raise ValueError(f"no map sheet with prefix {prefix!r}")
        if not frame.holds(line, pos):
            raise ValueError(f"({line}, {pos}) is not numbered on sheet {prefix!r}")
        d1, d2 = self.spec.digits
        num = f"{line - frame.origin[0]:0{d1}d}{pos - frame.origin[1]:0{d2}d}"
        return f"{prefix}{self._sep}{num}" if prefix else num

    def owner(self, line: int, pos: int) -> str | None:
        """Prefix of the sheet that owns a global offset (first declared wins), None if unnumbered."""
        for f in self._frames:
            if f.holds(line, pos):
                return f.prefix
        return None

    def id_of(self, line: int, pos: int) -> str | None:
        prefix = self.owner(line, pos)
        return None if prefix is None else self.format(line, pos, prefix)

    def canonical(self, hex_id: str) -> str:
        """The owning sheet's id for a hex (a seam hex may be printed on two sheets)."""
        line, pos = self.parse(hex_id)
        out = self.id_of(line, pos)
        assert out is not None  # parse() accepted it, so some sheet numbers it
        return out

    # --- cube ----------------------------------------------------------------------------------

    def cube_of(self, line: int, pos: int) -> Cube:
        # Lines of parity `shifted` sit half a hex toward higher positions (Red Blob "even-r"/"odd-r").
        if self._shift == 0:
            q = pos - (line + (line & 1)) // 2
        else:
            q = pos - (line - (line & 1)) // 2
        return (q, -q - line, line)

    def cube(self, hex_id: str) -> Cube:
        return self.cube_of(*self.parse(hex_id))

    def offset(self, cube: Cube) -> Offset:
        q, _, line = cube
        if self._shift == 0:
            return line, q + (line + (line & 1)) // 2
        return line, q + (line - (line & 1)) // 2

    def id_at(self, cube: Cube, prefix: str | None = None) -> str:
        """The id at a cube: the owner's by default, or as numbered on sheet `prefix`."""
        line, pos = self.offset(cube)
        if prefix is not None:
            return self.format(line, pos, prefix)
        out = self.id_of(line, pos)
        if out is None:
            raise ValueError(f"no sheet numbers the hex at {cube}")
        return out

    def _maybe_id(self, cube: Cube) -> str | None:
        return self.id_of(*self.offset(cube))

    # --- adjacency -----------------------------------------------------------------------------

    def neighbours_at(self, hex_id: str) -> tuple[str | None, ...]:
        """The six neighbours in DIRECTIONS order; None where no sheet numbers that hex."""
        c = self.cube(hex_id)
        return tuple(self._maybe_id((c[0] + d[0], c[1] + d[1], c[2] + d[2])) for d in DIRECTIONS)

    def neighbour_ids(self, hex_id: str) -> tuple[str, ...]:
        """The numbered neighbouring ids, on the map or not (callers filter by the pack's hexes)."""
        return tuple(n for n in self.neighbours_at(hex_id) if n is not None)

    def hexsides(self, hex_id: str) -> tuple[str, ...]:
        """The ids of the hex's sides toward every numbered neighbour, in DIRECTIONS order."""
        me = self.canonical(hex_id)
        return tuple(hexside_id(me, n) for n in self.neighbours_at(hex_id) if n is not None)

    def direction(self, a: str, b: str) -> int:
        """Index in DIRECTIONS of the step from a to its neighbour b."""
        ca, cb = self.cube(a), self.cube(b)
        try:
            return DIRECTIONS.index((cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2]))
        except ValueError:
            raise ValueError(f"{a} and {b} are not adjacent") from None

    def distance(self, a: str, b: str) -> int:
        return cube_distance(self.cube(a), self.cube(b))

    def adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    # --- lines, rings, areas -------------------------------------------------------------------

    def line(self, a: str, b: str) -> tuple[str, ...]:
        """The hexes a straight line from a's centre to b's centre passes through, a and b included.

        Where the line runs exactly along a hexside it takes the hex on one fixed side (a tiny
        nudge); rules that must see both hexes there (line of sight) check the side's two hexes.
        """
        ca, cb = self.cube(a), self.cube(b)
        n = cube_distance(ca, cb)
        if n == 0:
            return (self.canonical(a),)
        out = []
        for i in range(n + 1):
            t = i / n
            out.append(self.id_at(_cube_round(
                ca[0] + (cb[0] - ca[0]) * t + 1e-6,
                ca[1] + (cb[1] - ca[1]) * t + 2e-6,
                ca[2] + (cb[2] - ca[2]) * t - 3e-6,
            )))
        return tuple(out)

    def ring(self, center: str, radius: int) -> tuple[str, ...]:
        """Numbered hexes at exactly `radius` from center, walking the ring in a fixed order."""
        c = self.cube(center)
        if radius == 0:
            return (self.canonical(center),)
        d = DIRECTIONS[4]
        cur = (c[0] + d[0] * radius, c[1] + d[1] * radius, c[2] + d[2] * radius)
        out = []
        for side in range(6):
            step = DIRECTIONS[side]
            for _ in range(radius):
                hid = self._maybe_id(cur)
                if hid is not None:
                    out.append(hid)
                cur = (cur[0] + step[0], cur[1] + step[1], cur[2] + step[2])
        return tuple(out)

    def within(self, center: str, radius: int) -> tuple[str, ...]:
        """Numbered hexes at distance <= radius from center, nearest rings first."""
        out: list[str] = []
        for r in range(radius + 1):
            out.extend(self.ring(center, r))
        return tuple(out)


def _cube_round(x: float, y: float, z: float) -> Cube:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return (rx, ry, rz)
