"""The B&P rulebook text (the seed file) and citations into it.

The seed lives in `shared/seeds/` beside the repository (the project's shared folder), found by
`tools.seeds` (`UMPIRE_SEEDS` overrides the folder).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from domain.kernel.citation import Errata, Rulebook
from domain.kernel.pack.provenance import Printed
from tools import seeds

BOOK = "000_8b4f0543e9b3b018.txt"
REPO = seeds.REPO


def seed_path() -> Path:
    return seeds.find(BOOK)


@lru_cache(maxsize=1)
def lines() -> tuple[str, ...]:
    """The rulebook's lines; index 0 is line 1 (citations are 1-based, as editors show them)."""
    return tuple(seed_path().read_text(encoding="utf-8").split("\n"))


def line(n: int) -> str:
    return lines()[n - 1]


def text(first: int, last: int | None = None) -> str:
    return "\n".join(lines()[first - 1 : (last or first)])


def printed(section: str, first: int, last: int | None = None, case: str | None = None) -> Printed:
    return Printed(cite=Rulebook(book=BOOK, section=section, case=case, lines=(first, last or first)))


def errata(entry: str, first: int, last: int | None = None) -> Printed:
    return Printed(cite=Errata(book=BOOK, entry=entry, lines=(first, last or first)))
