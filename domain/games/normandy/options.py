"""Normandy 1944's options: every ambiguity of the digest's Appendix A (Q1-Q64) as a named option
with its default, and the rulings this version had to make about the reconstructed pack.

A default follows the literal text where the text is clear; where it departs, or where the text is
silent, `description` says why. `ruled` tells whether this version's rules read the option (an
option of a deferred rule is still pinned at genesis, so a later version reads the same value;
its description says the rule is deferred).
"""
from __future__ import annotations

from typing import Any

from domain.games.normandy import cite
from domain.kernel.ruleset import Option, OptionNotBuilt

# (id, name, default, choices, section, lines, why, ruled here)
_Q: tuple[tuple[str, str, Any, tuple[Any, ...] | None, str, tuple[int, int], str, bool], ...] = (
    ("Q01", "hq_reset", "end_of_phase", ("end_of_phase", "end_of_player"), "§0.1.1", (35, 35),
     "HQs return to their ready side at the end of phases A and B, as §0.1.1 prints", True),
    ("Q02", "extended_blocks", "phase", ("phase", "turn"), "§5.2", (216, 216),
     "an Extended-move HQ may not fight until its reset; 'turn' is the literal 'same turn'", False),
    ("Q03", "air_assignment", "once_per_turn", ("once_per_turn",), "§1.0", (66, 66),
     "air missions are assigned once, in the Air Availability Phase", False),
    ("Q04", "storm_test_when", "start_of_phase", ("start_of_phase",), "§1.1.1.1", (82, 82),
     "the storm test is made at the start of phases A and B, before any movement", True),
    ("Q05", "storm_in_a_forces_b", True, (True, False), "§1.1.1.1", (86, 86),
     "after a storm in A, B is rain/overcast without a test (literal)", True),
    ("Q06", "weather_categories", "pack", ("pack",), "§1.1.1.1", (79, 79),
     "weather categories and values come from the pack's weather table (placeholder)", True),
    ("Q07", "german_admin_roll_is_initiative", True, (True, False), "§1.1.1.3", (102, 102),
     "one German roll serves the initiative and the replacements", True),
    ("Q08", "replacement_types", ("infantry", "luftwaffe", "panzergrenadier", "panzer"), None, "§1.1.1.3", (102, 102),
     "both lists of replacement kinds are supported", False),
    ("Q09", "rebuild_rate", 1, (1,), "§1.1.1.3", (104, 104), "one step per unit per Administration Phase", False),
    ("Q10", "rest_lasts", "until_lifted", ("until_lifted",), "§1.1.1.3", (108, 108),
     "a Rest marker stays until its owner lifts it or an enemy unit is adjacent", False),
    ("Q11", "entry_cost", "entry_hex_paid", ("entry_hex_paid",), "§1.1.2.1", (114, 118),
     "an arriving unit enters in its owner's movement, paying the entry hex from its allowance", True),
    ("Q12", "allied_markers_route", "to_supplied_hq", ("to_supplied_hq",), "§1.1.1.2", (97, 98),
     "markers are given to supplied HQs; their 12-MP journey from the depot is not ruled in this version", True),
    ("Q13", "markers_move_as_motorized", True, (True,), "§0.2.1", (55, 55), "markers move as motorised units", False),
    ("Q14", "division_counts_once", True, (True, False), "§5.1", (208, 208),
     "all counters of one division count as one division for the cap of 5", True),
    ("Q15", "activation_covers_own_bonus", True, (True, False), "§5.3", (223, 223),
     "the activating HQ's marker covers its own bonus", True),
    ("Q16", "support_range_to", "defending_hex", ("defending_hex",), "§5.3", (219, 220),
     "the 2-hex range (inclusive, Art 5.3) is counted from the HQ to the defending hex", True),
    ("Q17", "defensive_support_hqs", 1, (1,), "§5.3", (224, 224), "one HQ gives defensive support, 1 CS", True),
    ("Q18", "tas_overrun_from_turn", 7, (7, 8), "§4.3/§9.1", (188, 374), "TAS for overrun and exploitation from turn 7, US only", False),
    ("Q19", "tas_timing", "before_shifts", ("before_shifts",), "§6.3/§9.1", (246, 373), "TAS is asked before the shifts", False),
    ("Q20", "tas_retreat_disorganises", "combat_with_tas", ("combat_with_tas",), "§9.1", (376, 377),
     "German units retreating from a combat with TAS take +1 D", False),
    ("Q21", "retreat_length", 1, (1, 2), "§6.6", (277, 281), "the text gives no length: one hex", True),
    ("Q22", "losses_allocated_by", "owner_default_largest", ("owner_default_largest",), "§6.4", (252, 252),
     "the owner allocates; this version applies the owner's default (the unit with most steps first) at once", True),
    ("Q23", "withheld_also_retreat", True, (True, False), "§6.4", (253, 253), "all units of a retreating hex retreat (literal)", True),
    ("Q24", "failed_overrun_returns_to", "move_start", ("move_start", "launch_hex"), "§4.3", (193, 193),
     "a failed overrun returns to the hex the move began in", False),
    ("Q25", "defender_may_withhold_d", True, (True, False), "§6.5", (273, 273), "D/A units may be left out; one unit defends", False),
    ("Q26", "multi_stack_d_shift", "worst_attacking_stack", ("worst_attacking_stack",), "§6.5", (276, 276),
     "the attacker's own D/A shift is that of its worst stack", True),
    ("Q27", "elite_drm", 1, (0, 1), "§6.3", (248, 248),
     "the text names an elite modifier without a value: +1 when an elite unit attacks (placeholder)", True),
    ("Q28", "unit_to_hq_path", "no_road_same_nationality", ("no_road_same_nationality",), "§7.3.1", (349, 349),
     "unit to HQ needs no road; any supplied HQ of the unit's nationality; HQ to depot by road", True),
    ("Q29", "box_links_are_roads", True, (True,), "§7.3.1/§4.1.2", (174, 174), "box links count as roads", True),
    ("Q30", "vp_timing", "state_at_turn_end", ("state_at_turn_end",), "§11.3", (591, 614),
     "state VPs (cities, depots, Paris, +20 German) at each turn end, event VPs at once", True),
    ("Q31", "vp_track", "net", ("net",), "§11.3", (614, 614), "one net track, Allied minus German; +-25 marginal, +-50 decisive", True),
    ("Q32", "sc1_heavy_bombers", False, (False, True), "§11.1", (467, 468), "Scenario 1: no heavy bombers, as printed", False),
    ("Q33", "sc1_length", (1, 4), None, "§11.1", (465, 465), "Scenario 1 plays turns 1-4", True),
    ("Q34", "sc1_hexes", "0619_and_0218_as_printed", ("0619_and_0218_as_printed",), "§11.1", (471, 473),
     "'619' reads 0619; LXXXIV Korps set at 0218 as printed", True),
    ("Q35", "sc1_us_hq", "us-vii-corps@0617", ("us-vii-corps@0617", "none"), "§11.1", (472, 480),
     "Scenario 1 lists no US HQ, yet US combat needs one: VII Corps at Utah (inferred from history)", True),
    ("Q36", "campaign_last_turn", 12, (12,), "§11.3", (496, 496), "the campaign ends with turn 12", False),
    ("Q37", "brest_is_german_depot", True, (True, False), "§7.2", (343, 343), "Brest is a German depot (§7.2)", False),
    ("Q38", "cherbourg_occupation", "halve_then_destroy", ("halve_then_destroy",), "§7.1.3", (338, 338),
     "a German unit a whole turn in Cherbourg halves the port, 2 more turns destroy it", False),
    ("Q39", "cherbourg_full_after", 3, (3,), "§7.1.3", (337, 337), "Cherbourg full 3 turns after the reduced port", False),
    ("Q40", "construction_start", "on_control", ("on_control",), "§7.1", (326, 326), "arrival = capture turn + time + 1", False),
    ("Q41", "box_interdiction", "pack", ("pack",), "§4.1.2/§6.12", (177, 316), "box interdiction values from the pack", False),
    ("Q42", "strategic_interdiction_per", "box", ("box",), "§9.5", (399, 399), "the 1 HB / 1-2 MB / 1-2 FB limit is per box", False),
    ("Q43", "siege_vp", "per_turn", ("per_turn",), "§6.13", (320, 320), "siege VPs each turn while besieged", False),
    ("Q44", "phase0_tas", False, (False,), "§10", (407, 420), "no TAS in phase 0 (night)", False),
    ("Q45", "turn01_hq_needs_support", False, (False,), "§10", (402, 402), "turns 0-1: HQs activate without a marker or support", True),
    ("Q46", "dday_confusion_reattack", True, (True,), "Q&A 61-62", (448, 448), "a confused beach is attacked twice, D-Day only", False),
    ("Q47", "paris_vp_cumulative", True, (True, False), "§4.1.2/§11.3", (181, 603), "Paris +10 and 2DB +20 add up", False),
    ("Q48", "partisan_action", "plus_two_only", ("plus_two_only",), "§4.1.2", (178, 179), "the Résistance action is the +2", False),
    ("Q49", "festung_line", "pack", ("pack",), "§0.1.2", (47, 50), "the fortified line's benefit from the TEC", False),
    ("Q50", "motorized_infantry", "counter_flags", ("counter_flags",), "§2.2", (158, 158), "per-counter flags", True),
    ("Q51", "stacks_move_together", False, (False,), "§4.1.1", (168, 168),
     "one unit's move is completed before the next (literal); stack moves only matter for overrun", True),
    ("Q52", "reserve_units_attack", False, (False,), "§4.1.1/§6.8", (172, 292), "Reserve units wait for Exploitation", True),
    ("Q53", "counterattackers_controlled", True, (True,), "§6.9", (296, 297), "counterattackers are controlled by the HQ", False),
    ("Q54", "naval_track_per", "turn", ("turn",), "§6.2", (478, 478), "naval points per turn", False),
    ("Q55", "battery_stunned", "affected", ("affected",), "§6.2", (242, 242), "a 'stunned' battery is Affected", False),
    ("Q56", "crt_codes", "pack", ("pack",), "§6.8", (289, 294), "Breakthrough = Exploitation; E = defenders eliminated; codes from the pack", True),
    ("Q57", "confusion_exit_roll", "as_Q41", ("as_Q41",), "§1.1.2.2", (124, 124), "both sides roll as Q41", False),
    ("Q58", "blocked_depot", "no_placement_no_supply", ("no_placement_no_supply",), "§7.2", (346, 346), "a blocked depot neither receives nor supplies", False),
    ("Q59", "ffi_steps", 2, (2,), "§4.1.2", (182, 182), "FFI Paris has 2 steps", False),
    ("Q60", "exploitation_advance_counterattack", False, (False,), "§6.9", (298, 298), "an advance inside an exploitation opens no counterattack", False),
    ("Q61", "defensive_support_free", True, (True,), "§5.3", (224, 224), "defensive support spends no marker (§5.3 over §0.1.1)", True),
    ("Q62", "transfers_first", True, (True,), "§1.0/§1.1.2.2", (67, 121), "transfers first, then moves, in any order", True),
    ("Q63", "return_to_reserve", "as_rest_without_loss", ("as_rest_without_loss",), "§1.1.1.3", (109, 110), "as Rest, no step loss needed", False),
    ("Q64", "exploitation_timing", "after_activation", ("after_activation",), "§6.8", (290, 290), "after the HQ's current activation", False),
)

