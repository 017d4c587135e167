"""Every setting, from the environment (listed in the README). Nothing else reads os.environ."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def _bool(value: str | None) -> bool:
    return (value or "").strip().lower() in ("1", "true", "yes", "on")


@dataclass(frozen=True)
class Settings:
    data: Path = Path(".umpire")
    database_url: str = ""
    redis_url: str = ""
    host: str = "127.0.0.1"
    port: int = 8000
    sandbox: bool = False
    pack_overrides: dict[str, str] = field(default_factory=dict)
    rate_orders: str = "120/minute"
    rate_reads: str = "1200/minute"
    ruling_seconds: float = 20.0
    sweep_seconds: float = 5.0
    clock_seconds: float = 1.0  # between ticks of the tournaments' clocks (deadlines, results, next rounds)
    snapshot_every: int = 1000
    log_level: str = "INFO"
    # the API's own (services/api/)
    max_body_bytes: int = 65536
    wait_max_seconds: float = 60.0
    stream_poll_seconds: float = 0.5

    @property
    def mode(self) -> str:
        """"server" with Redis and Celery workers, else "embedded" (fold on a thread)."""
        return "server" if self.redis_url else "embedded"

    @property
    def store_url(self) -> str:
        return self.database_url or f"sqlite:///{(self.data / 'umpire.db').resolve()}"


def from_env(env: dict[str, str] | None = None) -> Settings:
    env = dict(os.environ if env is None else env)
    overrides = {}
    for item in filter(None, (env.get("UMPIRE_PACK_OVERRIDES") or "").split(",")):
        game, _, path = item.partition("=")
        overrides[game.strip()] = path.strip()
    return Settings(
        data=Path(env.get("UMPIRE_DATA", ".umpire")),
        database_url=env.get("UMPIRE_DATABASE_URL", ""),
        redis_url=env.get("UMPIRE_REDIS_URL", ""),
        host=env.get("UMPIRE_HOST", "127.0.0.1"),
        port=int(env.get("UMPIRE_PORT", "8000")),
        sandbox=_bool(env.get("UMPIRE_SANDBOX")),
        pack_overrides=overrides,
        rate_orders=env.get("UMPIRE_RATE_ORDERS", "120/minute"),
        rate_reads=env.get("UMPIRE_RATE_READS", "1200/minute"),
        ruling_seconds=float(env.get("UMPIRE_RULING_SECONDS", "20")),
        sweep_seconds=float(env.get("UMPIRE_SWEEP_SECONDS", "5")),
        clock_seconds=float(env.get("UMPIRE_CLOCK_SECONDS", "1")),
        snapshot_every=int(env.get("UMPIRE_SNAPSHOT_EVERY", "1000")),
        log_level=env.get("UMPIRE_LOG_LEVEL", "INFO"),
        max_body_bytes=int(env.get("UMPIRE_MAX_BODY_BYTES", "65536")),
        wait_max_seconds=float(env.get("UMPIRE_WAIT_MAX_SECONDS", "60")),
        stream_poll_seconds=float(env.get("UMPIRE_STREAM_POLL_SECONDS", "0.5")),
    )
