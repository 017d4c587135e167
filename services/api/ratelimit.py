"""Token buckets per caller for orders and reads (UMPIRE_RATE_ORDERS, UMPIRE_RATE_READS).

A bucket holds `count` tokens and refills at count/period. With Redis (server mode) the buckets
are shared by every API process, in one Lua script per take; when Redis fails, the process falls
back to its own buckets for a while, so a Redis outage never refuses an order by itself.
"""
from __future__ import annotations

import logging
import re
import threading
import time
from dataclasses import dataclass

from services.api.errors import ApiError, retry_after

log = logging.getLogger("umpire.api")
_PERIODS = {"second": 1.0, "minute": 60.0, "hour": 3600.0}
_RATE = re.compile(r"\s*(\d+)\s*/\s*(second|minute|hour)\s*")
REDIS_BACKOFF_S = 5.0  # after a Redis error, use the in-process buckets this long before trying again


@dataclass(frozen=True)
class Rate:
    count: int
    period: float

    @property
    def per_second(self) -> float:
        return self.count / self.period


def parse_rate(text: str) -> Rate | None:
    """`120/minute` -> Rate(120, 60.0); `off` -> None (no limit)."""
    if text.strip().lower() in ("off", "none", "0", ""):
        return None
    m = _RATE.fullmatch(text)
    if m is None:
        raise ValueError(f"a rate reads N/second, N/minute, N/hour or off, not {text!r}")
    return Rate(int(m.group(1)), _PERIODS[m.group(2)])


class LocalBuckets:
    def __init__(self) -> None:
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, at)
        self._lock = threading.Lock()

    def take(self, key: str, rate: Rate) -> float:
        """0 if a token was taken, else the seconds until one will be there."""
        now = time.monotonic()
        with self._lock:
            tokens, at = self._buckets.get(key, (float(rate.count), now))
            tokens = min(float(rate.count), tokens + (now - at) * rate.per_second)
            wait = 0.0 if tokens >= 1 else (1 - tokens) / rate.per_second
            self._buckets[key] = (tokens - 1 if wait == 0 else tokens, now)
        return wait


_LUA = """
local now = redis.call('TIME')
now = tonumber(now[1]) + tonumber(now[2]) / 1000000
local capacity, per_second = tonumber(ARGV[1]), tonumber(ARGV[2])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = math.min(capacity, (tonumber(b[1]) or capacity) + (now - (tonumber(b[2]) or now)) * per_second)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = (1 - tokens) / per_second end
redis.call('HSET', KEYS[1], 'tokens', tokens, 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / per_second * 1000) + 1000)
return tostring(wait)
"""


class RedisBuckets:
    def __init__(self, client):
        self._script = client.register_script(_LUA)

    def take(self, key: str, rate: Rate) -> float:
        return float(self._script(keys=[f"umpire:rate:{key}"], args=[rate.count, rate.per_second]))


class Limiter:
    def __init__(self, rates: dict[str, Rate | None], redis=None):
        """`redis`: a client (short socket timeouts) to share buckets across processes, or None."""
        self.rates = rates
        self.local = LocalBuckets()
        self.shared = RedisBuckets(redis) if redis is not None else None
        self._redis_retry_at = 0.0

    def _wait(self, key: str, rate: Rate) -> float:
        if self.shared is not None and time.monotonic() >= self._redis_retry_at:
            try:
                return self.shared.take(key, rate)
            except Exception as exc:  # Redis down or slow: count in this process for a while
                log.warning("rate limits fall back to in-process buckets: %s", exc)
                self._redis_retry_at = time.monotonic() + REDIS_BACKOFF_S
        return self.local.take(key, rate)

    def take(self, kind: str, key: str) -> None:
        rate = self.rates.get(kind)
        if rate is None:
            return
        wait = self._wait(f"{kind}:{key}", rate)
        if wait > 0:
            raise ApiError(429, "rate_limited", f"too many {kind}: at most {rate.count} per {rate.period:g} s",
                           headers=retry_after(wait), retry_after=round(wait, 3), limit=rate.count,
                           period=rate.period)
