"""The broken cross-references and other defects of the text (digest Appendix B), each resolved
and cited, and the errata the text folds in that this version applies. A ruling that follows a
resolved reference cites its entry here (`cite_of`)."""
from __future__ import annotations

from typing import NamedTuple

from domain.games.normandy import cite
from domain.kernel.citation import Errata


class Entry(NamedTuple):
    id: str
    where: tuple[int, int]  # the lines of the defect
    printed: str  # what the text says (a short phrase at most)
    resolved: str  # how this version reads it


TABLE: tuple[Entry, ...] = (
    Entry("B1", (33, 33), "tactical support 'cf § 5.2'", "§5.3 Tactical Support"),
    Entry("B2", (45, 45), "Breakthrough 'cf § 6.6'", "§6.8 Exploitation"),
    Entry("B3", (296, 296), "'(§ 6.4.1)'", "§6.8: an advance without Exploitation opens the counterattack"),
    Entry("B4", (309, 309), "'special units, § 4.5'", "§4.4 Special Operations"),
    Entry("B5", (317, 317), "partisan '+2 (see § 4.1.1)'", "§4.1.2 Off Map Movement (partisans)"),
    Entry("B6", (414, 431), "Confusion 'see § 6.8'", "§6.11 Confusion"),
    Entry("B7", (329, 329), "'except for Cherbourg (cf § 7.2)'", "§7.1.3 Cherbourg"),
    Entry("B8", (60, 74), "§1.0 numbers its phases 1.1-4.3", "the detailed sequence §1.1.1-§1.1.5 is followed"),
    Entry("B9", (339, 339), "stray HQ-supply sentence in §7.1.3", "read as part of §7.3.2 HQ Supply"),
    Entry("B10", (97, 97), "§1.1.1.2 lists no Brest", "§7.2 includes Brest (option Q37)"),
    Entry("B11", (239, 239), "'se lected'", "selected"),
    Entry("B12", (473, 473), "'619'", "hex 0619 (option Q34)"),
    Entry("B13", (471, 471), "LXXXIV Korps at 'Marigny (0218)'", "kept as printed, 0218 (option Q34); Marigny is 1218 on the map"),
    Entry("B14", (468, 468), "Scenario 1 errata 'HB allowed'", "the printed 'no Heavy Bombers' is kept (option Q32)"),
)
# The errata folded into the text that this version's rules apply, by where they stand.
APPLIED: tuple[Errata, ...] = (
    cite.CONTROL_ERRATA, cite.SUPPORT_RANGE_ERRATA, cite.RETREAT_ERRATA, cite.ADVANCE_ERRATA, cite.SUPPLY_ERRATA,
    cite.INTER_ALLIED_ERRATA,
)
BY_ID = {e.id: e for e in TABLE}


def cite_of(entry_id: str) -> Errata:
    e = BY_ID[entry_id]
    return Errata(book=cite.BOOK, entry=f"Appendix B {e.id}: {e.resolved}", lines=e.where)
