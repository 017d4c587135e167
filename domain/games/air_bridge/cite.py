"""Citations of the Air Bridge to Victory rulebook (003_17de0f7be7cf6caf.txt), by section and the
seed file's line range. The text is a translation of a translation; the translator's notes are
cited as printed. Rules the text refers to but does not contain are `MissingRule`s."""
from __future__ import annotations

from domain.kernel.citation import HouseRule, MissingRule, OptionRuling, Rulebook

BOOK = "003_17de0f7be7cf6caf.txt"


def rb(section: str, first: int, last: int | None = None, case: str | None = None) -> Rulebook:
    return Rulebook(book=BOOK, section=section, case=case, lines=(first, last or first))


def missing(reference: str, note: str = "") -> MissingRule:
    return MissingRule(book=BOOK, reference=reference, note=note)


def ruling(option: str, value: object, basis: str = "") -> OptionRuling:
    return OptionRuling(option=option, value=str(value), basis=basis)


PLAYERS = rb("1.0 Introduction", 63)
DIE = rb("2.5 The Die", 123)
STEPS = rb("2.3 The Counters", 98)
CM = rb("2.4 Explanation of Unit Values", 119)
SEQUENCE = rb("3.0 The Sequence of Play", 129, 270)
STRATEGIC = rb("3.0 The Sequence of Play", 133, 137, case="I")
INITIAL = rb("3.0 The Sequence of Play", 141, 145, case="II.A")
AIRBORNE_PHASE = rb("3.0 The Sequence of Play", 147, 149, case="II.B")
DECLARATION = rb("3.0 The Sequence of Play", 157, 159, case="II.D")
REFUSE_PHASE = rb("3.0 The Sequence of Play", 161, 165, case="II.E")
REACTION_PHASE = rb("3.0 The Sequence of Play", 167, 171, case="II.F")
MECH_PHASE = rb("3.0 The Sequence of Play", 199, 202, case="II.J")
ADMIN = rb("3.0 The Sequence of Play", 267, 270, case="IV")

