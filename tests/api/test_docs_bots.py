"""docs/bots.md's "Running bots against a server", run verbatim (bar the token, the port and
where the venv's `umpire` is) against `umpire serve`: two bots play Scenario 1.1 to the end."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from infra import localservices
from tests.api.test_cli import ROOT, TOKEN, Server, env

BOTS = ROOT / "docs" / "bots.md"


def block() -> str:
    inside = BOTS.read_text().split("<!-- bots:start -->", 1)[1].split("<!-- bots:end -->", 1)[0]
    return inside.split("```sh", 1)[1].rsplit("```", 1)[0]


@pytest.mark.slow
def test_the_bots_page_runs_as_written_and_both_bots_see_the_game_end(tmp_path: Path):
    port = localservices.free_port()
    server = Server(tmp_path / "data", port)
    try:
        server.printed("serving on")
        token = server.printed(TOKEN.pattern).group(0)
        server.healthy()
        script = block()
        assert ".venv/bin/umpire bot" in script and "jq" not in script
        script = (script.replace("export ORG=umpire_...", f"export ORG={token}")
                  .replace("http://127.0.0.1:8000", server.url)
                  .replace(".venv/bin/umpire", f"{sys.executable} -m services.cli"))
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path, capture_output=True, text=True,
                              timeout=900, env={**env(tmp_path / "bots"), "PATH": os.environ.get("PATH", "")})
    finally:
        server.stop()
    assert done.returncode == 0, done.stderr[-3000:]
    finals = [line for line in done.stdout.splitlines() if ": finished; result: " in line]
    assert len(finals) == 2, done.stdout[-3000:]
