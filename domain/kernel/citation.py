"""Citations: where a ruling, an effect or a datum comes from.

Every rejection and every ruled effect names its source so that a referee can check it against
the book. The tags are stable wire names; never rename one.
"""
from __future__ import annotations

import msgspec


class Rulebook(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", tag="rulebook"):
    """A printed rule: the seed file, the rulebook's own section name, its case letter, lines."""

    book: str
    section: str
    case: str | None = None
    lines: tuple[int, int] | None = None

    def label(self) -> str:
        case = f" ({self.case})" if self.case else ""
        where = f", L{self.lines[0]}" + (f"-{self.lines[1]}" if self.lines[1] != self.lines[0] else "") if self.lines else ""
        return f"{self.section}{case}{where}"


class Errata(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", tag="errata"):
    """An entry of the rulebook's corrections; it wins over the printed rule it amends."""

    book: str
    entry: str
    lines: tuple[int, int] | None = None

    def label(self) -> str:
        where = f", L{self.lines[0]}-{self.lines[1]}" if self.lines else ""
        return f"Corrections: {self.entry}{where}"


class MissingRule(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", tag="missing"):
    """A rule the text refers to but does not contain (e.g. a Standard Rule not in the seed)."""

    book: str
    reference: str
    note: str = ""

    def label(self) -> str:
        return f"{self.reference} (not in the text)"


class HouseRule(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", tag="house"):
    """A rule Umpire had to supply; it is never presented as the published game."""

    name: str
    text: str

    def label(self) -> str:
        return f"house rule {self.name}"


class OptionRuling(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", tag="ruling"):
    """An ambiguity in the text settled by a named option (the value in force for this game)."""

    option: str
    value: str
    basis: str = ""

    def label(self) -> str:
        return f"ruling {self.option}={self.value}"


class PackDatum(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", tag="pack"):
    """A datum of the content pack the rulebook does not print, which a ruling used: a CRT cell, a
    victory point value, a counter, a map fact. `key` is the pack's register key (`crt:2:3-1`,
    `table:vp_german_units:2-4`), `provenance` is `placeholder` (invented), `inferred`
    (reconstructed from evidence) or `owner` (read off an owner's copy of the game), so a referee
    tells what the book decided from what was added."""

    key: str
    provenance: str

    def label(self) -> str:
        return f"reconstructed {self.key} ({self.provenance})"


Citation = Rulebook | Errata | MissingRule | HouseRule | OptionRuling | PackDatum


def label(cite: Citation) -> str:
    return cite.label()
