"""`umpire serve` (what `make run` starts) and `umpire token ...`, as a person runs them."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from queue import Empty, Queue

import httpx

from infra import localservices

ROOT = Path(__file__).resolve().parents[2]
TOKEN = re.compile(r"umpire_[0-9a-f]{16}_[A-Za-z0-9_-]{43}")


def env(data: Path, **extra: str) -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if not k.startswith("UMPIRE_")}
    return {**out, "PYTHONPATH": str(ROOT), "UMPIRE_DATA": str(data), **extra}


def umpire(data: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "services.cli", *args], cwd=ROOT, env=env(data),
                          capture_output=True, text=True, timeout=60)


class Server:
    """`umpire serve` in a child process; its stdout lines arrive on a queue."""

    def __init__(self, data: Path, port: int):
        self.proc = subprocess.Popen([sys.executable, "-m", "services.cli", "serve"], cwd=ROOT,
                                     env=env(data, UMPIRE_PORT=str(port), UMPIRE_SANDBOX="1"),
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.lines: Queue[str] = Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.url = f"http://127.0.0.1:{port}"

    def _read(self) -> None:
        for line in self.proc.stdout:  # type: ignore[union-attr]
            self.lines.put(line.rstrip("\n"))

    def printed(self, pattern: str, timeout: float = 60) -> re.Match:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except Empty:
                assert self.proc.poll() is None, "umpire serve exited"
                continue
            if m := re.search(pattern, line):
                return m
        raise AssertionError(f"umpire serve never printed {pattern!r}")

    def healthy(self, timeout: float = 60) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            try:
                return httpx.get(f"{self.url}/v1/health", timeout=2).json()
            except httpx.TransportError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise
                time.sleep(0.1)

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGINT)
        return self.proc.wait(timeout=30)


def test_serve_prints_the_url_and_a_first_organiser_token_then_serves(tmp_path):
    port = localservices.free_port()
    server = Server(tmp_path / "data", port)
    try:
        assert server.printed(r"serving on (http://\S+)").group(1) == f"http://127.0.0.1:{port}"
        token = server.printed(TOKEN.pattern).group(0)
        assert server.healthy()["status"] == "ok"
        r = httpx.post(f"{server.url}/v1/games", json={"scenario": "sandbox/1"},
                       headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 201
    finally:
        assert server.stop() == 0
    assert (tmp_path / "data" / "umpire.db").exists()
    again = Server(tmp_path / "data", port)  # second start: same data, no new token
    try:
        again.printed(r"serving on")
        hint = again.printed(r"Organiser tokens exist already").string  # no token, but how to make one
        assert "token create --role organiser" in hint and not TOKEN.search(hint)
        assert again.healthy()["status"] == "ok"
        assert again.lines.empty()
    finally:
        again.stop()


def test_token_create_prints_the_token_alone_and_it_can_be_revoked(tmp_path):
    made = umpire(tmp_path, "token", "create", "--role", "referee", "--name", "rita")
    assert made.returncode == 0
    assert TOKEN.fullmatch(made.stdout.strip()) and made.stdout.count("\n") == 1
    listed = umpire(tmp_path, "token", "list")
    tid = made.stdout.split("_")[1]
    assert f"{tid} referee rita" in listed.stdout and made.stdout.strip() not in listed.stdout
    assert umpire(tmp_path, "token", "revoke", made.stdout.strip()).returncode == 0
    assert umpire(tmp_path, "token", "revoke", tid).returncode == 1  # already revoked
    assert tid not in umpire(tmp_path, "token", "list").stdout


def test_token_create_refuses_roles_it_does_not_issue(tmp_path):
    r = umpire(tmp_path, "token", "create", "--role", "seat", "--name", "x")
    assert r.returncode != 0 and "invalid choice" in r.stderr
