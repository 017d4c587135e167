"""The effects of Normandy 1944: the facts the umpire rules, with stable wire tags."""
from __future__ import annotations

from typing import Any

from domain.games.normandy.model import Combat, Overrun
from domain.kernel.effects import Effect


class StepNotRuled(Effect, frozen=True, kw_only=True, tag="normandy.step_not_ruled"):
    """A step of the sequence this version does not rule yet, said so in the log (never skipped
    silently); `cite` names the rule."""

    step: str
    reason: str


class PhaseBegun(Effect, frozen=True, kw_only=True, tag="normandy.phase_begun"):
    """Per-phase records (moved, attacked, defended, acted, done) start empty."""


class WeatherRolled(Effect, frozen=True, kw_only=True, tag="normandy.weather"):
    weather: str
    roll: int | None = None  # None: the weather is fixed (turn 1, a scenario's start)
    modifier: int = 0
    drm_next: int = 0
    storm_test: bool = False


class StormTested(Effect, frozen=True, kw_only=True, tag="normandy.storm_test"):
    roll: int | None
    storm: bool
    weather: str


class InitiativeRolled(Effect, frozen=True, kw_only=True, tag="normandy.initiative"):
    first: str
    rolls: dict[str, int] = {}
    totals: dict[str, int] = {}


class SupplyTraced(Effect, frozen=True, kw_only=True, tag="normandy.supply"):
    """The Logistics Phase's supply check (§7.3, §7.4): who is unsupplied for the turn."""

    unsupplied: tuple[str, ...]


class AirborneSupplied(Effect, frozen=True, kw_only=True, tag="normandy.airborne_supplied"):
    """§7.5: the Allies lift the "Out of supply" markers of these infantry units by air (`sp`
    stacking points of the turn's four)."""

    units: tuple[str, ...]
    sp: int


class WentOnFoot(Effect, frozen=True, kw_only=True, tag="normandy.on_foot"):
    """§2.2 (option Q50): a motorised infantry unit is on foot for the rest of this phase."""

    unit: str


class MarkersReceived(Effect, frozen=True, kw_only=True, tag="normandy.markers_received"):
    side: str
    count: int
    roll: int | None = None


class MarkerGiven(Effect, frozen=True, kw_only=True, tag="normandy.marker_given"):
    side: str
    hq: str | None  # None: no HQ may take it, the marker is lost


class UnitPlaced(Effect, frozen=True, kw_only=True, tag="normandy.unit_placed"):
    unit: str
    at: str
    reason: str


class UnitMoved(Effect, frozen=True, kw_only=True, tag="normandy.unit_moved"):
    unit: str
    path: tuple[str, ...]
    cost: int
    allowance: int
    minimum_move: bool = False


class ControlChanged(Effect, frozen=True, kw_only=True, tag="normandy.control"):
    hexes: tuple[str, ...]
    side: str


class SeatDone(Effect, frozen=True, kw_only=True, tag="normandy.seat_done"):
    seat: str


class HQActed(Effect, frozen=True, kw_only=True, tag="normandy.hq_acted"):
    hq: str
    action: str
    marker_spent: bool = False
    controls: tuple[str, ...] = ()


class ActivationEnded(Effect, frozen=True, kw_only=True, tag="normandy.activation_ended"):
    hq: str


class AttackDeclared(Effect, frozen=True, kw_only=True, tag="normandy.attack_declared"):
    combat: Combat


class DefensiveSupport(Effect, frozen=True, kw_only=True, tag="normandy.defensive_support"):
    hq: str | None


class AttackResolved(Effect, frozen=True, kw_only=True, tag="normandy.attack_resolved"):
    attack: int
    defense: int
    computed_odds: str
    right_shifts: int
    left_shifts: int
    odds: str
    roll: int
    drm: int
    result: str
    shifts: dict[str, int] = {}


class StepLost(Effect, frozen=True, kw_only=True, tag="normandy.step_lost"):
    unit: str
    eliminated: bool = False
    to: str | None = None  # the box of an eliminated unit: cadre or captured


class HQDestroyed(Effect, frozen=True, kw_only=True, tag="normandy.hq_destroyed"):
    hq: str
    returns: int  # the turn it comes back (§5.4)


class RetreatBegun(Effect, frozen=True, kw_only=True, tag="normandy.retreat_begun"):
    """The defenders that must retreat, in the order their owner is asked (§6.4: all units in the hex)."""

    units: tuple[str, ...]


