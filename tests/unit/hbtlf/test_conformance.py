"""Every conformance case of Home Before the Leaves Fall (domain/games/hbtlf/conformance/*.toml),
worked by hand from the Exclusive Rules and the scenarios, run as `umpire conformance` runs them."""
from __future__ import annotations

from pathlib import Path

import pytest

from domain.games.hbtlf import HBTLF, HBTLF_2
from domain.kernel.conformance import run
from infra.packs import load_pack_dir
from services.conformance import load_cases

CASES = sorted((Path(HBTLF.pack_dir).parent / "conformance").glob("*.toml"))
LOADED = [case for path in CASES for _, case in load_cases(path)]


@pytest.fixture(scope="module")
def rulesets():
    return {r.id: r.bind(load_pack_dir(r.pack_dir)) for r in (HBTLF, HBTLF_2)}  # @1 plays its frozen pack_v1


@pytest.mark.parametrize("case", LOADED, ids=[c.id for c in LOADED])
def test_conformance_case(case, rulesets):
    outcome = run(case, rulesets[case.ruleset])
    assert outcome.passed, "\n".join(outcome.failures)
