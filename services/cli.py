"""`umpire` command line. Each command is a small function registered in COMMANDS.

    umpire serve                                         the API (embedded mode folds in-process)
    umpire token create --role organiser|referee --name NAME   prints the new token alone
    umpire token revoke TOKEN_OR_ID
    umpire token list
"""
from __future__ import annotations

import argparse
import sys
from typing import Callable

from services.config import Settings, from_env

FIRST_ORGANISER = "first-organiser"


def _tokens(settings: Settings):
    """The token store, after the event store has brought the schema up to date."""
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
    runtime = build(settings)
    tokens = _tokens(settings)
    first = None
    if not tokens.list(role="organiser"):
        first = tokens.create("organiser", FIRST_ORGANISER).token
    url = f"http://{settings.host}:{settings.port}"
    print(f"Umpire ({runtime.mode} mode) serving on {url}  -  API docs at {url}/docs", flush=True)
    if first:
        print(f"Organiser token (shown once; `umpire token create` makes more): {first}", flush=True)
    try:
        uvicorn.run(create_app(settings, runtime, tokens), host=settings.host, port=settings.port, log_config=None,
                    access_log=False, timeout_graceful_shutdown=3)
    finally:
        tokens.close()
        runtime.store.close()
    return 0


def token_create(args: argparse.Namespace, settings: Settings) -> int:
    tokens = _tokens(settings)
    try:
        print(tokens.create(args.role, args.name).token)
    finally:
        tokens.close()
    return 0


def token_revoke(args: argparse.Namespace, settings: Settings) -> int:
    tokens = _tokens(settings)
    try:
        if tokens.revoke(args.token):
            print("revoked", file=sys.stderr)
            return 0
        print("no live token with that id", file=sys.stderr)
        return 1
    finally:
        tokens.close()


def token_list(args: argparse.Namespace, settings: Settings) -> int:
    tokens = _tokens(settings)
    try:
        for t in tokens.list(role=args.role):
            where = f" {t.game_id} {t.seat}" if t.role == "seat" else ""
            print(f"{t.id} {t.role} {t.name} {t.created_at}{where}")
    finally:
        tokens.close()
    return 0


def _serve_args(p: argparse.ArgumentParser) -> None:
    pass


def _create_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--role", required=True, choices=["organiser", "referee"])
    p.add_argument("--name", required=True)


def _revoke_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("token", help="the token, or its id (the hex after `umpire_`, as `umpire token list` shows)")


def _list_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--role", choices=["organiser", "referee", "seat"])


# (command words) -> (help, add arguments, run)
COMMANDS: dict[tuple[str, ...], tuple[str, Callable, Callable]] = {
    ("serve",): ("run the API (UMPIRE_* settings from the environment)", _serve_args, serve),
    ("token", "create"): ("create an organiser or referee token; prints it alone", _create_args, token_create),
    ("token", "revoke"): ("revoke a token", _revoke_args, token_revoke),
    ("token", "list"): ("list live tokens (never their secrets)", _list_args, token_list),
}


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="umpire", description="An impartial, auditable umpire for wargames.")
    subs = root.add_subparsers(dest="command", required=True)
    groups: dict[str, argparse._SubParsersAction] = {}
    for words, (help_, add_args, run) in COMMANDS.items():
        if len(words) == 1:
            p = subs.add_parser(words[0], help=help_)
        else:
            if words[0] not in groups:
                groups[words[0]] = subs.add_parser(words[0]).add_subparsers(dest="subcommand", required=True)
            p = groups[words[0]].add_parser(words[1], help=help_)
        add_args(p)
        p.set_defaults(run=run)
    return root


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return args.run(args, from_env())


if __name__ == "__main__":
    sys.exit(main())
