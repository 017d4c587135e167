"""A subcommand: its words, help, handler and arguments."""
from __future__ import annotations

import argparse
from typing import Callable, NamedTuple

from services.config import Settings

GROUPS = {"db": "the event store", "token": "API tokens of organisers and referees", "bot": "bots that play a seat",
          "pack": "content packs"}


class Command(NamedTuple):
    words: tuple[str, ...]
    help: str
    run: Callable[[argparse.Namespace, Settings], int | None]
    arguments: Callable[[argparse.ArgumentParser], object] = lambda parser: None  # what it returns is unused
