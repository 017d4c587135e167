"""Every conformance case of Normandy 1944 (domain/games/normandy/conformance/*.toml: sequence and
weather, movement, ZOC and stacking, combat, retreat, supply, victory, deferred rules), run with the
installed pack as `umpire conformance` runs them. Expected values are worked by hand from the text
(each case's title, cite and note say how)."""
from __future__ import annotations

from pathlib import Path

import pytest

from domain.games.normandy import NORMANDY
from domain.kernel.conformance import run
from infra.packs import load_pack_dir
from services.conformance import load_cases

CASES = sorted((Path(NORMANDY.pack_dir).parent / "conformance").glob("*.toml"))
LOADED = [case for path in CASES for _, case in load_cases(path)]


@pytest.fixture(scope="module")
def ruleset():
    return NORMANDY.bind(load_pack_dir(NORMANDY.pack_dir))


def test_there_are_cases_for_every_section_built():
    assert len(LOADED) >= 40 and len({c.id for c in LOADED}) == len(LOADED)


@pytest.mark.parametrize("case", LOADED, ids=[c.id for c in LOADED])
def test_conformance_case(case, ruleset):
    outcome = run(case, ruleset)
    assert outcome.passed, "\n".join(outcome.failures)
