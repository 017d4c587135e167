"""The orders of home-before-the-leaves-fall@1, tagged by stable wire names (never renamed)."""
from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.commands import Order


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
    french_sp: int = 0  # how many of the Allied SP were French (12.52B)
    allied_fortress_sp: int = 0
    eliminated: tuple[str, ...] = ()
    british_belgian_sp: int = 0  # @2, a separate British and Belgian player: how many of the German SP their units destroyed


class DeclareMission(Order, frozen=True, kw_only=True, tag="declare_mission"):
    army: str
    mission: str
    bulow: str = ""  # @2, 11.11: for the German First or Third Army, the Mission Order Bulow passed on


class AttachFormation(Order, frozen=True, kw_only=True, tag="attach_formation"):
    """A formation's Command Counter placed on a chart's Command Tracks (13.03): on the Independent
    Formations track or a corps track of its own (`corps` empty), or attached to a corps on that chart.
    When a counter may move is the Standard Rules' (command, 7.x), so it is a claim; the umpire checks
    the tracks' capacities (5.2) and the German attachment restrictions (11.56) first."""

    formation: str
    chart: str
    corps: str = ""


class ClaimEarlyRelease(Order, frozen=True, kw_only=True, tag="claim_early_release"):
    condition: str


class ClaimVictoryPoints(Order, frozen=True, kw_only=True, tag="claim_victory_points"):
    """Points the scenario awards for what the umpire cannot see (control of a village, BE in supply
    in Germany...), claimed for the seat's own side with the scenario's reason."""

    points: float
    reason: str


class ClaimBritishBelgianPoints(Order, frozen=True, kw_only=True, tag="claim_british_belgian_points"):
    """13.x7 C (@2, a separate British and Belgian player): Belgian territory still Allied controlled,
    `count` of `item` (belgian_hex_still_allied, belgian_village_or_town, belgian_city)."""

    item: str
    count: int = 1


class ClaimIsolation(Order, frozen=True, kw_only=True, tag="claim_isolation"):
    """12.27 (@2): the HQ of a corps attached to a French army is isolated, in `nation` (attested)."""

    hq: str
    army: str
    nation: str


class ClaimIsolationEnded(Order, frozen=True, kw_only=True, tag="claim_isolation_ended"):
    """12.27 (@2): the army reverts to the Mission Order procedure: `reason` no_longer_isolated or left_nation (attested)."""

    army: str
    reason: str


class ClaimNoPursuit(Order, frozen=True, kw_only=True, tag="claim_no_pursuit"):
    """12.52E (@2): all the army's units more than 3 hexes from every German infantry corps (attested)."""

    army: str


class ClaimParisSubstitution(Order, frozen=True, kw_only=True, tag="claim_paris_substitution"):
    """12.45A (@2): `leaving` is taken from Paris and `substitute`, of equal size and `sp` SPs like it, takes its place (attested)."""

    leaving: str
    substitute: str
    sp: int


class ClaimTaxi(Order, frozen=True, kw_only=True, tag="claim_taxi"):
    """12.45B (@2): the Paris taxis carry `unit`, an infantry unit of `sp` (4 or less) SPs (attested)."""

    unit: str
    sp: int


class UnloadTaxi(Order, frozen=True, kw_only=True, tag="unload_taxi"):
    """12.45B (@2): the taxis set their infantry unit down."""

    unit: str


class ClaimSubordination(Order, frozen=True, kw_only=True, tag="claim_subordination"):
    """12.45C (@2): `army`'s HQ has become subordinate to Gallieni (attested)."""

    army: str


class ClaimMapExit(Order, frozen=True, kw_only=True, tag="claim_map_exit"):
    """7.4 (@2): `unit` leaves the map from a hex in France by `edge` (W:south, W:west, E:south) (attested)."""

    unit: str
    edge: str


class ClaimMapReentry(Order, frozen=True, kw_only=True, tag="claim_map_reentry"):
    """7.4 (@2): `unit`, off the map, reappears at the edge hex `to` in Deployed Mode (attested)."""

    unit: str
    to: str


class ClaimInternment(Order, frozen=True, kw_only=True, tag="claim_internment"):
    """7.1 (@2): `unit` entered Holland or Switzerland, or left by the north edge west of Germany (`where`) (attested)."""

    unit: str
    where: str


