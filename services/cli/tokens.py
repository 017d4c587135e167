"""`umpire token create|revoke|list`: tokens of organisers and referees (seat tokens come with games)."""
from __future__ import annotations

import argparse
import sys

from services.cli.command import Command
from services.config import Settings

FIRST_ORGANISER = "first-organiser"


def open_tokens_for(settings: Settings):
    """The token store, once the event store has brought the schema (token table included) up to date."""
    from infra.auth import open_tokens
    from infra.eventstore import open_store

    if settings.store_url.startswith("sqlite:///"):
        settings.data.mkdir(parents=True, exist_ok=True)
    open_store(settings.store_url).close()
    return open_tokens(settings.store_url)


def token_create(args: argparse.Namespace, settings: Settings) -> int:
    tokens = open_tokens_for(settings)
    try:
        print(tokens.create(args.role, args.name).token)
    finally:
        tokens.close()
    return 0


def token_create_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--role", required=True, choices=["organiser", "referee"])
    parser.add_argument("--name", required=True, help="who holds it; the log records actions as <role>:<name>")


def token_revoke(args: argparse.Namespace, settings: Settings) -> int:
    tokens = open_tokens_for(settings)
    try:
        revoked = tokens.revoke(args.token)
    finally:
        tokens.close()
    print("revoked" if revoked else "no live token with that id", file=sys.stderr)
    return 0 if revoked else 1


def token_revoke_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("token", help="the token, or its id (the hex after `umpire_`, as `umpire token list` shows)")


def token_list(args: argparse.Namespace, settings: Settings) -> int:
    tokens = open_tokens_for(settings)
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
    Command(("token", "create"), "create an organiser or referee token; prints it alone", token_create,
            token_create_arguments),
    Command(("token", "revoke"), "revoke a token", token_revoke, token_revoke_arguments),
    Command(("token", "list"), "list live tokens (never their secrets)", token_list, token_list_arguments),
]
