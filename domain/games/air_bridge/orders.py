"""The orders a seat may submit, tagged by stable wire names (never renamed). Decisions the rules
put to a named seat inside a player-turn (initiative, refuse, react, support, class, losses,
fatigue, retreat, advance, stacking eliminations) are frames, all answered by `Answer` with one of
the choices the frame's prompt lists."""
from __future__ import annotations

from typing import Literal

from domain.kernel.commands import Order


class EndPhase(Order, frozen=True, kw_only=True, tag="end_phase"):
    pass


class Answer(Order, frozen=True, kw_only=True, tag="answer"):
    frame: int
    choice: str


class Move(Order, frozen=True, kw_only=True, tag="move", omit_defaults=True):
    """A unit or stack moves along `path` (its first hex is where it stands); a hex of enemy units on
    the path is an overrun (§4.2). From @3 the stack picks up and drops units along the path (§4.0):
    `joins` names the index in `path` where a unit standing there joins, `leaves` the index where a
    unit stays behind (by default each unit moves the whole path)."""

    units: tuple[str, ...]
    path: tuple[str, ...]
    joins: dict[str, int] = {}
    leaves: dict[str, int] = {}


class Enter(Order, frozen=True, kw_only=True, tag="enter", omit_defaults=True):
    """A ground reinforcement enters at a hex of its entry edge (§21). From @3 its move goes on from
    there in the same order along `path` (starting at `hex`), with what is left of its allowance."""

    unit: str
    hex: str
    path: tuple[str, ...] = ()


class Drop(Order, frozen=True, kw_only=True, tag="drop"):
    """An airborne reinforcement is placed near its division's DZ marker (§7.3, §21)."""

    unit: str
    hex: str


class PlaceDZ(Order, frozen=True, kw_only=True, tag="place_dz"):
    """A destroyed DZ marker returns, on its alternate side (§7.3)."""

    division: str
    hex: str


class DemolishBridge(Order, frozen=True, kw_only=True, tag="demolish_bridge"):
    """Method 2 (§7.2): German units in both hexes of the bridge, one an engineer."""

    bridge: str
    units: tuple[str, ...]


class RepairBridge(Order, frozen=True, kw_only=True, tag="repair_bridge"):
    engineer: str
    bridge: str


class Ferry(Order, frozen=True, kw_only=True, tag="ferry"):
    """§17.3: an engineer carries a non-motorised unit (or itself) over a river or canal hexside."""

    engineer: str
    unit: str
    to: str


class Declare(Order, frozen=True, kw_only=True, tag="declare"):
    kind: Literal["maneuver", "assault"]
    target: str
    units: tuple[str, ...]


class Bombard(Order, frozen=True, kw_only=True, tag="bombard"):
    target: str
    artillery: tuple[str, ...] = ()
    air: int = 0


ABTVOrder = EndPhase | Answer | Move | Enter | Drop | PlaceDZ | DemolishBridge | RepairBridge | Ferry | Declare | Bombard
