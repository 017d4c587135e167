"""The `umpire` command. Settings come from the environment (services/config.py).

    umpire db migrate      bring the event store's schema up to date (also done at every start-up)
    umpire worker          the adjudicating Celery worker (server mode)
    umpire beat            Celery beat: the lag sweep every UMPIRE_SWEEP_SECONDS (run exactly one)

Each subcommand is a small function plus a row of COMMANDS: (words, help, handler, arguments).
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, NamedTuple

from services.config import Settings, from_env

CELERY_APP = "services.worker.app"
GROUPS = {"db": "the event store"}


class Command(NamedTuple):
    words: tuple[str, ...]
    help: str
    run: Callable[[argparse.Namespace, Settings], int | None]
    arguments: Callable[[argparse.ArgumentParser], None] = lambda parser: None


def db_migrate(args: argparse.Namespace, settings: Settings) -> int:
    from infra.eventstore import open_store

    if settings.store_url.startswith("sqlite:///"):
        settings.data.mkdir(parents=True, exist_ok=True)
    store = open_store(settings.store_url, migrate=False)
    try:
        applied = store.migrate()
    finally:
        store.close()
    print(f"applied: {', '.join(applied)}" if applied else "the schema is up to date")
    return 0


def _needs_redis(settings: Settings) -> None:
    if not settings.redis_url:
        sys.exit("umpire: server mode needs UMPIRE_REDIS_URL; embedded mode folds inside `umpire serve`")


def _celery(*argv: str) -> None:
    """Become the celery process (exec), so signals from a supervisor reach it directly."""
    os.execv(sys.executable, [sys.executable, "-m", "celery", "-A", CELERY_APP, *argv])


def worker_arguments(parser: argparse.ArgumentParser) -> None:
    from services.worker.app import DEFAULT_QUEUE, FOLD_QUEUE

    parser.add_argument("--concurrency", type=int, help="worker processes (default: one per core)")
    parser.add_argument("--pool", default="prefork", choices=["prefork", "solo"],
                        help="solo runs folds in the worker's own process")
    parser.add_argument("--queues", default=f"{FOLD_QUEUE},{DEFAULT_QUEUE}", help="comma-separated queues to consume")
    parser.add_argument("--name", default="umpire@%h", help="node name")
    parser.add_argument("--beat", action="store_true", help="also run the sweep schedule (a single worker only)")


def worker(args: argparse.Namespace, settings: Settings) -> None:
    _needs_redis(settings)
    argv = ["worker", "--loglevel", settings.log_level, "--pool", args.pool, "--queues", args.queues,
            "--hostname", args.name, "--without-gossip", "--without-mingle"]
    if args.concurrency:
        argv += ["--concurrency", str(args.concurrency)]
    if args.beat:
        argv += ["--beat", "--schedule", str(settings.data / "celerybeat-schedule")]
        settings.data.mkdir(parents=True, exist_ok=True)
    _celery(*argv)


def beat(args: argparse.Namespace, settings: Settings) -> None:
    _needs_redis(settings)
    settings.data.mkdir(parents=True, exist_ok=True)
    _celery("beat", "--loglevel", settings.log_level, "--schedule", str(settings.data / "celerybeat-schedule"))


COMMANDS: list[Command] = [
    Command(("db", "migrate"), "bring the event store's schema up to date", db_migrate),
    Command(("worker",), "run the adjudicating Celery worker (server mode)", worker, worker_arguments),
    Command(("beat",), "run Celery beat: the lag sweep (exactly one per deployment)", beat),
]


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="umpire", description="Umpire: an impartial umpire for hex-and-counter wargames")
    groups: dict[tuple[str, ...], argparse._SubParsersAction] = {(): root.add_subparsers(dest="command", required=True)}
    for command in COMMANDS:
        for depth in range(1, len(command.words)):  # intermediate words ("db") become their own parsers
            prefix = command.words[:depth]
            if prefix not in groups:
                sub = groups[prefix[:-1]].add_parser(prefix[-1], help=GROUPS.get(prefix[-1]))
                groups[prefix] = sub.add_subparsers(dest=f"command_{depth}", required=True)
        leaf = groups[command.words[:-1]].add_parser(command.words[-1], help=command.help)
        command.arguments(leaf)
        leaf.set_defaults(run=command.run)
    return root


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return args.run(args, from_env()) or 0


if __name__ == "__main__":
    sys.exit(main())
