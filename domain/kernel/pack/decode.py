"""Decode a pack directory, given as {relative path: bytes}, into a validated `Pack`.

Layout (see docs/packs.md): `pack.toml` holds `[meta]` and `files`, glob patterns naming the data
files (TOML or JSON). Each data file's top-level keys are pack sections (`sources`, `map`,
`counters`, `tables`, `scenarios`, `extra`); records merge by key across files, so one pack can
keep its hexes in a JSON file and its counters in TOML, and splitting or reordering files never
changes the decoded pack (nor its hash). A record defined in two files is an error.

Every problem is reported, each with its path: records are converted one by one, so one bad hex
does not hide a bad counter.
"""
from __future__ import annotations

import tomllib
from fnmatch import fnmatchcase
from typing import Any, Mapping

import msgspec

from domain.kernel.pack.errors import Issue, PackInvalid, key
from domain.kernel.pack.provenance import Provenance
from domain.kernel.pack.schema import (
    Area, Box, Counter, GridSpec, Hex, Hexside, Line, MapData, Pack, PackMeta, Place, Scenario, Table,
)
from domain.kernel.pack.validate import validate_pack

MANIFEST = "pack.toml"

# Section path -> record type. Records merge by key across files.
KEYED: dict[tuple[str, ...], Any] = {
    ("sources",): Provenance,
    ("map", "hexes"): Hex,
    ("map", "hexsides"): Hexside,
    ("map", "places"): Place,
    ("map", "areas"): Area,
    ("map", "lines"): Line,
    ("map", "boxes"): Box,
    ("map", "calibration"): Any,
    ("counters",): Counter,
    ("tables",): Table,
    ("scenarios",): Scenario,
    ("extra",): Any,
}
# Section path -> type of a value defined once, in one file.
SINGLE: dict[tuple[str, ...], Any] = {("map", "grid"): GridSpec}


def section_name(path: tuple[str, ...]) -> str:
    return ".".join(path)


class Gathered(msgspec.Struct):
    """A directory read and merged, not yet converted: raw records with the file each came from."""

    manifest: dict[str, Any]
    records: dict[tuple[str, ...], dict[str, tuple[Any, str]]]
    singles: dict[tuple[str, ...], tuple[Any, str]]


def gather(files: Mapping[str, bytes], manifest_keys: tuple[str, ...], issues: list[Issue]) -> Gathered:
    """Read the manifest and the data files it names, and merge their sections."""
    out = Gathered({}, {p: {} for p in KEYED}, {})
    if MANIFEST not in files:
        issues.append(Issue(MANIFEST, "missing: a pack directory starts with pack.toml"))
        return out
    manifest = _parse(MANIFEST, files[MANIFEST], issues)
    if manifest is None:
        return out
    out.manifest = {k: v for k, v in manifest.items() if k in manifest_keys}
    patterns = manifest.get("files", [])
    if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
        issues.append(Issue("files", "must be a list of file name patterns", MANIFEST))
        patterns = []
    names: list[str] = []
    for i, pattern in enumerate(patterns):
        hits = sorted(n for n in files if n != MANIFEST and fnmatchcase(n, pattern))
        if not hits:
            issues.append(Issue(f"files{key(i)}", f"pattern {pattern!r} matches no file", MANIFEST))
        names.extend(h for h in hits if h not in names)
    data = {k: v for k, v in manifest.items() if k not in manifest_keys}
    docs = [(MANIFEST, data)] + [(n, _parse(n, files[n], issues)) for n in sorted(names)]
    for name, doc in docs:
        if doc is not None:
            _merge(out, name, doc, issues)
    return out


def _parse(name: str, data: bytes, issues: list[Issue]) -> dict[str, Any] | None:
    try:
        if name.endswith(".toml"):
            doc = tomllib.loads(data.decode("utf-8"))
        elif name.endswith(".json"):
            doc = msgspec.json.decode(data)
        else:
            issues.append(Issue(name, "a pack file must be .toml or .json"))
            return None
    except (tomllib.TOMLDecodeError, msgspec.DecodeError, UnicodeDecodeError) as e:
        issues.append(Issue(name, f"cannot be read: {e}"))
        return None
    if not isinstance(doc, dict):
        issues.append(Issue(name, "must hold a table (object) of pack sections"))
        return None
    return doc


