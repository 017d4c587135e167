"""Decode the B&P pack directory with the schema types (the data this tool wrote, minus the map).

The project's pack loader is separate; this reads exactly the files of `pack.toml [files]` that this
tool generates, so the tool and its tests see the pack as a consumer would.
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import msgspec

from domain.kernel.pack.provenance import Provenance
from domain.kernel.pack.schema import Counter, Pack, PackMeta, Scenario, Table


def manifest(root: Path) -> dict[str, Any]:
    return tomllib.loads((root / "pack.toml").read_text(encoding="utf-8"))


def load_pack(root: Path) -> Pack:
    m = manifest(root)
    files = m["files"]

    def read(rel: str, typ: Any) -> Any:
        return msgspec.json.decode((root / rel).read_bytes(), type=typ, strict=True)

    sources: dict[str, Provenance] = {}
    for rel in files["sources"]:
        if (root / rel).exists():  # map_sources.json comes with the map
            sources.update(read(rel, dict[str, Provenance]))
    scenarios = {}
    for rel in files["scenarios"]:
        s = read(rel, Scenario)
        scenarios[s.id] = s
    return Pack(
        meta=msgspec.convert(m["meta"], PackMeta),
        sources=sources,
        counters=read(files["counters"], dict[str, Counter]),
        tables=read(files["tables"], dict[str, Table]),
        scenarios=scenarios,
        extra=read(files["extra"], dict[str, Any]),
    )
