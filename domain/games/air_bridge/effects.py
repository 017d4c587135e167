"""The facts the umpire rules, tagged by stable wire names; each carries its citations and its
visibility (the game has no hidden information: all are public). Every die roll is recorded in
the effect that used it, with its purpose."""
from __future__ import annotations

from domain.games.air_bridge.model import Declared, Stage
from domain.kernel.dice import Roll
from domain.kernel.effects import Effect


class PhaseBegun(Effect, frozen=True, kw_only=True, tag="abtv.phase_begun"):
    """A phase begins: nobody has moved or ended it yet."""


class SeatDone(Effect, frozen=True, kw_only=True, tag="abtv.seat_done"):
    seat: str


class InitiativeRolled(Effect, frozen=True, kw_only=True, tag="abtv.initiative_rolled"):
    allied: Roll
    german: Roll
    chooser: str | None = None  # the side with the lower die; None on a tie


class InitiativeSet(Effect, frozen=True, kw_only=True, tag="abtv.initiative"):
    first: str


class WeatherSet(Effect, frozen=True, kw_only=True, tag="abtv.weather"):
    weather: str
    roll: Roll | None = None
    first_bad: bool = False


class FatigueRecovered(Effect, frozen=True, kw_only=True, tag="abtv.fatigue_recovered"):
    units: tuple[str, ...]


class SupplyTraced(Effect, frozen=True, kw_only=True, tag="abtv.supply"):
    side: str
    unsupplied: tuple[str, ...]
    supplied: tuple[str, ...]


class FireMarkersCleared(Effect, frozen=True, kw_only=True, tag="abtv.fire_markers_cleared"):
    pass


class Moved(Effect, frozen=True, kw_only=True, tag="abtv.moved"):
    units: tuple[str, ...]
    path: tuple[str, ...]
    cost: dict[str, float] = {}  # MP spent by each unit


class Placed(Effect, frozen=True, kw_only=True, tag="abtv.placed"):
    unit: str
    hex: str
    how: str  # enter, drop, reaction, advance, ferry, return


class Overran(Effect, frozen=True, kw_only=True, tag="abtv.overrun"):
    units: tuple[str, ...]
    hex: str
    attack: int
    defence: int
    eliminated: tuple[str, ...]


class StepLost(Effect, frozen=True, kw_only=True, tag="abtv.step_lost"):
    unit: str
    cause: str


class Eliminated(Effect, frozen=True, kw_only=True, tag="abtv.eliminated"):
    unit: str
    cause: str


class FatigueMarked(Effect, frozen=True, kw_only=True, tag="abtv.fatigued"):
    unit: str
    cause: str


class ArtilleryActed(Effect, frozen=True, kw_only=True, tag="abtv.artillery_acted"):
    """A 1st fire or final fire marker (§9.4)."""

    unit: str
    marker: str  # first_fire, final_fire


class BridgeRolled(Effect, frozen=True, kw_only=True, tag="abtv.bridge_roll"):
    bridge: str
    method: int
    roll: Roll
    destroyed: bool


class BridgeRepaired(Effect, frozen=True, kw_only=True, tag="abtv.bridge_repaired"):
    bridge: str
    engineer: str


class CombatDeclared(Effect, frozen=True, kw_only=True, tag="abtv.declared"):
    combat: Declared


class CombatStatus(Effect, frozen=True, kw_only=True, tag="abtv.combat_status"):
    index: int
    status: str


class TestRolled(Effect, frozen=True, kw_only=True, tag="abtv.test"):
    """An effectiveness test (refusal §10, reaction §11, second assault round §13.1 F)."""

    purpose: str
    hex: str
    roll: Roll
    value: int
    passed: bool
    unit: str | None = None


class Retreated(Effect, frozen=True, kw_only=True, tag="abtv.retreated"):
    units: tuple[str, ...]
    frm: str
    to: str


class HandledHex(Effect, frozen=True, kw_only=True, tag="abtv.handled"):
    hex: str
    what: str  # refuse, react


class Bombarded(Effect, frozen=True, kw_only=True, tag="abtv.bombarded"):
    target: str
    points: int
    column: str
    roll: Roll
    result: str
    divisor: int
    steps: int


class SupportRolled(Effect, frozen=True, kw_only=True, tag="abtv.support"):
    combat: int
    side: str
    points: int
    column: str
    roll: Roll
    result: int


class ManeuverResolved(Effect, frozen=True, kw_only=True, tag="abtv.maneuver"):
    combat: int
    attack: int
    defence: int
    odds: str
    column: str
    shift: int
    drm: dict[str, int]
    roll: Roll
    modified: int
    result: str


class AssaultFired(Effect, frozen=True, kw_only=True, tag="abtv.assault_fire"):
    combat: int
    round: int
    side: str
    total: int
    column: str
    drm: dict[str, int]
    roll: Roll
    modified: int
    losses: int


class StageSet(Effect, frozen=True, kw_only=True, tag="abtv.stage"):
    stage: Stage | None


class DZDestroyed(Effect, frozen=True, kw_only=True, tag="abtv.dz_destroyed"):
    division: str
    returns: int | None
    gone: bool


class DZPlaced(Effect, frozen=True, kw_only=True, tag="abtv.dz_placed"):
    division: str
    hex: str


class DropRolled(Effect, frozen=True, kw_only=True, tag="abtv.drop_roll"):
    unit: str
    roll: Roll
    result: str


class ControlTaken(Effect, frozen=True, kw_only=True, tag="abtv.control"):
    hex: str
    side: str


class AssaultEntered(Effect, frozen=True, kw_only=True, tag="abtv.assault_entered"):
    """§13.1 A: the assaulting units stand in the defender's hex (their origins kept for H)."""

    units: tuple[str, ...]
    hex: str
    origins: dict[str, str]


class AssaultReturned(Effect, frozen=True, kw_only=True, tag="abtv.assault_returned"):
    """§13.1 H: the assaulting units go back to their hexes of origin, or (`stay`: the defender is
    eliminated) all occupy the assaulted hex (§13.2)."""

    units: tuple[str, ...]
    stay: bool = False


class CombatsCleared(Effect, frozen=True, kw_only=True, tag="abtv.combats_cleared"):
    """The player-turn's combats are over (after the Assault Phase)."""


ABTVEffect = (
    PhaseBegun | SeatDone | InitiativeRolled | InitiativeSet | WeatherSet | FatigueRecovered | SupplyTraced
    | FireMarkersCleared | Moved | Placed | Overran | StepLost | Eliminated | FatigueMarked | ArtilleryActed
    | BridgeRolled | BridgeRepaired | CombatDeclared | CombatStatus | TestRolled | Retreated | HandledHex | Bombarded
    | SupportRolled | ManeuverResolved | AssaultFired | StageSet | DZDestroyed | DZPlaced | DropRolled | ControlTaken
    | AssaultEntered | AssaultReturned | CombatsCleared
)