# Rulings about the reconstructed pack, not ambiguities of the text.
_PACK_RULINGS: tuple[tuple[str, Any, tuple[Any, ...] | None, str], ...] = (
    ("hq_road_access", 2, (0, 1, 2),
     "§7.3.2 asks for a road path from the HQ to a depot; the pack's roads (inferred, 143 of the 409 land hexes) reach "
     "no beach and not every HQ hex, so the path may leave the road for this many hexes at each end (0 = the literal "
     "reading; with 1, four of Cobra's six German HQs start out of supply behind their own lines)"),
    ("stacking_checked", "end_of_each_move", ("end_of_each_move",),
     "§2.1 checks stacking at the end of the Movement Phase; one unit moves at a time, so this version checks the hex "
     "each move ends in (a unit may still pass through a full hex): the phase then always ends within the limits"),
    ("initial_control", "nearest_unit", ("nearest_unit",),
     "the scenarios print no control markers: each land hex starts controlled by the side of the nearest unit "
     "(ties German, who held France at the start, §4.1.2) (inferred)"),
    ("cobra_allied_depots", ("0617", "0714", "0711", "0708", "0807", "0223"), None,
     "Scenario 2 prints no depots: Utah, Omaha (St Laurent), Gold (Arromanches), Juno, Sword and Cherbourg (reduced, "
     "taken late June, 3 turns to build) are open on 18 July (inferred from history)"),
)


