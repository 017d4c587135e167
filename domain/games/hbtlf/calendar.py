"""The calendar: Game-Turns as weeks, impulses as runs of days (2.0, 5.1, 11.51).

The Time Chart is not in the text; the dates are derived (pack source `calendar`): Game-Turn n is
the week from Sunday 2 August 1914 + 7n days. An impulse that straddles two months takes the
month of its first day unless the option `straddle_month` says `last_day` (the Turn Record Track
that would say is not in the text).
"""
from __future__ import annotations

from datetime import date, timedelta
from itertools import product

FIRST_SUNDAY = date(1914, 8, 2)
DAYS = 7
MAX_IMPULSES = 3  # 5.1


def first_day(gt: int) -> date:
    return FIRST_SUNDAY + timedelta(days=DAYS * gt)


def impulse_days(gt: int, impulses: tuple[int, ...], index: int, *, days_before: int = 0) -> tuple[date, date]:
    """The first and last date of impulse `index` (1-based) of a Game-Turn whose impulses after the
    `days_before` days already used have the given lengths."""
    start = first_day(gt) + timedelta(days=days_before + sum(impulses[: index - 1]))
    return start, start + timedelta(days=impulses[index - 1] - 1)


def month(span: tuple[date, date], straddle: str = "first_day") -> str:
    day = span[1] if straddle == "last_day" else span[0]
    return day.strftime("%B")


def structures(days: int, *, at_most: int, first: int | None = None, exactly: int | None = None) -> list[tuple[int, ...]]:
    """Every way to cut `days` into impulses of 1-7 days, at most `at_most` of them (exactly
    `exactly` if given), the first of length `first` if given."""
    out = []
    for n in range(1, at_most + 1):
        if exactly is not None and n != exactly:
            continue
        for parts in product(range(1, DAYS + 1), repeat=n):
            if sum(parts) == days and (first is None or parts[0] == first):
                out.append(parts)
    return out
