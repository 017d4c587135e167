"""Counter text as printed on the set-up sheets and the Time Record chart, and what it means.

`parse` reads one printed counter ("XX UK 6-6 Gd (no. 6, oval)", "16-8 Canadian (unit 4)",
"Truck (1)-15") into its printed fields; `classify` adds what the text does not print: the unit
type and the class (digest §2.1 UNIT-5, always labelled inferred), and battlegroup eligibility
from the Battlegroups table (case M, L307-312, and the correction at L634).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

NAT_CODES = {"UK": "UK", "Ca": "Ca", "Fr": "Fr", "Poles": "Poles",
             "Canadian": "Ca", "French": "Fr", "Polish": "Poles"}

COUNTER = re.compile(
    r"^(?:(?P<size>XX|X|BG)\s+)?"
    r"(?:(?P<nat>UK|Ca|Fr|Poles)\s+)?"
    r"(?P<str>\(\d+\)|\d+)-(?P<ma>\d+)"
    r"(?:\s+(?P<nat2>Canadian|French|Polish))?"
    r"(?:\s+(?P<gd>Gd|GD))?"
    r"(?:\s*\((?P<paren>[^)]*)\))?"
    r"(?:\s*×(?P<times>\d+))?"
    r"(?P<rest>.*)$"
)


@dataclass(frozen=True)
class Parsed:
    label: str
    size: str | None = None
    nat: str | None = None
    strength: int | None = None
    movement: int | None = None
    number: str | None = None
    designation: str | None = None
    symbol: str | None = None
    times: int = 1
    optional_only: bool = False
    kind: str = "combat"  # combat | truck | supply


def parse(label: str, default_size: str | None = None, default_symbol: str | None = None) -> Parsed:
    label = label.strip()
    if label.startswith("Truck "):
        m = re.match(r"Truck \((\d+)\)-(\d+)$", label)
        assert m, label
        return Parsed(label=label, strength=int(m[1]), movement=int(m[2]), kind="truck")
    if label == "Supply unit":
        return Parsed(label=label, kind="supply")
    m = COUNTER.match(label)
    if not m:
        raise ValueError(f"unreadable counter text: {label!r}")
    size, symbol, number, desig = m["size"], default_symbol, None, m["gd"]
    for item in filter(None, (p.strip() for p in (m["paren"] or "").split(","))):
        if item.startswith(("no. ", "unit ")):
            number = item.split()[-1]
        elif item in ("SS", "LW", "Lehr", "GD"):
            desig = item
        elif item in ("oval", "crossed box"):
            symbol = item
        elif item.startswith("all "):
            symbol = item[4:]
        elif item in ("XX", "X"):
            size = item
        else:
            raise ValueError(f"unknown counter detail {item!r} in {label!r}")
    rest = m["rest"].strip()
    optional = rest == "(optional rules only)"
    if rest and not optional:
        raise ValueError(f"unparsed tail {rest!r} in {label!r}")
    nat = m["nat"] or m["nat2"]
    return Parsed(
        label=label,
        size=size or default_size,
        nat=NAT_CODES[nat] if nat else None,
        strength=int(m["str"].strip("()")),
        movement=int(m["ma"]),
        number=number,
        designation=desig,
        symbol=symbol,
        times=int(m["times"] or 1),
        optional_only=optional,
    )


def classify(side: str, p: Parsed) -> tuple[str, str]:
    """(type, class) of a combat unit per digest §2.1 UNIT-5; the text prints symbols, not classes."""
    ma = p.movement
    if side == "german":
        # Every German x-6 is mechanized (BG table "5-6 thru 16-6", replacement list "Mechanized");
        # the SS 4-5s are "4-5 (mech.)" in the VP table; x-3/x-4/x-5/x-12 are non-mechanized.
        if ma == 6 or (ma == 5 and p.designation == "SS"):
            return ("armor" if p.symbol == "oval" else "armored_infantry"), "mechanized"
        return "infantry", "non_mechanized"
    if ma == 8 or (ma == 6 and p.symbol == "oval"):
        return "armor", "mechanized"
    if ma == 16:
        return "motorized_infantry", "non_mechanized"
    if ma == 6:
        # The 52nd is the Air-Landing division (Optional Rule B, L598); on the August sheet it is
        # the 10-6 marked "optional rules only".
        airlanding = p.number == "52" or p.optional_only
        return ("airlanding" if airlanding else "paratroop"), "non_mechanized"
    return "infantry", "non_mechanized"


def bg_eligible(side: str, p: Parsed) -> bool:
    """Battlegroups case M (L307-312) with the 17-8 added by the correction at L634."""
    if p.kind != "combat" or p.size == "BG":
        return False
    s, ma = p.strength, p.movement
    if side == "german":
        return ma == 6 and 5 <= s <= 16
    return ((ma == 16 and 8 <= s <= 12) or (ma == 8 and 10 <= s <= 17)
            or (ma == 6 and s in (9, 10) and p.symbol == "crossed box") or (ma == 5 and 9 <= s <= 13))


def counter_id(nat: str, sheet: str, p: Parsed, tag: str | None) -> str:
    """Stable ids: nationality, sheet, size, values, then the unit number or a placing tag."""
    parts = [nat.lower(), sheet]
    if p.kind == "combat":
        parts += [(p.size or "xx").lower(), str(p.strength), str(p.movement)]
    else:
        parts.append(p.kind)
    if tag:
        parts.append(tag)
    return "-".join(parts)


def unit_tag(p: Parsed) -> str | None:
    if p.number:
        return p.number + (p.designation or "").lower()
    return (p.designation or "").lower() or None
