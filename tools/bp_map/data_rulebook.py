"""What the rulebook says about the map: printed town hexes, set-up hexes and what they imply.

Line numbers are those of the seed text (000_8b4f0543e9b3b018.txt).
"""
from __future__ import annotations

from domain.kernel.citation import Rulebook
from domain.kernel.pack.provenance import Printed

BOOK = "000_8b4f0543e9b3b018.txt"

OOB = "Order of Battle and Set-Ups"
SECTIONS = {
    "victory": "Victory Conditions",
    "map": "Corrections and Amplifications: The Map",
    "a_jul": f"{OOB}: Allied 25 July 1944",
    "g_jul": f"{OOB}: German 25 July 1944",
    "a_aug": f"{OOB}: Allied 24 August 1944",
    "g_aug": f"{OOB}: German 24 August 1944",
    "supply": "Supply",
    "para": "Allied Paratroop Units",
    "pipeline": "Allied Non-Combat Units",
    "naval": "Allied Non-Combat Units: Allied Naval Supply Unit",
    "fortress": "German Fortresses",
    "reinf": "The Scenarios: Allied Reinforcements",
    "german_reinf": "The Scenarios: German Reinforcements",
    "length": "Game Length",
    "scale": "Game Scale",
    "tec": "Terrain Effects Chart",
}


def cite(section: str, first: int, last: int | None = None, case: str | None = None) -> Printed:
    return Printed(cite=Rulebook(book=BOOK, section=SECTIONS[section], case=case, lines=(first, last or first)))


# Towns whose hexes the text prints: the calibration anchors. (label, gazetteer name, country, hexes, cite)
ANCHORS = (
    ("Essen", "Essen", "DE", ("1400",), ("victory", 588)),
    ("Düsseldorf", "Düsseldorf", "DE", ("1502",), ("victory", 588)),
    ("Bonn", "Bonn", "DE", ("1903",), ("map", 662)),
    ("Remagen", "Remagen", "DE", ("2103",), ("map", 662)),
    ("Paris", "Paris", "FR", ("2029", "2129", "2130"), ("g_jul", 913)),
    ("Chartres", "Chartres", "FR", ("2134",), ("a_aug", 982)),
    ("Dreux", "Dreux", "FR", ("1833",), ("a_aug", 982)),
    ("Le Mans", "Le Mans", "FR", ("2041",), ("a_aug", 982)),
    ("Argentan", "Argentan", "FR", ("1439",), ("a_aug", 998)),
    ("St. Malo", "Saint-Malo", "FR", ("0847",), ("victory", 569)),
)

# Set-up hexes of all four sheets (digest §4.4): every one must be a land hex.
SETUP_HEXES = {
    "a_jul": (889, 898, "0342 0542 0544 0641 0642 0643 0740 0741 0743 0839"),
    "g_jul": (912, 948, "2029 3926 0353 1019 1326 0205 0324 0408 0417 0420 0515 0621 0726 0833 0928 0931 0936 "
                        "0644 0744 0941 0843 0844 0942 0943 1038 1040 1041 1139"),
    "a_aug": (970, 1018, "1037 1038 1039 1138 1139 1140 1238 1239 1539 1540 1638 1733 1735 1738 1832 1835 1837 "
                         "1838 1939 2038 1340 1439 1440 1640 0840 0940"),
    "g_aug": (1024, 1072, "0323 0420 0425 0936 0417 0931 1232 1233 1133 1334 1930 1134 1532 1731 1130 2326 2228 "
                          "2428 1227 1327 1535 0205 0408 2735 2215 2415"),
}

# What the text implies about particular hexes beyond "land". (hex, implied, cite)
PINS = (
    # "On any coastal hex or hexes North of the Seine River" (German 24 August).
    *((h, "coastal", ("g_aug", 1024, 1032)) for h in ("0323", "0420", "0425", "0936", "0417", "0931")),
    # "On any town or city hex(es) North of the Seine River (Paris excluded)".
    ("1019", "town", ("g_jul", 916)),
    ("1326", "town", ("g_jul", 917)),
    *((h, "town", ("g_jul", 913)) for h in ("2029", "2129", "2130")),
    ("0847", "fortress", ("victory", 569)),
    ("0353", "edge:D", ("g_jul", 915)),
    ("3926", "edge:B", ("g_jul", 914)),
)

# Ports whose garrisons the German coastal screen must cover, one per listed hex (L919): Amsterdam,
# Rotterdam, Ostend, Dunkirk, Calais, Boulogne, Dieppe, Le Havre, Rouen. The text gives the hexes,
# not the names; the names are the ports the calibration finds within a hex of each (digest §5.3).
SCREEN_PORTS = (
    ("Amsterdam", "NL", "0205"), ("Rotterdam", "NL", "0408"), ("Ostend", "BE", "0417"),
    ("Dunkirk", "FR", "0420"), ("Calais", "FR", "0323"), ("Boulogne-sur-Mer", "FR", "0425"),
    ("Dieppe", "FR", "0930"), ("Le Havre", "FR", "0936"), ("Rouen", "FR", "1232"),
)
SCREEN_CITE = ("g_jul", 919)
