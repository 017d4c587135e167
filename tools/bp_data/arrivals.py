"""The Time Record & Reinforcement Chart's arrival grids (Allied L829-837, German L843-852)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from tools.bp_data import seed
from tools.bp_data.counters import Parsed, parse

SECTION = "Time Record & Reinforcement Chart"
GERMAN_ITEM = re.compile(r'^(?P<unit>.+?), option "(?P<opt>[^"]+)"(?:, map edge (?P<edge>[A-D]))?$')
DELAY = "German Delay marker"


@dataclass(frozen=True)
class ArrivalEntry:
    side: str
    turn: int
    counter: Parsed          # kind "delay" for a Delay marker
    options: tuple[str, ...]
    edge: str | None
    line: int


def _table(header: str) -> list[tuple[int, str, int]]:
    lines = seed.lines()
    n = lines.index(header) + 2  # 1-based line after the header
    rows = []
    while n <= len(lines) and seed.line(n).strip():
        turn, cell = seed.line(n).split("\t", 1)
        if turn.isdigit():
            rows.append((int(turn), cell, n))
        n += 1
    return rows


def _options(text: str) -> tuple[str, ...]:
    return tuple(o.strip() for o in text.replace(" only", "").split(","))


def read_arrivals() -> list[ArrivalEntry]:
    out: list[ArrivalEntry] = []
    for turn, cell, n in _table("Game-Turn\tAllied Arrivals"):
        if cell == "none":
            continue
        for item in cell.split("; "):
            out.append(ArrivalEntry("allied", turn, parse(item, "XX"), (), None, n))
    for turn, cell, n in _table("Game-Turn\tGerman Arrivals"):
        if cell == "none":
            continue
        for item in cell.split("; "):
            m = GERMAN_ITEM.match(item)
            if not m:
                raise ValueError(f"L{n}: unreadable arrival {item!r}")
            p = Parsed(label=DELAY, kind="delay") if m["unit"] == DELAY else parse(m["unit"], "XX")
            out.append(ArrivalEntry("german", turn, p, _options(m["opt"]), m["edge"], n))
    return out
