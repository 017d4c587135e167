"""Tests that need no database server need no database driver: tests/conftest.py and the contract
helpers import psycopg and redis only in the fixtures that start or reach those servers. Checked in
a child interpreter where importing either fails, running real tests through pytest itself: domain
tests, and the event-store contract suite over the in-memory store."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BLOCKED = ("psycopg", "psycopg_pool", "redis")
RUNS = {
    "domain": ["tests/unit/kernel/test_chain.py", "tests/unit/kernel/test_undo.py", "tests/unit/sandbox"],
    "memory-store": ["tests/contract/test_streams.py", "tests/contract/test_idempotency.py", "-k", "memory"],
}


def run_blocked(args: list[str]) -> subprocess.CompletedProcess:
    child = (f"import sys\nfor name in {BLOCKED!r}:\n    sys.modules[name] = None  # `import name` now fails\n"
             f"import pytest\nsys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', *{args!r}]))\n")
    return subprocess.run([sys.executable, "-c", child], cwd=ROOT, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("which", sorted(RUNS))
def test_these_tests_run_where_no_database_driver_can_be_imported(which):
    child = run_blocked(RUNS[which])
    assert child.returncode == 0 and " passed" in child.stdout, child.stdout[-3000:] + child.stderr[-3000:]


def test_the_block_really_stops_a_driver_import():
    probe = "import sys; sys.modules['psycopg'] = None; import psycopg"
    child = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert child.returncode != 0 and "import of psycopg halted" in child.stderr
