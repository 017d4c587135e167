"""PostgreSQL clusters and Redis servers from the local Debian binaries, for tests, benches and `make services`.

No Docker here: a cluster is `initdb` + `pg_ctl` on a free loopback port in its own directory.
PostgreSQL refuses to run as root, so as root every server command runs through `runuser -u postgres`.
Throwaway clusters may turn durability off; `durable=True` keeps fsync=on, synchronous_commit=on and
full_page_writes=on (server mode, benches and fault tests).

    python -m infra.localservices start [--dir DIR] [--throwaway]   # prints `export ...` lines
    python -m infra.localservices stop  [--dir DIR]
"""
from __future__ import annotations

import argparse
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

_THROWAWAY = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
_DURABLE = "-c fsync=on -c synchronous_commit=on -c full_page_writes=on"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pg_bindir() -> Path:
    if env := os.environ.get("UMPIRE_PG_BIN"):
        return Path(env)
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name))
    if versions:
        return Path(versions[-1])
    if initdb := shutil.which("initdb"):
        return Path(initdb).parent
    raise FileNotFoundError("no PostgreSQL binaries: apt-get install postgresql, or set UMPIRE_PG_BIN")


def _as_postgres(cmd: list[str], netns: str | None = None) -> list[str]:
    return _in(netns, ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd)


def _in(netns: str | None, cmd: list[str]) -> list[str]:
    """`cmd` run inside network namespace `netns` (tests/scale: a host of its own), or here."""
    return ["ip", "netns", "exec", netns, *cmd] if netns else cmd


def _own(path: Path) -> None:
    if os.geteuid() == 0:
        shutil.chown(path, "postgres", "postgres")