def _option(q, ruled_here: frozenset[str] = frozenset()) -> Option:
    qid, name, default, choices, where, lines, why, ruled = q
    ruled = ruled or qid in ruled_here
    return Option(name=f"{qid}_{name}", default=default, choices=choices,
                  description=f"{where}: {why}" + ("" if ruled else " (its rule is deferred in this version)"),
                  cite=cite.rb(where, *lines) if lines[0] <= lines[1] else cite.rb(where, lines[1], lines[0]))


def _pack(rulings) -> tuple[Option, ...]:
    return tuple(Option(name=n, default=d, choices=c, kind="pack", description=why) for n, d, c, why in rulings)


OPTIONS: tuple[Option, ...] = tuple(_option(q) for q in _Q) + _pack(_PACK_RULINGS)

# `normandy-1944@3` rules the air system (§1.1.1.1, §9.1, §9.3, §9.4) and bombardment (§6.2).
# Q18 (TAS in overrun and exploitation), Q42 (strategic interdiction) and Q55 (coastal batteries,
# Turn 0) stay deferred with their rules.
RULED_IN_3 = frozenset({"Q03", "Q19", "Q20", "Q32", "Q54"})
_PACK_RULINGS_3 = (
    ("sc1_air_share", "half_rounded_up", ("half_rounded_up", "half_rounded_down"),
     "§11.1 gives Scenario 1 '50% of Aerial US missions' (L479): only the US air counters are in its cups and each AFAT "
     "draw is halved, rounded up as the same scenario rounds its Offensive markers (inferred)"),
)
OPTIONS_3: tuple[Option, ...] = tuple(_option(q, RULED_IN_3) for q in _Q) + _pack(_PACK_RULINGS + _PACK_RULINGS_3)