MOVEMENT = rb("4.0 Movement", 274, 276)
MOVEMENT_PROHIBITED = rb("4.0 Movement", 278)
STACKS_MOVE = rb("4.0 Movement", 280)
CM_TWICE = rb("4.0 Movement", 282)
NO_ENEMY_HEX = rb("4.0 Movement", 284)
MECHANIZED = rb("4.1 The Mechanized Movement Phase", 288)
POLDER = rb("4.1 The Mechanized Movement Phase", 290)
OVERRUN = rb("4.2 Overrun", 294)
OVERRUN_FORBIDDEN = rb("4.2 Overrun", 296)
STACKING = rb("5.0 Stacking", 300)
STACKING_ASSAULT = rb("5.0 Stacking", 302)
ZOC = rb("6.0 Zones of Control (ZOC)", 306)
ZOC_TURN_1 = rb("6.0 Zones of Control (ZOC)", 308)
TERRAIN = rb("7.0 Terrain", 312)
ROADS = rb("7.1 Main Roads and Secondary Roads", 316)
ROADS_COMBAT = rb("7.1 Main Roads and Secondary Roads", 318)
MAIN_ROAD = rb("7.1 Main Roads and Secondary Roads", 320)
WATERLOGGED = rb("7.1 Main Roads and Secondary Roads", 322)
BRIDGES = rb("7.2 Bridges", 326)
DEMOLITION_1 = rb("7.2 Bridges", 328)
DEMOLITION_2 = rb("7.2 Bridges", 330)
NEVER_REPAIRED = rb("7.2 Bridges", 332)
DZ = rb("7.3 Drop Zones (DZs)", 336)
DZ_DESTROYED = rb("7.3 Drop Zones (DZs)", 338, 344)
DZ_GONE = rb("7.3 Drop Zones (DZs)", 346)
DROP = rb("7.3 Drop Zones (DZs)", 348)
DROP_ROLL = rb("7.3 Drop Zones (DZs)", 350, 353)
DZ_SUPPLY = rb("7.3 Drop Zones (DZs)", 355)
EFFECTIVENESS = rb("8.0 Unit Effectiveness", 363, 365)
EFFECTIVENESS_TEST = rb("8.0 Unit Effectiveness", 367)
ARTILLERY = rb("9.0 Bombardment and Artillery Support", 375)
BOMBARDMENT = rb("9.1 Resolution of Offensive Artillery Bombardments", 379)
SUPPORT = rb("9.2 Resolution of Offensive and Defensive Support Artillery Fire", 385)
DEFENSIVE_BOMBARDMENT = rb("9.3 Resolution of Defensive Bombardment during Assault", 391)
FIRE_LIMITS = rb("9.4 Limits on Artillery Movement and Fire", 397)
FATIGUED_ARTILLERY = rb("9.4 Limits on Artillery Movement and Fire", 399)
UNSUPPLIED_ARTILLERY = rb("9.4 Limits on Artillery Movement and Fire", 401)
TARGETED_ARTILLERY = rb("9.4 Limits on Artillery Movement and Fire", 403)
TARGETING = rb("9.5 Restrictions on Artillery Support", 409, 411)
REFUSE = rb("10.0 Refusing Combat", 415)
REACTION = rb("11.1 Reaction Movement", 423)
REACTION_LIMITS = rb("11.2 Limits on Reaction", 427, 431)
MANEUVER = rb("12.0 Maneuver Combat", 435)
MANEUVER_PROCEDURE = rb("12.1 Procedure", 439)
MANEUVER_DRM = rb("12.2 Die Roll Modifiers (DRM)", 445)
RESULTS = rb("12.3 Explanation of Combat Results", 449, 475)
RETREAT = rb("12.3 Explanation of Combat Results", 451, 461)
ASSAULT = rb("13.0 Assault", 479)
ASSAULT_RESOLUTION = rb("13.1 Assault Resolution", 483)
ASSAULT_CONSIDERATIONS = rb("13.2 Assault Considerations", 487, 489)
FATIGUE = rb("14.0 Fatigue", 495, 497)
FATIGUE_DRM = rb("14.0 Fatigue", 499, 503)
FATIGUE_RECOVERY = rb("14.0 Fatigue", 505)
AIR_POINTS = rb("15.0 Air Points", 509)
SUPPLY = rb("16.0 Supply", 513, 523)
SUPPLY_GERMAN = rb("16.0 Supply", 527)
SUPPLY_AIRBORNE = rb("16.0 Supply", 528)
SUPPLY_GROUND = rb("16.0 Supply", 529)
SUPPLY_ZOC = rb("16.0 Supply", 531)
ENGINEERS = rb("17.0 Engineers", 535)
REPAIR = rb("17.1 Bridge Engineers", 539, 541)
COMBAT_ENGINEERS = rb("17.2 Combat Engineers", 545, 557)
FERRY = rb("17.3 Engineers (used as Ferry) and Crossing Waterways", 561)
WEATHER = rb("18.0 Weather", 565)
BAD_WEATHER = rb("18.1 Effects of Bad Weather", 569, 573)
ARMOR = rb("19.0 Armor and Anti-Tank Effects", 577, 579)
ARMOR_MANEUVER = rb("19.1 Armor Effects in Maneuver Combats", 583)
ARMOR_ASSAULT = rb("19.2 Armor Effects in Assaults", 589, 595)
INITIATIVE = rb("20.0 Initiative", 599)
REINFORCEMENTS = rb("21.0 Reinforcements", 603)

ENTRY_COST = HouseRule(name="entry_hex_cost", text="A ground reinforcement that moves on from its entry hex has paid that "
                       "hex's terrain cost from its allowance (inferred: §21 is silent; §4.0 charges each hex entered).")
PLACEMENT_TABLE = missing("Placement and Reinforcement Table (§7.3, §21)", "drop distance and entry hexes are not in the text")
VICTORY = missing("scenario victory conditions", "none in the text; the pack's scenarios are designed")
