"""The Scenario Description Chart (L702-806), read mechanically.

The Campaign scenarios 3.1-3.9 are printed only as "exactly the same description as the
corresponding Breakout Scenarios" (L804) with 16 Game-Turns; they are derived here and labelled
inferred, citing that line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from tools.bp_data import seed

SERIES = re.compile(r"^The (\w+) Scenarios \((\d)\.0 Series\): Game-Turns (\d+) through (\d+), (July|August) Orders? of Battle$")
TITLE = re.compile(r"^Scenario (\d\.\d): (.+)$")
CODE = re.compile(r'Reinforcement code "(\w)"')
MODS = re.compile(r'[Mm]odifications? ((?:"\w"(?: and )?)+)')


@dataclass
class ChartScenario:
    id: str
    title: str
    series: str
    turns: tuple[int, int]
    oob: str
    german_setup: str = ""
    allied_setup: str = ""
    modifications: tuple[str, ...] = ()
    reinforcement_code: str = ""
    special_rules: tuple[str, ...] = ()
    balance: str = ""
    lines: dict[str, int] = field(default_factory=dict)  # which line printed which field
    derived_from: str | None = None


def read_chart() -> list[ChartScenario]:
    lines = seed.lines()
    start = lines.index("Scenario Description Chart") + 1
    end = lines.index("Time Record & Reinforcement Chart")
    out: list[ChartScenario] = []
    series = None
    for n in range(start, end + 1):
        text = seed.line(n)
        if m := SERIES.match(text):
            series = (m[1], (int(m[3]), int(m[4])), m[5].lower()[:3], n)
        elif m := TITLE.match(text):
            name, turns, oob, series_line = series
            out.append(ChartScenario(m[1], m[2], name.lower(), turns, oob, lines={"title": n, "series": series_line}))
        elif text.startswith("• ") and out:
            _bullet(out[-1], text[2:], n)
    campaign = next(n for n in range(start, end + 1) if seed.line(n).startswith("Scenarios 3.1 through 3.9"))
    series_line = next(n for n in range(start, end + 1) if seed.line(n).startswith("The Campaign Scenarios"))
    m = SERIES.match(seed.line(series_line))
    for s in [s for s in out if s.series == "breakout"]:
        out.append(ChartScenario(
            id="3" + s.id[1:], title=s.title, series="campaign", turns=(int(m[3]), int(m[4])), oob=s.oob,
            german_setup=s.german_setup, allied_setup=s.allied_setup, modifications=s.modifications,
            reinforcement_code=s.reinforcement_code, special_rules=s.special_rules, balance=s.balance,
            lines={"title": campaign, "series": series_line, "balance": campaign + 2}, derived_from=s.id,
        ))
    return out


def _bullet(s: ChartScenario, text: str, n: int) -> None:
    key, _, value = text.partition(": ")
    if key == "Germans":
        s.german_setup = "free" if value.startswith("Free") else "historical"
        s.reinforcement_code = CODE.search(value)[1]
        if m := MODS.search(value):
            s.modifications = tuple(re.findall(r'"(\w)"', m[1]))
        s.lines["germans"] = n
    elif key == "Allies":
        s.allied_setup = "free" if value.startswith("Free") else "historical"
        s.lines["allies"] = n
    elif key.startswith("Special Rule"):
        s.special_rules = tuple(value.split("&"))
        s.lines["special_rules"] = n
    elif key == "Balance":
        s.balance = value
        s.lines["balance"] = n
    else:
        raise ValueError(f"L{n}: unknown scenario chart line {text!r}")
