"""Every datum of a pack under one stable key, with its provenance: the keys of the placeholder
register (docs/breakout-pursuit-data.md) and of the `pack` citations a ruling carries when it used
a datum the rulebook does not print.

Keys: `counter:<id>`, `placement:<counter>@<hex or area>`, `arrival:T<turn>:<counter>`,
`table:<name>:<row>`, `crt:<roll>:<column>`, `extra:<path>`, `scenario:<id>`; with the map,
`map:hex:<id>`, `map:hexside:<id>`, `map:place:<name>`, `map:area:<name>`. A field overriding its
record's provenance is `<key>.<field>`.
"""
from __future__ import annotations

from typing import Any, Iterator

import msgspec

from domain.kernel.pack.provenance import Provenance, kind, weakest
from domain.kernel.pack.schema import Chart, Crt, Pack, ProvRef

Entry = tuple[str, Any, dict[str, Any]]  # key, provenance reference, field overrides


def resolve(p: ProvRef | dict, sources: dict[str, Provenance]) -> Provenance:
    """A provenance from a key of the pack's sources, a Provenance, or its plain dict (`Pack.extra`)."""
    if isinstance(p, str):
        return sources[p]
    if isinstance(p, dict):
        return msgspec.convert(p, Provenance)
    return p


def entries(pack: Pack, *, with_map: bool = False) -> Iterator[Entry]:
    for cid, c in sorted(pack.counters.items()):
        yield f"counter:{cid}", c.prov, c.field_prov
    for name, t in sorted(pack.tables.items()):
        if isinstance(t, Crt):
            for roll, cells in sorted(t.rows.items()):
                for col, cell in zip(t.columns, cells):
                    yield f"crt:{roll}:{col}", cell.prov, {}
        elif isinstance(t, Chart):
            for r in t.rows:
                yield f"table:{name}:{r.key}", r.prov, r.field_prov
    for sid, s in sorted(pack.scenarios.items()):
        yield f"scenario:{sid}", s.prov, s.field_prov
        for p in s.setup:
            yield f"placement:{p.counter}@{p.at or p.area}", p.prov, p.field_prov
        for a in s.reinforcements:
            yield f"arrival:T{a.turn}:{a.counter}", a.prov, a.field_prov
    yield from _extra("extra", pack.extra)
    if with_map and pack.map is not None:
        m = pack.map
        for group, records in (("hex", m.hexes), ("hexside", m.hexsides), ("place", m.places), ("area", m.areas)):
            for k, rec in sorted(records.items()):
                yield f"map:{group}:{k}", rec.prov, rec.field_prov


def _extra(path: str, d: Any) -> Iterator[Entry]:
    if not isinstance(d, dict):
        return
    if "prov" in d:
        yield path, d["prov"], d.get("field_prov") or {}
        return
    for k, v in sorted(d.items()):
        yield from _extra(f"{path}:{k}", v)


def items(pack: Pack, *, with_map: bool = False) -> Iterator[tuple[str, str]]:
    """(key, kind) for every record and every field override."""
    src = pack.sources
    for key, prov, fields in entries(pack, with_map=with_map):
        yield key, kind(resolve(prov, src))
        for f, fp in sorted(fields.items()):
            yield f"{key}.{f}", kind(resolve(fp, src))


def record_provenance(pack: Pack, *, with_map: bool = False) -> dict[str, tuple[str, Provenance]]:
    """Per record key: its weakest kind over its own and its fields' provenance (a record is only as
    printed as its least printed field), and its own provenance (the citation when printed)."""
    src = pack.sources
    out = {}
    for key, prov, fields in entries(pack, with_map=with_map):
        own = resolve(prov, src)
        out[key] = (weakest([kind(own), *(kind(resolve(fp, src)) for fp in fields.values())]), own)
    return out
