"""Shared pieces of the Allied logistics tests (trucks, supply-unit movement, pipelines, the Naval
Supply unit, the defensive trace, exits), on supply_helpers' synthetic full-size map: all clear,
row 02 coastal from column 24, edge D = column 53 rows 02-10, Cherbourg 0241, Bayeux 0840. Along
a row hexes are adjacent and their distance is the difference of the column numbers."""
from __future__ import annotations

from domain.games.breakout_pursuit.orders import Move, MoveEvent
from domain.kernel.commands import Accepted
from tests.unit.breakout_pursuit.supply_helpers import bound, position, rule

TRUCK, TRUCK2 = "al-jul-truck-1", "al-jul-truck-2"
SU, SU2 = "al-jul-supply-1", "al-jul-supply-2"
INF, INF2 = "us-jul-xx-12-5-4", "us-jul-xx-12-5-9"  # 12-5 infantry (non-mechanized, MA 5)
PARA = "us-jul-xx-9-6-101"  # 9-6 paratroop (non-mechanized, MA 6)
MOT = "ca-jul-xx-12-16-2"  # 12-16 motorized infantry
ARMOR, ARMOR2, ARMOR3 = "us-jul-xx-13-8-5", "us-jul-xx-12-8-4", "us-jul-xx-11-8-6"
UK = "uk-jul-xx-14-8-gd"
BRIGADE = "uk-jul-x-7-8-33"
GER, GER_INF = "de-jul-xx-12-6-9", "de-jul-xx-2-4-344"
PIPES = ("al-aug-pipeline-0840", "al-aug-pipeline-0940", "al-aug-pipeline-1039", "al-aug-pipeline-1138",
         "al-aug-pipeline-1139")
NAVAL = "al-naval-supply"


def row(r: int, first: int, last: int) -> tuple[str, ...]:
    """The hexes of row `r` from column `first` to `last`, in order (either direction)."""
    step = 1 if last >= first else -1
    return tuple(f"{r:02d}{c:02d}" for c in range(first, last + step, step))


def at(units: dict[str, str | dict], **kw):
    """A position with `units` (id -> hex or fields), Allied Initial Movement Phase of Game-Turn 2 by default."""
    spec = {u: ({"hex": v} if isinstance(v, str) else v) for u, v in units.items()}
    kw.setdefault("turn", 2)
    kw.setdefault("phase", "initial_movement")
    return position("1.1", units=spec, **kw)


def ev(at_: int, kind: str, unit: str | None = None) -> MoveEvent:
    return MoveEvent(at=at_, kind=kind, unit=unit)


def truck_move(path, *events, unit=TRUCK) -> Move:
    return Move(unit=unit, path=tuple(path), events=tuple(events))


def accepted(state, order, seat="allied", dice=()):
    ruling, after = rule(state, seat, order, dice=dice)
    assert isinstance(ruling, Accepted), f"{ruling.code}: {ruling.message}"
    return ruling, after


def refused(state, order, code, seat="allied"):
    ruling, _ = rule(state, seat, order)
    assert not isinstance(ruling, Accepted), f"accepted: {order}"
    assert ruling.code == code, f"{ruling.code}: {ruling.message}"
    return ruling


def data():
    return bound().data
