"""Every conformance case of Breakout & Pursuit (domain/games/breakout_pursuit/conformance/*.toml:
movement, ZOC, stacking, combat, retreat, battlegroups, supply, reinforcements, victory, game length,
logistics, air...), run with the installed pack as `umpire conformance` runs them: each case under
the ruleset it names (`breakout-pursuit@1` or `@2`)."""
from __future__ import annotations

from pathlib import Path

import pytest

from domain.games.breakout_pursuit import BREAKOUT_PURSUIT, BREAKOUT_PURSUIT_2
from domain.kernel.conformance import run
from infra.packs import load_pack_dir
from services.conformance import load_cases

CASES = sorted((Path(BREAKOUT_PURSUIT.pack_dir).parent / "conformance").glob("*.toml"))
LOADED = [case for path in CASES for _, case in load_cases(path)]


@pytest.fixture(scope="module")
def rulesets():
    return {r.id: r.bind(load_pack_dir(r.pack_dir)) for r in (BREAKOUT_PURSUIT, BREAKOUT_PURSUIT_2)}


def test_every_case_names_a_breakout_pursuit_version():
    """A case runs under the version it names: one naming @2 must not pass or fail under @1's rules."""
    assert {c.ruleset for c in LOADED} <= {BREAKOUT_PURSUIT.id, BREAKOUT_PURSUIT_2.id}
    assert any(c.ruleset == BREAKOUT_PURSUIT_2.id for c in LOADED)


@pytest.mark.parametrize("case", LOADED, ids=[c.id for c in LOADED])
def test_conformance_case(case, rulesets):
    """Each case's expected results were worked out by hand from the rulebook (see its title and note)."""
    outcome = run(case, rulesets[case.ruleset])
    assert outcome.passed, "\n".join(outcome.failures)