def _merge(out: Gathered, name: str, doc: dict[str, Any], issues: list[Issue]) -> None:
    for top, value in doc.items():
        if top == "map" and isinstance(value, dict):
            for sub, v in value.items():
                _merge_section(out, ("map", sub), v, name, issues)
        else:
            _merge_section(out, (top,), value, name, issues)


def _merge_section(out: Gathered, path: tuple[str, ...], value: Any, name: str, issues: list[Issue]) -> None:
    sec = section_name(path)
    if path in SINGLE:
        if path in out.singles:
            issues.append(Issue(sec, f"defined twice (also in {out.singles[path][1]})", name))
        else:
            out.singles[path] = (value, name)
        return
    if path not in KEYED:
        issues.append(Issue(sec, "not a pack section", name))
        return
    if not isinstance(value, dict):
        issues.append(Issue(sec, "must be a table of records keyed by id", name))
        return
    into = out.records[path]
    for k, rec in value.items():
        if k in into:
            issues.append(Issue(f"{sec}{key(k)}", f"defined twice (also in {into[k][1]})", name))
        else:
            into[k] = (rec, name)


def convert(raw: Any, typ: Any, path: str, file: str | None, issues: list[Issue]) -> Any:
    """msgspec conversion of one record; its first error is reported at the record's path."""
    try:
        return msgspec.convert(raw, typ)
    except msgspec.ValidationError as e:
        message, _, where = str(e).partition(" - at `$")
        issues.append(Issue(path + where.rstrip("`"), message, file))
        return None


def convert_sections(g: Gathered, issues: list[Issue]) -> tuple[dict[tuple[str, ...], dict[str, Any]], dict[tuple[str, ...], Any]]:
    records = {}
    for path, raw in g.records.items():
        typ, sec = KEYED[path], section_name(path)
        conv = {k: convert(v, typ, f"{sec}{key(k)}", f, issues) for k, (v, f) in sorted(raw.items())}
        records[path] = conv
    singles = {p: convert(v, SINGLE[p], section_name(p), f, issues) for p, (v, f) in g.singles.items()}
    return records, singles


def assemble(meta: PackMeta, records: dict[tuple[str, ...], dict[str, Any]],
             singles: dict[tuple[str, ...], Any], issues: list[Issue]) -> Pack:
    map_data = None
    has_map = any(records[p] for p in records if p[0] == "map")
    grid = singles.get(("map", "grid"))
    if grid is not None or has_map:
        if grid is None:
            issues.append(Issue("map.grid", "missing: a map needs its grid"))
            grid = GridSpec()
        map_data = MapData(grid=grid, hexes=records[("map", "hexes")], hexsides=records[("map", "hexsides")],
                           places=records[("map", "places")], areas=records[("map", "areas")],
                           lines=records[("map", "lines")], boxes=records[("map", "boxes")],
                           calibration=records[("map", "calibration")])
    return Pack(meta=meta, sources=records[("sources",)], map=map_data, counters=records[("counters",)],
                tables=records[("tables",)], scenarios=records[("scenarios",)], extra=records[("extra",)])


def decode_pack(files: Mapping[str, bytes]) -> Pack:
    """Read, merge, convert and validate a pack; raises PackInvalid listing every problem."""
    issues: list[Issue] = []
    g = gather(files, ("meta", "files"), issues)
    meta = convert(g.manifest.get("meta"), PackMeta, "meta", MANIFEST, issues) if "meta" in g.manifest else None
    if meta is None and MANIFEST in files and not any(i.path.startswith("meta") for i in issues):
        issues.append(Issue("meta", "missing: pack.toml needs a [meta] table", MANIFEST))
    records, singles = convert_sections(g, issues)
    if issues:
        raise PackInvalid(issues)
    assert meta is not None  # else an issue was raised just above
    pack = assemble(meta, records, singles, issues)
    issues.extend(validate_pack(pack))
    if issues:
        raise PackInvalid(issues)
    return pack
