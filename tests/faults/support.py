"""Real `umpire worker` processes (Celery, prefork, beat embedded) for tests that kill and restart them."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parents[2]
FAULT_LINE = re.compile(r"fault injected at (\w+): game (\S+), commands (\d+)\.\.(\d+)")
RECEIVED = re.compile(r"Task (umpire\.\w+)\[([0-9a-f-]+)\] received")


class Fault(NamedTuple):
    point: str
    game_id: str
    first: int
    last: int


def wait_until(condition, timeout: float, what: str):
    """Poll `condition` until it returns something true; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not (result := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {timeout} s")
        time.sleep(0.1)
    return result


class WorkerProcess:
    """One `umpire worker` (with `beat`: `--beat`; with `role="beat"`: `umpire beat` alone; or any
    `python -m <argv>` that logs `ready`, " ready." by default) in its own process group, so a test
    can kill it whole (kill -9). `wrap` comes before the interpreter: `ip netns exec NS` runs it
    on a host of its own (tests/scale)."""

    def __init__(self, *, database_url: str, redis_url: str, data: Path, fault: str | None = None,
                 concurrency: int = 2, sweep_seconds: float = 1.0, beat: bool = True, name: str = "umpire",
                 role: str = "worker", env: dict[str, str] | None = None, argv: list[str] | None = None,
                 ready: str = " ready.", wrap: list[str] | None = None):
        self.data = data
        self.log_path = data / f"{name}.log"
        self.env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
                    "UMPIRE_DATABASE_URL": database_url, "UMPIRE_REDIS_URL": redis_url, "UMPIRE_SANDBOX": "1",
                    "UMPIRE_DATA": str(data), "UMPIRE_SWEEP_SECONDS": str(sweep_seconds), "UMPIRE_LOG_LEVEL": "INFO",
                    **(env or {})}
        self.env.pop("UMPIRE_FAULT", None)
        if fault:
            self.env["UMPIRE_FAULT"] = fault
        if role == "beat":
            self.argv, self.ready = ["services.cli", "beat"], "beat: Starting..."
        else:
            self.argv = argv or ["services.cli", "worker", "--concurrency", str(concurrency), "--name", f"{name}@%h",
                                 *(["--beat"] if beat else [])]
            self.ready = ready
        self.wrap = wrap or []
        self.proc: subprocess.Popen | None = None
        self._offset = 0

    def start(self, timeout: float = 60.0) -> "WorkerProcess":
        self.data.mkdir(parents=True, exist_ok=True)
        self._offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen([*self.wrap, sys.executable, "-m", *self.argv], cwd=REPO, env=self.env,
                                         stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while self.ready not in self.text():
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.argv[1]} exited with {self.proc.returncode}:\n{self.text()[-3000:]}")
            if time.monotonic() > deadline:
                self.kill()
                raise TimeoutError(f"{self.argv[1]} not ready within {timeout} s:\n{self.text()[-3000:]}")
            time.sleep(0.05)
        return self

    def pids(self) -> list[int]:
        """The processes of this worker's group: its main process and its pool (and beat) children."""
        if self.proc is None or self.proc.poll() is not None:
            return []
        out = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == self.proc.pid:  # field 5 of /proc/PID/stat, the process group
                out.append(int(stat.parent.name))
        return out

    def text(self) -> str:
        """This run's log (a restarted worker appends to the same file)."""
        with open(self.log_path, "rb") as f:
            f.seek(self._offset)
            return f.read().decode(errors="replace")

    def faults(self) -> list[Fault]:
        return [Fault(m[1], m[2], int(m[3]), int(m[4])) for m in FAULT_LINE.finditer(self.text())]

    def received(self, task: str) -> Counter[str]:
        """How many times each task id of `task` was delivered to this worker."""
        return Counter(m[2] for m in RECEIVED.finditer(self.text()) if m[1] == task)

    def wait_for_faults(self, n: int, timeout: float) -> list[Fault]:
        return wait_until(lambda: len(self.faults()) >= n and self.faults(), timeout, f"{n} faults in the worker log")

    def redelivered(self, task: str) -> list[str]:
        """Ids of `task` delivered more than once."""
        return [t for t, n in self.received(task).items() if n > 1]

    def kill(self) -> None:
        """kill -9 the worker, its pool processes and its beat at once."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(30)

    def stop(self, timeout: float = 30.0) -> None:
        """A warm shutdown (TERM); kill -9 if it does not end in time."""
        if self.proc is None or self.proc.poll() is not None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
        else:
            try:  # a pool process or beat left behind must not outlive the test
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
