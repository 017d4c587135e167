"""Every ambiguity of the text (digest §2.21, A1-A26) that a ruling depends on, as a named option
whose default is the literal text where it is clear, and the recommended reading otherwise (each
departing default says why). The options in force are pinned in the genesis event."""
from __future__ import annotations

from domain.games.air_bridge import cite
from domain.kernel.ruleset import Option

OPTIONS = (
    Option(name="players", default=2, choices=(1, 2, 3, 4), kind="variant",
           description="How many players share the four seats (§1.0: 1 to 4); the scenario's seat_layouts say who holds "
                       "which seats. Pinned at genesis.", cite=cite.PLAYERS),
    Option(name="first_initiative_roll_turn", default=5, choices=(3, 5),
           description="A1: the first initiative roll. §20 says 'from the 3rd game turn'; the translator's note in the same "
                       "sentence says the Allies hold it on 17 and both turns of 18 September, so 5 (19 Sep AM).",
           cite=cite.INITIATIVE),
    Option(name="initiative_tie", default="reroll", choices=("reroll", "allied"),
           description="A tie of the initiative dice is not covered: roll again.", cite=cite.INITIATIVE),
    Option(name="weather_zero", default="bad", choices=("bad", "clear"),
           description="A2: §18 prints '0 to 7' clear, §2.5 reads 0 as 10: the face 0 is bad (the literal die rule).",
           cite=cite.DIE),
    Option(name="unsupplied_threshold", default="steps", choices=("steps", "units"),
           description="A4: §12.2 (50% of the steps) against §16 (half of the units): §12.2 is the explicit clarification.",
           cite=cite.MANEUVER_DRM),
    Option(name="reactions_per_hex", default=1, choices=(1, 99),
           description="A5: the sequence of play allows one reaction attempt per attacked hex; §11.2 as printed says more. "
                       "The translator flags §11.2, so one.", cite=cite.REACTION_LIMITS),
    Option(name="overrun_continues", default=False, choices=(False, True),
           description="A8: after an overrun the stack 'is placed on that hex' (§4.2): its move ends there.", cite=cite.OVERRUN),
    Option(name="overrun_ignores_zoc", default=False, choices=(False, True),
           description="A8: a stack entering an enemy ZOC stops (§6) before it can overrun a hex beyond.", cite=cite.ZOC),
    Option(name="drop_distance", default=2, choices=(0, 1, 2, 3, 4),
           description="The Placement and Reinforcement Table's drop distance from the DZ marker is not in the text; "
                       "2 hexes is a placeholder.", cite=cite.PLACEMENT_TABLE),
    Option(name="attacker_blocked_retreat", default="step", choices=("step", "stay"),
           description="A12: an attacker that cannot retreat on an A result is not covered: like the defender, it stays "
                       "and loses one step for the stack.", cite=cite.RETREAT),
    Option(name="repair_phase", default="movement", choices=("movement", "any"),
           description="A17: a bridge is repaired at the start of 'the following movement phase': the regular one.",
           cite=cite.REPAIR),
    Option(name="emptied_target", default="cancel", choices=("cancel",),
           description="A19: a declared combat whose hex was emptied before its resolution does not take place.",
           cite=cite.MANEUVER),
    # The rest of digest §2.21. An option with one choice names the reading the engine plays where no
    # other is built; A6, A7, A14, A20 and A21 are data or cross-references, not rulings (docs).
    Option(name="supply_timing", default="both_sides_each_initial_phase", choices=("both_sides_each_initial_phase",),
           description="A3: the sequence of play judges supply in each Initial Phase, §16 speaks of each player's own "
                       "units: both sides are judged in every Initial Phase.", cite=cite.INITIAL),
    Option(name="fatigue_drm_none_fatigued", default="no_drm", choices=("no_drm",),
           description="A9: §14's DRM for 'less than 50%' fatigued defending steps does not apply when none is fatigued.",
           cite=cite.FATIGUE_DRM),
    Option(name="defensive_bombardment_divisor", default="clear_only_if_all_clear", choices=("clear_only_if_all_clear",),
           description="A10: §9.3's divisor when the assaulting units came from hexes of different terrain: 1 only if "
                       "the target and every hex assaulted from are clear, else 2 for the whole result.",
           cite=cite.DEFENSIVE_BOMBARDMENT),
    Option(name="loss_allocation", default="owner", choices=("owner",),
           description="A11: who picks the units losing steps is shown only by the §13.2 example: their owner (attacking "
                       "engineers first, §17.2).", cite=cite.ASSAULT_CONSIDERATIONS),
    Option(name="assault_round_2_order", default="defender_first", choices=("defender_first",),
           description="A13: the order of fire in the second assault round is not stated: the defender first, as in the "
                       "first; engineers fire together with the defender in the first round only.",
           cite=cite.ASSAULT_RESOLUTION),
    Option(name="dz_return_hex", default="drop_area_near_units", choices=("drop_area_near_units",),
           description="A15: where a DZ marker comes back is not stated: any hex of its division's original drop area "
                       "within 5 hexes of one of its units, free of enemy units (inferred).", cite=cite.DZ_DESTROYED),
    Option(name="city_control", default="last_occupied", choices=("last_occupied",),
           description="A16: a city is controlled by the side that last occupied it alone; at the start, by whoever "
                       "stands in it, else the German.", cite=cite.SUPPLY_GERMAN),
    Option(name="german_supply_edges", default="any", choices=("any",),
           description="A16: §16 does not say which map edges supply the Germans: any edge (literal).",
           cite=cite.SUPPLY_GERMAN),
    Option(name="attack_across_unbridged_water", default="forbid", choices=("forbid",),
           description="A18: the text is silent on a maneuver attack across a river or canal hexside without a usable "
                       "bridge: a unit does not attack across one.", cite=cite.MANEUVER),
    Option(name="refusing_units", default="together", choices=("together",),
           description="A22: the sequence of play's 'unit(s)' leaves open whether refusing units may split; the stack "
                       "withdraws to one hex (the digest recommends letting them split: not built).",
           cite=cite.REFUSE_PHASE),
    Option(name="drop_into_enemy_zoc", default="allow", choices=("allow", "forbid"),
           description="A23: the text is silent on drops into enemy-occupied or enemy-ZOC hexes: never onto an enemy "
                       "unit; into an enemy ZOC unless 'forbid'.", cite=cite.DROP),
    Option(name="assault_roll_limits", default="clamp", choices=("clamp",),
           description="A24: an Assault Table roll modified beyond the table's rows (the §13.2 example reaches 1) reads "
                       "the nearest row.", cite=cite.ASSAULT_RESOLUTION),
    Option(name="one_hex_minimum", default="unmoved_unit", choices=("unmoved_unit",),
           description="A25: 'a unit may always move one hex' (§4.0) applies to a unit that has not moved this phase "
                       "(its whole allowance), as the first step of its move.", cite=cite.MOVEMENT),
    Option(name="refusal_effectiveness", default="highest", choices=("highest",),
           description="A26: the sequence of play (E.2) says 'the effectiveness value of the hex', §10 'the highest': "
                       "the highest in the hex.", cite=cite.REFUSE),
    Option(name="support_allocation", default="per_combat", choices=("per_combat",),
           description="Not in the digest's list: §9.2 L385 allocates support 'at the start of the maneuver combat "
                       "phase' to each declared combat, §12.1 L439 declares it inside each combat after its odds and "
                       "column shift. Support is allocated combat by combat, as §12.1's procedure runs (allocating "
                       "for every combat up front is not built).", cite=cite.MANEUVER_PROCEDURE),
)
