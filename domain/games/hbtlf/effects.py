"""The facts home-before-the-leaves-fall@1 rules, tagged by stable wire names (never renamed)."""
from __future__ import annotations

from typing import Any

from domain.kernel.dice import Roll
from domain.kernel.effects import Effect

from domain.games.hbtlf.orders import MoveDecl


class GameTurnBegun(Effect, frozen=True, kw_only=True, tag="hbtlf.game_turn"):
    gt: int
    first_day: str


class InitiativeDecided(Effect, frozen=True, kw_only=True, tag="hbtlf.initiative"):
    side: str
    automatic: bool
    drm: dict[str, int] = {}
    rolls: tuple[tuple[Roll, Roll], ...] = ()


class ImpulsesDeclared(Effect, frozen=True, kw_only=True, tag="hbtlf.impulses"):
    gt: int
    days: tuple[int, ...]
    days_before: int
    first: str


class ImpulseBegun(Effect, frozen=True, kw_only=True, tag="hbtlf.impulse"):
    gt: int
    impulse: int
    dates: tuple[str, str]
    month: str
    order: tuple[str, ...]


class WeatherRolled(Effect, frozen=True, kw_only=True, tag="hbtlf.weather"):
    roll: Roll
    drm: int
    modified: int
    weather: str
    effects: dict[str, Any]


class OtherTheatersRolled(Effect, frozen=True, kw_only=True, tag="hbtlf.other_theaters"):
    table: str
    rolls: tuple[Roll, Roll]
    total: int
    outcome: str


class SegmentEnded(Effect, frozen=True, kw_only=True, tag="hbtlf.segment_ended"):
    seat: str


class UnitsMoved(Effect, frozen=True, kw_only=True, tag="hbtlf.units_moved"):
    moves: tuple[MoveDecl, ...]
    attestation: str = ""


class CombatRecorded(Effect, frozen=True, kw_only=True, tag="hbtlf.combat"):
    gt: int
    german_sp: int
    allied_sp: int
    french_sp: int = 0  # of the Allied SP, the French ones (Plan 17's loss count, 12.52B)
    allied_fortress_sp: int
    eliminated: tuple[str, ...]
    attestation: str


class MissionSet(Effect, frozen=True, kw_only=True, tag="hbtlf.mission"):
    army: str
    mission: str


class FormationAttached(Effect, frozen=True, kw_only=True, tag="hbtlf.attached"):
    """A confirmed attachment: the formation's Command Counter now on `chart` (under `corps`, if any)."""

    formation: str
    chart: str
    corps: str = ""
    attestation: str = ""


class Released(Effect, frozen=True, kw_only=True, tag="hbtlf.released"):
    formations: tuple[str, ...]
    reason: str


class Arrived(Effect, frozen=True, kw_only=True, tag="hbtlf.arrived"):
    side: str
    units: tuple[str, ...]
    at: str


class ArrivalSkipped(Effect, frozen=True, kw_only=True, tag="hbtlf.arrival_skipped"):
    """@2: a scheduled arrival that places nothing (the Kaiser already on the map)."""

    units: tuple[str, ...]
    reason: str


class WithdrawnFromPlay(Effect, frozen=True, kw_only=True, tag="hbtlf.withdrawn"):
    units: tuple[str, ...]


class ClaimOpened(Effect, frozen=True, kw_only=True, tag="hbtlf.claim"):
    """What a seat declared, kept beside the kernel's attestation so a settlement is read against it."""

    id: str
    claim: dict[str, Any]


class BefRevealed(Effect, frozen=True, kw_only=True, tag="hbtlf.bef_revealed"):
    """12.71: a German unit is adjacent to a British unit for the first time: every British unit is
    placed on the map (`positions`), and the BEF is no longer secret."""

    positions: dict[str, str]
    german: str
    british: str


class BefEvacuated(Effect, frozen=True, kw_only=True, tag="hbtlf.bef_evacuated"):
    """12.74: BEF units evacuated to Great Britain: out of play for the scenario, not eliminated;
    from a hex that is not a port, the non-infantry ones (`cadre`) go reduced to cadre status."""

    units: tuple[str, ...]
    cadre: tuple[str, ...] = ()
    port: bool
    attestation: str = ""


