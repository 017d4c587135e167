"""Where the rulebook says what the map holds. Line numbers are those of the seed text."""
from __future__ import annotations

from domain.kernel.citation import Rulebook
from domain.kernel.pack.provenance import Printed

BOOK = "003_17de0f7be7cf6caf.txt"

# key: (section, first line, last line)
CITES = {
    "scale": ("2.2 The Map", 84, 84),
    "sheets": ("2.1 Game Components", 75, 76),
    "polder_zone": ("4.1 The Mechanized Movement Phase", 290, 290),
    "main_road": ("7.1 Main Roads and Secondary Roads", 320, 320),
    "waterlogged": ("7.1 Main Roads and Secondary Roads", 322, 322),
    "main_bridges": ("7.2 Bridges", 330, 332),
    "degroote": ("22.0 Translation Notes", 621, 621),
    "meuse_escaut": ("22.0 Translation Notes", 625, 625),
    "eindhoven_canal": ("22.0 Translation Notes", 627, 627),
    "zon": ("22.0 Translation Notes", 629, 629),
    "values": ("2.4 Explanation of Unit Values", 110, 119),
    "die": ("2.5 The Die", 123, 123),
    "overrun": ("4.2 Overrun", 294, 294),
    "stacking": ("5.0 Stacking", 300, 300),
    "alt_dz": ("7.3 Drop Zones (DZs)", 350, 353),
    "dz": ("7.3 Drop Zones (DZs)", 336, 355),
    "eff_shift": ("8.0 Unit Effectiveness", 363, 365),
    "bombard_ex": ("9.1 Resolution of Offensive Artillery Bombardments", 381, 381),
    "support": ("9.2 Resolution of Offensive and Defensive Support Artillery Fire", 385, 387),
    "def_bombard": ("9.3 Resolution of Defensive Bombardment during Assault", 391, 393),
    "sp_art": ("9.4 Limits on Artillery Movement and Fire", 395, 403),
    "odds": ("12.1 Procedure", 439, 441),
    "drm_50": ("12.2 Die Roll Modifiers (DRM)", 445, 445),
    "results": ("12.3 Explanation of Combat Results", 447, 473),
    "clear_d1": ("12.3 Explanation of Combat Results", 471, 471),
    "forest_d3": ("12.3 Explanation of Combat Results", 473, 473),
    "assault_hexes": ("13.2 Assault Considerations", 487, 487),
    "assault_ex": ("13.2 Assault Considerations", 491, 491),
    "fatigue_drm": ("14.0 Fatigue", 501, 503),
    "unsupplied": ("16.0 Supply", 517, 517),
    "engineer_ex": ("17.2 Combat Engineers", 545, 552),
    "weather": ("18.0 Weather", 565, 565),
    "armor_man": ("19.1 Armor Effects in Maneuver Combats", 585, 585),
    "armor_ass": ("19.2 Armor Effects in Assaults", 589, 591),
    "initiative": ("20.0 Initiative", 599, 599),
    "calendar": ("18.0 Weather", 565, 565),
    "players": ("1.0 Introduction", 65, 65),
    "reinforcements": ("21.0 Reinforcements", 603, 603),
}


def rulebook(key: str) -> Printed:
    section, a, b = CITES[key]
    return Printed(cite=Rulebook(book=BOOK, section=section, lines=(a, b)))