class UnitRetreated(Effect, frozen=True, kw_only=True, tag="normandy.unit_retreated"):
    unit: str
    to: str


class UnitAdvanced(Effect, frozen=True, kw_only=True, tag="normandy.unit_advanced"):
    unit: str
    to: str


class CounterattackLaunched(Effect, frozen=True, kw_only=True, tag="normandy.counterattack"):
    """§6.9: the HQ spends an Offensive marker and is flipped; its adjacent units attack."""

    hq: str
    combat: Combat


class CombatEnded(Effect, frozen=True, kw_only=True, tag="normandy.combat_ended"):
    pass


class HQsReset(Effect, frozen=True, kw_only=True, tag="normandy.hqs_reset"):
    pass


class Reorganised(Effect, frozen=True, kw_only=True, tag="normandy.reorganised"):
    pass


class DepotChanged(Effect, frozen=True, kw_only=True, tag="normandy.depot"):
    hex: str
    side: str | None  # None: destroyed
    nat: str = ""
    kind: str = ""
    prov: str = "rulebook"


class FlagSet(Effect, frozen=True, kw_only=True, tag="normandy.flag"):
    name: str
    value: Any = True


# --- the air system and bombardment (`normandy-1944@3`) ----------------------------------------


class AirDrawn(Effect, frozen=True, kw_only=True, tag="normandy.air_drawn"):
    """§1.1.1.1: the AFAT draws (to the Available box) and the FBAT roll; a new turn's carpet bombings."""

    weather: str
    drawn: tuple[str, ...]
    fbat_roll: int | None = None
    superiority: int = 0  # fighter-bombers owed to air superiority


class AirAssigned(Effect, frozen=True, kw_only=True, tag="normandy.air_assigned"):
    counter: str
    mission: str


class AirReturned(Effect, frozen=True, kw_only=True, tag="normandy.air_returned"):
    """Counters moved between the air boxes: to Finished (a storm), to their cups (turn end)."""

    counters: tuple[str, ...]
    to: str


class NavalPoints(Effect, frozen=True, kw_only=True, tag="normandy.naval_points"):
    """The Naval Bombardment track for the turn (option Q54), or reset to zero by a storm."""

    points: dict[str, int]


class AirAsked(Effect, frozen=True, kw_only=True, tag="normandy.air_asked"):
    """A support decision of the combat under way answered with no support."""

    step: str


class TacticalAirSupport(Effect, frozen=True, kw_only=True, tag="normandy.tas"):
    """§9.1: a fighter-bomber supports the combat (+1 column for the Allies), then is Finished."""

    counter: str


class Bombarded(Effect, frozen=True, kw_only=True, tag="normandy.bombarded"):
    """§6.2: points spent on a hex, a die on the Bombardment Table, the stack's Affected level."""

    hex: str
    kind: str  # air, carpet, naval
    counters: dict[str, str] = {}  # air counter -> where it goes (Finished, the turn track, rubble on a town)
    naval: dict[str, int] = {}  # "WTF:destroyers" -> points spent
    points: int
    roll: int
    drm: int = 0
    result: str
    level: int  # the stack's Affected level after it (at most 2)
    nat: str = ""  # the nationality supported (§8): one carpet bombing a turn each (§9.4)


class Disorganised(Effect, frozen=True, kw_only=True, tag="normandy.disorganised"):
    """§6.5: one more level of disorganisation (D1, D2)."""

    unit: str
    level: int


# --- Reserve, overrun and Exploitation (`normandy-1944@4`) -------------------------------------


class ReserveSet(Effect, frozen=True, kw_only=True, tag="normandy.reserve_set"):
    """§4.1.1: an armoured or Panzergrenadier unit put in Reserve; its move is over for the phase."""

    unit: str


class OverrunDeclared(Effect, frozen=True, kw_only=True, tag="normandy.overrun_declared"):
    """§4.3: a stack of armoured units moves together to the hex it launches from and overruns the
    enemy hex next to it: a combat of the overrunning units only, resolved at once."""

    path: tuple[str, ...]  # the hexes entered before the overrun, from the stack's hex
    cost: dict[str, int]  # each unit's MP for the path, the overrun hex and the overrun's +3
    combat: Combat
    overrun: Overrun


