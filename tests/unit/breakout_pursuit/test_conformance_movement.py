"""The movement, ZOC and stacking conformance cases, run on the pack's map.

`umpire conformance domain/games/breakout_pursuit/conformance` runs them with the installed pack
once the whole pack validates; until then this runs them on the pack as read by the test helpers
(the map validated, the rest as committed)."""
from __future__ import annotations

from pathlib import Path

import pytest

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT
from domain.kernel.conformance import run
from services.conformance import load_cases
from tests.unit.breakout_pursuit.movement_helpers import real_pack

CASES = Path(__file__).resolve().parents[3] / "domain/games/breakout_pursuit/conformance"
FILES = sorted(p.name for p in CASES.glob("*.toml") if p.name in ("zoc.toml", "stacking.toml", "movement.toml"))
LOADED = [case for f in FILES for _, case in load_cases(CASES / f)]


@pytest.fixture(scope="module")
def ruleset():
    return BREAKOUT_PURSUIT.bind(real_pack())


@pytest.mark.parametrize("case", LOADED, ids=[c.id for c in LOADED])
def test_conformance_case(case, ruleset):
    """Each case's expected result was worked out by hand from the rulebook (see its title)."""
    outcome = run(case, ruleset)
    assert outcome.passed, "\n".join(outcome.failures)
