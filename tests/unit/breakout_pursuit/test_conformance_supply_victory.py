"""The conformance cases of Supply, Reinforcements, Victory and Game Length, run on the installed
pack's map (decoded record by record: the pack-wide checks still fail on set-up areas the map lacks,
so `umpire conformance` cannot load it yet). A case that needs a section still INTERIM on this
branch (combat) is skipped with the reason."""
from __future__ import annotations

from pathlib import Path

import pytest

from domain.games.breakout_pursuit import combat
from domain.kernel.conformance import run
from services.conformance import load_cases
from tests.unit.breakout_pursuit.supply_helpers import PACK_DIR, bound, real_pack

FILES = ("supply.toml", "reinforcements.toml", "victory.toml", "game_length.toml")
CASES = [case for name in FILES for _, case in load_cases(PACK_DIR.parent / "conformance" / name)]
NEEDS = {"attack": combat}  # order type -> the section module that rules it


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_conformance_case(case):
    for step in case.steps:
        module = NEEDS.get((step.order or {}).get("type"))
        if module is not None and "INTERIM" in (module.__doc__ or ""):
            pytest.skip(f"{case.id} needs {module.__name__}, still interim on this branch")
    outcome = run(case, bound(real_pack()))
    assert outcome.passed, "\n".join(outcome.failures)


def test_the_case_files_are_where_the_runner_looks():
    """docs/conformance.md: `umpire conformance domain/games/breakout_pursuit/conformance`."""
    assert all((Path(PACK_DIR.parent) / "conformance" / name).is_file() for name in FILES) and len(CASES) >= 20
