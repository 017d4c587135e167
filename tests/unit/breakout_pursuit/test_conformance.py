"""Every conformance case of Breakout & Pursuit (domain/games/breakout_pursuit/conformance/*.toml:
movement, ZOC, stacking, combat, retreat, battlegroups, supply, reinforcements, victory, game length,
logistics, air...), run with the installed pack as `umpire conformance` runs them."""
from __future__ import annotations

from pathlib import Path

import pytest

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT
from domain.kernel.conformance import run
from infra.packs import load_pack_dir
from services.conformance import load_cases

CASES = sorted((Path(BREAKOUT_PURSUIT.pack_dir).parent / "conformance").glob("*.toml"))
LOADED = [case for path in CASES for _, case in load_cases(path)]


@pytest.fixture(scope="module")
def ruleset():
    return BREAKOUT_PURSUIT.bind(load_pack_dir(BREAKOUT_PURSUIT.pack_dir))


@pytest.mark.parametrize("case", LOADED, ids=[c.id for c in LOADED])
def test_conformance_case(case, ruleset):
    """Each case's expected results were worked out by hand from the rulebook (see its title and note)."""
    outcome = run(case, ruleset)
    assert outcome.passed, "\n".join(outcome.failures)
