"""Every citation of cite.py points at the rulebook line it names (the seed file's numbering)."""
from __future__ import annotations

import pytest

from domain.games.breakout_pursuit import cite
from domain.kernel.citation import Errata, Rulebook
from tools.bp_data import seed

CITATIONS = {n: c for n, c in vars(cite).items() if isinstance(c, (Rulebook, Errata))}


@pytest.mark.parametrize("name", sorted(CITATIONS))
def test_citation_points_at_its_rule(name):
    """A case letter opens its line; a corrections entry opens its line or one shortly above it; a
    section citation lies under its heading."""
    c = CITATIONS[name]
    first = c.lines[0]
    line = seed.text(first, first)
    if isinstance(c, Errata):
        assert any(seed.text(n, n).startswith(c.entry + ":") for n in range(max(1, first - 10), first + 1)), line
    elif c.case and len(c.case) == 1:
        assert line.startswith(f"({c.case})"), line
    elif c.case:
        assert line.startswith(c.case), line
    else:
        assert any(seed.text(n, n).strip() == c.section for n in range(max(1, first - 60), first + 1)), line
