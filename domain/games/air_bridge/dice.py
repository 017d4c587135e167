"""§2.5: one ten-sided die, the face 0 read as 10: every roll is 1..10 (the kernel's d10)."""
from __future__ import annotations

from domain.kernel.adjudication import Adjudication
from domain.kernel.dice import Roll


def d10(adj: Adjudication, purpose: str) -> Roll:
    return adj.roll(10, purpose)
