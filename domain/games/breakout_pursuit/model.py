"""Breakout & Pursuit: the state of a game."""
from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.core import Core

ALLIED, GERMAN = "allied", "german"
SIDES = (ALLIED, GERMAN)

# Where a unit is when it is not on a map hex.
STAGING = "staging"  # the Paratroop & Reinforcement Staging Area
PENDING = "pending"  # scheduled to arrive, not yet placed
ELIMINATED = "eliminated"
EXITED = "exited"  # moved off a "D" edge hex (Victory E)
EXPENDED = "expended"  # supply units traced to, removed from the map
REHABILITATED = "rehabilitated"  # the 6th Airborne 7-6 exchanged for its 10-6 counter (Optional Rules A)

SUPPLIED, UNSUPPLIED, ISOLATED = "supplied", "unsupplied", "isolated"


def enemy(side: str) -> str:
    return GERMAN if side == ALLIED else ALLIED


class Unit(msgspec.Struct, frozen=True, kw_only=True):
    """A counter in play. `cls` is mechanized / non_mechanized / non_combat / marker (Explanation
    of Terms); `type` is the unit type (armor, infantry, motorized_infantry, paratroop, truck,
    supply, pipeline, naval_supply, delay_marker, ...)."""

    id: str
    side: str
    counter: str
    cls: str
    type: str
    strength: int
    ma: int
    size: str | None = None
    nat: str | None = None
    hex: str | None = None
    box: str | None = None
    disrupted: int = 0  # Game-Turn of the "Ad" that disrupted it; 0 when not disrupted
    placed: int = 0  # Game-Turn of placement as a reinforcement (German: pays 1 MP to move on; Allied: over-stacking)
    active: bool = True  # pipelines: active; trucks and naval supply: face up
    carrying: str | None = None  # trucks: the passenger
    dropped: int = 0  # paratroops: Game-Turn of the airdrop
    surrounded: bool = False  # eliminated while completely surrounded (never replaced)
    parent: str | None = None  # battlegroups: the unit they replaced

    @property
    def on_map(self) -> bool:
        return self.hex is not None

    @property
    def combat_unit(self) -> bool:
        return self.cls in ("mechanized", "non_mechanized")

    @property
    def division(self) -> bool:
        return self.size == "XX"


class Combat(msgspec.Struct, frozen=True, kw_only=True):
    """An attack whose result is being applied: the decisions still owed, in order.

    Steps: "defender_battlegroups", "attacker_exchange", "attacker_battlegroups",
    "defender_retreat" (chosen by the attacker), "attacker_retreat" (chosen by the defender),
    "advance"."""

    attackers: tuple[str, ...]
    hex: str
    defenders: tuple[str, ...]
    result: str
    steps: tuple[str, ...]
    eliminated: tuple[str, ...] = ()
    face_lost: int = 0  # defender face strength lost (Ex), fortress 5 included
    origins: dict[str, str] = {}  # each participant's hex when the attack was made (battlegroups go there, N)


class Airdrop(msgspec.Struct, frozen=True, kw_only=True):
    """The Airdrop Cycle in progress (Allied Paratroop Units, Procedure). `real` is hidden from the
    German seat until the reveal: what it may see of the cycle is `markers` and the turns."""

    placed: int  # the Game-Turn the six markers were placed; they are revealed on placed + 3
    markers: tuple[str, ...]  # the hexes of the markers on the map, sorted
    real: str = ""  # the Real Airdrop Zone marker's hex (set by a private effect)
    stage: str = "placed"  # "placed" -> "revealed" (the drop) -> "airlanding" (Optional B: the marker left)
    dropped: tuple[str, ...] = ()  # paratroops dropped in this cycle


class State(msgspec.Struct, frozen=True, kw_only=True):
    core: Core
    units: dict[str, Unit]
    supply: dict[str, str] = {}  # supply judged for the phasing side this Player-Turn
    moved: tuple[str, ...] = ()  # units that have moved this phase
    attacked: tuple[str, ...] = ()  # units that have attacked this Combat Phase
    defended: tuple[str, ...] = ()  # units that have been attacked this Combat Phase
    fired: dict[str, str] = {}  # attackers' hexes -> the hex they attacked this Combat Phase (Combat B)
    combat: Combat | None = None
    arrivals: dict[str, int] = {}  # units not yet placed -> the Game-Turn they are due
    control: dict[str, str] = {}  # VP hexes and West Wall hexes: the side last to occupy or pass through
    fortresses: dict[str, str] = {}  # hex -> "intact" | "destroyed"
    # Allied logistics, this phase: how each Supply unit (or Truck passenger) has been moved, in order:
    # "pipeline", "shuttle", or the id of the Truck that carried it (Correction L646-652).
    hauled: dict[str, tuple[str, ...]] = {}
    traced: tuple[str, ...] = ()  # Supply units traced to in this German Combat Phase (Supply H, J)
    flags: dict[str, Any] = {}
    airdrop: Airdrop | None = None  # the Airdrop Cycle in progress (airdrop.py)

    def at(self, hex_id: str) -> list[Unit]:
        return [u for u in self.units.values() if u.hex == hex_id]

    def defenders_at(self, hex_id: str, side: str) -> list[Unit]:
        """Every unit of `side` on the hex defends, together (Combat D), a Truck's passenger
        included; not markers, nor the Naval Supply unit, which can never be destroyed (Correction L656)."""
        out = [u for u in self.at(hex_id) if u.side == side and u.cls != "marker" and u.type != "naval_supply"]
        passengers = [self.units[u.carrying] for u in out if u.carrying and self.units[u.carrying].hex is None]
        return out + passengers

    def carrier(self, uid: str) -> Unit | None:
        """The Truck carrying `uid` (Allied Truck Units B), or None."""
        return next((t for t in self.units.values() if t.carrying == uid and t.hex is not None), None)

    def stack_weight(self, u: Unit) -> int:
        """How many units `u` moves that count for stacking: itself if a combat unit, a Truck's
        combat passenger (Stacking M-N)."""
        passenger = self.units.get(u.carrying) if u.carrying else None
        return int(u.combat_unit) + int(passenger is not None and passenger.combat_unit)
