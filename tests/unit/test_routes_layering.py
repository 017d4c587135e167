"""Routes call a command (`services.games.Games`) or a query (`services.queries.Queries`), never the
store or the kernel themselves (issue 14, item 4): a route module imports from `domain/` and `infra/`
only the types and errors its signatures and handlers name, and reaches no store or game context
through the runtime."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ROUTES = sorted((ROOT / "services" / "api" / "routes").glob("*.py"))
ALLOWED = {  # module -> the names a route may import from it
    "domain.kernel.seats": {"Viewer"},  # the caller's viewer, a parameter type
    "domain.kernel.conformance": {"Case"},  # the request body of POST /v1/conformance
    "infra.eventstore": {"StoreUnavailable"},  # the SSE stream ends with an `error` event on it
}
FORBIDDEN_ATTRIBUTES = {"store", "context"}


def problems(source: str) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in ("domain", "infra"):
            extra = {a.name for a in node.names} - ALLOWED.get(node.module, set())
            if extra:
                out.append(f"line {node.lineno}: imports {sorted(extra)} from {node.module}")
        elif isinstance(node, ast.Import) and any(a.name.split(".")[0] in ("domain", "infra") for a in node.names):
            out.append(f"line {node.lineno}: imports {[a.name for a in node.names]}")
        elif isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES:
            out.append(f"line {node.lineno}: reaches .{node.attr}")
    return out


@pytest.mark.parametrize("path", ROUTES, ids=lambda p: p.stem)
def test_a_route_calls_commands_and_queries_only(path):
    assert problems(path.read_text()) == []


def test_the_check_catches_a_route_reading_the_store_or_the_kernel():
    source = ("from domain.kernel import game\nfrom infra.eventstore import open_store\n"
              "def f(request):\n    return request.app.state.runtime.games.store.head('g')\n")
    assert len(problems(source)) == 3
