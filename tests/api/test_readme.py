"""The README's walkthrough, run verbatim (bar the token and the port) against `umpire serve`."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

from infra import localservices
from tests.api.test_cli import ROOT, TOKEN, Server

README = ROOT / "README.md"


def walkthrough() -> str:
    text = README.read_text()
    block = text.split("<!-- walkthrough:start -->", 1)[1].split("<!-- walkthrough:end -->", 1)[0]
    return block.split("```sh", 1)[1].rsplit("```", 1)[0]


def test_the_readme_walkthrough_runs_as_written(tmp_path: Path):
    port = localservices.free_port()
    server = Server(tmp_path / "data", port)
    try:
        server.printed("serving on")
        token = server.printed(TOKEN.pattern).group(0)
        server.healthy()
        script = walkthrough()
        assert "export ORG=umpire_..." in script and "export U=http://127.0.0.1:8000" in script
        script = script.replace("export ORG=umpire_...", f"export ORG={token}")
        script = script.replace("http://127.0.0.1:8000", server.url)
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path, capture_output=True,
                              text=True, timeout=120)
    finally:
        server.stop()
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    summary, legal, ruled, events, at_order, now, typo = answers
    assert summary["status"] == "active" and summary["to_act"] == ["red"] and summary["adjudicated_version"] >= 1
    assert {"type": "deploy", "real": "0305"} in legal["orders"]
    assert ruled["ruling"]["verdict"] == "accepted" and ruled["effects"]
    assert ruled["version"] == legal["version"] + 1  # in at the version legal named
    assert events["events"][0]["version"] == ruled["version"]
    assert [e.get("hidden", False) for e in events["events"]][:3] == [True, False, True]
    assert at_order["version"] == ruled["version"] and now["viewer"] == {"role": "seat", "seat": "red"}
    assert typo["error"]["details"]["path"] == "$.order"
