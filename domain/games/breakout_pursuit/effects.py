"""The effects of Breakout & Pursuit: the facts the umpire rules, with stable wire tags."""
from __future__ import annotations

from typing import Any

from domain.games.breakout_pursuit.model import Combat
from domain.kernel.dice import Roll
from domain.kernel.effects import Effect


class PhaseBegun(Effect, frozen=True, kw_only=True, tag="bp.phase_begun"):
    """A new phase: per-phase records (moved, attacked) start empty."""


class PlayerTurnEnded(Effect, frozen=True, kw_only=True, tag="bp.player_turn_ended"):
    """Cleanup (Sequence of Play step 7): supply markers removed."""

    side: str


class UnitPlaced(Effect, frozen=True, kw_only=True, tag="bp.unit_placed"):
    """A unit enters the map or a box: reinforcement, replacement, battlegroup, staging."""

    unit: str
    at: str  # a hex id, or a box: "staging", "pending"
    reason: str
    turn: int = 0


class UnitMoved(Effect, frozen=True, kw_only=True, tag="bp.unit_moved"):
    """A finished move: `path` runs from the hex left to the hex entered last; `cost` in movement
    points against `allowance`; `minimum_move` when it is the one-hex move of Movement C."""

    unit: str
    path: tuple[str, ...]
    cost: int
    allowance: int
    minimum_move: bool = False


class PipelinesDeactivated(Effect, frozen=True, kw_only=True, tag="bp.pipelines_deactivated"):
    """Pipeline units cut off from Bayeux by a destroyed Pipeline unit turn inactive (Pipeline E, H)."""

    units: tuple[str, ...]


class PipelinesReactivated(Effect, frozen=True, kw_only=True, tag="bp.pipelines_reactivated"):
    """Inactive Pipeline units turned face up (Pipeline G)."""

    units: tuple[str, ...]


class PassengerEmbarked(Effect, frozen=True, kw_only=True, tag="bp.passenger_embarked"):
    """A Truck picks up a unit in its hex during its move; `cost`: movement points each paid (Truck B-C)."""

    truck: str
    unit: str
    hex: str
    cost: int


class PassengerDisembarked(Effect, frozen=True, kw_only=True, tag="bp.passenger_disembarked"):
    """A Truck drops its passenger off in its hex, after carrying it `carried` hexes in this move (Truck C)."""

    truck: str
    unit: str
    hex: str
    carried: int


class SupplyUnitMoved(Effect, frozen=True, kw_only=True, tag="bp.supply_unit_moved"):
    """A Supply unit's Pipeline or Shuttle Movement: `path` from the hex left to the hex reached."""

    unit: str
    path: tuple[str, ...]
    method: str  # "pipeline" | "shuttle"
    truck: str | None = None  # the Truck shuttled to


class UnitsTurned(Effect, frozen=True, kw_only=True, tag="bp.units_turned"):
    """Non-combat units inverted or turned face up: a Truck that Shuttles, the Naval Supply unit."""

    units: tuple[str, ...]
    face_up: bool


class NavalSupplyMoved(Effect, frozen=True, kw_only=True, tag="bp.naval_supply_moved"):
    """The Naval Supply unit moved coast to coast, inverted (Naval M-N; Correction L656 after displacement)."""

    unit: str
    frm: str
    to: str


class DefensiveSupplyTraced(Effect, frozen=True, kw_only=True, tag="bp.defensive_supply_traced"):
    """Attacked Allied units trace to a Supply unit at the moment of combat (Supply H); it is expended
    at the end of the German Combat Phase (J). `forced` when Supply H obliged the trace; `odds`: the
    attack's odds against supplied defenders; `paths`: each defender's path length to it."""

    hex: str
    unit: str
    forced: bool
    odds: str
    paths: dict[str, int]


