"""Pack problems, each with the path of the datum at fault, so an author can find and fix it."""
from __future__ import annotations

import json

import msgspec


class Issue(msgspec.Struct, frozen=True):
    path: str
    message: str
    file: str | None = None  # the pack file the datum came from, when known

    def __str__(self) -> str:
        where = f" (in {self.file})" if self.file else ""
        return f"{self.path}: {self.message}{where}"


class PackInvalid(ValueError):
    """A pack (or an override) that cannot be used; `issues` lists every problem found."""

    def __init__(self, issues: list[Issue]):
        self.issues = issues
        lines = "\n".join(f"  {i}" for i in issues)
        super().__init__(f"{len(issues)} problem(s) in the pack:\n{lines}")


def key(k: str | int) -> str:
    """A dict key or list index as it appears in an issue path: ["0840"], [3]."""
    return f"[{k}]" if isinstance(k, int) else f"[{json.dumps(k, ensure_ascii=False)}]"
