"""What the schemathesis runs (tests/api/test_contract.py, tests/abuse/test_schema.py) share."""
from __future__ import annotations

from typing import Any

_PLAIN = {"title", "description"}


def negatable(op: dict) -> bool:
    """Negative cases (the document broken) only where there is input to break: a body, or a
    parameter narrower than any string (every string is a game id; an optional token can be left out)."""
    return "requestBody" in op or any({k: v for k, v in p["schema"].items() if k not in _PLAIN} != {"type": "string"}
                                      for p in op.get("parameters", ()))


def call_as_everyone(world: dict, case: Any, **checks: Any) -> None:
    """Send the case as every role of `world`, once without a game and once on its game where the
    path takes one, validating each answer with `checks` (schemathesis' call_and_validate)."""
    games = [None, world["game"]] if "game_id" in (case.path_parameters or {}) else [None]
    for game in games:
        if game is not None:
            case.path_parameters["game_id"] = game
        for headers in world["as"].values():
            case.call_and_validate(headers=headers, **checks)
