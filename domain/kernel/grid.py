"""Hex grid geometry on printed hex numbers.

Printed ids ("0840", "E:4225") are the ids everywhere: referees check them on a paper map. A
`Grid` turns them into cube coordinates for the offset layout a pack declares (which number is
the offset line, which lines are shifted), so neighbours and distances follow the printed map.

Hexsides are first-class: the id of the side between hexes a and b is "a/b" with the two ids in
sorted order, whether or not both hexes are on the map (a coast or map edge is still a side).
"""
from __future__ import annotations

from domain.kernel.pack.schema import GridSpec, Sheet

Cube = tuple[int, int, int]

# Cube directions in a fixed order; index i and i+3 are opposite.
DIRECTIONS: tuple[Cube, ...] = ((1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1))


def cube_distance(a: Cube, b: Cube) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def hexside_id(a: str, b: str) -> str:
    return f"{a}/{b}" if a <= b else f"{b}/{a}"


def hexside_hexes(side: str) -> tuple[str, str]:
    a, b = side.split("/")
    return a, b


class Grid:
    """Offset <-> cube conversion and adjacency for one pack's grid."""

    def __init__(self, spec: GridSpec):
        self.spec = spec
        self._sheets = spec.sheets or (Sheet(rows=(0, 99), cols=(0, 99)),)
        self._shift = 0 if spec.shifted == "even" else 1

    # --- ids <-> global offset (line, pos) ---------------------------------------------------

    def parse(self, hex_id: str) -> tuple[int, int]:
        """Global (line, position) of a printed id; `line` counts the offset lines."""
        prefix, _, num = hex_id.rpartition(":")
        d1, d2 = self.spec.digits
        if len(num) != d1 + d2 or not num.isdigit():
            raise ValueError(f"not a hex id of this map: {hex_id!r}")
        a, b = int(num[:d1]), int(num[d1:])
        sheet = self._sheet(prefix)
        # The offset math is the same whichever axis the first number counts; `major` only
        # matters for drawing.
        return a + sheet.origin[0], b + sheet.origin[1]

    def format(self, line: int, pos: int, prefix: str = "") -> str:
        sheet = self._sheet(prefix)
        d1, d2 = self.spec.digits
        a, b = line - sheet.origin[0], pos - sheet.origin[1]
        num = f"{a:0{d1}d}{b:0{d2}d}"
        return f"{prefix}:{num}" if prefix else num

    def _sheet(self, prefix: str) -> Sheet:
        for s in self._sheets:
            if s.prefix == prefix:
                return s
        raise ValueError(f"no map sheet with prefix {prefix!r}")

    # --- cube ----------------------------------------------------------------------------------

    def cube(self, hex_id: str) -> Cube:
        line, pos = self.parse(hex_id)
        # Lines of parity `shifted` sit half a hex toward higher positions (Red Blob "even-r"/"odd-r").
        if self._shift == 0:
            q = pos - (line + (line & 1)) // 2
        else:
            q = pos - (line - (line & 1)) // 2
        return (q, -q - line, line)

    def offset(self, cube: Cube) -> tuple[int, int]:
        q, _, line = cube
        if self._shift == 0:
            return line, q + (line + (line & 1)) // 2
        return line, q + (line - (line & 1)) // 2

    def id_at(self, cube: Cube, prefix: str = "") -> str:
        line, pos = self.offset(cube)
        return self.format(line, pos, prefix)

    # --- adjacency -----------------------------------------------------------------------------

    def neighbour_ids(self, hex_id: str) -> tuple[str, ...]:
        """The six neighbouring ids, on the map or not (callers filter by the pack's hexes)."""
        prefix = hex_id.rpartition(":")[0]
        c = self.cube(hex_id)
        out = []
        for d in DIRECTIONS:
            n = (c[0] + d[0], c[1] + d[1], c[2] + d[2])
            line, pos = self.offset(n)
            if line < 0 or pos < 0:
                continue
            out.append(self.format(line, pos, prefix))
        return tuple(out)

    def distance(self, a: str, b: str) -> int:
        return cube_distance(self.cube(a), self.cube(b))

    def adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1
