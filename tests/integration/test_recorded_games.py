"""Rules versions in practice (issue 10): recorded complete games, committed as exports, are
re-verified on every CI run, so a change that alters any ruling fails unless it comes as a new
ruleset version; re-verifying an old game under a newer version reports the first divergence and
changes nothing."""
import io
import re
from pathlib import Path

import pytest
from msgspec.structs import replace

from domain.games.sandbox.pack import CRT
from domain.games.sandbox.rules import Sandbox
from domain.kernel.pack.schema import CrtCell
from services.catalog import Catalog
from services.export import parse
from services.verify import main, verify

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "games"
CATALOG = Catalog(sandbox=True)


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.ndjson*")), ids=lambda p: p.name.removesuffix(".gz").removesuffix(".ndjson"))
def test_every_recorded_game_still_verifies_ruling_for_ruling(path):
    out = io.StringIO()
    assert main(str(path), out=out, catalog=CATALOG) == 0, out.getvalue()
    assert "not verifiable" not in out.getvalue()
    # A game whose pinned pack is not found would "verify" with nothing re-adjudicated.
    rulings = re.search(r"(\d+) rulings re-adjudicated", out.getvalue())
    assert rulings and int(rulings.group(1)) > 0, out.getvalue()


class SandboxNext(Sandbox):
    """A later version whose fix changes rulings: its combat table (patched in the test) reads
    "defender eliminated" everywhere."""

    version = 99


def test_a_newer_version_reports_the_first_divergence_without_changing_history(monkeypatch):
    import domain.games.sandbox.combat as combat_module

    path = FIXTURES / "sandbox-1.ndjson"
    original = path.read_bytes()
    header, events = parse(original.splitlines())
    assert verify(header, events, CATALOG).ok
    from domain.kernel import ruleset as registry

    monkeypatch.setitem(registry._REGISTRY, "sandbox@99", SandboxNext())  # gone again after the test
    rows = {k: (CrtCell(result="DE", prov="sandbox"),) for k in CRT.rows}
    monkeypatch.setattr(combat_module, "CRT", replace(CRT, rows=rows))  # what that version would rule
    report = verify(header, events, CATALOG, ruleset="sandbox@99")
    assert not report.ok and report.chain_ok and report.first_bad["what"] == "ruling"
    first_combat = next(e for e in events if e.type == "sandbox.combat" and '"result":"DE"' not in e.data)
    # The first event to differ is that attack's ruling: the later version rules more effects for it (an elimination).
    ruling = max((e for e in events if e.type == "ruling" and e.version < first_combat.version), key=lambda e: e.version)
    assert report.first_bad["version"] == ruling.version
    assert report.first_bad["recorded"]["data"] != report.first_bad["recomputed"]["data"]
    assert path.read_bytes() == original
