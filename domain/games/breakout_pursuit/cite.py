"""Citations of the Breakout & Pursuit rulebook (000_8b4f0543e9b3b018.txt), by section and case.

The rulebook has no numbered sections; its case letters run on across sections (ZOC G-L,
Stacking M-N, Combat A-H, Retreat and Advance J-K, Battlegroups L-P). Line numbers are the seed
file's. Corrections ("Corrections and Amplifications", L620-666) win over the printed rule.
"""
from __future__ import annotations

from domain.kernel.citation import Errata, OptionRuling, Rulebook

BOOK = "000_8b4f0543e9b3b018.txt"


def rb(section: str, case: str | None, first: int, last: int | None = None) -> Rulebook:
    return Rulebook(book=BOOK, section=section, case=case, lines=(first, last or first))


def corr(entry: str, first: int, last: int | None = None) -> Errata:
    return Errata(book=BOOK, entry=entry, lines=(first, last or first))


def ruling(option: str, value: object, basis: str = "") -> OptionRuling:
    return OptionRuling(option=option, value=str(value), basis=basis)


SEQUENCE = rb("Sequence of Play", None, 175, 197)
NO_ALLIED_REPLACEMENTS = corr("Sequence of Play (Correction)", 626)
GAME_LENGTH = rb("Game Length", None, 201)
GAME_LENGTH_A = rb("Game Length", "A", 205)
GAME_LENGTH_B = rb("Game Length", "B", 207, 212)

ZOC_G = rb("Zones of Control", "G", 216)
ZOC_H = rb("Zones of Control", "H", 220)
ZOC_J = rb("Zones of Control", "J", 222)
ZOC_K = rb("Zones of Control", "K", 224)
ZOC_L = rb("Zones of Control", "L", 226)
ZOC_FORTRESS = corr("Zones of Control (Omission)", 628)
ZOC_WEST_WALL = corr("Terrain Effects Chart (Omission)", 630)

STACKING_M = rb("Stacking", "M", 230)
STACKING_N = rb("Stacking", "N", 232)

MOVEMENT_GENERAL = rb("Movement", None, 236)
MOVEMENT_PROCEDURE = rb("Movement", None, 238)
MOVEMENT_A = rb("Movement", "A", 242)
MOVEMENT_B = rb("Movement", "B", 244)
MOVEMENT_C = rb("Movement", "C", 246)
MOVEMENT_D = rb("Movement", "D", 248)
MOVEMENT_E = rb("Movement", "E", 250)
MOVEMENT_F = rb("Movement", "F", 252)
TEC = rb("Terrain Effects Chart", None, 254, 269)
TEC_RIVER = rb("Terrain Effects Chart", None, 260)
TEC_SEA = rb("Terrain Effects Chart", None, 259)
TEC_WEST_WALL = rb("Terrain Effects Chart", None, 263)
TEC_FOOTNOTE = rb("Terrain Effects Chart", None, 265)
TEC_ZOC = rb("Terrain Effects Chart", None, 267)
NON_COMBAT_FIRST = rb("Sequence of Play", None, 184)
MECHANIZED_PHASE = rb("Sequence of Play", None, 186)

COMBAT_PROCEDURE = rb("Combat", None, 275)
COMBAT_A = rb("Combat", "A", 279)
COMBAT_B = rb("Combat", "B", 281)
COMBAT_C = rb("Combat", "C", 283)
COMBAT_D = rb("Combat", "D", 285)
COMBAT_E = rb("Combat", "E", 287)
COMBAT_F = rb("Combat", "F", 289)
COMBAT_G = rb("Combat", "G", 291)
COMBAT_H = rb("Combat", "H", 293)
COMBAT_CLARIFICATION = corr("Combat (Clarification)", 632)
RETREAT_J = rb("Retreat and Advance", "J", 297)
ADVANCE_K = rb("Retreat and Advance", "K", 299)
BATTLEGROUP_L = rb("Battlegroups", "L", 303)
BATTLEGROUP_M = rb("Battlegroups", "M", 305, 314)
BATTLEGROUP_M_TABLE = rb("Battlegroups", "M", 305, 312)  # @2: case M ends before N (L314)
BATTLEGROUP_N = rb("Battlegroups", "N", 314)
BATTLEGROUP_P = rb("Battlegroups", "P", 316)
BATTLEGROUP_OPTION = corr("Battlegroups (Clarification)", 634)
CRT = rb("Combat Results Table", None, 318, 324)
CRT_CLAMP = rb("Combat Results Table", None, 324)
RESULT_AD_DR = rb("Combat Results Table", None, 321)  # the Ad-Dr cells of row 0
RESULT_AE = rb("Explanation of Results", "Ae", 328)
RESULT_DE = rb("Explanation of Results", "De", 330)
RESULT_EX = rb("Explanation of Results", "Ex", 332)
RESULT_AR = rb("Explanation of Results", "Ar", 334)
RESULT_DR = rb("Explanation of Results", "Dr", 336)
RESULT_AD = rb("Explanation of Results", "Ad", 338)

