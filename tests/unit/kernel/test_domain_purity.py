"""The rules stay pure: nothing under domain/ imports beyond the standard library and msgspec."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

DOMAIN = Path(__file__).resolve().parents[3] / "domain"
ALLOWED = set(sys.stdlib_module_names) | {"msgspec", "domain", "__future__"}


def imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), filename=str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append((node.lineno, node.module))
    return out


def test_domain_imports_only_the_standard_library_and_msgspec():
    files = sorted(DOMAIN.rglob("*.py"))
    assert len(files) > 10  # the walk found the package
    bad = [f"{f.relative_to(DOMAIN.parent)}:{line}: {mod}"
           for f in files for line, mod in imports(f) if mod.split(".")[0] not in ALLOWED]
    assert bad == []


def test_the_purity_check_catches_a_forbidden_import(tmp_path):
    f = tmp_path / "x.py"
    f.write_text("import os\nfrom fastapi import FastAPI\ndef f():\n    import psycopg\n")
    assert [m for _, m in imports(f) if m.split(".")[0] not in ALLOWED] == ["fastapi", "psycopg"]
