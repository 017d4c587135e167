"""The Normandy pack, loaded once, and the rulebook text it cites."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from domain.kernel.grid import Grid
from domain.kernel.pack.provenance import kind, resolve
from domain.kernel.pack.schema import Pack
from infra.packs import load_pack_dir
from tools import seeds

ROOT = Path(__file__).resolve().parents[3]
PACK_DIR = ROOT / "domain" / "games" / "normandy" / "pack"
BOOK = "002_c4aea75862ff1a36.txt"


@lru_cache(maxsize=1)
def pack() -> Pack:
    return load_pack_dir(PACK_DIR)


@lru_cache(maxsize=1)
def grid() -> Grid:
    return Grid(pack().map.grid)


@lru_cache(maxsize=1)
def book() -> list[str]:
    """The rulebook's lines; index 0 is line 1."""
    return seeds.find(BOOK).read_text(encoding="utf-8").splitlines()


def line(n: int) -> str:
    return book()[n - 1]


def prov_kind(ref) -> str:
    return kind(resolve(ref, pack().sources))


def cited_lines(ref) -> tuple[int, int]:
    p = resolve(ref, pack().sources)
    assert kind(p) == "rulebook", ref
    assert p.cite.book == BOOK
    return p.cite.lines
