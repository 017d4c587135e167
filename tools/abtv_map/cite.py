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
}


def rulebook(key: str) -> Printed:
    section, a, b = CITES[key]
    return Printed(cite=Rulebook(book=BOOK, section=section, lines=(a, b)))
