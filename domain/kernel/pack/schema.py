"""The content-pack schema: map, counters, tables, scenarios, each datum with its provenance.

A pack is data, never code. Every record carries `prov`: either a Provenance value or the key of
one in `Pack.sources` (so two thousand hexes sampled by one method share one explanation).
`field_prov` overrides the record's provenance for single fields (a printed strength on a counter
whose class is inferred).

Games pin `SCHEMA_VERSION`; a change that would read an old pack differently bumps it.
"""
from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.kernel.pack.provenance import Provenance

SCHEMA_VERSION = 1

ProvRef = str | Provenance


class Record(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    prov: ProvRef
    field_prov: dict[str, ProvRef] = {}


# --- map -------------------------------------------------------------------------------------


class Sheet(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One map sheet. `prefix` is "" for a single-sheet map, else e.g. "E" for ids like E:4225.

    `rows` and `cols` are the inclusive ranges of the printed row and column numbers (whichever
    comes first in an id, see GridSpec.major). `origin` places the sheet's (row, col) 0,0 in the
    global offset grid, so hexes on both sides of a seam are neighbours; where two sheets overlap
    the one declared first owns the hex.
    """

    prefix: str = ""
    rows: tuple[int, int]
    cols: tuple[int, int]
    origin: tuple[int, int] = (0, 0)


class GridSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """How printed hex numbers map to an offset grid.

    `major`: what the first number of an id counts ("row" for RRCC). Hexes sharing the first number
    form an offset line. `shifted`: which lines ("even" or "odd") are pushed half a hex toward the
    higher second number. `digits`: width of the two numbers in a printed id. `orientation` is
    only for drawing ("pointy" when offset lines are rows). `separator` stands between a sheet
    prefix and the number ("E:4225"); "" for maps printed as "B5014".
    """

    major: Literal["row", "col"] = "row"
    shifted: Literal["even", "odd"] = "even"
    digits: tuple[int, int] = (2, 2)
    orientation: Literal["pointy", "flat"] = "pointy"
    sheets: tuple[Sheet, ...] = ()
    separator: str = ":"


class Hex(Record, frozen=True, kw_only=True):
    terrain: str
    features: tuple[str, ...] = ()
    name: str | None = None
    edges: tuple[str, ...] = ()


class Hexside(Record, frozen=True, kw_only=True):
    """A hexside feature. Keyed by the canonical hexside id (see domain.kernel.grid)."""

    features: tuple[str, ...]
    name: str | None = None


class Place(Record, frozen=True, kw_only=True):
    kind: str
    hexes: tuple[str, ...]


class Area(Record, frozen=True, kw_only=True):
    """A named set of hexes ("north_of_seine", an edge, a set-up area)."""

    hexes: tuple[str, ...]
    description: str = ""


class Line(Record, frozen=True, kw_only=True):
    """A named line drawn along hexsides (a front line, a river course)."""

    hexsides: tuple[str, ...]
    description: str = ""


class Box(Record, frozen=True, kw_only=True):
    """An off-map box (staging area, holding box). Boxes may nest and link to hexes and boxes."""

    name: str
    parent: str | None = None
    links: tuple[str, ...] = ()


class MapData(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    grid: GridSpec
    hexes: dict[str, Hex]
    hexsides: dict[str, Hexside] = {}
    places: dict[str, Place] = {}
    areas: dict[str, Area] = {}
    lines: dict[str, Line] = {}
    boxes: dict[str, Box] = {}
    calibration: dict[str, Any] = {}


# --- counters --------------------------------------------------------------------------------


class Face(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One face or step of a counter, strongest first."""

    strength: int | None = None
    defense: int | None = None
    movement: int | None = None
    values: dict[str, int] = {}


class Counter(Record, frozen=True, kw_only=True):
    side: str
    type: str
    cls: str
    size: str | None = None
    nationality: str | None = None
    designation: str | None = None
    number: str | None = None
    strength: int | None = None
    movement: int | None = None
    faces: tuple[Face, ...] = ()
    flags: tuple[str, ...] = ()
    label: str = ""


# --- tables ----------------------------------------------------------------------------------


class Die(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    sides: int = 6
    count: int = 1
    zero_reads_as: int | None = None


class CrtCell(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    result: str
    prov: ProvRef


class Crt(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="kind", tag="crt"):
    """A combat results table. `method` is "odds" or "differential"; rows keyed by modified roll."""

    method: Literal["odds", "differential"]
    columns: tuple[str, ...]
    die: Die = Die()
    rows: dict[str, tuple[CrtCell, ...]]
    results: dict[str, str] = {}
    notes: str = ""
    prov: ProvRef


class ChartRow(Record, frozen=True, kw_only=True):
    key: str
    values: dict[str, Any]


class Chart(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="kind", tag="chart"):
    """Any other chart: terrain effects, supply effects, schedules, victory points."""

    columns: tuple[str, ...] = ()
    rows: tuple[ChartRow, ...]
    notes: str = ""
    prov: ProvRef


Table = Crt | Chart


# --- scenarios -------------------------------------------------------------------------------


class SideSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    id: str
    name: str


class SeatSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    id: str
    side: str
    name: str


class ClockSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A position on the game clock, as the ruleset names it (several scenarios start mid-turn)."""

    turn: int
    phase: str | None = None


class Placement(Record, frozen=True, kw_only=True):
    counter: str
    at: str | None = None
    area: str | None = None


class Arrival(Record, frozen=True, kw_only=True):
    turn: int
    counter: str
    at: str | None = None
    edge: str | None = None
    options: tuple[str, ...] = ()


class Scenario(Record, frozen=True, kw_only=True):
    id: str
    title: str
    sides: tuple[SideSpec, ...]
    seats: tuple[SeatSpec, ...]
    start: ClockSpec
    end: ClockSpec
    setup: tuple[Placement, ...] = ()
    reinforcements: tuple[Arrival, ...] = ()
    options: dict[str, Any] = {}
    special_rules: tuple[str, ...] = ()
    victory: dict[str, Any] = {}
    notes: str = ""


# --- the pack --------------------------------------------------------------------------------


class PackMeta(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """`overrides` names the owner overrides merged into this pack, in order (set by the loader)."""

    name: str
    title: str
    schema_version: int
    ruleset: str
    book: str
    version: str = "1"
    notes: str = ""
    overrides: tuple[str, ...] = ()


class Pack(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    meta: PackMeta
    sources: dict[str, Provenance] = {}
    map: MapData | None = None
    counters: dict[str, Counter] = {}
    tables: dict[str, Table] = {}
    scenarios: dict[str, Scenario] = {}
    extra: dict[str, Any] = {}