SUPPLY_PROCEDURE = rb("Supply", None, 346)
SUPPLY_A = rb("Supply", "A", 350)
SUPPLY_B = rb("Supply", "B", 352)
SUPPLY_C = rb("Supply", "C", 354)
SUPPLY_D = rb("Supply", "D", 358)
SUPPLY_E = rb("Supply", "E", 360)
SUPPLY_F = rb("Supply", "F", 364)
SUPPLY_G = rb("Supply", "G", 366)
SUPPLY_H = rb("Supply", "H", 368)
SUPPLY_J = rb("Supply", "J", 370)
SUPPLY_K = rb("Supply", "K", 374)
SUPPLY_L = rb("Supply", "L", 376)
SUPPLY_CHART = rb("Supply Effects Chart", None, 378, 386)
SUPPLY_CHART_UNSUPPLIED = rb("Supply Effects Chart", None, 382)
SUPPLY_CHART_ISOLATED = rb("Supply Effects Chart", None, 383)
SUPPLY_NOT_REQUIRED = corr("Supply (Clarification)", 636)
SUPPLY_MA_ROUNDING = corr("Supply Effects Chart (Omission)", 638)
PARATROOPS_SUPPLIED = corr("Allied Paratroop Units (Omission)", 640)
TRUCKS_SUPPLIED = corr("Allied Truck Units (Clarification)", 642)
NAVAL_SUPPLY_USE = corr("Allied Naval Supply Unit (Clarification)", 656)

FORTRESS_GENERAL = rb("German Fortresses", None, 468)
FORTRESS_A = rb("German Fortresses", "A", 472)
FORTRESS_B = rb("German Fortresses", "B", 474)
FORTRESS_C = rb("German Fortresses", "C", 476)
FORTRESS_D = rb("German Fortresses", "D", 478)
WEST_WALL = corr("German Fortresses (Clarification)", 658)

NON_COMBAT_PROCEDURE = rb("Allied Non-Combat Units", None, 422)
NON_COMBAT_A = rb("Allied Non-Combat Units", "A", 426)
TRUCK_B = rb("Allied Truck Units", "B", 430)
TRUCK_C = rb("Allied Truck Units", "C", 432)
TRUCK_D = rb("Allied Truck Units", "D", 434)
PIPELINE_E = rb("Allied Supply Pipeline Units", "E", 438)
PIPELINE_F = rb("Allied Supply Pipeline Units", "F", 440)
PIPELINE_G = rb("Allied Supply Pipeline Units", "G", 442)
PIPELINE_H = rb("Allied Supply Pipeline Units", "H", 444)
PIPELINE_DESTROYED = corr("Allied Supply Pipeline Units (Clarification)", 644)
PIPELINE_NOT_WITHHELD = PIPELINE_DESTROYED  # the same entry: "may not be withheld but must appear as dictated"
SUPPLY_UNITS_J = rb("Allied Supply Units", "J", 448)
SUPPLY_UNITS_K = rb("Allied Supply Units", "K", 450)
SUPPLY_UNITS_L = rb("Allied Supply Units", "L", 456)
SUPPLY_UNITS_MOVE = corr("Allied Supply Units (Clarification)", 646, 652)
PIPELINE_MOVEMENT = corr("Allied Supply Units (Clarification)", 648)  # 1. Pipeline Movement
SHUTTLE_MOVEMENT = corr("Allied Supply Units (Clarification)", 650)  # 2. Shuttle Movement
TRANSFER_MOVEMENT = corr("Allied Supply Units (Clarification)", 652)  # 3. Transfer Movement
SUPPLY_UNITS_ELIMINATED = corr("Allied Supply Units (Clarification)", 654)
NAVAL_SUPPLY_M = rb("Allied Naval Supply Unit", "M", 460)
NAVAL_N = rb("Allied Naval Supply Unit", "N", 462)
NAVAL_P = rb("Allied Naval Supply Unit", "P", 464)
STAGING_C = rb("Allied Paratroop Units", "C", 416)
AIRLANDING_ONLY_BY_AIR = rb("Optional Rules", "B", 598)
AIRDROP_PHASE = rb("Sequence of Play", None, 182)
AIR_STRIKE = rb("Allied Air-Strike", None, 392)
AIR_STRIKE_A = rb("Allied Air-Strike", "A", 396)
AIR_STRIKE_B = rb("Allied Air-Strike", "B", 398)
AIR_STRIKE_C = rb("Allied Air-Strike", "C", 400)
AIR_STRIKE_D = rb("Allied Air-Strike", "D", 402)
PARATROOP_RANGE = rb("Allied Paratroop Units", None, 406)
AIRDROP_CYCLE = rb("Allied Paratroop Units", None, 408)
PARATROOP_A = rb("Allied Paratroop Units", "A", 412)
PARATROOP_B = rb("Allied Paratroop Units", "B", 414)
PARATROOPS_DROPPED = PARATROOPS_SUPPLIED  # the same entry: "They may be dropped onto German controlled hexes"
OPTIONAL_A = rb("Optional Rules", "A", 596)
OPTIONAL_B = AIRLANDING_ONLY_BY_AIR

