"""The facts home-before-the-leaves-fall rules, tagged by stable wire names (never renamed): the
sequence of play, the declared moves and combats, claims, arrivals and what every nation shares.
Those of the armed forces' exclusive rules (11.0 The German, 12.0 The Allied Armed Forces) are in
`effects_armed_forces`; `HbtlfEffect` is every one of both."""
from __future__ import annotations

from typing import Any

from domain.kernel.dice import Roll
from domain.kernel.effects import Effect

from domain.games.hbtlf.effects_armed_forces import (
    BefRevealed, BefEvacuated, AmmunitionAllowance, ParisAbandoned, ParisDebtPaid, FortressAllowance,
    PlanAbandoned, RetireCounted, RetireEnded, HeavyArtilleryBuilt, BelgianFormationsDetached,
    BelgianReleased, BelgianReleaseRolled, BelgianTemporaryUsed, BelgianEvacuated, LeaderReplaced,
    LeaderReplacementWithheld, LeaderPlaced, LeaderPromoted, FortressesAbandoned, ZeppelinFlight,
    IsolationRecorded, IsolationEnded, ParisSubstituted, TaxiLoaded, TaxiUnloaded, SubordinatedToGallieni,
    GallieniReleased, ParisEntrenchmentsRaised, RiverFlooded, WaterworksDestroyed, ZeppelinBased,
    ZeppelinRemoved, AmmunitionExpended, AmmunitionReplaced,
)
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


class VictoryPointsRecorded(Effect, frozen=True, kw_only=True, tag="hbtlf.victory_points"):
    side: str
    points: float
    reason: str
    attestation: str


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


class ControlRecorded(Effect, frozen=True, kw_only=True, tag="hbtlf.control"):
    """A confirmed claim that a side controls a hex (SR control rules are not in the text)."""

    hex: str
    side: str
    place: str
    attestation: str


class BritishBelgianPoints(Effect, frozen=True, kw_only=True, tag="hbtlf.british_belgian_points"):
    """@2: points of a separate British and Belgian player (13.x7 C): German SP their units destroyed
    (`sp`, taken from the French total), or Belgian territory."""

    points: float
    sp: int = 0
    reason: str
    attestation: str


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
