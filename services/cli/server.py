"""`umpire serve`, `umpire db migrate`, `umpire worker`, `umpire beat`."""
from __future__ import annotations

import argparse
import os
import sys

from services.cli.command import Command
from services.cli.tokens import FIRST_ORGANISER, open_tokens_for
from services.config import Settings

CELERY_APP = "services.bootstrap"


def _umpire_command() -> str:
    """How this person runs `umpire`: the venv's script (`.venv/bin/umpire` after `make run`),
    which need not be on PATH, else this interpreter with the module."""
    script = os.path.join(os.path.dirname(sys.executable), "umpire")
    if not os.path.exists(script):
        return f"{sys.executable} -m services.cli"
    relative = os.path.relpath(script)
    return relative if not relative.startswith("..") else script


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



def serve(args: argparse.Namespace, settings: Settings) -> int:
    import uvicorn

    from services.api import logs
    from services.api.app import create_app
    from services.bootstrap import build

    logs.configure(settings.log_level)
    tokens = open_tokens_for(settings)
    runtime = build(settings)
    first = None if tokens.list(role="organiser") else tokens.create("organiser", FIRST_ORGANISER).token
    url = f"http://{settings.host}:{settings.port}"
    print(f"Umpire ({runtime.mode} mode) serving on {url}  -  API docs at {url}/docs", flush=True)
    if first:
        print(f"Organiser token (shown once; `umpire token create` makes more): {first}", flush=True)
    else:  # tokens are stored hashed: the first one cannot be shown again
        print("Organiser tokens exist already (each is shown once only); make another with: "
              f"{_umpire_command()} token create --role organiser --name NAME", flush=True)
    try:  # the app's lifespan starts and stops the runtime
        uvicorn.run(create_app(settings, runtime, tokens), host=settings.host, port=settings.port, log_config=None,
                    access_log=False, timeout_graceful_shutdown=3)
    finally:
        tokens.close()
    return 0


COMMANDS: list[Command] = [
    Command(("serve",), "run the API (embedded mode folds in this process)", serve),
    Command(("db", "migrate"), "bring the event store's schema up to date", db_migrate),
    Command(("worker",), "run the adjudicating Celery worker (server mode)", worker, worker_arguments),
    Command(("beat",), "run Celery beat: the lag sweep (exactly one per deployment)", beat),
]
