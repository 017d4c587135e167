"""The facts of the armed forces' exclusive rules of home-before-the-leaves-fall (11.0 The German
Armed Forces, 12.0 The Allied Armed Forces: leaders, fortresses, strategic plans, artillery and
ammunition, Zeppelins, Paris, the Belgian Army, the BEF), tagged by stable wire names (never renamed)."""
from __future__ import annotations

from domain.kernel.dice import Roll
from domain.kernel.effects import Effect


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
