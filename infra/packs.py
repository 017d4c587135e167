"""Read content packs from disk. The decoding and checking are pure (domain.kernel.pack); this
module only turns a directory into {relative path: bytes}."""
from __future__ import annotations

from pathlib import Path

from domain.kernel.pack.decode import decode_pack
from domain.kernel.pack.overrides import apply_overrides
from domain.kernel.pack.schema import Pack


def read_dir(path: str | Path) -> dict[str, bytes]:
    """Every file under `path`, keyed by its POSIX path relative to it (hidden files skipped)."""
    root = Path(path)
    if not root.is_dir():
        raise FileNotFoundError(f"no pack directory at {root}")
    return {
        f.relative_to(root).as_posix(): f.read_bytes()
        for f in sorted(root.rglob("*"))
        if f.is_file() and not any(part.startswith(".") for part in f.relative_to(root).parts)
    }


def load_pack_dir(path: str | Path, overrides: str | Path | list[str | Path] | None = None) -> Pack:
    """A validated pack, with owner override directories applied in order; raises PackInvalid."""
    pack = decode_pack(read_dir(path))
    if overrides is None:
        return pack
    for o in overrides if isinstance(overrides, list) else [overrides]:
        pack = apply_overrides(pack, read_dir(o))
    return pack