class AmmunitionAllowance(Effect, frozen=True, kw_only=True, tag="hbtlf.ammunition"):
    gt: int
    points: dict[str, int]


class ParisAbandoned(Effect, frozen=True, kw_only=True, tag="hbtlf.paris_abandoned"):
    """12.26: a German army HQ came within ten hexes of Paris: 30 French RP go, what is not there now is owed."""

    hq: str
    at: str
    distance: int
    deducted: int
    owed: int


class ParisDebtPaid(Effect, frozen=True, kw_only=True, tag="hbtlf.paris_debt_paid"):
    amount: int


class FortressAllowance(Effect, frozen=True, kw_only=True, tag="hbtlf.fortress_allowance"):
    side: str
    sp: int
    offmap: int
    rolls: tuple[Roll, ...]


class VictoryPointsRecorded(Effect, frozen=True, kw_only=True, tag="hbtlf.victory_points"):
    side: str
    points: float
    reason: str
    attestation: str


class PlanAbandoned(Effect, frozen=True, kw_only=True, tag="hbtlf.plan_abandoned"):
    plan: str
    gt: int
    impulse: int
    timed: dict[str, tuple[int, int]]  # army -> (Retire impulses, most days)
    untimed: tuple[str, ...] = ()  # armies whose HQ has no confirmed hex: their Retire is the players' to keep


class RetireCounted(Effect, frozen=True, kw_only=True, tag="hbtlf.retire_counted"):
    army: str
    impulses_left: int
    days_left: int


class RetireEnded(Effect, frozen=True, kw_only=True, tag="hbtlf.retire_ended"):
    army: str
    reason: str


class NavalBarrageRolled(Effect, frozen=True, kw_only=True, tag="hbtlf.naval_barrage_rolled"):
    """3.3: the impulse's naval barrage value, two dice x 10."""

    gt: int
    impulse: int
    rolls: tuple[Roll, Roll]
    value: int


class NavalBarrageDeclared(Effect, frozen=True, kw_only=True, tag="hbtlf.naval_barrage"):
    """3.3-3.31: a combat period's naval barrage (hex, value) and the German submarine dice it drew."""

    targets: tuple[tuple[str, int], ...]
    use: str
    submarine_rolls: tuple[Roll, Roll]
    sunk: bool


class NavalMoved(Effect, frozen=True, kw_only=True, tag="hbtlf.naval_moved"):
    """3.1-3.2: Naval Capacity used: a marine or naval infantry landing, or the French port-to-port move."""

    nation: str
    kind: str
    formation: str
    be: int
    embark: str
    disembark: str


class HeavyArtilleryBuilt(Effect, frozen=True, kw_only=True, tag="hbtlf.heavy_artillery"):
    """Heavy artillery SPs incorporated from Specialist REPs (11.61C, 12.21, 12.66, 12.75)."""

    unit: str
    nation: str
    reps: str  # whose Specialist REPs paid: german | french | british
    sp: int
    gt: int
    impulse: int


class BelgianFormationsDetached(Effect, frozen=True, kw_only=True, tag="hbtlf.belgian_detached"):
    """12.61A at the end of GT2: Belgian formations beyond two hexes of Antwerp go to the Allied
    Strategic Chart; those whose set-up circle straddles the line are the players' to say."""

    beyond: tuple[str, ...]
    undetermined: tuple[str, ...]


class BelgianReleased(Effect, frozen=True, kw_only=True, tag="hbtlf.belgian_released"):
    reason: str


class BelgianReleaseRolled(Effect, frozen=True, kw_only=True, tag="hbtlf.belgian_release_rolled"):
    """12.61B1, rolled in secret: on a 6 the second die is how many formations may go beyond two hexes."""

    gt: int
    rolls: tuple[Roll, ...]
    formations: int


class BelgianTemporaryUsed(Effect, frozen=True, kw_only=True, tag="hbtlf.belgian_temporary_used"):
    gt: int
    impulse: int
    units: tuple[str, ...]


class BelgianEvacuated(Effect, frozen=True, kw_only=True, tag="hbtlf.belgian_evacuated"):
    units: tuple[str, ...]
    box: str


