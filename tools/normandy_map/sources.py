"""Provenance entries of the non-map pack files (sources.json), keyed "nm.*"."""
from __future__ import annotations

from domain.kernel.citation import Rulebook
from domain.kernel.pack.provenance import Inferred, Placeholder, Printed
from tools.normandy_map.data_places import BOOK

SECTIONS = (  # the rulebook's own headings and their first lines
    (1, 'Introduction'),
    (5, '0 - Definitions'),
    (25, '0.1 The Counters'),
    (51, '0.2 The Markers'),
    (58, '1 - Sequence of Play'),
    (59, '1.0 General Points'),
    (75, '1.1 Detailed Sequence'),
    (145, '1.2 End of Game'),
    (147, '2 - Terrain'),
    (148, '2.1 Stacking'),
    (153, '2.2 Terrain Effects'),
    (162, '3 - Zone of Control'),
    (165, '4 - Movement'),
    (166, '4.1 General Rule'),
    (183, '4.2 Landing'),
    (187, '4.3 Overrun'),
    (196, '4.4 Special Operations'),
    (205, '5 - HQ and Support'),
    (207, '5.1 Control Limits'),
    (214, '5.2 Extended Movement'),
    (218, '5.3 Tactical Support'),
    (225, '5.4 HQ Destruction'),
    (229, '6 - Combat'),
    (230, '6.1 General Rule'),
    (236, '6.2 Bombardment'),
    (243, '6.3 Combat Resolution'),
    (251, '6.4 Combat Results'),
    (254, '6.5 Disorganized or Affected Units'),
    (277, '6.6 Retreat Result'),
    (286, '6.7 Advance After Combat'),
    (289, '6.8 Exploitation'),
    (295, '6.9 Counterattack'),
    (300, '6.10 Losses - Replacement'),
    (308, '6.11 Confusion'),
    (311, '6.12 Off Map Combat'),
    (318, '6.13 Siege'),
    (321, '7 - Logistics'),
    (323, '7.1 Allied Logistics'),
    (342, '7.2 German Logistics'),
    (347, '7.3 Supply Lines'),
    (355, '7.4 Out of Supply Units'),
    (359, '7.5 Airborne Supply'),
    (361, '8 - Inter-Allied Coordination'),
    (366, '9 - Allied Airpower'),
    (371, '9.1 Tactical Air Support (TAS)'),
    (378, '9.2 Tactical Interdiction'),
    (383, '9.3 Bombardment'),
    (389, '9.4 HB - Carpet Bombing'),
    (398, '9.5 Strategic Interdiction'),
    (400, '10 - The D-Day'),
    (456, '11 - Scenarios'),
    (463, '11.1 Scenario 1 - The Race to Cherbourg'),
    (494, '11.2 Scenario 2 - Operation Cobra'),
    (581, '11.3 Campaign Game'),
)


def section(line: int) -> str:
    return [name for start, name in SECTIONS if start <= line][-1]


class Src:
    def __init__(self) -> None:
        self.entries: dict = {"nm.values": Placeholder(reason=(
            "the text prints no unit's attack, defence, movement, stacking value or steps (digest §4.3); values by "
            "unit type, tools/normandy_map/oob.py VALUES, chosen so every printed Cobra hex is within stacking"))}

    def _put(self, key: str, prov) -> str:
        if self.entries.setdefault(key, prov) != prov:
            raise ValueError(f"two different provenance entries under {key}")
        return key

    def line(self, a: int, b: int | None = None) -> str:
        b = b or a
        return self._put(f"nm.L{a}" + (f"-{b}" if b != a else ""),
                         Printed(cite=Rulebook(book=BOOK, section=section(a), lines=(a, b))))

    def inferred(self, key: str, evidence: str) -> str:
        return self._put(f"nm.{key}", Inferred(evidence=evidence))

    def placeholder(self, key: str, reason: str) -> str:
        return self._put(f"nm.{key}", Placeholder(reason=reason))
