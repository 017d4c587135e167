"""The state of a game of Air Bridge to Victory and the pure queries of it that several sections
need (who stands where, whose ZOC covers a hex, a stack's stacking points). Every fact has a typed
field; nothing is a string-named flag."""
from __future__ import annotations

from typing import Literal

import msgspec

from domain.kernel.core import Core

ALLIED, GERMAN = "allied", "german"
SIDES = (ALLIED, GERMAN)
STACK_LIMIT = 8  # §5.0


def other(side: str) -> str:
    return GERMAN if side == ALLIED else ALLIED


class Unit(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    side: str
    seat: str  # the seat that commands it (scenario seat_commands)
    hex: str | None = None  # None: not on the map (to arrive, eliminated, a DZ on the turn track)
    steps: int = 2  # §2.3: 2 full, 1 reduced, 0 eliminated
    fatigued: bool = False
    unsupplied: bool = False
    fires: int = 0  # §9.4: moves or fires this game turn (1st fire, final fire)
    acted: str = ""  # the phase key in which it last moved or fired (never twice in a phase)
    moved: bool = False  # moved (or spent its MP) in the current phase
    refused: bool = False  # refused combat in the last refuse-combat phase (§11.2)
    origin: str | None = None  # an assaulting unit's hex of origin (§13.1 H)


class DropZone(msgspec.Struct, frozen=True, kw_only=True):
    division: str
    marker: str  # the DZ marker's counter id
    face: Literal["original", "alternate"] = "original"
    returns: int | None = None  # the turn a destroyed marker may be placed again (§7.3)
    gone: bool = False  # the alternate marker was destroyed: permanently removed


class Arrival(msgspec.Struct, frozen=True, kw_only=True):
    unit: str
    turn: int
    at: str | None = None
    edge: str | None = None
    drop: bool = False


class Declared(msgspec.Struct, frozen=True, kw_only=True):
    """A combat declared in the Combat Declaration Phase (§12, §13)."""

    kind: Literal["maneuver", "assault"]
    target: str
    units: tuple[str, ...]
    origins: dict[str, str] = {}  # unit -> hex it attacks from
    status: str = "declared"  # declared, cancelled, resolved, refused


class Stage(msgspec.Struct, frozen=True, kw_only=True):
    """Where the resolution of one declared combat stands (its decisions are frames)."""

    combat: int  # index in State.declared; -1 for a bombardment
    queue: tuple[str, ...] = ()  # the steps still to do, first first ("loss:defender", "retreat:attacker", ...)
    drm: dict[str, int] = {}  # the modifiers worked out so far (support results, by name)
    data: dict[str, str] = {}  # choices made (armour categories, support allocations)


class State(msgspec.Struct, frozen=True, kw_only=True):
    core: Core
    units: dict[str, Unit]
    arrivals: tuple[Arrival, ...] = ()
    bridges: dict[str, str] = {}  # hexside -> intact | destroyed | repaired (§7.2); absent: as printed (intact)
    tested: tuple[str, ...] = ()  # 'x' bridges already tested by method 1 (§7.2)
    repaired_now: tuple[str, ...] = ()  # bridges repaired this movement phase (+1 MP, §17.1)
    dropzones: dict[str, DropZone] = {}
    control: dict[str, str] = {}  # city hex -> side (A16)
    weather: str = "clear"
    bad_seen: bool = False  # the first bad-weather turn has come (§4.1, §7.1, §18.1)
    first: str = ALLIED  # the side holding the initiative today (§20)
    initiative: dict[str, int] = {}  # today's initiative dice
    players: tuple[tuple[str, ...], ...] = ()  # the seats each player holds, pinned at genesis
    done: tuple[str, ...] = ()  # seats that ended the current phase
    declared: tuple[Declared, ...] = ()
    stage: Stage | None = None
    reacted: tuple[str, ...] = ()  # target hexes that had their reaction attempt (§3.0 F.3)
    handled: tuple[str, ...] = ()  # target hexes whose refusal question was put (§10)

    # --- queries -----------------------------------------------------------------------------

    def at(self, hex_id: str) -> list[Unit]:
        return [u for u in self.units.values() if u.hex == hex_id]

    def side_at(self, hex_id: str) -> str | None:
        for u in self.units.values():
            if u.hex == hex_id:
                return u.side
        return None

    def enemies_at(self, hex_id: str, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.hex == hex_id and u.side != side]

    def on_map(self, side: str | None = None) -> list[Unit]:
        return [u for u in self.units.values() if u.hex is not None and (side is None or u.side == side)]

    def bridge(self, hexside: str) -> str:
        return self.bridges.get(hexside, "intact")
