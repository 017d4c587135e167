"""The rulings of the orders given in an impulse, one module per group of rulebook sections, and the
table that says which function rules which order (rules.py looks it up)."""
from __future__ import annotations

from typing import Any, Callable

from domain.games.hbtlf import orders as o
from domain.games.hbtlf.rulings import air, attested, belgian, british, command, munitions, navy, paris, rail, replacements, turn
from domain.games.hbtlf.rulings.context import Ruling

IMPULSE: dict[type, Callable[[Ruling, Any], None]] = {
    o.DeclareMoves: attested.declare_moves,
    o.ReportCombat: attested.report_combat,
    o.DeclareMission: command.declare_mission,
    o.AttachFormation: command.attach_formation,
    o.ClaimEarlyRelease: command.claim_early_release,
    o.ClaimVictoryPoints: attested.claim_victory_points,
    o.AbandonPlan: command.abandon_plan,
    o.ClaimPrisoners: attested.claim_prisoners,
    o.ClaimIsolation: command.claim_isolation,
    o.ClaimIsolationEnded: command.claim_isolation_ended,
    o.ClaimNoPursuit: command.claim_no_pursuit,
    o.ClaimParisSubstitution: paris.claim_paris_substitution,
    o.ClaimTaxi: paris.claim_taxi,
    o.UnloadTaxi: paris.unload_taxi,
    o.ClaimSubordination: paris.claim_subordination,
    o.ClaimMapExit: rail.claim_map_exit,
    o.ClaimMapReentry: rail.claim_map_reentry,
    o.ClaimInternment: rail.claim_internment,
    o.ClaimFlooding: belgian.claim_flooding,
    o.ClaimCivicGuard: belgian.claim_civic_guard,
    o.ClaimWaterworksBarrage: belgian.claim_waterworks_barrage,
    o.ClaimBritishBelgianPoints: attested.claim_british_belgian_points,
    o.UseReplacements: replacements.use_replacements,
    o.UseRail: rail.use_rail,
    o.DisbandFortress: replacements.disband_fortress,
    o.NavalMove: navy.naval_move,
    o.BuildHeavyArtillery: replacements.build_heavy_artillery,
    o.OffMapRail: rail.offmap_rail,
    o.ReplaceLeader: command.replace_leader,
    o.PromoteLeader: command.promote_leader,
    o.PlaceLeader: command.place_leader,
    o.ClaimControl: attested.claim_control,
    o.DeclareActivity: attested.declare_activity,
    o.ZeppelinOperation: air.zeppelin_operation,
    o.RaidZeppelin: air.raid_zeppelin,
    o.BaseZeppelin: air.base_zeppelin,
    o.MotorizedWithdrawal: replacements.motorized_withdrawal,
    o.ExpendAmmunition: munitions.expend,
    o.ReplaceAmmunition: munitions.replace,
    o.ConvertTerritorial: replacements.convert_territorial,
    o.RollBelgianRelease: belgian.roll_release,
    o.ClaimBelgianRelease: belgian.claim_release,
    o.EvacuateBelgianArmy: belgian.evacuate,
    o.EvacuateBef: british.evacuate_bef,
    o.RollNavalBarrage: navy.roll_naval_barrage,
    o.NavalBarrage: navy.naval_barrage,
    o.Withdraw: turn.withdraw,
    o.EndSegment: turn.end_segment,
}

# Orders ruled from @2 on: @1 refuses them (`not_in_this_ruleset_version`) and /legal leaves them out.
V2: frozenset[type] = frozenset((o.BaseZeppelin, o.PlaceLeader, o.ClaimBritishBelgianPoints, o.ClaimIsolation,
                                o.ClaimIsolationEnded, o.ClaimNoPursuit, o.ClaimParisSubstitution,
                                o.ClaimTaxi, o.UnloadTaxi, o.ClaimSubordination, o.ClaimMapExit, o.ClaimMapReentry,
                                o.ClaimInternment, o.ClaimFlooding, o.ClaimWaterworksBarrage, o.EvacuateBef,
                                o.ClaimCivicGuard))
