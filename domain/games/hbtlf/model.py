"""State, orders and effects of home-before-the-leaves-fall@1 (ledger mode)."""
from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.commands import Order
from domain.kernel.core import Core
from domain.kernel.dice import Roll
from domain.kernel.effects import Effect

class State(msgspec.Struct, frozen=True, kw_only=True):
    core: Core
    impulses: tuple[int, ...] = ()  # lengths in days of this Game-Turn's impulses still to be played in it
    days_before: int = 0  # days of this Game-Turn used before those impulses (a scenario starting mid-turn)
    order: tuple[str, ...] = ()  # this impulse's player order: first player, second player
    done: tuple[str, ...] = ()  # seats that ended their segment of this impulse
    initiative: str = ""
    weather: str = ""
    month: str = ""
    positions: dict[str, str] = {}  # unit token -> where it stands, as set up or as confirmed
    sides: dict[str, str] = {}
    armies: dict[str, str] = {}
    groups: dict[str, str] = {}  # unit token -> the first formation of its set-up group (a corps and its divisions)
    fortresses: tuple[str, ...] = ()
    errata_applied: tuple[str, ...] = ()  # the errata entries the set-up was read with
    eliminated: tuple[str, ...] = ()
    withdrawn: tuple[str, ...] = ()
    losses: dict[str, int] = msgspec.field(default_factory=lambda: {"german": 0, "allied": 0, "allied_fortress": 0})
    liege_fell_gt: int | None = None
    missions: dict[str, str] = {}  # army -> Mission Order
    army_sides: dict[str, str] = {}
    released: tuple[str, ...] = ()  # German formations released from the Schlieffen Plan's holds
    hq_moved: tuple[str, ...] = ()  # sides whose supreme HQ moved this Game-Turn
    last_hq_moved: tuple[str, ...] = ()  # ... during the Game-Turn just ended (5.1)
    kaiser_on_map: bool = False
    claims: dict[str, dict[str, Any]] = {}  # attestation id -> what was declared (kind, units, Game-Turn)
    other_theaters: dict[str, str] = {}
    paris_abandoned: bool = False  # 12.26
    paris_debt: int = 0  # Rail Points still owed at the next Strategic Phase (12.26)
    vp: dict[str, float] = {}  # victory points claimed and confirmed, by side
    ammunition: dict[str, int] = {}  # Ammunition Points a formation may hold this Game-Turn, by nation


# --- orders ------------------------------------------------------------------------------------


class MoveDecl(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    unit: str
    to: str


class DeclareImpulses(Order, frozen=True, kw_only=True, tag="declare_impulses"):
    days: tuple[int, ...]
    first: str  # the seat that is first player in this Game-Turn's impulses


class DeclareMoves(Order, frozen=True, kw_only=True, tag="declare_moves"):
    moves: tuple[MoveDecl, ...]


class ReportCombat(Order, frozen=True, kw_only=True, tag="report_combat"):
    german_sp: int = 0
    allied_sp: int = 0
    allied_fortress_sp: int = 0
    eliminated: tuple[str, ...] = ()


class DeclareMission(Order, frozen=True, kw_only=True, tag="declare_mission"):
    army: str
    mission: str


class ClaimEarlyRelease(Order, frozen=True, kw_only=True, tag="claim_early_release"):
    condition: str


class ClaimVictoryPoints(Order, frozen=True, kw_only=True, tag="claim_victory_points"):
    """Points the scenario awards for what the umpire cannot see (control of a village, BE in supply
    in Germany...), claimed for the seat's own side with the scenario's reason."""

    points: float
    reason: str


class ClaimPrisoners(Order, frozen=True, kw_only=True, tag="claim_prisoners"):
    """Prisoner Points the seat's side gained at the table (SR 11.6 is not in the text)."""

    points: int


class UseReplacements(Order, frozen=True, kw_only=True, tag="use_replacements"):
    kind: str  # inf | da | spec
    amount: int
    unit: str


class UseRail(Order, frozen=True, kw_only=True, tag="use_rail"):
    formation: str
    be: int
    cavalry_be: int = 0
    mp: int


class DisbandFortress(Order, frozen=True, kw_only=True, tag="disband_fortress"):
    """Fortress Class SPs taken from the map for Specialist REPs (11.31, 12.41); which fortress
    unit gives them up is the player's, recorded as `fortress` (the counters' SPs are not in the text)."""

    fortress: str
    sp: int
    offmap: int = 0


class Withdraw(Order, frozen=True, kw_only=True, tag="withdraw"):
    units: tuple[str, ...]


class EndSegment(Order, frozen=True, kw_only=True, tag="end_segment"):
    pass


class NotYetBuilt(Order, frozen=True, kw_only=True, tag="exclusive_rule"):
    """Any other Exclusive Rule decision (fortress disbanding, plan abandonment, Belgian release,
    naval movement...): named by its rule number so the refusal can say it is not built yet."""

    rule: str
    detail: dict[str, Any] = {}


HbtlfOrder = (DeclareImpulses | DeclareMoves | ReportCombat | DeclareMission | ClaimEarlyRelease | ClaimVictoryPoints | ClaimPrisoners | UseReplacements | UseRail
              | Withdraw | EndSegment | DisbandFortress | NotYetBuilt)


# --- effects -----------------------------------------------------------------------------------


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
    allied_fortress_sp: int
    eliminated: tuple[str, ...]
    attestation: str


class MissionSet(Effect, frozen=True, kw_only=True, tag="hbtlf.mission"):
    army: str
    mission: str


class Released(Effect, frozen=True, kw_only=True, tag="hbtlf.released"):
    formations: tuple[str, ...]
    reason: str


class Arrived(Effect, frozen=True, kw_only=True, tag="hbtlf.arrived"):
    side: str
    units: tuple[str, ...]
    at: str


class WithdrawnFromPlay(Effect, frozen=True, kw_only=True, tag="hbtlf.withdrawn"):
    units: tuple[str, ...]


class ClaimOpened(Effect, frozen=True, kw_only=True, tag="hbtlf.claim"):
    """What a seat declared, kept beside the kernel's attestation so a settlement is read against it."""

    id: str
    claim: dict[str, Any]


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


class SupremeHqMoved(Effect, frozen=True, kw_only=True, tag="hbtlf.supreme_hq_moved"):
    side: str


HbtlfEffect = (GameTurnBegun | InitiativeDecided | ImpulsesDeclared | ImpulseBegun | WeatherRolled | OtherTheatersRolled
               | SegmentEnded | UnitsMoved | CombatRecorded | MissionSet | Released | Arrived | WithdrawnFromPlay | ClaimOpened
               | SupremeHqMoved | AmmunitionAllowance | ParisAbandoned | ParisDebtPaid
               | FortressAllowance | VictoryPointsRecorded)
