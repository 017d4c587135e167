"""The combat conformance cases (domain/games/breakout_pursuit/conformance/{combat,retreat,
battlegroups}.toml) on the pack's map. Until the section modules replace their interim versions,
the genesis of the real scenarios plays through to the end (no phase asks anything), so the cases
run with scenario 2.1 replaced by a contact scenario (helpers.real_map_ruleset); every case sets
its own position with `clear` and `add`, so the result is the same."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.breakout_pursuit.helpers import run_cases

CASES = Path(__file__).resolve().parents[3] / "domain" / "games" / "breakout_pursuit" / "conformance"


@pytest.mark.parametrize("name", ["combat.toml", "retreat.toml", "battlegroups.toml"])
def test_conformance_cases_pass(name):
    """Every case's expected results (worked out by hand from the rulebook) are what the umpire rules."""
    outcomes = run_cases(CASES / name)
    assert outcomes
    failed = [f"{o.case}: {o.failures}" for o in outcomes if not o.passed]
    assert not failed, "\n".join(failed)