class OverrunEnded(Effect, frozen=True, kw_only=True, tag="normandy.overrun_ended"):
    """§4.3: success (the defenders retreated or were eliminated): the stack is in the overrun hex
    and may go on moving; failure: it goes back to `to` (option Q24) with one more D level."""

    success: bool
    units: tuple[str, ...]
    to: str


class ExploitationEarned(Effect, frozen=True, kw_only=True, tag="normandy.exploitation_earned"):
    """§6.8: the result allows Exploitation: the activated HQ is owed one free extra activation
    (option Q64: after its current activation; several results still give one)."""

    hq: str


class ExploitationBegun(Effect, frozen=True, kw_only=True, tag="normandy.exploitation_begun"):
    """§6.8: the HQ's free extra activation begins (no marker spent)."""

    hq: str
    stacks: tuple[str, ...]  # the hexes of the Reserve stacks it may activate


class ExploitationChosen(Effect, frozen=True, kw_only=True, tag="normandy.exploitation_chosen"):
    """§6.8: the Reserve stacks activated (at most two), their units, and a marker spent to support
    their attacks or not."""

    stacks: tuple[str, ...]
    units: tuple[str, ...]
    support: bool = False


# --- the off-map layer and Confusion (`normandy-1944@4`) ----------------------------------------


class OffMapMoved(Effect, frozen=True, kw_only=True, tag="normandy.offmap_moved"):
    """§4.1.2: a unit moved along the lines of the Strategic Movement Map (`path`: where it stood,
    then each box entered), or from its exit hex to the box joined to it (§1.1.2.1, `transfer`).
    An Allied normal move names the HQ whose one division a phase it was (§4.1.2)."""

    unit: str
    path: tuple[str, ...]
    transfer: bool = False
    hq: str | None = None
    division: str | None = None


class InterdictionRolled(Effect, frozen=True, kw_only=True, tag="normandy.interdiction"):
    """§4.1.2, §9.5, §6.12: a die to leave a box, passed when the modified roll is lower than the
    box's interdiction value; a failed roll holds the units in the box for the phase."""

    units: tuple[str, ...]
    box: str
    roll: int
    modifiers: dict[str, int] = {}
    value: int
    passed: bool


class BoxControl(Effect, frozen=True, kw_only=True, tag="normandy.box_control"):
    """§4.1.2: the last side through a box controls it."""

    boxes: tuple[str, ...]
    side: str


class ConfusionPlaced(Effect, frozen=True, kw_only=True, tag="normandy.confusion_placed"):
    """§6.11, §6.12, §1.1.2.2: a hex or box held by both sides."""

    place: str


class ConfusionLifted(Effect, frozen=True, kw_only=True, tag="normandy.confusion_lifted"):
    """§6.11: one side is no longer there; the other holds the place."""

    place: str


class DepotVanished(Effect, frozen=True, kw_only=True, tag="normandy.depot_vanished"):
    """§7.2: a German depot with no defence value disappears when Allied units are alone in its box."""

    box: str


class PartisansRose(Effect, frozen=True, kw_only=True, tag="normandy.ffi_paris"):
    """§4.1.2 (Liberation of Paris): the FFI PARIS counter appears in Paris once the Allies have a
    unit beyond the Seine (the Pas-de-Calais, Paris or Orleans boxes)."""

    unit: str
    box: str


class FestungDestroyed(Effect, frozen=True, kw_only=True, tag="normandy.festung_destroyed"):
    """§6.13, §11.3: an attacked Festung loses its one step with no unit left inside (+5 VP Allied)."""

    festung: str


class ExtendedMoveMade(Effect, frozen=True, kw_only=True, tag="normandy.extended_move"):
    """§5.2: a supplied HQ spends an Offensive marker and is flipped for its units' Extended move."""

    hq: str


class SpecialOperationMade(Effect, frozen=True, kw_only=True, tag="normandy.special_operation"):
    """§4.4: a special unit's one-hex operation after its Infiltration roll (`to` None: it failed
    and stays; its move for the phase is spent either way)."""

    unit: str
    kind: str
    hex: str
    roll: int
    to: str | None = None


# --- the Administration Phase and withholding (`normandy-1944@5`) ------------------------------


class Withheld(Effect, frozen=True, kw_only=True, tag="normandy.withheld"):
    """§6.5 (option Q25): the defender's disorganised units left out of the combat: they add nothing
    and take no step loss, but retreat with the hex (option Q23)."""

    units: tuple[str, ...] = ()