ALLIED_REINFORCEMENTS = rb("Allied Reinforcements", None, 680, 684)
GERMAN_REINFORCEMENTS = rb("German Reinforcements", None, 686, 692)
GERMAN_REPLACEMENTS = rb("Time Record & Reinforcement Chart", None, 858, 862)
REPLACEMENTS_CLARIFICATION = corr("German Replacements (Clarification)", 666)
SPECIAL_RULE_A = rb("Allied 25 July 1944 Order of Battle and Set-Ups", "Special Rule A", 900)
SPECIAL_RULE_G = rb("German 25 July 1944 Order of Battle and Set-Ups", "Special Rule G", 908)

DELAY_A = rb("German Delay Markers", "A", 488)
DELAY_B = rb("German Delay Markers", "B", 490)
DELAY_C = rb("German Delay Markers", "C", 492)
DELAY_D = rb("German Delay Markers", "D", 494)
DELAY_ALL_ALLIED = corr("German Delay Markers (Clarification)", 660)

VICTORY_A = rb("Victory Conditions", "A", 508)
VICTORY_B = rb("Victory Conditions", "B", 510)
VICTORY_C = rb("Victory Conditions", "C", 548, 555)
VICTORY_D = rb("Victory Conditions", "D", 557)
VICTORY_E = rb("Victory Conditions", "E", 559)
VICTORY_F = rb("Victory Conditions", "F", 561, 569)
VICTORY_G = rb("Victory Conditions", "G", 573)
VICTORY_H = rb("Victory Conditions", "H", 577, 588)
VP_ALL_UNITS = corr("Explanation of Terms (Correction)", 624)

# Set-ups (Setting Up, the set-up sheets, modification f) and German Delay markers (E, F).
SETTING_UP = rb("Setting Up", None, 676, 678)
SETUP_CHARTS = rb("How to Read the Order of Battle Set-Up Charts", None, 694, 696)
JUL_ALLIED_FREE = rb("Allied 25 July 1944 Order of Battle and Set-Ups", None, 886)
COASTAL_SCREEN = rb("German 25 July 1944 Order of Battle and Set-Ups", None, 919)
SETUP_MOD_F = rb("German 25 July 1944 Order of Battle and Set-Ups", 'German Set-Up Modification "f"', 950)
LE_MANS_GROUP = rb("Allied 24 August 1944 Order of Battle and Set-Ups", None, 982)
AUG_PARATROOPS = rb("Allied 24 August 1944 Order of Battle and Set-Ups", None, 1014)
ROUEN_ONE_HEX = rb("German 24 August 1944 Order of Battle and Set-Ups", None, 1060)
DELAY_E = rb("German Delay Markers", "E", 496)
DELAY_F = rb("German Delay Markers", "F", 498)
