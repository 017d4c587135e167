"""Every conformance case of Air Bridge to Victory (domain/games/air_bridge/conformance/*.toml), run
with the installed pack as `umpire conformance` runs them; expected results worked out by hand."""
from __future__ import annotations

from pathlib import Path

import pytest

from domain.games.air_bridge import AIR_BRIDGE
from domain.kernel.conformance import run
from infra.packs import load_pack_dir
from services.conformance import load_cases

CASES = sorted((Path(AIR_BRIDGE.pack_dir).parent / "conformance").glob("*.toml"))
LOADED = [case for path in CASES for _, case in load_cases(path)]


@pytest.fixture(scope="module")
def ruleset():
    return AIR_BRIDGE.bind(load_pack_dir(AIR_BRIDGE.pack_dir))


@pytest.mark.parametrize("case", LOADED, ids=[c.id for c in LOADED])
def test_conformance_case(case, ruleset):
    outcome = run(case, ruleset)
    assert outcome.passed, "\n".join(outcome.failures)
