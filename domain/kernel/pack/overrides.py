"""Owner overrides: a directory of pack files whose records replace the base pack's.

Owners of the physical game hold what the texts lack (the map, the counter values, the missing
table rows). An override directory has the same layout as a pack, with `[override]` instead of
`[meta]` in its pack.toml. Its records replace the base records with the same key, or add new ones;
the merged pack goes through the same validation and has its own hash, and its `meta.overrides`
names the overrides applied.

Placeholder and inferred data may be replaced freely. A datum the base pack cites from the
rulebook may not change silently: changing its value, its provenance, or adding to or removing
from a printed list needs the record listed in `[override.replace_printed]` with the reason
(an erratum, a later printing). Sources are shared by key, so an override may add sources but not
redefine one of the base's. The grid cannot be overridden: it is the numbering every id depends on.
"""
from __future__ import annotations

from typing import Any, Mapping

import msgspec

from domain.kernel.pack.canonical import pack_hash
from domain.kernel.pack.decode import KEYED, MANIFEST, Gathered, assemble, convert, convert_sections, gather, section_name
from domain.kernel.pack.errors import Issue, PackInvalid, key
from domain.kernel.pack.provenance import Provenance, kind, resolve
from domain.kernel.pack.schema import Pack
from domain.kernel.pack.validate import validate_pack


class OverrideSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: str
    base: str  # the base pack's meta.name
    base_hash: str | None = None  # pin the exact base pack, if the owner wants to
    replace_printed: dict[str, str] = {}  # record path (as in issue paths) -> reason
    notes: str = ""


def apply_overrides(base: Pack, files: Mapping[str, bytes]) -> Pack:
    """The base pack with an override directory applied; raises PackInvalid listing every problem."""
    issues: list[Issue] = []
    g: Gathered = gather(files, ("override", "files"), issues)
    spec = convert(g.manifest.get("override"), OverrideSpec, "override", MANIFEST, issues) \
        if "override" in g.manifest else None
    if spec is None and not any(i.path.startswith("override") for i in issues):
        issues.append(Issue("override", "missing: an override's pack.toml needs an [override] table", MANIFEST))
    records, singles = convert_sections(g, issues)
    if ("map", "grid") in singles:
        issues.append(Issue("map.grid", "an override cannot replace the grid", g.singles[("map", "grid")][1]))
    if spec is not None:
        if spec.base != base.meta.name:
            issues.append(Issue("override.base", f"is for pack {spec.base!r}, not {base.meta.name!r}", MANIFEST))
        elif spec.base_hash is not None and spec.base_hash != pack_hash(base):
            issues.append(Issue("override.base_hash", "the base pack has changed since this override was written",
                                MANIFEST))
    sources = dict(base.sources)
    for k, p in records[("sources",)].items():
        if k in sources and p is not None and sources[k] != p:
            issues.append(Issue(f"sources{key(k)}", "redefines a source of the base pack; use a new key",
                                g.records[("sources",)][k][1]))
        sources[k] = p
    if issues:
        raise PackInvalid(issues)
    assert spec is not None

    merged = {path: dict(_base_section(base, path)) for path in KEYED}
    merged[("sources",)] = sources
    used: set[str] = set()
    for path in KEYED:
        if path == ("sources",):
            continue
        for k, new in records[path].items():
            old = merged[path].get(k)
            merged[path][k] = new
            if not isinstance(old, msgspec.Struct):  # new, or an untyped `extra`/`calibration` entry
                continue
            rec = f"{section_name(path)}{key(k)}"
            changes: list[str] = []
            _diff(rec, old, new, False, base.sources, sources, changes)
            if not changes:
                continue
            if rec in spec.replace_printed:
                used.add(rec)
                continue
            for c in changes:
                issues.append(Issue(c, f"changes a rulebook datum; list {rec!r} in [override.replace_printed] "
                                       f"with the reason", g.records[path][k][1]))
    for rec in spec.replace_printed:
        if rec not in used:
            issues.append(Issue(f"override.replace_printed{key(rec)}", "changes no printed datum", MANIFEST))
    meta = msgspec.structs.replace(base.meta, overrides=(*base.meta.overrides, spec.name))
    singles = {("map", "grid"): base.map.grid} if base.map is not None else {}
    pack = assemble(meta, merged, singles, issues)
    issues.extend(validate_pack(pack))
    if issues:
        raise PackInvalid(issues)
    return pack


def _base_section(pack: Pack, path: tuple[str, ...]) -> dict[str, Any]:
    if path[0] == "map":
        return getattr(pack.map, path[1]) if pack.map is not None else {}
    return getattr(pack, path[0])


def _printed(ref: Any, sources: dict[str, Provenance]) -> bool:
    return kind(resolve(ref, sources)) == "rulebook"


def _diff(path: str, old: Any, new: Any, printed: bool, src_old: dict[str, Provenance],
          src_new: dict[str, Provenance], out: list[str]) -> None:
    """Append the paths where `new` changes a datum that is printed in `old`."""
    if type(old) is not type(new):
        if _any_printed(old, printed, src_old):
            out.append(path)
        return
    if isinstance(old, msgspec.Struct):
        prov = getattr(old, "prov", None)
        fp_old, fp_new = getattr(old, "field_prov", {}), getattr(new, "field_prov", {})
        for f in old.__struct_fields__:
            if f in ("prov", "field_prov"):
                continue
            here = printed
            if prov is not None:
                ref_old, ref_new = fp_old.get(f, prov), fp_new.get(f, getattr(new, "prov"))
                here = _printed(ref_old, src_old)
                if here and resolve(ref_old, src_old) != resolve(ref_new, src_new):
                    out.append(f"{path}.{f}")
                    continue
            _diff(f"{path}.{f}", getattr(old, f), getattr(new, f), here, src_old, src_new, out)
    elif isinstance(old, dict):
        for k in sorted(set(old) | set(new), key=str):
            p = f"{path}{key(k)}"
            if k not in new:
                if _any_printed(old[k], printed, src_old):
                    out.append(p)
            elif k not in old:
                if printed:
                    out.append(p)
            else:
                _diff(p, old[k], new[k], printed, src_old, src_new, out)
    elif isinstance(old, (tuple, list)):
        for i in range(max(len(old), len(new))):
            p = f"{path}{key(i)}"
            if i >= len(new):
                if _any_printed(old[i], printed, src_old):
                    out.append(p)
            elif i >= len(old):
                if printed:
                    out.append(p)
            else:
                _diff(p, old[i], new[i], printed, src_old, src_new, out)
    elif printed and old != new:
        out.append(path)


def _any_printed(obj: Any, printed: bool, sources: dict[str, Provenance]) -> bool:
    """Whether a value holds any datum whose provenance is the rulebook."""
    if isinstance(obj, msgspec.Struct):
        prov = getattr(obj, "prov", None)
        if prov is not None:
            refs = [prov, *getattr(obj, "field_prov", {}).values()]
            if any(_printed(r, sources) for r in refs):
                return True
            printed = False
        return any(_any_printed(getattr(obj, f), printed, sources)
                   for f in obj.__struct_fields__ if f not in ("prov", "field_prov"))
    if isinstance(obj, dict):
        return printed or any(_any_printed(v, printed, sources) for v in obj.values())
    if isinstance(obj, (tuple, list)):
        return printed or any(_any_printed(v, printed, sources) for v in obj)
    return printed