# `normandy-1944@4` rules Reserve (§4.1.1), overrun (§4.3) and Exploitation (§6.8): Q18 (TAS in an
# overrun or an Exploitation), Q24 (where a failed overrun goes back to), Q56 (the X code), Q60 (no
# counterattack after an advance inside an Exploitation) and Q64 (when the free activation comes)
# are read; Q51 and Q52 were already pinned (one unit's move at a time; Reserve units wait).
# It also rules the off-map layer (§4.1.2, §5.2, §6.12's exit, §7.2's vanishing depots) and
# Confusion (§6.11) with the special operations it needs (§4.4), sieges (§6.13) and Paris (§4.1.2,
# §11.3). Q46 (D-Day) stays deferred.
RULED_IN_4 = RULED_IN_3 | frozenset({"Q18", "Q24", "Q60", "Q64"}) \
    | frozenset({"Q02", "Q29", "Q37", "Q41", "Q42", "Q43", "Q47", "Q48", "Q49", "Q57", "Q58", "Q59"})
_RULINGS_4: tuple[tuple[str, Any, tuple[Any, ...] | None, str, str, tuple[int, int]], ...] = (
    ("exploitation_attackers", "reserve_stacks_only", ("reserve_stacks_only",), "§6.8",
     "the free activation's attacks are made by the Reserve stacks it activated ('These units may move and attack'); "
     "the HQ's other units had their normal activation (inferred)", (291, 292)),
    ("exploitation_repeats", False, (False,), "§6.8",
     "an X result inside the free activation gives no further one (the text grants 'one free additional activation'; "
     "inferred)", (290, 290)),
    ("overrun_support", "tas_only", ("tas_only",), "§4.3",
     "an overrun is 'counted as a movement, not a combat' and costs no marker: no HQ gives it support, attacking or "
     "defending, and no bombardment is made; only Tactical Air Support (Q18) may join, as §4.3 names it (inferred)",
     (188, 190)),
)
# Q02: §5.2 says plainly 'may not be used for combat on the same turn'; the earlier versions, which did
# not rule it, pinned the digest's 'phase'. Version 4 rules it and takes the literal reading as its default.
_Q_4 = tuple((q[0], q[1], "turn", q[3], q[4], q[5],
              "an Extended-move HQ may not fight for the rest of the turn, as §5.2 prints ('phase' ends the ban at "
              "its reset, the digest's proposal)", q[7]) if q[0] == "Q02" else q for q in _Q)
_PACK_RULINGS_4 = (
    ("german_arrival", "edge", ("edge", "box"),
     "§1.1.2.1 puts the German reinforcements after turn 1 'in the corresponding Off-map Strategic Map box', printed on "
     "each counter, which the pack does not hold: 'edge' lets them enter by their arrival's map edge, as before; 'box' "
     "has them enter through a coloured box joined to that edge, rolling its interdiction first (§4.1.2) (inferred)"),
)
OPTIONS_4: tuple[Option, ...] = (tuple(_option(q, RULED_IN_4) for q in _Q_4) + _pack(_PACK_RULINGS + _PACK_RULINGS_3 + _PACK_RULINGS_4)
                                 + tuple(Option(name=n, default=d, choices=c, description=f"{w}: {why}", cite=cite.rb(w, *lines))
                                         for n, d, c, w, why, lines in _RULINGS_4))

