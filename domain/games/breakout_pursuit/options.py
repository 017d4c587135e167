"""Named options: every ambiguity of the rulebook as a ruling with the recommended default
(digest §8.4), plus the optional rules. The options in force are pinned in the genesis event and
cited in every ruling that depends on them.
"""
from __future__ import annotations

from domain.games.breakout_pursuit import cite
from domain.kernel.ruleset import Option


def ruling(name: str, default, choices, description: str, where=None) -> Option:
    return Option(name=name, default=default, choices=tuple(choices), kind="ruling", description=description, cite=where)


OPTIONS: tuple[Option, ...] = (
    ruling("halve_strength_rounding", "up", ("up", "down"),
           "Halved combat strengths round up ('half of nine is five'); the handwritten 'fractions round down' beside the "
           "Isolated row is not applied to strength.", cite.COMBAT_F),
    ruling("halve_scope", "per_unit", ("per_unit", "per_stack"), "Strengths are halved unit by unit, then summed.", cite.COMBAT_F),
    ruling("german_isolated_effects", "as_allied_isolated", ("as_allied_isolated", "none"),
           "The Supply Effects Chart prints no German Isolated row; isolated German units suffer the Allied Isolated effects.",
           cite.SUPPLY_CHART),
    ruling("isolated_mech_move", "one_hex_per_phase", ("one_hex_per_phase", "one_hex_per_player_turn"),
           "An isolated mechanized unit may move one hex in each of its movement phases.", cite.SUPPLY_CHART),
    ruling("delay_suppressed_by_zoc", "literal", ("literal", "zoc_payers_only"),
           "Where a German ZOC and a Zone of Delay overlap, the Zone of Delay adds nothing, for every Allied unit.", cite.ZOC_J),
    ruling("minimum_move", "entire_move", ("entire_move", "after_spending"),
           "The one-hex minimum move (Movement C) is the unit's entire move for the phase.", cite.MOVEMENT_C),
    ruling("retreat_closest_metric", "supply_path", ("supply_path", "hex_distance"),
           "'Closest to the source of supply' is measured along supply paths, falling back to hex distance.", cite.RESULT_DR),
    ruling("retreated_units_add_strength", False, (False, True),
           "Units that retreated into a hex later attacked in the same phase share its result but add no strength.",
           cite.COMBAT_CLARIFICATION),
    ruling("air_strike_turn", 1, (1,), "The Air Strike happens on Game-Turn 1 only: not in the Pursuit scenarios.", cite.SEQUENCE),
    ruling("air_struck_units_attackable", True, (True, False),
           "Units hit by the Air Strike may still be attacked by ground units in the same Combat Phase.", cite.COMBAT_E),
    ruling("supply_source_in_enemy_zoc", True, (True, False),
           "A supply source hex (Cherbourg, Bayeux, a pipeline, a Supply unit; for the Germans an East edge hex) may lie "
           "in enemy ZOC; the Naval Supply unit never (Correction L656).", cite.SUPPLY_A),
    ruling("supply_path_blocked_by", "blocking_units", ("blocking_units", "any_unit"),
           "An 'Enemy occupied' hex on a supply path is one holding combat units or a Truck: Supply, Pipeline and Naval "
           "Supply units alone do not block German paths (they do not stop German movement, Non-Combat A); Delay markers "
           "never block (Delay B).", cite.NON_COMBAT_A),
    ruling("fortress_blocks_allied_supply", True, (True, False),
           "An intact German fortress hex blocks Allied supply paths, like an enemy-occupied hex.", cite.FORTRESS_GENERAL),
    ruling("pursuit_st_malo", "destroyed", ("destroyed", "intact_allied"),
           "In the Pursuit scenarios the Allied-controlled St. Malo fortress (0847) counts as destroyed (a city).", cite.VICTORY_F),
    ruling("bg_counter_limit", 0, (0,), "Battlegroup counters are unlimited (0 = no limit).", cite.BATTLEGROUP_M),
    ruling("vp_for_parent_replaced_by_bg", True, (True, False),
           "A unit replaced by a battlegroup counts as destroyed for victory points.", cite.BATTLEGROUP_P),
    ruling("surrounded_by", "blocking_units", ("blocking_units", "any_unit"),
           "'Completely surrounded by enemy occupied hexes' counts combat units and Trucks, not pipelines or supply units.",
           cite.VICTORY_A),
    ruling("paris_requires_all_three", True, (True, False),
           "Paris scores only for the side controlling all three hexes (False: for the side controlling two of them).",
           cite.VICTORY_F),
    ruling("fortress_points_after_destruction", "scores", ("scores", "none"),
           "A fortress hex keeps scoring 10 for its controller after the fortress is destroyed (Fortress D makes it a "
           "city; the Pursuit's Allied St. Malo would otherwise score nothing).", cite.VICTORY_F),
    ruling("breakout_exit_deadline", "allied_turn_k_plus_3", ("allied_turn_k_plus_3",),
           "Crossing the Breakout Line in Allied Player-Turn k sets the deadline at the end of Allied Player-Turn k+3.", cite.VICTORY_E),
    ruling("breakout_never_crossed", "german_scores", ("german_scores", "nobody_scores"),
           "If no Allied unit ever crosses the Allied Breakout Line, the Germans score the 20 points at the end.", cite.VICTORY_E),
    ruling("ratio_zero_german", "allied_decisive", ("allied_decisive",), "With no German points the ratio is infinite.", cite.VICTORY_H),
    ruling("exit_map_cost", 1, (1,), "Moving off a D edge hex costs 1 movement point.", cite.VICTORY_E),
    ruling("reinforcement_overstack", "until_end_of_movement", ("until_end_of_movement",),
           "Reinforcements placed on Cherbourg may exceed stacking until the end of the Initial Movement Phase.", cite.STACKING_M),
    ruling("special_rule_g_coast", "north_of_seine", ("north_of_seine", "whole_map"),
           "Special Rule G holds German units on or next to the coastal cities and fortresses North of the Seine (the 15th "
           "Army's coast of its commentary), and on Rotterdam and Amsterdam; 'whole_map' reads it literally and also holds "
           "Normandy-front units next to a coastal town such as Caen.", cite.SPECIAL_RULE_G),
    ruling("stacking_checked", "each_move", ("each_move",),
           "The stacking limit holds at the end of a Movement Phase; a finished move is final, so no move may end over it.",
           cite.STACKING_M),
    ruling("air_strike_fortress", "units_only", ("units_only",),
           "The Air Strike hits units, not a fortress: German units on an intact Fortress hex defend with their face "
           "value (no tripling, no intrinsic 5), ignore a Dr (Fortress D), and a De or Ex eliminates them but leaves the "
           "Fortress standing.", cite.AIR_STRIKE_D),
    ruling("airlanding_phase", "next_allied_airdrop_phase", ("next_allied_airdrop_phase",),
           "Optional Rules B lands the Airlanding unit 'on the Initial Allied Movement Phase directly after the Initial "
           "Movement Phase' of the drop, but drops happen in the Airdrop Phase and Sequence of Play step 2 lands "
           "Airlanding units there: it lands in the next Game-Turn's Allied Airdrop Phase.", cite.OPTIONAL_B),
    ruling("airdrop_lifts_special_rule_g", True, (True, False),
           "A combat unit dropped North of the Seine above the 2000 row has moved onto that hex: it lifts Special Rule G.",
           cite.SPECIAL_RULE_G),
    ruling("paratroop_rehabilitation", "ten_consecutive_turns", ("ten_consecutive_turns",),
           "Optional Rules A: the 7-6 may be exchanged in an Allied Initial Movement Phase once it has spent ten "
           "consecutive whole Game-Turns in the Staging Area (its 'in other words' reading, not 'anytime').", cite.OPTIONAL_A),
    ruling("setup_f_units", "historical_hex", ("historical_hex", "area_within"),
           "Set-Up Modification f moves units 'slated to set up within six hexes of a coastal hex, and North of the Seine': "
           "those whose printed historical hex lies there (the twelve coastal-screen units and the two town garrisons, "
           "331 and 85); 'area_within': only units whose whole free set-up area lies there (the coastal screen).",
           cite.SETUP_MOD_F),
    ruling("coastal_screen_with_f", "kept_units_cover", ("kept_units_cover", "all_hexes"),
           "With Set-Up Modification f, the coastal-screen units kept in the band must cover as many of the nine screen "
           "hexes as they number (each screen hex while nine or more stay); 'all_hexes': all nine always, so f moves at "
           "most three of the twelve screen units.", cite.COASTAL_SCREEN),
    ruling("delay_line_over_sea", False, (False, True),
           "The line of hexes from a German combat unit to a Delay marker's hex is traced over land, never across a sea "
           "hexside; rivers do not interrupt it.", cite.DELAY_F),
    ruling("rhine_breach_supply_check", "recompute_no_expend", ("recompute_no_expend", "fixed_sources"),
           "'Supplied' Bridgehead units are judged when the Allied Player-Turn ends, tracing to every source, Allied "
           "Supply units included, without expending any; 'fixed_sources': only to sources never expended (Cherbourg, "
           "Bayeux, active pipelines, the Naval Supply unit).", cite.VICTORY_C),
    ruling("pipeline_reactivation_group", "connected", ("connected", "mutually_adjacent"),
           "'Any three adjacent inactive Pipeline units' (Pipeline G) are a connected group of up to three: each is next to "
           "another of the group ('mutually_adjacent': each next to every other).", cite.PIPELINE_G),
    ruling("shuttle_path", "hexes_entered", ("hexes_entered", "whole_path"),
           "A Shuttled Supply unit may start in a German-controlled hex; no hex it enters, the Truck's included, may be "
           "German-occupied or German-controlled ('whole_path': its own hex neither).", cite.SHUTTLE_MOVEMENT),
    ruling("passenger_mp_after_drop", "own_remaining", ("own_remaining", "none"),
           "A non-mechanized unit dropped off by a Truck keeps what is left of its own Movement Allowance after the five "
           "points of boarding (0 for MA 5, 1 for MA 6); 'none': its move is over.", cite.TRUCK_C),
    ruling("passenger_advance", "disembarks", ("disembarks",),
           "A Truck's passenger that advances after combat leaves the Truck (the Truck is no participant and stays).",
           cite.ADVANCE_K),
    ruling("carried_supply_unit_is_source", True, (True, False),
           "A Supply unit carried by a Truck is on the map (under the Truck) and may be traced to.", cite.TRUCK_B),
    ruling("defensive_trace_odds", "as_declared", ("as_declared", "before_reduction"),
           "Supply H's '1-1 or greater' is the odds the German attack will be resolved at against supplied defenders, "
           "a voluntary reduction (Combat H) included.", cite.SUPPLY_H),
    ruling("voluntary_defensive_trace", True, (True, False),
           "When Supply H does not oblige the attacked Allied units to trace to a Supply unit, the Allied player may "
           "still do so ('need not' reading); it is expended like a forced one.", cite.SUPPLY_H),
    Option(name="optional_rule_a", default=False, choices=(False, True), kind="optional_rule",
           description="Allied Paratroop Rehabilitation (Optional Rules A).", cite=cite.rb("Optional Rules", "A", 596)),
    Option(name="optional_rule_b", default=False, choices=(False, True), kind="optional_rule",
           description="Allied Airlanding Division (Optional Rules B).", cite=cite.rb("Optional Rules", "B", 598)),
)


