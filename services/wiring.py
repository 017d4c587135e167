"""The application service of one process, from the settings: the store and the catalog it plays
with. Both composition roots build on it: `runtime.build` (API and embedded processes) and the
Celery worker (`worker/app.py`), which must not import the runtime that starts it."""
from __future__ import annotations

from typing import Callable

from infra.eventstore import open_store
from services.catalog import Catalog
from services.config import Settings
from services.games import Games


def build_games(settings: Settings, *, nudge: Callable[[str], None] | None = None) -> Games:
    if settings.store_url.startswith("sqlite:///"):
        settings.data.mkdir(parents=True, exist_ok=True)
    store = open_store(settings.store_url)
    return Games(store, Catalog(sandbox=settings.sandbox, overrides=settings.pack_overrides), nudge=nudge,
                 snapshot_every=settings.snapshot_every)
