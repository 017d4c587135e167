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
)
