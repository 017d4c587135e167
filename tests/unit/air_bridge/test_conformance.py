"""Every conformance case of Air Bridge to Victory (domain/games/air_bridge/conformance/*.toml), run
with the installed pack as `umpire conformance` runs them; expected results worked out by hand."""
from __future__ import annotations

from pathlib import Path

import pytest

from domain.games.air_bridge import AIR_BRIDGE
from domain.kernel.conformance import run
from domain.kernel.ruleset import get
from infra.packs import load_pack_dir
from services.conformance import load_cases

CASES = sorted((Path(AIR_BRIDGE.pack_dir).parent / "conformance").glob("*.toml"))
LOADED = [case for path in CASES for _, case in load_cases(path)]


@pytest.fixture(scope="module")
def bound():
    pack = load_pack_dir(AIR_BRIDGE.pack_dir)
    return {v: get(f"air-bridge-to-victory@{v}").bind(pack) for v in (1, 2, 3)}


@pytest.mark.parametrize("case", LOADED, ids=[c.id for c in LOADED])
def test_conformance_case(case, bound):
    """Each case names its version: @2 for the cases of what @2 changed (the attacker's retreat,
    the citations of the modifiers)."""
    outcome = run(case, bound[int(case.ruleset.rpartition("@")[2])])
    assert outcome.passed, "\n".join(outcome.failures)
