"""Why the rules refuse something, in one shape for every game: a stable code, a sentence for the
player, and the rule. Checks that are asked before a ruling (may this unit move, may a marker go
there) return a Problem or None; the ruling raises it as a rejection."""
from __future__ import annotations

from typing import Any, NamedTuple

from domain.kernel.citation import Citation
from domain.kernel.commands import Reject


class Problem(NamedTuple):
    code: str
    message: str
    citation: Citation

    def reject(self, **details: Any) -> Reject:
        return Reject(self.code, self.message, self.citation, **details)