# The values of OPTIONS_4 that `normandy-1944@4` applies, for each option where some named value is
# applied by no rule (the rule reads the default, or its rule is deferred): genesis refuses the
# others with `option_not_built` rather than pin a value nobody reads. Versions 1-3 are left as
# recorded. Q05's other reading is applied (weather.storm_test), so it is not listed.
APPLIED_4: dict[str, tuple[tuple[Any, ...], str]] = {
    "Q01_hq_reset": (("end_of_phase",), "the HQs are reset at the end of phases A and B only (phase_tables.py)"),
    "Q07_german_admin_roll_is_initiative": ((True,), "replacements are not built: the German roll serves the initiative"),
    "Q08_replacement_types": ((("infantry", "luftwaffe", "panzergrenadier", "panzer"),), "replacements are not built"),
    "Q14_division_counts_once": ((True,), "the command cap (command.py) and the Allied one-division limit (offmap.py) count a division's counters once"),
    "Q15_activation_covers_own_bonus": ((True,), "the activating HQ's marker always covers its own bonus (combat.py)"),
    "Q21_retreat_length": ((1,), "a retreat is one hex (retreat.py); a two-hex path is not built"),
    "Q23_withheld_also_retreat": ((True,), "every unit of a retreating hex retreats (retreat.py)"),
    "Q25_defender_may_withhold_d": ((True,), "withholding is not built: every unit of the defending hex defends (combat.py)"),
    "Q33_sc1_length": (((1, 4),), "Scenario 1's turns come from the pack's scenario (turns 1-4)"),
    "Q47_paris_vp_cumulative": ((True,), "both Paris bonuses are posted (offmap.py, victory.py)"),
}


def refuse_unbuilt(ruleset_id: str, options: dict[str, Any], applied: dict[str, tuple[tuple[Any, ...], str]]) -> None:
    for name, (values, why) in applied.items():
        if options.get(name) not in values:
            raise OptionNotBuilt(f"option {name!r} = {options[name]!r} is not built in {ruleset_id}: {why}; "
                                 f"built: {list(values)}")


# `normandy-1944@5` rules the Administration Phase for turns >= 1 (§1.1.1.3 with §6.10: German
# replacements, rebuilding, Rest, the return to the strategic reserve) and the defender's
# withholding (§6.5, Q25), and the Allied ports (§7.1-§7.1.3, ports.py: Q38, Q39, Q40). Each rule
# built in @5 moves its options' values from APPLIED_5's refusals to applied.
RULED_IN_5 = RULED_IN_4 | frozenset({"Q25", "Q08", "Q09", "Q10", "Q63"})
RULED_PORTS_5 = frozenset({"Q38", "Q39", "Q40"})
_RULINGS_PORTS_5: tuple[tuple[str, Any, tuple[Any, ...] | None, str, str, tuple[int, int]], ...] = (
    ("depot_rebuilt", False, (False,), "§7.1.1",
     "an Allied depot destroyed (by a storm, an enemy unit's entry or Cherbourg's occupation) is never built again: "
     "§7.1.1 says so of the Mulberries and is silent on the others, whose counter is destroyed too (inferred)", (333, 333)),
)
OPTIONS_5: tuple[Option, ...] = (tuple(_option(q, RULED_IN_5 | RULED_PORTS_5) for q in _Q_4)
                                 + _pack(_PACK_RULINGS + _PACK_RULINGS_3 + _PACK_RULINGS_4)
                                 + tuple(Option(name=n, default=d, choices=c, description=f"{w}: {why}", cite=cite.rb(w, *lines))
                                         for n, d, c, w, why, lines in _RULINGS_4 + _RULINGS_PORTS_5))
APPLIED_5: dict[str, tuple[tuple[Any, ...], str]] = {
    **{k: v for k, v in APPLIED_4.items() if k not in ("Q07_german_admin_roll_is_initiative", "Q25_defender_may_withhold_d")},
    "Q08_replacement_types": ((("infantry", "luftwaffe", "panzergrenadier", "panzer"),),
                              "the German Resources table (a placeholder, replacements.py) and the units' kinds name these four"),
}
