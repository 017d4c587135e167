"""Every conformance case of Normandy 1944 (domain/games/normandy/conformance/*.toml: sequence and
weather, movement, ZOC and stacking, combat, retreat, supply, victory, deferred rules), run with the
installed pack as `umpire conformance` runs them. Expected values are worked by hand from the text
(each case's title, cite and note say how)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from domain.games.normandy import NORMANDY
from domain.kernel.conformance import run
from domain.kernel.ruleset import get
from infra.packs import load_pack_dir
from services.conformance import load_cases

CASES = sorted((Path(NORMANDY.pack_dir).parent / "conformance").glob("*.toml"))
LOADED = [case for path in CASES for _, case in load_cases(path)]


@lru_cache(maxsize=None)
def pack_in(directory: str):
    return load_pack_dir(directory)


@lru_cache(maxsize=None)
def bound(ruleset_id: str):
    """The case's own version (`normandy-1944@1` ... `@5`), bound to its own installed pack (@1-@4:
    pack_v4/, @5: pack/)."""
    r = get(ruleset_id)
    return r.bind(pack_in(r.pack_dir))


def test_there_are_cases_for_every_section_built():
    assert len(LOADED) >= 40 and len({c.id for c in LOADED}) == len(LOADED)


@pytest.mark.parametrize("case", LOADED, ids=[c.id for c in LOADED])
def test_conformance_case(case):
    outcome = run(case, bound(case.ruleset))
    assert outcome.passed, "\n".join(outcome.failures)
