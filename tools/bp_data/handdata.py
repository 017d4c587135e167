"""Hand-written data (tools/bp_data/data/*.toml) in a short form, turned into schema records.

A record names its provenance with one of: `line = 257` / `lines = [257, 258]` (printed, in the
enclosing `section`, optional `case`), `errata = "entry"` with `line`/`lines` (a correction entry),
`inferred = "evidence"`, `placeholder = "reason"`, or `source = "key"` (a shared entry of
sources.toml). `fp` holds per-field overrides in the same short form.
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from domain.kernel.pack.provenance import Inferred, Placeholder, Provenance
from domain.kernel.pack.schema import ProvRef
from tools.bp_data import seed

DATA = Path(__file__).parent / "data"
PROV_KEYS = ("line", "lines", "case", "errata", "inferred", "placeholder", "source", "section")


def load(name: str) -> dict[str, Any]:
    return tomllib.loads((DATA / name).read_text(encoding="utf-8"))


def prov(d: dict[str, Any], section: str | None = None) -> ProvRef:
    """The provenance a short-form record names (and nothing else)."""
    if "source" in d:
        return d["source"]
    if "inferred" in d:
        return Inferred(evidence=d["inferred"])
    if "placeholder" in d:
        return Placeholder(reason=d["placeholder"])
    first, last = (d["line"], d["line"]) if "line" in d else tuple(d["lines"])
    if "errata" in d:
        return seed.errata(d["errata"], first, last)
    return seed.printed(d.get("section", section), first, last, d.get("case"))


def field_prov(d: dict[str, Any], section: str | None = None) -> dict[str, ProvRef]:
    return {k: prov(v, section) for k, v in sorted(d.get("fp", {}).items())}


def strip(d: dict[str, Any]) -> dict[str, Any]:
    """The record's own fields, without its provenance keys."""
    return {k: v for k, v in d.items() if k not in PROV_KEYS and k != "fp"}


def sources() -> dict[str, Provenance]:
    out = {}
    for key, entry in sorted(load("sources.toml").items()):
        p = prov(entry)
        if isinstance(p, str):
            raise ValueError(f"source {key!r} may not point at another source")
        out[key] = p
    return out
