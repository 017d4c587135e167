"""The Air Strike, Airdrop Cycle and Optional Rules A-B conformance cases (conformance/air.toml),
run with the installed pack as `umpire conformance` runs them."""
from __future__ import annotations

from pathlib import Path

import pytest

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT
from domain.kernel.conformance import run
from infra.packs import load_pack_dir
from services.conformance import load_cases

CASES = Path(__file__).resolve().parents[3] / "domain" / "games" / "breakout_pursuit" / "conformance" / "air.toml"
LOADED = [case for _, case in load_cases(CASES)]


@pytest.fixture(scope="module")
def ruleset():
    return BREAKOUT_PURSUIT.bind(load_pack_dir(BREAKOUT_PURSUIT.pack_dir))


@pytest.mark.parametrize("case", LOADED, ids=[c.id for c in LOADED])
def test_conformance_case(case, ruleset):
    """Each case's expected results were worked out by hand from the rulebook (see its title and note)."""
    outcome = run(case, ruleset)
    assert outcome.passed, "\n".join(outcome.failures)