class ClaimFlooding(Order, frozen=True, kw_only=True, tag="claim_flooding"):
    """12.63 (@2): Belgian `unit` spent 3 MPs to flood `river` (attested), in a rain impulse."""

    unit: str
    river: str


class ClaimWaterworksBarrage(Order, frozen=True, kw_only=True, tag="claim_waterworks_barrage"):
    """12.69 (@2): a barrage by German `artillery` adjacent to W:1408 called for a loss: the waterworks destroyed (attested)."""

    artillery: str


class ClaimCivicGuard(Order, frozen=True, kw_only=True, tag="claim_civic_guard"):
    """12.61D (@2): the Belgian Army retreated into Antwerp; `sp` (3 or fewer) Civic Guard SPs become Belgian Infantry REPs (attested)."""

    sp: int = 3


class ClaimPrisoners(Order, frozen=True, kw_only=True, tag="claim_prisoners"):
    """Prisoner Points the seat's side gained at the table (SR 11.6 is not in the text)."""

    points: int


class AbandonPlan(Order, frozen=True, kw_only=True, tag="abandon_plan"):
    plan: str  # schlieffen | plan17


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


class NavalMove(Order, frozen=True, kw_only=True, tag="naval_move"):
    """Naval Capacity used (3.1-3.2): `landing` (marine/naval infantry, Combat Class BE) or the French
    `transfer` between ports from GT7. Where the units end up is declared as a move (declare_moves)."""

    nation: str  # french | british
    kind: str  # landing | transfer
    formation: str
    be: int
    cavalry_be: int = 0
    embark: str
    disembark: str


class RollNavalBarrage(Order, frozen=True, kw_only=True, tag="roll_naval_barrage"):
    """The Allied Command Phase's naval barrage roll (3.3), once an impulse."""


