"""Prometheus metrics in the text exposition format, without a client library.

HTTP counts and latencies are this process's. Commands appended and rulings are counted from the
log's global feed (read incrementally at each scrape), so every API process reports the same
totals whichever worker ruled. Lag and queue depth are read when scraped.
"""
from __future__ import annotations

import threading
from collections import Counter
from typing import Any, Callable

import msgspec

from domain.kernel.log import COMMAND_TYPES
from services.queries import Queries

BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
FEED_BATCH = 5000
FEED_BATCHES_PER_SCRAPE = 20  # a cold process catches up on a long log over several scrapes


class _Verdict(msgspec.Struct):
    verdict: str


_verdict = msgspec.json.Decoder(_Verdict).decode


def _escape(value: Any) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _labels(**kv: Any) -> str:
    inner = ",".join(f'{k}="{_escape(v)}"' for k, v in kv.items())
    return "{" + inner + "}" if inner else ""


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


class Metrics:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.requests: Counter[tuple[str, str, int]] = Counter()
        self.latency: dict[tuple[str, str], list[float]] = {}  # bucket counts..., +Inf count, sum
        self.commands: Counter[str] = Counter()
        self.rulings: Counter[str] = Counter()
        self._position = 0

    def observe(self, route: str, method: str, status: int, seconds: float) -> None:
        with self._lock:
            self.requests[(route, method, status)] += 1
            h = self.latency.setdefault((route, method), [0.0] * (len(BUCKETS) + 2))
            for i, bound in enumerate(BUCKETS):
                if seconds <= bound:
                    h[i] += 1
            h[-2] += 1
            h[-1] += seconds

    def read_feed(self, queries: Queries) -> None:
        with self._lock:
            for _ in range(FEED_BATCHES_PER_SCRAPE):
                events = queries.feed(after_position=self._position, limit=FEED_BATCH)
                for e in events:
                    if e.type in COMMAND_TYPES:
                        self.commands[e.type] += 1
                    elif e.type == "ruling":
                        self.rulings[_verdict(e.data).verdict] += 1
                    elif e.type == "adjudication.failed":
                        self.rulings["failed"] += 1
                if events:
                    self._position = events[-1].position
                if len(events) < FEED_BATCH:
                    return

    def render(self, queries: Queries, queue_depth: Callable[[], int | None]) -> str:
        out: list[str] = []

        def metric(name: str, kind: str, help_: str, samples: list[tuple[str, float]]) -> None:
            out.extend([f"# HELP {name} {help_}", f"# TYPE {name} {kind}"])
            out.extend(f"{name}{labels} {_num(value)}" for labels, value in samples)

        store_up, lagging = 1, None
        try:
            self.read_feed(queries)
            lagging = queries.lagging_count()
        except Exception:
            store_up = 0
        depth = queue_depth()
        metric("umpire_store_up", "gauge", "1 if the event store answered this scrape", [("", store_up)])
        metric("umpire_commands_appended_total", "counter", "Commands in the log, by event type (global feed)",
               [(_labels(type=t), n) for t, n in sorted(self.commands.items())])
        metric("umpire_rulings_total", "counter", "Rulings in the log, by verdict (global feed)",
               [(_labels(verdict=v), n) for v, n in sorted(self.rulings.items())])
        if lagging is not None:
            metric("umpire_adjudication_lag_games", "gauge", "Games whose projection lags their log", [("", lagging)])
        if depth is not None:
            metric("umpire_queue_depth", "gauge", "Fold requests waiting for a worker", [("", depth)])
        with self._lock:
            requests, latency = dict(self.requests), {k: list(v) for k, v in self.latency.items()}
        metric("umpire_http_requests_total", "counter", "HTTP requests by route, method and status",
               [(_labels(route=r, method=m, status=c), n) for (r, m, c), n in sorted(requests.items())])
        name = "umpire_http_request_duration_seconds"
        out.extend([f"# HELP {name} HTTP latency by route", f"# TYPE {name} histogram"])
        for (route, method), h in sorted(latency.items()):
            for bound, n in zip(BUCKETS, h):
                out.append(f"{name}_bucket{_labels(route=route, method=method, le=f'{bound:g}')} {_num(n)}")
            out.append(f"{name}_bucket{_labels(route=route, method=method, le='+Inf')} {_num(h[-2])}")
            out.append(f"{name}_count{_labels(route=route, method=method)} {_num(h[-2])}")
            out.append(f"{name}_sum{_labels(route=route, method=method)} {_num(h[-1])}")
        return "\n".join(out) + "\n"
