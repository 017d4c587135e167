"""The conformance runner passes a right case, fails a wrong one with a readable diff."""
import io
from pathlib import Path

import msgspec

from domain.games.sandbox import SANDBOX, SANDBOX_PACK
from domain.kernel.conformance import Case, Step, run
from services import conformance

CASES = Path(__file__).resolve().parents[2] / "conformance" / "sandbox"


def test_the_sandbox_cases_pass():
    out = io.StringIO()
    assert conformance.main(str(CASES), out=out) == 0
    assert out.getvalue().strip().endswith("2 passed, 0 failed")


def test_a_wrong_case_fails_and_says_why():
    right = conformance.load_cases(CASES / "combat.toml")[0][1]
    wrong_step = msgspec.structs.replace(right.steps[0], expect=msgspec.convert(
        {"verdict": "accepted", "effects": [{"type": "sandbox.combat", "result": "DE"}], "citations": ["sandbox 9.9"]},
        type=type(right.steps[0].expect)))
    wrong = msgspec.structs.replace(right, steps=[wrong_step], state={"units.R2.hex": "0101"})
    outcome = run(wrong, SANDBOX.bind(SANDBOX_PACK))
    assert not outcome.passed
    text = "\n".join(outcome.failures)
    assert "missing effect {'type': 'sandbox.combat', 'result': 'DE'}" in text
    assert "no citation mentions 'sandbox 9.9'" in text
    assert "state units.R2.hex: expected '0101', got '0302'" in text


def test_a_case_that_breaks_the_engine_fails_without_stopping_the_run():
    case = Case(id="broken", title="unknown order", cite="-", ruleset="sandbox@1", scenario="1",
                steps=[Step(seat="red", order={"type": "no_such_order"})])
    outcome = run(case, SANDBOX.bind(SANDBOX_PACK))
    assert not outcome.passed and outcome.failures[0].startswith("error: ValidationError")