class LeaderReplaced(Effect, frozen=True, kw_only=True, tag="hbtlf.leader_replaced"):
    out: str
    by: str
    formation: str
    automatic: bool  # 11.12's by the umpire; else the player's, checked against 12.12/12.14


class LeaderReplacementWithheld(Effect, frozen=True, kw_only=True, tag="hbtlf.leader_withheld"):
    by: str
    replaces: str
    reason: str


class LeaderPlaced(Effect, frozen=True, kw_only=True, tag="hbtlf.leader_placed"):
    """@2: a leader who arrives without a formation placed with one (12.11, 12.73)."""

    leader: str
    formation: str
    nation: str


class LeaderPromoted(Effect, frozen=True, kw_only=True, tag="hbtlf.leader_promoted"):
    leader: str
    frm: str
    to: str


class ControlRecorded(Effect, frozen=True, kw_only=True, tag="hbtlf.control"):
    """A confirmed claim that a side controls a hex (SR control rules are not in the text)."""

    hex: str
    side: str
    place: str
    attestation: str


class FortressesAbandoned(Effect, frozen=True, kw_only=True, tag="hbtlf.fortresses_abandoned"):
    """12.25's die for a city: `units` disbanded on 2-6, none on a 1."""

    city: str
    hq: str
    at: str
    distance: int
    roll: Roll
    units: tuple[str, ...]
    gt: int
    impulse: int


class ZeppelinFlight(Effect, frozen=True, kw_only=True, tag="hbtlf.zeppelin"):
    """11.82C: a Zeppelin's operation: the Allied dice for what it passed over, a Terror Bombing."""

    zeppelin: str
    target: str
    terror: bool
    passes_over: tuple[str, ...]
    rolls: tuple[Roll, ...]
    shot_down: bool
    gt: int


class BritishBelgianPoints(Effect, frozen=True, kw_only=True, tag="hbtlf.british_belgian_points"):
    """@2: points of a separate British and Belgian player (13.x7 C): German SP their units destroyed
    (`sp`, taken from the French total), or Belgian territory."""

    points: float
    sp: int = 0
    reason: str
    attestation: str


class IsolationRecorded(Effect, frozen=True, kw_only=True, tag="hbtlf.isolation"):
    """12.27 (@2): a confirmed isolation puts the army on Retire until it ends."""

    army: str
    hq: str
    nation: str
    attestation: str


class IsolationEnded(Effect, frozen=True, kw_only=True, tag="hbtlf.isolation_ended"):
    army: str
    reason: str


class ParisSubstituted(Effect, frozen=True, kw_only=True, tag="hbtlf.paris_substituted"):
    leaving: str
    substitute: str
    sp: int
    attestation: str


class TaxiLoaded(Effect, frozen=True, kw_only=True, tag="hbtlf.taxi_loaded"):
    unit: str
    sp: int
    attestation: str


class TaxiUnloaded(Effect, frozen=True, kw_only=True, tag="hbtlf.taxi_unloaded"):
    unit: str


class SubordinatedToGallieni(Effect, frozen=True, kw_only=True, tag="hbtlf.subordinated"):
    army: str
    attestation: str


class GallieniReleased(Effect, frozen=True, kw_only=True, tag="hbtlf.gallieni_released"):
    """12.45C: Gallieni's army given Advance: the HQs subordinate to him are released."""

    armies: tuple[str, ...]


class ParisEntrenchmentsRaised(Effect, frozen=True, kw_only=True, tag="hbtlf.paris_entrenchments"):
    """12.45D (@2): Gallieni assumes command of the Army of Paris: the Paris Entrenchments give `value` on the TEC from now on."""

    value: int


class MapExited(Effect, frozen=True, kw_only=True, tag="hbtlf.map_exited"):
    """7.4 (@2): a unit left the map (a confirmed claim)."""

    unit: str
    edge: str
    attestation: str


class MapReentered(Effect, frozen=True, kw_only=True, tag="hbtlf.map_reentered"):
    unit: str
    at: str
    attestation: str