def _literal(base: tuple[Option, ...], changed: dict[str, Option]) -> tuple[Option, ...]:
    return tuple(changed.get(o.name, o) for o in base)


# breakout-pursuit@2 (issue 16): each default is the literal reading of the text unless the text
# itself supports the other; each option cites the rule it rules on. docs/breakout-pursuit-engine.md
# lists what changed from @1 and why.
OPTIONS_V2: tuple[Option, ...] = _literal(OPTIONS, {o.name: o for o in (
    ruling("stacking_checked", "end_of_phase", ("end_of_phase", "each_move"),
           "Stacking M: the limit 'applies only at the end of a Movement Phase, and throughout a Combat Phase'. A move "
           "may end on a full hex while a unit there that has not moved yet can still leave it in the phase (two full "
           "stacks may exchange units); whatever is still over the limit when the phase ends is eliminated, as units that "
           "would over-stack in a retreat are. 'each_move': no move may end over the limit (@1).", cite.STACKING_M),
    ruling("air_strike_fortress", "destroys_fortress", ("destroys_fortress", "units_only"),
           "Fortress D: when De or Ex is applied to German units on a Fortress hex, 'the Fortress hex is destroyed', the "
           "Air Strike's too; the struck units defend with their face value and ignore a Dr (Air-Strike D, Fortress D). "
           "'units_only': the fortress stands (@1).", cite.FORTRESS_D),
    ruling("special_rule_g_coast", "whole_map", ("whole_map", "north_of_seine"),
           "Special Rule G holds 'all German units starting on or adjacent to a coastal city or coastal fortress hex, or "
           "on Rotterdam or Amsterdam', anywhere on the map; 'north_of_seine' narrows it to the 15th Army's coast of the "
           "rule's commentary (@1).", cite.SPECIAL_RULE_G),
    ruling("air_struck_units_attackable", False, (False, True),
           "The Air Strike is an 'air attack' (Air-Strike, Procedure) and 'no Enemy unit may be attacked more than once "
           "per Combat Phase' (Combat E): the struck units may not be attacked again in that phase. True: they may (@1).",
           cite.COMBAT_E),
    ruling("delay_suppressed_by_zoc", "literal", ("literal", "zoc_payers_only"),
           "Where a German ZOC and a Zone of Delay overlap, the Zone of Delay adds nothing, for every Allied unit.", cite.DELAY_D),
    ruling("air_strike_turn", 1, (1,), "The Air Strike happens on Game-Turn 1 only: not in the Pursuit scenarios.",
           cite.AIR_STRIKE_A),
    ruling("vp_for_parent_replaced_by_bg", True, (True, False),
           "A unit replaced by a battlegroup was 'eliminated' (Battlegroups L) and counts as destroyed for victory points "
           "(Victory A, B).", cite.BATTLEGROUP_L),
    ruling("supply_path_blocked_by", "blocking_units", ("blocking_units", "any_unit"),
           "An 'Enemy occupied' hex on a supply path (Supply A) is one holding combat units or a Truck: Supply, Pipeline and "
           "Naval Supply units alone do not block German paths (they do not stop German movement, Non-Combat A); Delay "
           "markers never block (Delay B).", cite.SUPPLY_A),
    ruling("bg_counter_limit", 0, (0,), "Battlegroup counters are unlimited (0 = no limit).", cite.BATTLEGROUP_M_TABLE),
)})