class DefensiveSupplyWeighed(Effect, frozen=True, kw_only=True, tag="bp.defensive_supply_weighed"):
    """Why Supply H did or did not force a trace at a German attack (@2): at odds of 1-1 or more
    against supplied defenders (`odds`) with a Supply unit within eight hexes (`supply_units`: path
    lengths, those traced to earlier in the phase included), each defender's other sources within
    eight hexes (`sources`: Cherbourg, Bayeux, active Pipeline units, for UK and Canadian units the
    Naval Supply unit; path lengths), so the exemption (the Supply unit five or more away, another
    source within four) can be checked; `forced`: the defenders obliged to trace. Changes nothing:
    a referee's record."""

    hex: str
    odds: str
    supply_units: dict[str, int]
    sources: dict[str, dict[str, int]]
    forced: tuple[str, ...] = ()


class SupplyJudged(Effect, frozen=True, kw_only=True, tag="bp.supply_judged"):
    """The phasing side's supply states for this Player-Turn, with each unit's path length (or -1)."""

    side: str
    states: dict[str, str]
    paths: dict[str, int] = {}
    sources: dict[str, str] = {}


class SupplyRoutes(Effect, frozen=True, kw_only=True, tag="bp.supply_routes"):
    """Why each unit of a supply judgement got its state (@2, issue 16): the hexes of its Supply Path
    from its own hex to the source (one hex when it is on its source; none for a unit that needs no
    path), or, for an isolated unit, why there is none. Changes nothing: a referee's record."""

    side: str
    routes: dict[str, tuple[str, ...]]
    isolated: dict[str, str] = {}


class UnitExpended(Effect, frozen=True, kw_only=True, tag="bp.unit_expended"):
    """A Supply unit traced to is removed after all paths of the phase (Supply J)."""

    unit: str
    hex: str


class AttackResolved(Effect, frozen=True, kw_only=True, tag="bp.attack_resolved"):
    """One attack, everything a referee needs to check it by hand."""

    attackers: tuple[str, ...]
    hex: str
    defenders: tuple[str, ...]
    attack: int
    defense: int
    attack_detail: dict[str, Any]
    defense_detail: dict[str, Any]
    defender_supply: dict[str, str]
    odds: str  # the column used
    computed_odds: str  # before a voluntary reduction
    drm: int
    roll: Roll
    modified: int
    result: str


class CombatPending(Effect, frozen=True, kw_only=True, tag="bp.combat_pending"):
    """The decisions still owed for the attack being applied (None when it is done)."""

    combat: Combat | None


class UnitEliminated(Effect, frozen=True, kw_only=True, tag="bp.unit_eliminated"):
    unit: str
    hex: str | None
    cause: str
    surrounded: bool = False
    points: int = 0


class UnitRetreated(Effect, frozen=True, kw_only=True, tag="bp.unit_retreated"):
    unit: str
    frm: str
    to: str


class RetreatWeighed(Effect, frozen=True, kw_only=True, tag="bp.retreat_weighed"):
    """Why a unit retreated where it did, or was eliminated (@2): each hex next to it, refused with
    the reason, or a candidate with its supply path length to the side's sources (`path`), or, when
    no path reaches it, its distance in hexes (`no_path`); the closest are the legal answers
    (Retreat J, option retreat_closest_metric). Changes nothing: a referee's record."""

    unit: str
    frm: str
    path: dict[str, int] = {}
    no_path: dict[str, int] = {}
    refused: dict[str, str] = {}
    to: str | None = None


class UnitsDisrupted(Effect, frozen=True, kw_only=True, tag="bp.units_disrupted"):
    units: tuple[str, ...]
    turn: int


class DisruptionEnded(Effect, frozen=True, kw_only=True, tag="bp.disruption_ended"):
    units: tuple[str, ...]


class UnitsAdvanced(Effect, frozen=True, kw_only=True, tag="bp.units_advanced"):
    units: tuple[str, ...]
    to: str


class BattlegroupFormed(Effect, frozen=True, kw_only=True, tag="bp.battlegroup_formed"):
    parent: str
    unit: str
    hex: str
    strength: int
    ma: int
    unit_type: str
    counter: str = ""  # the pack's battlegroup template counter


class ControlChanged(Effect, frozen=True, kw_only=True, tag="bp.control_changed"):
    """Hexes that score (VP hexes, West Wall) whose last occupier changed."""

    hexes: dict[str, str]


class FortressDestroyed(Effect, frozen=True, kw_only=True, tag="bp.fortress_destroyed"):
    hex: str


