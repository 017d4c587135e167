"""The README's walkthroughs, run verbatim (bar the token and the port) against `umpire serve`:
the Breakout & Pursuit one (issue 15) and the sandbox's."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

from infra import localservices
from tests.api.test_cli import ROOT, TOKEN, Server

README = ROOT / "README.md"


def block(name: str) -> str:
    text = README.read_text()
    inside = text.split(f"<!-- {name}:start -->", 1)[1].split(f"<!-- {name}:end -->", 1)[0]
    return inside.split("```sh", 1)[1].rsplit("```", 1)[0]


def run(name: str, tmp_path: Path) -> list[dict]:
    """The block's commands against a fresh `umpire serve`; each line they print, as JSON."""
    port = localservices.free_port()
    server = Server(tmp_path / "data", port)
    try:
        server.printed("serving on")
        token = server.printed(TOKEN.pattern).group(0)
        server.healthy()
        script = block(name)
        assert "export ORG=umpire_..." in script and "export U=http://127.0.0.1:8000" in script
        script = script.replace("export ORG=umpire_...", f"export ORG={token}")
        script = script.replace("http://127.0.0.1:8000", server.url)
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path, capture_output=True,
                              text=True, timeout=300)
    finally:
        server.stop()
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def test_the_readme_breakout_and_pursuit_walkthrough_runs_as_written(tmp_path: Path):
    created, setup, reinforcement, airdrop, strike, german, moved, weighed, attacked, now, typo = run("walkthrough", tmp_path)
    assert created["scenario"] == "breakout-pursuit/1.1" and created["phase"] == "setup" and created["to_act"] == ["allied"]
    for ruled in (setup, reinforcement, airdrop, moved, attacked):
        assert ruled["ruling"]["verdict"] == "accepted", ruled
    assert strike["ruling"]["verdict"] == "accepted" and strike["ruling"]["citations"]
    resolved = next(e for e in strike["effects"] if e["type"] == "bp.air_strike_resolved")
    assert resolved["roll"]["sides"] == 6 and resolved["result"] and resolved["cite"]
    assert (german["phase"], german["to_act"]) == ("initial_movement", ["german"])
    assert any(e["type"] == "bp.unit_moved" for e in moved["effects"])
    assert weighed["order"]["type"] == "attack" and len(weighed["assessment"]["results"]) == 6
    fought = next(e["data"] for e in attacked["effects"] if e["type"] == "bp.attack_resolved")
    assert fought["hex"] == weighed["order"]["hex"] and fought["odds"] == weighed["assessment"]["odds"]
    assert fought["result"] == weighed["assessment"]["results"][fought["roll"]["value"] - 1]  # the face rolled
    assert now["turn"] == 1 and now["status"] == "active"
    assert typo["error"]["code"] == "invalid_order" and "paht" in typo["error"]["message"]


def test_the_readme_sandbox_example_runs_as_written(tmp_path: Path):
    summary, legal, ruled, events, at_order, now, typo = run("sandbox", tmp_path)
    assert summary["status"] == "active" and summary["to_act"] == ["red"] and summary["adjudicated_version"] >= 1
    assert {"type": "deploy", "real": "0305"} in legal["orders"]
    assert ruled["ruling"]["verdict"] == "accepted" and ruled["effects"]
    assert ruled["version"] == legal["version"] + 1  # in at the version legal named
    assert events["events"][0]["version"] == ruled["version"]
    assert [e.get("hidden", False) for e in events["events"]][:3] == [True, False, True]
    assert at_order["version"] == ruled["version"] and now["viewer"] == {"role": "seat", "seat": "red"}
    assert typo["error"]["details"]["path"] == "$.order"
