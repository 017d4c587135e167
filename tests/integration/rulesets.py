"""Sandbox variants that misbehave on a bid, for the worker's failure paths. They stay out of the
global ruleset registry (other tests list scenarios): a catalog that knows them serves them."""
from __future__ import annotations

import threading
from functools import cached_property

from domain.games.sandbox import SANDBOX_PACK
from domain.games.sandbox.model import Bid
from domain.games.sandbox.rules import Sandbox
from services.catalog import Catalog


class Broken(Sandbox):
    """Raises on every bid, as a ruleset with a bug would."""

    name = "sandbox-broken"

    def rule(self, adj, seat, order):
        if isinstance(order, Bid):
            raise RuntimeError("the bid table has no row for this")
        super().rule(adj, seat, order)


class Hanging(Sandbox):
    """Never returns from a bid."""

    name = "sandbox-hanging"

    def rule(self, adj, seat, order):
        while isinstance(order, Bid):
            pass
        super().rule(adj, seat, order)


class Paused(Sandbox):
    """Holds a bid's ruling until the test releases it, so the test can act while a fold is under way."""

    name = "sandbox-paused"

    def __init__(self):
        self.entered = threading.Event()
        self.release = threading.Event()

    def rule(self, adj, seat, order):
        if isinstance(order, Bid):
            self.entered.set()
            self.release.wait(30)
        super().rule(adj, seat, order)


class CatalogWith(Catalog):
    """The service's catalog, sandbox on, plus the given rulesets (playing the sandbox pack)."""

    def __init__(self, *extra: Sandbox):
        super().__init__(sandbox=True)
        self.extra = {r.id: r for r in extra}

    @cached_property
    def rulesets(self):
        return {**super().rulesets, **{r.name: r for r in self.extra.values()}}

    def ruleset(self, ruleset_id: str):
        return self.extra.get(ruleset_id) or super().ruleset(ruleset_id)

    def _load(self, ruleset):
        return SANDBOX_PACK if ruleset.id in self.extra else super()._load(ruleset)
