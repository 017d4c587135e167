"""Counters of the pack from the orders of battle (oob.py)."""
from __future__ import annotations

from domain.kernel.pack.schema import Counter, Face
from tools.normandy_map.oob import (ARMORED, CAMPAIGN_ARRIVALS, HQ_VALUES, PRINTED_VALUES, SC1_GERMAN, SIZE, SPECIAL, UNITS,
                                    VALUES, Unit, side_of)
from tools.normandy_map.sources import Src

VALUES_KEY = "nm.values"


def _faces(kind: str, steps: int | None = None) -> tuple[tuple[Face, ...], int, int]:
    att, dfn, mv, sv, n = VALUES[kind]
    n = steps or n
    faces = tuple(Face(strength=max(att - k * (att // n or 1), 1), defense=max(dfn - k * (dfn // n or 1), 1),
                       movement=mv, values={"sv": sv}) for k in range(n))
    return faces, att, mv


def _flags(kind: str, extra: tuple[str, ...], elite: bool) -> tuple[str, ...]:
    fl = set(extra)
    if VALUES[kind][2] > 6:
        fl.add("motorized")
    if kind in ARMORED:
        fl.add("armored")
    if elite:
        fl.add("elite")
    return tuple(sorted(fl))


def unit_counter(src: Src, u: Unit) -> Counter:
    prov = src.line(u.line)
    nat_side = side_of(u.nationality)
    if u.kind == "hq":
        cs, mv = HQ_VALUES
        return Counter(prov=prov, field_prov={"movement": VALUES_KEY, "faces": VALUES_KEY}, side=nat_side, type="hq",
                       cls="hq", size="XXX", nationality=u.nationality, movement=mv,
                       faces=(Face(movement=mv, values={"sv": 0, "combat_bonus": cs}), Face(values={"sv": 0})),
                       label=u.label)
    printed = PRINTED_VALUES.get(u.key)
    faces, att, mv = _faces(u.kind, printed[0]["steps"] if printed else None)
    return Counter(prov=prov, field_prov={"strength": VALUES_KEY, "movement": VALUES_KEY, "faces": VALUES_KEY,
                                          "flags": VALUES_KEY},
                   side=nat_side, type=u.kind, cls="combat", size=SIZE[u.kind], nationality=u.nationality,
                   designation=u.division, strength=att, movement=mv, faces=faces,
                   flags=_flags(u.kind, u.flags, u.elite), label=u.label)


def counters(src: Src, garrisons: int) -> dict[str, Counter]:
    out = {u.key: unit_counter(src, u) for u in UNITS}
    for key, label, kind, line, vals, _why in SPECIAL:
        face = Face(strength=vals.get("strength"), defense=vals.get("defense"), movement=vals.get("movement"))
        n = vals.get("steps", 1)
        side = "german" if key.startswith("de-") and kind != "partisan" else "allied"
        out[key] = Counter(prov=src.line(line), side=side, type=kind, cls=kind,
                           nationality=None if kind == "marker" else ("french" if kind in ("partisan", "ffi") else "german"),
                           strength=vals.get("strength"), movement=vals.get("movement"),
                           faces=tuple(face for _ in range(n)),
                           flags=("no_zoc", "ignores_retreat") if kind == "garrison" else (),
                           label=label)
    gar = src.placeholder("garrisons", "the Atlantic Wall garrisons' hexes are printed on the map: one per beach hex "
                                       "(WN Madeleine on Utah, L471)")
    for n in range(1, garrisons + 1):  # no movement, no attack, one step, no ZOC (L46); defence invented
        out[f"de-garrison-{n}"] = Counter(prov=gar, side="german", type="garrison", cls="garrison", nationality="german",
                                          strength=0, movement=0, faces=(Face(strength=0, defense=2, movement=0),),
                                          flags=("no_zoc", "ignores_retreat"), label=f"Beach garrison {n}")
    old = src.inferred("history-units", "a unit of the campaign set-up the text does not name: it held the Cotentin "
                                        "in June 1944")
    for key, label, nat, kind, _place in SC1_GERMAN:
        faces, att, mv = _faces(kind)
        out[key] = Counter(prov=old, field_prov={"strength": VALUES_KEY, "movement": VALUES_KEY, "faces": VALUES_KEY,
                                                 "flags": VALUES_KEY}, side="german", type=kind, cls="combat",
                           size=SIZE[kind], nationality=nat, strength=att, movement=mv, faces=faces,
                           flags=_flags(kind, (), False), label=label)
    hist = src.inferred("campaign-arrivals", (
        "a unit of the campaign the text does not name (its counter prints its entry); it fought in Normandy in "
        "June-August 1944 and arrives about when it did historically"))
    for key, label, nat, kind, _turn, flags in CAMPAIGN_ARRIVALS:
        faces, att, mv = _faces(kind)
        out[key] = Counter(prov=hist, field_prov={"strength": VALUES_KEY, "movement": VALUES_KEY,
                                                  "faces": VALUES_KEY, "flags": VALUES_KEY},
                           side=side_of(nat), type=kind, cls="combat", size=SIZE[kind], nationality=nat,
                           strength=att, movement=mv, faces=faces, flags=_flags(kind, flags, False), label=label)
    return out
