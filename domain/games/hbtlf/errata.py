"""The errata table (pack `extra.errata`): how each misprint kept verbatim in the data is read."""
from __future__ import annotations

from typing import Any

from domain.kernel.citation import Errata

from domain.games.hbtlf.cite import BOOK


def entries(pack) -> list[dict[str, Any]]:
    return list(pack.extra.get("errata", {}).get("entries", ()))


def version(pack) -> int:
    return int(pack.extra.get("errata", {}).get("version", 0))


def reading(pack, scenario: str, token: str) -> tuple[str, dict[str, Any] | None]:
    """The token as read under the errata, and the entry that changed it (None if printed right)."""
    for e in entries(pack):
        if e.get("scenario") == scenario and token in e["printed"] and len(e["reading"]) == len(e["printed"]):
            return e["reading"][e["printed"].index(token)], e
    return token, None


def citation(entry: dict[str, Any]) -> Errata:
    return Errata(book=BOOK, entry=f"hbtlf errata {entry['id']}", lines=tuple(entry["lines"]))