class Interned(Effect, frozen=True, kw_only=True, tag="hbtlf.interned"):
    """7.1 (@2): a unit interned in a neutral country, removed from play."""

    unit: str
    where: str
    attestation: str


class RiverFlooded(Effect, frozen=True, kw_only=True, tag="hbtlf.flooded"):
    """12.63 (@2): a river's hexsides are major river hexsides for nine hexsides from the coast."""

    river: str
    unit: str
    attestation: str


class WaterworksDestroyed(Effect, frozen=True, kw_only=True, tag="hbtlf.waterworks_destroyed"):
    """12.69 (@2): the Belgian permanent entrenchments printed on the map are worthless from now on."""

    how: str


class ZeppelinBased(Effect, frozen=True, kw_only=True, tag="hbtlf.zeppelin_based"):
    """11.82C (@2): a Zeppelin at its base: `at` the base's hex, or "off-map: <base>"."""

    zeppelin: str
    base: str
    at: str


class ZeppelinRemoved(Effect, frozen=True, kw_only=True, tag="hbtlf.zeppelin_removed"):
    """11.82C: the Royal Naval Air Service's raid of Game-Turn 9."""

    zeppelin: str


class MotorizedBreakdown(Effect, frozen=True, kw_only=True, tag="hbtlf.motorized_breakdown"):
    """4.12: a motorized unit's die as it withdraws before combat; a 6 removes it from play."""

    unit: str
    roll: Roll
    broke_down: bool


class TerritorialConverted(Effect, frozen=True, kw_only=True, tag="hbtlf.territorial_converted"):
    """6.24: a Territorial division taken as replacements on arrival; it leaves play."""

    unit: str


class RepCredited(Effect, frozen=True, kw_only=True, tag="hbtlf.rep_credited"):
    """REPs from SPs leaving play, as confirmed: a broken-down motorized unit (4.12), a Territorial
    division taken as replacements (6.24)."""

    unit: str
    sp: int
    ledger: str
    attestation: str


class AmmunitionExpended(Effect, frozen=True, kw_only=True, tag="hbtlf.ammunition_expended"):
    """Ammunition Points a formation expended (SR 10.44 at the table), within what it holds (11.62, 12.32-12.34)."""

    formation: str
    points: int
    map: str
    left: int
    opens_east: bool = False  # 11.62B: an Allied expenditure on the East map from GT8 ends the quiet zone


class AmmunitionReplaced(Effect, frozen=True, kw_only=True, tag="hbtlf.ammunition_replaced"):
    formation: str
    points: int


class SupremeHqMoved(Effect, frozen=True, kw_only=True, tag="hbtlf.supreme_hq_moved"):
    side: str


HbtlfEffect = (GameTurnBegun | InitiativeDecided | ImpulsesDeclared | ImpulseBegun | WeatherRolled | OtherTheatersRolled
               | SegmentEnded | UnitsMoved | CombatRecorded | MissionSet | FormationAttached | Released | Arrived | ArrivalSkipped | WithdrawnFromPlay | ClaimOpened
               | SupremeHqMoved | AmmunitionAllowance | ParisAbandoned | ParisDebtPaid
               | FortressAllowance | VictoryPointsRecorded
               | PlanAbandoned | RetireCounted | RetireEnded
               | NavalBarrageRolled | NavalBarrageDeclared | NavalMoved | HeavyArtilleryBuilt
               | BelgianFormationsDetached | BelgianReleased | BelgianReleaseRolled | BelgianTemporaryUsed | BelgianEvacuated
               | LeaderReplaced | LeaderReplacementWithheld | LeaderPlaced | LeaderPromoted | ControlRecorded | FortressesAbandoned
               | ZeppelinFlight | ZeppelinBased | IsolationRecorded | IsolationEnded
               | ParisSubstituted | TaxiLoaded | TaxiUnloaded | SubordinatedToGallieni | GallieniReleased | ParisEntrenchmentsRaised | MapExited | MapReentered | Interned | RiverFlooded | WaterworksDestroyed | BritishBelgianPoints | ZeppelinRemoved | MotorizedBreakdown | RepCredited
               | AmmunitionExpended | AmmunitionReplaced | TerritorialConverted | BefRevealed | BefEvacuated)
