"""HTTP throughput of the API in embedded mode, each read side by side with GET /v1/scenarios
(served from memory: the framework's and middleware's floor) in one run. Run from the repository root: `python -m bench.bench_api`.

It starts `umpire serve` (SQLite, rate limits off) on a free port, creates a sandbox game, plays
Red's deployment, then loads each endpoint (last, POST orders: Red's bids, each appended,
then ruled by the fold thread as the first accepted and the rest rejected) with `wrk` (apt-get install wrk) for SECONDS seconds
over CONNECTIONS connections. Client and server share the machine's cores.
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from infra.localservices import free_port

SECONDS, CONNECTIONS = 8, 32
ROOT = Path(__file__).resolve().parents[1]


def start(data: Path, port: int) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "UMPIRE_DATA": str(data), "UMPIRE_PORT": str(port),
           "UMPIRE_SANDBOX": "1", "UMPIRE_RATE_READS": "off", "UMPIRE_RATE_ORDERS": "off", "UMPIRE_LOG_LEVEL": "WARNING"}
    proc = subprocess.Popen([sys.executable, "-m", "services.cli", "serve"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    token = None
    for line in proc.stdout:  # type: ignore[union-attr]
        if m := re.search(r"umpire_[0-9a-f]{16}_\S+", line):
            token = m.group(0)
            break
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            httpx.get(f"{url}/v1/health")
            return proc, token  # type: ignore[return-value]
        except httpx.TransportError:
            time.sleep(0.05)
    raise RuntimeError("umpire serve did not start")


POST_ORDER = """wrk.method = "POST"
wrk.body = '{"order": {"type": "bid", "points": 0}}'
wrk.headers["Content-Type"] = "application/json"
"""


def wrk(url: str, token: str | None = None, script: str | None = None) -> float:
    cmd = ["wrk", "-t1", f"-c{CONNECTIONS}", f"-d{SECONDS}s", url]
    if token:
        cmd[1:1] = ["-H", f"Authorization: Bearer {token}"]
    if script:
        path = Path(tempfile.mkstemp(suffix=".lua")[1])
        path.write_text(script)
        cmd[1:1] = ["-s", str(path)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if non2xx:
        raise RuntimeError(f"{url}: {non2xx.group(1)} error responses")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))


def main() -> None:
    if not shutil.which("wrk"):
        sys.exit("bench_api needs wrk: apt-get install wrk")
    data = Path(tempfile.mkdtemp(prefix="umpire-bench-"))
    proc, org = start(data, port := free_port())
    url = f"http://127.0.0.1:{port}"
    try:
        game = httpx.post(f"{url}/v1/games", json={"scenario": "sandbox/1"},
                          headers={"Authorization": f"Bearer {org}"}).json()
        red = game["seats"]["red"]["token"]
        gid = game["id"]
        httpx.post(f"{url}/v1/games/{gid}/orders?wait=5", json={"order": {"type": "deploy", "real": "0305"}},
                   headers={"Authorization": f"Bearer {red}"}, timeout=10)
        cases = [
            ("GET /v1/scenarios (floor)", f"{url}/v1/scenarios", None),
            ("GET /v1/health", f"{url}/v1/health", None),
            ("GET /v1/games/{id}", f"{url}/v1/games/{gid}", None),
            ("GET state, public", f"{url}/v1/games/{gid}/state", None),
            ("GET state, seat token", f"{url}/v1/games/{gid}/state", red),
            ("GET state?at=8 (replay)", f"{url}/v1/games/{gid}/state?at=8", None),
            ("GET legal, seat token", f"{url}/v1/games/{gid}/legal", red),
            ("GET events?limit=100", f"{url}/v1/games/{gid}/events", None),
            ("POST orders (202, no wait)", f"{url}/v1/games/{gid}/orders", red),
        ]
        floor = None
        print(f"wrk -t1 -c{CONNECTIONS} -d{SECONDS}s, uvicorn 1 process, SQLite; client and server on one machine")
        for name, target, token in cases:
            rate = wrk(target, token, POST_ORDER if name.startswith("POST") else None)
            floor = floor or rate
            print(f"{name:28s} {rate:9.0f} req/s   {rate / floor:5.2f} x floor")
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
