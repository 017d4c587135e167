"""No import circles in `domain/`, `services/`, `infra/`, `tools/` or `bench/` (issue 14): every import
counts, also one inside a function or under `if TYPE_CHECKING:`, since a late or type-only import only
hides a circle from the interpreter, not from the reader (a Ruleset's methods take the Adjudication
that holds it: the Adjudication names the ruleset by a Protocol instead)."""
from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("domain", "services", "infra", "tools", "bench")


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules(package: str) -> dict[str, Path]:
    return {_module_name(p): p for p in (ROOT / package).rglob("*.py")}


def _imports(path: Path, name: str, known: set[str]) -> set[str]:
    """The modules of `known` that `path` imports anywhere in its body."""
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{a.name}" for a in node.names] + [base]
        else:
            continue
        for t in targets:
            while t and t not in known:  # `from pkg import module` names the module; else the nearest package
                t = t.rpartition(".")[0]
            if t and t != name:
                out.add(t)
    return out


@functools.cache  # one parse of the tree for every test here
def graph() -> dict[str, set[str]]:
    modules = {n: p for pkg in PACKAGES for n, p in _modules(pkg).items()}
    known = set(modules)
    edges = {n: _imports(p, n, known) for n, p in modules.items()}
    # A package's __init__ re-exporting its modules is not a circle with them.
    return {n: {t for t in ts if not n.startswith(t + ".")} for n, ts in edges.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    break
                if child in on:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        m = stack.pop()
                        on.discard(m)
                        comp.append(m)
                        if m == node:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def test_the_graph_sees_imports_inside_functions_and_those_for_type_checking():
    edges = graph()
    assert "domain.kernel.core" in edges["domain.kernel.effects"]
    assert edges["domain.games.breakout_pursuit.rules"], "the B&P ruleset imports its rules modules"
    assert "domain.games.sandbox" in edges["services.catalog"]  # imported inside Catalog._load
    assert "domain.kernel.adjudication" in edges["domain.games.normandy.data"]  # under TYPE_CHECKING
    assert "infra.eventstore.pgnotify" in edges["infra.eventstore.recorders"]  # under TYPE_CHECKING


def test_a_circle_is_found():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle(package):
    found = [c for c in circles(graph()) if c[0].startswith(package + ".")]
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)
