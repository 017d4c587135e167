"""Pure-domain tests need no database driver: tests/conftest.py imports psycopg and redis only in
the fixtures that start or reach those servers. Checked in a child interpreter where importing
either fails, running real domain tests through pytest itself."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BLOCKED = ("psycopg", "psycopg_pool", "redis")
DOMAIN_TESTS = ("tests/unit/kernel/test_chain.py", "tests/unit/kernel/test_undo.py", "tests/unit/sandbox")
CHILD = f"""
import sys
for name in {BLOCKED!r}:
    sys.modules[name] = None  # `import name` now raises ImportError
import pytest
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", *{DOMAIN_TESTS!r}]))
"""


def test_domain_tests_run_where_no_database_driver_can_be_imported():
    child = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert child.returncode == 0, child.stdout[-3000:] + child.stderr[-3000:]
    assert " passed" in child.stdout, child.stdout[-3000:]


def test_the_block_really_stops_a_driver_import():
    probe = "import sys; sys.modules['psycopg'] = None; import psycopg"
    child = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert child.returncode != 0 and "import of psycopg halted" in child.stderr
