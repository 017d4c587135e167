"""Citations of the Normandy 1944 rulebook (002_c4aea75862ff1a36.txt), by section and line.

The rulebook numbers its sections (§1.1.1.1 ... §11.3); errata are folded into the text and tagged
"Errata (Art n)" or "(Q&A n)", and they win over the printed sentence they amend. Line numbers
are the seed file's.
"""
from __future__ import annotations

from domain.kernel.citation import Errata, OptionRuling, PackDatum, Rulebook

BOOK = "002_c4aea75862ff1a36.txt"


def rb(section: str, first: int, last: int | None = None, case: str | None = None) -> Rulebook:
    return Rulebook(book=BOOK, section=section, case=case, lines=(first, last or first))


def errata(entry: str, first: int, last: int | None = None) -> Errata:
    return Errata(book=BOOK, entry=entry, lines=(first, last or first))


def ruling(option: str, value: object, basis: str = "") -> OptionRuling:
    return OptionRuling(option=option, value=str(value), basis=basis)


def datum(key: str, provenance: str) -> PackDatum:
    return PackDatum(key=key, provenance=provenance)


SEQUENCE = rb("§1.0 Sequence of Play", 59, 74)
WEATHER = rb("§1.1.1.1 Weather Phase", 78, 81)
STORM = rb("§1.1.1.1 Storm Test", 82, 86)
AIR_AVAILABILITY = rb("§1.1.1.1 Air Missions", 87, 91)
LOGISTICS = rb("§1.1.1.2 Logistics Phase", 92, 98)
INITIATIVE = rb("§1.1.1.3 Initiative", 100, 101)
GERMAN_REPLACEMENTS = rb("§1.1.1.3 Administration Phase", 102, 102)
REST = rb("§1.1.1.3 Rest and Replacement", 103, 108)
STRATEGIC_RESERVE = rb("§1.1.1.3 Strategic Reserve Rebuilding", 109, 110)
ARRIVAL = rb("§1.1.2.1 Reinforcement Arrival and Map Entry", 112, 118)
MOVEMENT_PHASE = rb("§1.1.2.2 Movement", 119, 126)
COMBAT_PHASE = rb("§1.1.3 Combat Phase", 127, 130)
PHASE_END = rb("§1.1.4 Phase End", 131, 138)
TURN_END = rb("§1.1.5 Turn End", 139, 144)
END_OF_GAME = rb("§1.2 End of Game", 145, 146)
STACKING = rb("§2.1 Stacking", 148, 152)
TERRAIN = rb("§2.2 Terrain Effects", 153, 161)
ROADS = rb("§2.2 Terrain Effects", 157, 157, case="roads")
TOWN_CHOICE = rb("§2.2 Terrain Effects", 161, 161, case="town/village")
ON_FOOT = rb("§2.2 Terrain Effects", 158, 158, case="motorized infantry")
ZOC = rb("§3 Zone of Control", 163, 164)
MOVEMENT = rb("§4.1.1 On Map Movement", 168, 172)
MINIMUM_MOVE = rb("§4.1.1 On Map Movement", 170, 170)
NO_ENEMY_HEX = rb("§4.1.1 On Map Movement", 171, 171)
RESERVE = rb("§4.1.1 On Map Movement", 172, 172, case="Reserve")
OFF_MAP = rb("§4.1.2 Off Map Movement", 173, 182)
PARTISANS = rb("§4.1.2 Off Map Movement", 178, 179, case="Maquis")
PARIS = rb("§4.1.2 Off Map Movement", 180, 182, case="Liberation of Paris")
HQ_FLIP = rb("§0.1.1 Corps Headquarters", 33, 33)
FESTUNG = rb("§0.1.2 Combat Units", 47, 50, case="Festung")
CONFUSION_ERRATA = errata("Art 6.11, Q&A 43-46", 310)
LANDING = rb("§4.2 Landing", 183, 186)
OVERRUN = rb("§4.3 Overrun", 187, 195)
SPECIAL_OPERATIONS = rb("§4.4 Special Operations", 196, 203)
HQ = rb("§5 HQ and Support", 205, 206)
CONTROL = rb("§5.1 Control Limits", 207, 213)
CONTROL_ERRATA = errata("Art 5.1", 209)
EXTENDED_MOVEMENT = rb("§5.2 Extended Movement", 214, 217)
TACTICAL_SUPPORT = rb("§5.3 Tactical Support", 218, 224)
SUPPORT_RANGE_ERRATA = errata("Art 5.3", 220)
HQ_DESTRUCTION = rb("§5.4 HQ Destruction", 225, 228)
COMBAT = rb("§6.1 Combat", 230, 235)
BOMBARDMENT = rb("§6.2 Bombardment", 236, 242)
RESOLUTION = rb("§6.3 Combat Resolution", 243, 250)
ODDS = rb("§6.3 Combat Resolution", 245, 245, case="odds")
ODDS_LIMITS = rb("§6.3 Combat Resolution", 249, 249)
RESULTS = rb("§6.4 Combat Results", 251, 253)
DISORGANISED = rb("§6.5 Disorganized or Affected Units", 254, 276)
RETREAT = rb("§6.6 Retreat Result", 277, 285)
RETREAT_ERRATA = errata("Art 6.6", 282)
ADVANCE = rb("§6.7 Advance After Combat", 286, 287)
ADVANCE_ERRATA = errata("Q&A 38", 288)
EXPLOITATION = rb("§6.8 Exploitation", 289, 294)
COUNTERATTACK = rb("§6.9 Counterattack", 295, 299)
LOSSES = rb("§6.10 Losses - Replacement", 300, 307)
CONFUSION = rb("§6.11 Confusion", 308, 310)
OFF_MAP_COMBAT = rb("§6.12 Off Map Combat", 311, 317)
SIEGE = rb("§6.13 Siege", 318, 320)
LOGISTICS_RULE = rb("§7 Logistics", 321, 322)
ALLIED_DEPOTS = rb("§7.1 Allied Logistics", 323, 330)
CONSTRUCTION = rb("§7.1 Allied Logistics", 325, 328, case="open a depot")
DEPOT_ENTERED = rb("§7.1 Allied Logistics", 329, 329, case="enemy entry")
CONSTRUCTION_EZOC = rb("§7.1 Allied Logistics", 330, 330, case="EZOC delay")
MULBERRY = rb("§7.1.1 Mulberry", 331, 333)
MINOR_PORTS = rb("§7.1.2 Minor Ports and Beaches", 334, 335)
CHERBOURG = rb("§7.1.3 Cherbourg", 336, 339)
CHERBOURG_PORT = rb("§7.1.3 Cherbourg", 336, 337, case="construction")
CHERBOURG_OCCUPATION = rb("§7.1.3 Cherbourg", 338, 338, case="German occupation")
GERMAN_DEPOTS = rb("§7.2 German Logistics", 342, 346)
VANISHING_DEPOTS = rb("§7.2 German Logistics", 346, 346, case="no defence value")
SUPPLY_LINES = rb("§7.3.1 Unit Supply Lines", 348, 351)
SUPPLY_ERRATA = errata("Art 7.3.1", 350)
HQ_SUPPLY = rb("§7.3.2 HQ Supply", 352, 354)
OUT_OF_SUPPLY = rb("§7.4 Out of Supply Units", 355, 358)
AIRBORNE_SUPPLY = rb("§7.5 Airborne Supply", 359, 360)
INTER_ALLIED = rb("§8 Inter-Allied Coordination", 361, 364)
INTER_ALLIED_ERRATA = errata("Q&A 14", 365)
AIRPOWER = rb("§9 Allied Airpower", 366, 369)
TAS = rb("§9.1 Tactical Air Support", 371, 377)
TACTICAL_INTERDICTION = rb("§9.2 Tactical Interdiction", 378, 381)
AIR_BOMBARDMENT = rb("§9.3 Bombardment", 383, 387)
CARPET_BOMBING = rb("§9.4 HB - Carpet Bombing", 389, 397)
STRATEGIC_INTERDICTION = rb("§9.5 Strategic Interdiction", 398, 399)
DDAY = rb("§10 The D-Day", 400, 455)
DDAY_TURNS_0_1 = rb("§10 The D-Day", 402, 402)
SCENARIOS = rb("§11 Scenarios", 456, 462)
SCENARIO_1 = rb("§11.1 Scenario 1 - The Race to Cherbourg", 463, 493)
SCENARIO_1_VICTORY = rb("§11.1 Scenario 1 - Victory Conditions", 485, 493)
SCENARIO_2 = rb("§11.2 Scenario 2 - Operation Cobra", 494, 580)
CAMPAIGN = rb("§11.3 Campaign Game", 581, 590)
VICTORY = rb("§11.3 Victory Conditions", 591, 614)
AUTOMATIC_VICTORY = rb("§11.3 Victory Conditions", 604, 607, case="automatic")
GERMAN_AUTOMATIC = rb("§11.3 Victory Conditions", 613, 613, case="automatic")
ALLIED_DEPOT_DESTROYED_VP = rb("§11.3 Victory Conditions", 610, 611, case="Allied depot destroyed")
VICTORY_LEVELS = rb("§11.3 Victory Conditions", 614, 614)
