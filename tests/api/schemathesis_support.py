"""What the schemathesis runs (tests/api/test_contract.py, tests/abuse/test_schema.py) share."""
from __future__ import annotations

_PLAIN = {"title", "description"}


def negatable(op: dict) -> bool:
    """Negative cases (the document broken) only where there is input to break: a body, or a
    parameter narrower than any string (every string is a game id; an optional token can be left out)."""
    return "requestBody" in op or any({k: v for k, v in p["schema"].items() if k not in _PLAIN} != {"type": "string"}
                                      for p in op.get("parameters", ()))