class FlagCause(Effect, frozen=True, kw_only=True, tag="bp.flag_cause"):
    """The unit and hex that set a scenario-wide flag (@2): the Special Rule G lift, the Breakout Line
    first crossed. Changes nothing: a referee's record."""

    flag: str
    unit: str
    hex: str


class PointsAwarded(Effect, frozen=True, kw_only=True, tag="bp.points_awarded"):
    """One line of the points scored when the game ends (@2): what it is for and the hexes it turned
    on, posted just before its `ledger.posted`. Changes nothing: a referee's record."""

    side: str
    points: int
    what: str
    hexes: tuple[str, ...] = ()


class FlagSet(Effect, frozen=True, kw_only=True, tag="bp.flag_set"):
    """A scenario-wide fact: Special Rule G lifted, the Breakout Line first crossed, ..."""

    name: str
    value: Any


class AirStrikeResolved(Effect, frozen=True, kw_only=True, tag="bp.air_strike_resolved"):
    """The Air Strike (Allied Air-Strike A-D): 20 against the targets' face strengths, the die
    unmodified; `result` is the CRT's, `applied` what the strike does with it (De, Ex, Dr or "none")."""

    hex: str
    units: tuple[str, ...]
    attack: int
    defense: int
    defense_detail: dict[str, int]  # each target's face strength
    odds: str
    roll: Roll
    result: str
    applied: str
    attackable: bool  # the targets may still be attacked by ground units this phase (option)


class AirdropCycleStarted(Effect, frozen=True, kw_only=True, tag="bp.airdrop_cycle_started"):
    """Public half of a hidden placement: six Airdrop Zone markers placed face down on `markers`
    (sorted); which one is real is the private AirdropZoneChosen."""

    markers: tuple[str, ...]
    turn: int
    reveal_turn: int


class AirdropZoneChosen(Effect, frozen=True, kw_only=True, tag="bp.airdrop_zone_chosen"):
    """Private half (the Allied seats): the hex of the Real Airdrop Zone marker."""

    real: str


class AirdropRevealed(Effect, frozen=True, kw_only=True, tag="bp.airdrop_revealed"):
    """The markers turned face up on the third Allied Airdrop Phase after placement; the dummies removed."""

    real: str
    dummies: tuple[str, ...]


class UnitAirdropped(Effect, frozen=True, kw_only=True, tag="bp.unit_airdropped"):
    """A Paratroop unit dropped (or the Airlanding unit landed) from the Staging Area onto `hex`."""

    unit: str
    hex: str
    turn: int
    airlanding: bool = False


class AirdropMarkerLeft(Effect, frozen=True, kw_only=True, tag="bp.airdrop_marker_left"):
    """Optional Rules B: the Real Airdrop Zone marker stays on `hex` for an airlanding on `turn`."""

    hex: str
    turn: int


class AirdropCycleEnded(Effect, frozen=True, kw_only=True, tag="bp.airdrop_cycle_ended"):
    """The Real Airdrop Zone marker is removed: the cycle is over and another may start."""

    reason: str


class ParatroopRehabilitated(Effect, frozen=True, kw_only=True, tag="bp.paratroop_rehabilitated"):
    """Optional Rules A: `unit` (the 7-6) leaves play and `by` (its 10-6 counter) takes its place in the Staging Area."""

    unit: str
    by: str


BPEffect = (
    PhaseBegun | PlayerTurnEnded | UnitPlaced | UnitMoved | SupplyJudged | UnitExpended | AttackResolved | CombatPending
    | UnitEliminated | UnitRetreated | UnitsDisrupted | DisruptionEnded | UnitsAdvanced | BattlegroupFormed
    | ControlChanged | FortressDestroyed | FlagSet
    | PipelinesDeactivated | PipelinesReactivated | PassengerEmbarked | PassengerDisembarked | SupplyUnitMoved
    | UnitsTurned | NavalSupplyMoved | DefensiveSupplyTraced
    | AirStrikeResolved | AirdropCycleStarted | AirdropZoneChosen | AirdropRevealed | UnitAirdropped | AirdropMarkerLeft
    | AirdropCycleEnded | ParatroopRehabilitated
    | SupplyRoutes | FlagCause | PointsAwarded | RetreatWeighed | DefensiveSupplyWeighed
)
