"""Bots against a real `umpire serve` (embedded mode, its own data folder), each in its own
process, exactly as a person runs them: `umpire token create` for the organiser, `POST /v1/games`,
then one `umpire bot ...` per seat."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from infra import localservices

ROOT = Path(__file__).resolve().parents[2]
FINAL = re.compile(r"game (\S+): (\w+); result: (.+)")


def env(data: Path, **extra: str) -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if not k.startswith("UMPIRE_")}
    return {**out, "PYTHONPATH": str(ROOT), "UMPIRE_DATA": str(data), **extra}


def umpire(data: Path, *args: str, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "services.cli", *args], cwd=ROOT, env=env(data, **extra),
                          capture_output=True, text=True, timeout=120)


@dataclass
class Server:
    url: str
    data: Path
    organiser: str
    proc: subprocess.Popen

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.organiser}"}

    def create(self, scenario: str, **options: object) -> dict:
        body: dict = {"scenario": scenario, **({"options": options} if options else {})}
        r = httpx.post(f"{self.url}/v1/games", json=body, headers=self.headers(), timeout=60)
        assert r.status_code == 201, r.text
        return r.json()

    def summary(self, game_id: str) -> dict:
        return httpx.get(f"{self.url}/v1/games/{game_id}", timeout=30).json()

    def events(self, game_id: str) -> list[dict]:
        out: list[dict] = []
        while True:
            page = httpx.get(f"{self.url}/v1/games/{game_id}/events", params={"after": len(out), "limit": 1000},
                             timeout=60).json()["events"]
            if not page:
                return out
            out += page

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=30)


def start(data: Path, **settings: str) -> Server:
    """`umpire serve` on a free port; rate limits off unless `settings` say otherwise (a game is
    hundreds of orders a minute, and the limits are tested on their own)."""
    made = umpire(data, "token", "create", "--role", "organiser", "--name", "bots")
    assert made.returncode == 0, made.stderr
    port = localservices.free_port()
    extra = {"UMPIRE_PORT": str(port), "UMPIRE_RATE_ORDERS": "off", "UMPIRE_RATE_READS": "off", **settings}
    proc = subprocess.Popen([sys.executable, "-m", "services.cli", "serve"], cwd=ROOT, env=env(data, **extra),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = Server(f"http://127.0.0.1:{port}", data, made.stdout.strip(), proc)
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{server.url}/v1/health", timeout=2).status_code == 200:
                return server
        except httpx.TransportError:
            pass
        assert proc.poll() is None and time.monotonic() < deadline, "umpire serve did not start"
        time.sleep(0.2)


def bot(server: Server, kind: str, token: str | list[str], seed: int) -> subprocess.Popen:
    """One `umpire bot` process; a list of tokens: one process playing each of those seats."""
    tokens = [a for t in ([token] if isinstance(token, str) else token) for a in ("--token", t)]
    return subprocess.Popen([sys.executable, "-m", "services.cli", "bot", kind, "--url", server.url, *tokens,
                             "--seed", str(seed)], cwd=ROOT, env=env(server.data), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def finish(procs: list[subprocess.Popen], timeout: float) -> list[str]:
    """Wait for every bot; each must exit cleanly. Returns their outputs."""
    deadline = time.monotonic() + timeout
    outputs = []
    try:
        for p in procs:
            out, err = p.communicate(timeout=max(1.0, deadline - time.monotonic()))
            assert p.returncode == 0, f"bot exited {p.returncode}: {err[-2000:]}"
            outputs.append(out)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    return outputs