class ReplacementsReceived(Effect, frozen=True, kw_only=True, tag="normandy.replacements"):
    """§1.1.1.3, §6.10: the German Administrative Phase roll read on the German Resources table
    (placeholder); the replacements join the unused ones (kept until spent)."""

    roll: int
    received: dict[str, int] = {}


class RestMarked(Effect, frozen=True, kw_only=True, tag="normandy.rest_marked"):
    """§1.1.1.3: a Rest marker on a unit; it may not move or attack while it stays (option Q10)."""

    unit: str


class RestLifted(Effect, frozen=True, kw_only=True, tag="normandy.rest_lifted"):
    unit: str
    reason: str  # "owner", "enemy_adjacent" or "left_the_map"


class StepRebuilt(Effect, frozen=True, kw_only=True, tag="normandy.step_rebuilt"):
    """§1.1.1.3, §6.10 (option Q09): a unit in Rest regains one step; a German one spends a
    replacement of its kind (`kind`), the Allies' are unlimited (None)."""

    unit: str
    kind: str | None = None


class ReturnedToReserve(Effect, frozen=True, kw_only=True, tag="normandy.returned_to_reserve"):
    """§1.1.1.3 (option Q63): an Allied airborne or commando unit sent back to the strategic reserve,
    kept there for future operations."""

    unit: str


# --- the Allied ports (`normandy-1944@5`, §7.1-§7.1.3) ----------------------------------------


class ConstructionBegun(Effect, frozen=True, kw_only=True, tag="normandy.construction_begun"):
    """§7.1 (option Q40): the Allies took a port hex; its depot goes on the turn track, due in the
    Logistics Phase of turn `due` (the capture turn + the construction time + 1) unless delayed."""

    hex: str
    kind: str
    turns: int
    due: int


class ConstructionTurn(Effect, frozen=True, kw_only=True, tag="normandy.construction_turn"):
    """§7.1: a turn of construction accrued (`accrued`), or not: the port is in an EZOC, or the
    Allies no longer control its hex; `left` turns remain."""

    hex: str
    left: int
    accrued: bool


class PortPlaced(Effect, frozen=True, kw_only=True, tag="normandy.port_placed"):
    """§7.1: the depot is placed in the Logistics Phase of its entry turn, operational at once, on
    its reduced side (`full_at`: the turn it turns full, §7.1.1, §7.1.3) or its full side; a beach
    depot at once when its hex is taken (§7.1.2)."""

    hex: str
    kind: str
    nat: str
    reduced: bool = False
    full_at: int | None = None


class PortFlipped(Effect, frozen=True, kw_only=True, tag="normandy.port_flipped"):
    """§7.1.1, §7.1.3: a port turns to its full side, or (German occupation of Cherbourg, option
    Q38) to its reduced side."""

    hex: str
    face: str


class CherbourgOccupied(Effect, frozen=True, kw_only=True, tag="normandy.cherbourg_occupied"):
    """§7.1.3 (option Q38): the Logistics Phases running in which a German unit stands in the
    Allied port of Cherbourg (0 when none does)."""

    phases: int


NormandyEffect = (StepNotRuled | PhaseBegun | WeatherRolled | StormTested | InitiativeRolled | SupplyTraced
                  | MarkersReceived | MarkerGiven | UnitPlaced | UnitMoved | ControlChanged | SeatDone | HQActed
                  | ActivationEnded | AttackDeclared | DefensiveSupport | AttackResolved | StepLost | HQDestroyed
                  | RetreatBegun | UnitRetreated | UnitAdvanced | CounterattackLaunched | CombatEnded | HQsReset | Reorganised | DepotChanged | FlagSet
                  | AirDrawn | AirAssigned | AirReturned | NavalPoints | AirAsked | TacticalAirSupport | Bombarded | Disorganised
                  | ReserveSet | OverrunDeclared | OverrunEnded | ExploitationEarned | ExploitationBegun | ExploitationChosen
                  | OffMapMoved | InterdictionRolled | BoxControl | ConfusionPlaced | ConfusionLifted | DepotVanished
                  | ExtendedMoveMade | SpecialOperationMade | PartisansRose | FestungDestroyed | Withheld
                  | ReplacementsReceived | RestMarked | RestLifted | StepRebuilt | ReturnedToReserve
                  | ConstructionBegun | ConstructionTurn | PortPlaced | PortFlipped | CherbourgOccupied | AirborneSupplied | WentOnFoot)
