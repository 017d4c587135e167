"""The sandbox's state, orders and effects."""
from __future__ import annotations

import msgspec

from domain.kernel.commands import Order
from domain.kernel.core import Core
from domain.kernel.dice import Roll
from domain.kernel.effects import Effect


class Unit(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    side: str
    owner: str
    kind: str
    strength: int
    ma: int
    hex: str | None
    dummy: bool = False
    marker: bool = False  # shown to the enemy only as a marker until revealed
    concealed: bool = False  # not shown to the enemy at all until revealed


class State(msgspec.Struct, frozen=True, kw_only=True):
    core: Core
    units: dict[str, Unit]
    first: str = "blue"  # the side that moves first this turn
    done: tuple[str, ...] = ()  # seats that ended the current phase
    moved: tuple[str, ...] = ()
    attacked: tuple[str, ...] = ()
    hit_hexes: tuple[str, ...] = ()
    bridge: str = "intact"


# --- orders ----------------------------------------------------------------------------------


class Deploy(Order, frozen=True, kw_only=True, tag="deploy"):
    real: str


class Bid(Order, frozen=True, kw_only=True, tag="bid"):
    points: int


class Move(Order, frozen=True, kw_only=True, tag="move"):
    unit: str
    path: tuple[str, ...]


class Attack(Order, frozen=True, kw_only=True, tag="attack"):
    units: tuple[str, ...]
    target: str


class Retreat(Order, frozen=True, kw_only=True, tag="retreat"):
    frame: int
    to: str


class EndPhase(Order, frozen=True, kw_only=True, tag="end_phase"):
    pass


SandboxOrder = Deploy | Bid | Move | Attack | Retreat | EndPhase


# --- effects ---------------------------------------------------------------------------------


class MarkersDeployed(Effect, frozen=True, kw_only=True, tag="sandbox.markers_deployed"):
    """Private to Red: which marker hex holds the real unit."""

    real: str
    dummy: str


class MarkersShown(Effect, frozen=True, kw_only=True, tag="sandbox.markers_shown"):
    """Public: two markers stand on these hexes (sorted: the order tells nothing)."""

    hexes: tuple[str, ...]


class UnitMoved(Effect, frozen=True, kw_only=True, tag="sandbox.unit_moved"):
    unit: str
    path: tuple[str, ...]
    cost: int


class MarkerMoved(Effect, frozen=True, kw_only=True, tag="sandbox.marker_moved"):
    """Public projection of a marker's move; the private UnitMoved changes the state."""

    frm: str
    to: str


class UnitRevealed(Effect, frozen=True, kw_only=True, tag="sandbox.unit_revealed"):
    unit: str
    hex: str
    dummy: bool = False


class InitiativeDecided(Effect, frozen=True, kw_only=True, tag="sandbox.initiative"):
    first: str
    bids: dict[str, int]
    roll: Roll | None = None


class AttackDeclared(Effect, frozen=True, kw_only=True, tag="sandbox.attack_declared"):
    units: tuple[str, ...]
    target: str


class CombatResolved(Effect, frozen=True, kw_only=True, tag="sandbox.combat"):
    attackers: tuple[str, ...]
    target: str
    attack: int
    defence: int
    modifiers: dict[str, int]
    roll: Roll
    modified: int
    result: str


class UnitRetreated(Effect, frozen=True, kw_only=True, tag="sandbox.unit_retreated"):
    unit: str
    frm: str
    to: str


class UnitEliminated(Effect, frozen=True, kw_only=True, tag="sandbox.unit_eliminated"):
    unit: str
    hex: str


class PhaseReset(Effect, frozen=True, kw_only=True, tag="sandbox.phase_reset"):
    first: str | None = None


class SeatDone(Effect, frozen=True, kw_only=True, tag="sandbox.seat_done"):
    seat: str


class BridgeBlown(Effect, frozen=True, kw_only=True, tag="sandbox.bridge_blown"):
    hexside: str


SandboxEffect = (
    MarkersDeployed | MarkersShown | UnitMoved | MarkerMoved | UnitRevealed | InitiativeDecided | AttackDeclared | CombatResolved
    | UnitRetreated | UnitEliminated | PhaseReset | SeatDone | BridgeBlown
)