class BarrageTarget(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    hex: str
    value: int


class NavalBarrage(Order, frozen=True, kw_only=True, tag="naval_barrage"):
    """One combat period's naval barrage (3.3), split over target hexes, for Barrage or Fire combat."""

    targets: tuple[BarrageTarget, ...]
    use: str = "barrage"


class BuildHeavyArtillery(Order, frozen=True, kw_only=True, tag="build_heavy_artillery"):
    """Heavy artillery SPs from Specialist REPs (11.61C, 12.21, 12.66, 12.75); `reps` says whose
    REPs pay where a nation may use two (British: british or french); empty: the nation's own."""

    unit: str
    nation: str  # german | french | belgian | british
    sp: int = 1
    reps: str = ""


class RollBelgianRelease(Order, frozen=True, kw_only=True, tag="roll_belgian_release"):
    """12.61B1: the Belgian player's secret roll for a temporary release, once a Game-Turn from GT3."""


class ClaimBelgianRelease(Order, frozen=True, kw_only=True, tag="claim_belgian_release"):
    """12.61B's conditions that need the counters: `antwerp_fortress_6sp` or `fewer_than_12_be`."""

    condition: str


class EvacuateBelgianArmy(Order, frozen=True, kw_only=True, tag="evacuate_belgian_army"):
    """12.62: the Belgian Army's naval evacuation from Antwerp, once a game, after a release."""


class EvacuateBef(Order, frozen=True, kw_only=True, tag="evacuate_bef"):
    """12.74 (from @2): every BEF unit in `hex` to Great Britain by sea, out of play for the
    scenario; whether `hex` is coastal, and a port (`port`), is terrain: the claim attests it."""

    hex: str
    port: bool = False


class OffMapRail(Order, frozen=True, kw_only=True, tag="offmap_rail"):
    """7.5: a German or French unit by rail off the map from one edge point to another (7.51, 7.52);
    the umpire counts the MP and the Rail Points, the other player confirms the unit's return at `to`."""

    unit: str
    to: str
    be: int
    cavalry_be: int = 0


class ReplaceLeader(Order, frozen=True, kw_only=True, tag="replace_leader"):
    """12.12/12.14: `by` replaces `leader`, whose counter bears the formation identifier `formation`."""

    leader: str
    formation: str = ""
    by: str


class PlaceLeader(Order, frozen=True, kw_only=True, tag="place_leader"):
    """12.11, 12.73 (@2): a reinforcement leader placed with a formation."""

    leader: str
    formation: str


class PromoteLeader(Order, frozen=True, kw_only=True, tag="promote_leader"):
    """12.13/12.15: a promotable leader takes his next command."""

    leader: str


class ClaimControl(Order, frozen=True, kw_only=True, tag="claim_control"):
    """That the seat's side controls a hex (`place`: the city or town it belongs to, if any)."""

    hex: str
    place: str = ""


class DeclareActivity(Order, frozen=True, kw_only=True, tag="declare_activity"):
    """An activity the Standard Rules define and the Exclusive Rules date: `entrenchment`,
    `permanent_entrenchment` or `air_spotting` (`balloon`: by a balloon unit), for the other player
    to confirm; `exception` names a printed case that lifts the date (12.23A)."""

    activity: str
    unit: str
    balloon: bool = False
    exception: str = ""


class ZeppelinOperation(Order, frozen=True, kw_only=True, tag="zeppelin_operation"):
    """11.82C: a Zeppelin flies to `target` (`terror`: a Terror Bombing of that town or city hex);
    `passes_over`: the Allied headquarters with artillery, artillery and fortress units on its path."""

    zeppelin: str
    target: str
    terror: bool = False
    passes_over: tuple[str, ...] = ()


class BaseZeppelin(Order, frozen=True, kw_only=True, tag="base_zeppelin"):
    """11.82C (@2): a Zeppelin based at one of the seven bases (pack table `zeppelin_bases`)."""

    zeppelin: str
    base: str


class RaidZeppelin(Order, frozen=True, kw_only=True, tag="raid_zeppelin"):
    """11.82C: on Game-Turn 9 the Allies remove one Zeppelin from play."""

    zeppelin: str


class MotorizedWithdrawal(Order, frozen=True, kw_only=True, tag="motorized_withdrawal"):
    """4.12: a (non-supply) motorized unit withdrew before combat at the table; `sp`: the SPs it has
    left, credited as Infantry REPs if it breaks down (once the other player confirms the figure)."""

    unit: str
    sp: int


class ExpendAmmunition(Order, frozen=True, kw_only=True, tag="expend_ammunition"):
    """A formation expends Ammunition Points in a combat at the table, on map `map` (W or E)."""

    formation: str
    points: int = 1
    map: str


class ReplaceAmmunition(Order, frozen=True, kw_only=True, tag="replace_ammunition"):
    """A formation replaces its Ammunition Points up to this Game-Turn's allowance (SR 10.44, 11.62)."""

    formation: str


class ConvertTerritorial(Order, frozen=True, kw_only=True, tag="convert_territorial"):
    """6.24: a French Territorial infantry division taken whole as replacements when it arrives;
    `infantry_sp`: its personnel and cadre SPs, `artillery_sp`: its artillery SPs."""

    unit: str
    infantry_sp: int
    artillery_sp: int = 0


class Withdraw(Order, frozen=True, kw_only=True, tag="withdraw"):
    units: tuple[str, ...]


class EndSegment(Order, frozen=True, kw_only=True, tag="end_segment"):
    pass


class NotYetBuilt(Order, frozen=True, kw_only=True, tag="exclusive_rule"):
    """Any other Exclusive Rule decision (fortress disbanding, plan abandonment, Belgian release,
    naval movement...): named by its rule number so the refusal can say it is not built yet."""

    rule: str
    detail: dict[str, Any] = {}


HbtlfOrder = (DeclareImpulses | DeclareMoves | ReportCombat | DeclareMission | ClaimEarlyRelease | ClaimVictoryPoints | ClaimPrisoners | ClaimBritishBelgianPoints | ClaimIsolation | ClaimIsolationEnded | ClaimNoPursuit
              | ClaimParisSubstitution | ClaimTaxi | UnloadTaxi | ClaimSubordination | ClaimMapExit | ClaimMapReentry | ClaimInternment | ClaimFlooding | ClaimWaterworksBarrage | ClaimCivicGuard | AbandonPlan | UseReplacements | UseRail
              | Withdraw | EndSegment | DisbandFortress | NavalMove | RollNavalBarrage | NavalBarrage | BuildHeavyArtillery | OffMapRail | ReplaceLeader | PlaceLeader | PromoteLeader | ClaimControl | DeclareActivity | ZeppelinOperation | BaseZeppelin | RaidZeppelin | MotorizedWithdrawal | ExpendAmmunition | ReplaceAmmunition | ConvertTerritorial
              | RollBelgianRelease | ClaimBelgianRelease | EvacuateBelgianArmy | AttachFormation | EvacuateBef | NotYetBuilt)
