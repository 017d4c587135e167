"""The `umpire` command. Settings come from the environment (services/config.py).

    umpire serve                     the API; in embedded mode it also folds, on a thread
    umpire token create --role organiser|referee --name NAME    prints the new token alone
    umpire token revoke TOKEN_OR_ID
    umpire token list [--role ROLE]  live tokens (ids, roles, names; never secrets)

Each subcommand is a small function plus a row of COMMANDS: (words, help, handler, arguments).
"""
from __future__ import annotations

import argparse
import sys
from typing import Callable, NamedTuple

from services.config import Settings, from_env

GROUPS = {"token": "API tokens of organisers and referees"}
FIRST_ORGANISER = "first-organiser"


class Command(NamedTuple):
    words: tuple[str, ...]
    help: str
    run: Callable[[argparse.Namespace, Settings], int | None]
    arguments: Callable[[argparse.ArgumentParser], None] = lambda parser: None


def _tokens(settings: Settings):
    """The token store, once the event store has brought the schema (token table included) up to date."""
    from infra.auth import open_tokens
    from infra.eventstore import open_store

    if settings.store_url.startswith("sqlite:///"):
        settings.data.mkdir(parents=True, exist_ok=True)
    open_store(settings.store_url).close()
    return open_tokens(settings.store_url)


def serve(args: argparse.Namespace, settings: Settings) -> int:
    import uvicorn

    from services.api import logs
    from services.api.app import create_app
    from services.runtime import build

    logs.configure(settings.log_level)
    tokens = _tokens(settings)
    runtime = build(settings)
    first = None if tokens.list(role="organiser") else tokens.create("organiser", FIRST_ORGANISER).token
    url = f"http://{settings.host}:{settings.port}"
    print(f"Umpire ({runtime.mode} mode) serving on {url}  -  API docs at {url}/docs", flush=True)
    if first:
        print(f"Organiser token (shown once; `umpire token create` makes more): {first}", flush=True)
    try:  # the app's lifespan starts and stops the runtime
        uvicorn.run(create_app(settings, runtime, tokens), host=settings.host, port=settings.port, log_config=None,
                    access_log=False, timeout_graceful_shutdown=3)
    finally:
        tokens.close()
    return 0


def token_create(args: argparse.Namespace, settings: Settings) -> int:
    tokens = _tokens(settings)
    try:
        print(tokens.create(args.role, args.name).token)
    finally:
        tokens.close()
    return 0


def token_create_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--role", required=True, choices=["organiser", "referee"])
    parser.add_argument("--name", required=True, help="who holds it; the log records actions as <role>:<name>")


def token_revoke(args: argparse.Namespace, settings: Settings) -> int:
    tokens = _tokens(settings)
    try:
        revoked = tokens.revoke(args.token)
    finally:
        tokens.close()
    print("revoked" if revoked else "no live token with that id", file=sys.stderr)
    return 0 if revoked else 1


def token_revoke_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("token", help="the token, or its id (the hex after `umpire_`, as `umpire token list` shows)")


def token_list(args: argparse.Namespace, settings: Settings) -> int:
    tokens = _tokens(settings)
    try:
        for t in tokens.list(role=args.role):
            seat = f" {t.game_id} {t.seat}" if t.role == "seat" else ""
            print(f"{t.id} {t.role} {t.name} {t.created_at}{seat}")
    finally:
        tokens.close()
    return 0


def token_list_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--role", choices=["organiser", "referee", "seat"])


COMMANDS: list[Command] = [
    Command(("serve",), "run the API (embedded mode folds in this process)", serve),
    Command(("token", "create"), "create an organiser or referee token; prints it alone", token_create,
            token_create_arguments),
    Command(("token", "revoke"), "revoke a token", token_revoke, token_revoke_arguments),
    Command(("token", "list"), "list live tokens (never their secrets)", token_list, token_list_arguments),
]


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="umpire", description="Umpire: an impartial umpire for hex-and-counter wargames")
    groups: dict[tuple[str, ...], argparse._SubParsersAction] = {(): root.add_subparsers(dest="command", required=True)}
    for command in COMMANDS:
        for depth in range(1, len(command.words)):  # intermediate words ("token") become their own parsers
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
