"""Decode the B&P pack directory with the project's loader (the map may not be built yet).

The tool and its tests see the pack as a consumer would: through `decode_pack`. When the map's
files are absent, the manifest's patterns for them are left out so the rest can still be checked.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

import msgspec

from domain.kernel.pack.decode import decode_pack
from domain.kernel.pack.schema import Pack
from infra.packs import read_dir

MAP_FILES = ("map.json", "map_sources.json")


def load_pack(root: Path) -> Pack:
    files = read_dir(root)
    missing = [f for f in MAP_FILES if f not in files]
    if missing:
        manifest = tomllib.loads(files["pack.toml"].decode())
        manifest["files"] = [p for p in manifest["files"] if p not in missing]
        files["pack.toml"] = _toml(manifest)
    return decode_pack(files)


def _toml(manifest: dict) -> bytes:
    """A minimal TOML writer for the manifest's shape (a files list and a [meta] table)."""
    lines = ["files = " + msgspec.json.encode(manifest["files"]).decode(), "", "[meta]"]
    lines += [f"{k} = {msgspec.json.encode(v).decode()}" for k, v in manifest["meta"].items()]
    return ("\n".join(lines) + "\n").encode()
