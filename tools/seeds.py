"""Where a rulebook's text is found: the repository never copies it (the project keeps the texts in
its shared folder, `shared/seeds/`, beside the repository). `UMPIRE_SEEDS` names the folder;
otherwise `shared/seeds/` in the repository's parents (a worktree, the main checkout and CI's
clone all find it). A fresh clone alone has none: `RulebookMissing` says what to set, and the
tests that read a text skip with that message (tests/conftest.py), or fail where
`UMPIRE_REQUIRE_SEEDS=1` (.ci/run)."""
from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


class RulebookMissing(FileNotFoundError):
    pass


def candidates(book: str) -> list[Path]:
    env = os.environ.get("UMPIRE_SEEDS")
    found = [Path(env) / book] if env else []
    return found + [p / "shared" / "seeds" / book for p in REPO.parents] + [REPO / "shared" / "seeds" / book]


def find(book: str) -> Path:
    looked = candidates(book)
    for path in looked:
        if path.is_file():
            return path
    raise RulebookMissing(f"rulebook text {book} not found: set UMPIRE_SEEDS to the folder that holds it "
                          f"(looked at {', '.join(str(p) for p in looked[:3])}{', ...' if len(looked) > 3 else ''}); "
                          "the repository does not copy rulebook text")