@dataclass
class LocalPostgres:
    root: Path
    port: int
    durable: bool
    host: str = "127.0.0.1"  # the address it listens on
    netns: str | None = None  # the network namespace it runs in (None: this one)
    options: str = ""  # more `-c name=value` server settings

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def url(self) -> str:
        return f"postgresql://postgres@{self.host}:{self.port}/postgres"

    def _ctl(self, *args: str, check: bool = True) -> int:
        cmd = _as_postgres([str(pg_bindir() / "pg_ctl"), "-D", str(self.data), "-w", *args], self.netns)
        return subprocess.run(cmd, check=check, stdout=subprocess.DEVNULL).returncode

    def initdb(self) -> None:
        cmd = [str(pg_bindir() / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8"]
        if not self.durable:
            cmd.append("--no-sync")
        subprocess.run(_as_postgres(cmd), check=True, stdout=subprocess.DEVNULL)

    def trust(self, cidr: str) -> None:
        """Let clients from `cidr` in without a password (initdb trusts loopback only): throwaway
        clusters on a private test subnet; real machines use scram-sha-256 (docs/deployment.md)."""
        with open(self.data / "pg_hba.conf", "a") as hba:
            hba.write(f"host all all {cidr} trust\n")

    def start(self) -> None:
        opts = (
            f"-p {self.port} -k {self.root} -c listen_addresses={self.host} -c max_connections=200 "
            + (_DURABLE if self.durable else _THROWAWAY) + (f" {self.options}" if self.options else "")
        )
        self._ctl("-l", str(self.root / "server.log"), "-o", opts, "start")

    def stop(self, mode: str = "fast") -> None:
        """mode "immediate" is a crash: no checkpoint, recovery from the WAL on the next start."""
        self._ctl("-m", mode, "stop")

    def running(self) -> bool:
        return self.data.exists() and self._ctl("status", check=False) == 0


def start_postgres(*, durable: bool = False, root: Path | None = None, port: int | None = None,
                   host: str = "127.0.0.1", netns: str | None = None, trust: str | None = None,
                   options: str = "") -> LocalPostgres:
    """A new cluster in `root` (a new temp dir by default), started and ready for connections;
    listening on `host` inside `netns`, trusting clients from the subnet `trust` as well as loopback."""
    root = root or Path(tempfile.mkdtemp(prefix="umpire-pg."))
    root.mkdir(parents=True, exist_ok=True)
    _own(root)
    pg = LocalPostgres(root=root, port=port or free_port(), durable=durable, host=host, netns=netns, options=options)
    if not (pg.data / "PG_VERSION").exists():
        pg.initdb()
        if trust:
            pg.trust(trust)
    pg.start()
    return pg


@dataclass
class LocalRedis:
    root: Path
    port: int
    host: str = "127.0.0.1"
    netns: str | None = None

    @property
    def url(self) -> str:
        return f"redis://{self.host}:{self.port}/0"

    @property
    def pidfile(self) -> Path:
        return self.root / "redis.pid"

    def start(self, timeout: float = 10.0) -> None:
        # No persistence, so a restart is also a flush; noeviction so Celery never loses keys to memory pressure.
        # Off loopback (tests/scale's private subnet) protected mode would refuse every client: no password
        # here; real machines set one (docs/deployment.md).
        guard = [] if self.host.startswith("127.") else ["--protected-mode", "no"]
        subprocess.run(
            _in(self.netns, ["redis-server", "--port", str(self.port), "--bind", self.host, "--save", "",
                             "--appendonly", "no", "--maxmemory-policy", "noeviction", "--dir", str(self.root),
                             "--daemonize", "yes", "--pidfile", str(self.pidfile),
                             "--logfile", str(self.root / "redis.log"), *guard]),
            check=True,
        )
        deadline = time.monotonic() + timeout
        while not self.ping():
            if time.monotonic() > deadline:
                raise TimeoutError(f"redis on port {self.port} did not answer PING; see {self.root / 'redis.log'}")
            time.sleep(0.02)

    def ping(self) -> bool:
        try:
            with socket.create_connection((self.host, self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self, timeout: float = 10.0) -> None:
        try:
            pid = int(self.pidfile.read_text())
            os.kill(pid, signal.SIGTERM)
        except (FileNotFoundError, ProcessLookupError, ValueError):
            return
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.02)
        raise TimeoutError(f"redis pid {pid} did not exit")


def start_redis(*, root: Path | None = None, port: int | None = None, host: str = "127.0.0.1",
                netns: str | None = None) -> LocalRedis:
    if not shutil.which("redis-server"):
        raise FileNotFoundError("no redis-server: apt-get install redis-server")
    root = root or Path(tempfile.mkdtemp(prefix="umpire-redis."))
    root.mkdir(parents=True, exist_ok=True)
    redis = LocalRedis(root=root, port=port or free_port(), host=host, netns=netns)
    redis.start()
    return redis


# -- `make services`: long-lived, durable services in one directory --------------------------------


def _services(root: Path, durable: bool) -> tuple[LocalPostgres, LocalRedis]:
    ports = root / "ports"
    if ports.exists():
        pg_port, redis_port = map(int, ports.read_text().split())
    else:
        pg_port, redis_port = free_port(), free_port()
    return (LocalPostgres(root=root / "pg", port=pg_port, durable=durable), LocalRedis(root=root / "redis", port=redis_port))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m infra.localservices")
    parser.add_argument("action", choices=["start", "stop"])
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()) / "umpire-services")
    parser.add_argument("--throwaway", action="store_true", help="fsync off (tests only; never for real games)")
    args = parser.parse_args(argv)
    root: Path = args.dir.resolve()
    pg, redis = _services(root, durable=not args.throwaway)
    if args.action == "stop":
        if pg.running():
            pg.stop()
        redis.stop()
        return
    root.mkdir(parents=True, exist_ok=True)
    (root / "ports").write_text(f"{pg.port} {redis.port}\n")
    if not pg.running():
        start_postgres(durable=pg.durable, root=pg.root, port=pg.port)
    if not redis.ping():
        start_redis(root=redis.root, port=redis.port)
    print(f"export UMPIRE_TEST_DATABASE_URL={pg.url}")
    print(f"export UMPIRE_TEST_REDIS_URL={redis.url}")
    print(f"# stop with: python -m infra.localservices stop --dir {root}", file=sys.stderr)


if __name__ == "__main__":
    main()
