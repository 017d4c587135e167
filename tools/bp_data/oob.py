"""Counters, set-ups and arrivals: the sheets and the arrival grid, plus the labelled supplement.

Every counter printed on a sheet or in the arrival grid cites its line; its type and class are
always inferred (the text prints symbols, not classes). A numbered counter printed twice (the 3-4
no. 708 is both a Game-Turn 2 arrival and a modification "r" unit) is one counter.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from domain.kernel.pack.provenance import Placeholder
from domain.kernel.pack.schema import Arrival, Counter, Placement, ProvRef
from tools.bp_data import handdata, seed
from tools.bp_data.arrivals import SECTION as TR, read_arrivals
from tools.bp_data.counters import Parsed, bg_eligible, classify, counter_id, parse, unit_tag
from tools.bp_data.sheets import FREE_BOX, Entry, read_sheets

PREFIX = {"US": "us", "UK": "uk", "Ca": "ca", "Fr": "fr", "Poles": "pl", "German": "de"}
NON_COMBAT = {"truck": "truck", "supply": "supply", "pipeline": "pipeline", "naval_supply": "naval_supply"}
NAVAL_ID = "al-naval-supply"
POOL_TAGS = {"mod_e": "e", "replacement_mech": "repm", "replacement_nonmech": "repn"}
SHEET_KEYS = {("allied", "jul"): "allied_jul", ("german", "jul"): "german_jul",
              ("allied", "aug"): "allied_aug", ("german", "aug"): "german_aug"}
POOL_GROUPS = {"mod_r": "mod_r", "mod_e": "mod_e", "replacement_mech": "replacements",
               "replacement_nonmech": "replacements"}


@dataclass(frozen=True)
class SetupItem:
    counter: str
    historical: Placement
    free: Placement


@dataclass(frozen=True)
class SideArrival:
    side: str
    arrival: Arrival


@dataclass
class Oob:
    counters: dict[str, Counter] = field(default_factory=dict)
    setups: dict[str, list[SetupItem]] = field(default_factory=lambda: defaultdict(list))
    arrivals: list[SideArrival] = field(default_factory=list)
    areas: dict[str, dict[str, Any]] = field(default_factory=dict)
    _numbered: dict[tuple, str] = field(default_factory=dict)

    def add(self, side: str, sheet: str, p: Parsed, prov: ProvRef, tag: str | None = None,
            extra_fp: dict[str, ProvRef] | None = None, flags: tuple[str, ...] = (), nat: str | None = None) -> str:
        """Register a counter (or find the numbered counter already printed elsewhere)."""
        key = (side, p.number, p.designation, p.strength, p.movement)
        if p.number and key in self._numbered:
            return self._numbered[key]
        if p.kind == "naval_supply":
            cid = NAVAL_ID
        else:
            nat = nat or ("German" if side == "german" else p.nat or "US")
            prefix = "al" if p.kind in NON_COMBAT else PREFIX[nat]
            cid = counter_id(prefix, sheet, p, tag or unit_tag(p))
        cid = self._unique(cid)
        self.counters[cid] = make_counter(side, p, prov, extra_fp or {}, flags)
        if p.number:
            self._numbered[key] = cid
        return cid

    def _unique(self, cid: str) -> str:
        if cid not in self.counters:
            return cid
        n = 2
        while f"{cid}-{n}" in self.counters:
            n += 1
        return f"{cid}-{n}"


def make_counter(side: str, p: Parsed, prov: ProvRef, extra_fp: dict[str, ProvRef], flags: tuple[str, ...]) -> Counter:
    fp: dict[str, ProvRef] = {"type": "unit-class", "cls": "unit-class"}
    if p.kind in NON_COMBAT:
        type_, cls, nat = NON_COMBAT[p.kind], "non_combat", None
    else:
        type_, cls = classify(side, p)
        nat = "German" if side == "german" else p.nat or "US"
        if side == "german" or not p.nat:
            fp["nationality"] = "nat-german" if side == "german" else "nat-us"
        if p.size and p.size not in p.label.replace("(", " ").replace(",", " ").split():
            fp["size"] = "size-implied"
    flags = tuple(flags) + (("optional_only",) if p.optional_only else ())
    if p.kind == "combat" and bg_eligible(side, p):
        flags += ("bg_eligible",)
        fp["flags"] = "bg-eligibility"
    fp.update(extra_fp)
    return Counter(side=side, type=type_, cls=cls, size=p.size, nationality=nat, designation=p.designation,
                   number=p.number, strength=p.strength, movement=p.movement, flags=tuple(sorted(set(flags))),
                   label=p.label, prov=prov, field_prov=dict(sorted(fp.items())))


def build_oob() -> Oob:
    oob = Oob()
    supplement = handdata.load("supplement.toml")
    index: dict[str, int] = defaultdict(int)
    for e in read_sheets():
        _sheet_entry(oob, e, supplement, index)
    _supplement_jul(oob, supplement)
    for item in supplement.get("unplaced", []):
        _supplement_counter(oob, "allied", "jul", item)
    _arrivals(oob)
    _late_arrivals(oob, supplement)
    _logistics(oob)
    _markers(oob)
    return oob


def _sheet_entry(oob: Oob, e: Entry, supplement: dict, index: dict[str, int]) -> None:
    row = seed.printed(e.section, e.line)
    pool = POOL_GROUPS.get(e.group)
    key = pool or SHEET_KEYS[(e.side, e.sheet)]
    if e.area and e.area not in oob.areas:
        oob.areas[e.area] = {"text": seed.line(e.area_line), "line": e.area_line}
    for _ in range(e.counter.times):
        placement_fp: dict[str, ProvRef] = {}
        if e.counter.kind == "missing":
            spec = supplement["missing"][e.hex]
            invented = Placeholder(reason=spec["placeholder"])
            cid = oob.add(e.side, e.sheet, parse(spec["text"]), invented)
            placement_fp["counter"] = invented
        else:
            cid = oob.add(e.side, e.sheet, e.counter, row, _tag(e, pool, index))
        hist = Placement(counter=cid, at=e.hex, area=None if e.hex else e.area, prov=row, field_prov=placement_fp)
        free_prov = seed.printed(e.section, min(e.heading_line, e.line), e.line)
        free_at = FREE_BOX.get(e.group, e.hex)
        free = (Placement(counter=cid, area=e.area, prov=free_prov, field_prov=placement_fp) if e.area
                else Placement(counter=cid, at=free_at, prov=free_prov, field_prov=placement_fp))
        oob.setups[key].append(SetupItem(cid, hist, free))


def _tag(e: Entry, pool: str | None, index: dict[str, int]) -> str | None:
    """Numbered (and July) counters go by unit; unnumbered August ones by hex, else by order."""
    p = e.counter
    if p.number or (e.sheet == "jul" and p.designation) or p.kind == "naval_supply":
        return unit_tag(p)
    desig = (p.designation or "").lower()
    if e.hex:
        return ("stg" if e.hex == "staging" else e.hex) + desig
    index[e.group] += 1
    return f"{POOL_TAGS[e.group]}{index[e.group]}"


def _supplement_counter(oob: Oob, side: str, sheet: str, item: dict) -> str:
    if "counter" in item:
        return item["counter"]
    p = parse(item["text"])
    if "label" in item:
        p = Parsed(**{**p.__dict__, "label": item["label"]})
    return oob.add(side, sheet, p, handdata.prov(item), item.get("tag"),
                   handdata.field_prov(item), tuple(item.get("flags", ())))


def _supplement_jul(oob: Oob, supplement: dict) -> None:
    for item in supplement["jul_allied"]:
        cid = _supplement_counter(oob, "allied", "jul", item)
        prov = handdata.prov(item.get("placement", item))
        fp = {k: handdata.prov(v) for k, v in item.get("placement_fp", {}).items()}
        area = item.get("area", "north_of_front_line_25_july")
        at = item.get("at")
        # a counter in the Staging Area is in no area of the map
        hist = Placement(counter=cid, at=at, area=None if at == "staging" else area, prov=prov, field_prov=fp)
        free = Placement(counter=cid, area=area, prov=prov)
        oob.setups["allied_jul"].append(SetupItem(cid, hist, free))
    oob.areas.setdefault("coastal_north_of_front_line_25_july", {
        "text": "(not printed) any coastal hex North of the 25 July Front Line: where the July Naval Supply unit starts",
        "line": None})


def _arrivals(oob: Oob) -> None:
    delays: dict[int, int] = defaultdict(int)
    for a in read_arrivals():
        prov = seed.printed(TR, a.line)
        if a.counter.kind == "delay":
            delays[a.turn] += 1
            cid = f"de-delay-t{a.turn:02d}" + "abcd"[delays[a.turn] - 1]
            oob.counters[cid] = Counter(side="german", type="delay_marker", cls="marker", label=a.counter.label,
                                        prov=prov, field_prov={"type": "unit-class", "cls": "unit-class"})
        else:
            cid = oob.add(a.side, "tr", a.counter, prov)
        edge = f"edge_{a.edge}" if a.edge else None
        oob.arrivals.append(SideArrival(a.side, Arrival(turn=a.turn, counter=cid, edge=edge, options=a.options, prov=prov)))


def _late_arrivals(oob: Oob, supplement: dict) -> None:
    for item in supplement["late_arrival"]:
        cid = _supplement_counter(oob, "german", "tr", item)
        assert cid in oob.counters, cid
        oob.arrivals.append(SideArrival("german", Arrival(
            turn=item["turn"], counter=cid, edge=f"edge_{item['edge']}", options=tuple(item["options"]),
            prov=handdata.prov(item), field_prov=handdata.field_prov(item))))


def _logistics(oob: Oob) -> None:
    for turn in range(1, 17):
        for kind in ("supply", "pipeline"):
            cid = f"al-{kind}-t{turn:02d}"
            oob.counters[cid] = make_counter("allied", Parsed(label="", kind=kind), "supply-per-turn", {}, ())
            oob.arrivals.append(SideArrival("allied", Arrival(turn=turn, counter=cid, prov="supply-per-turn")))


def _markers(oob: Oob) -> None:
    section = "Game Equipment"
    for cid, n in [("al-airdrop-real", 156)] + [(f"al-airdrop-dummy-{i}", 157) for i in range(1, 6)]:
        oob.counters[cid] = Counter(side="allied", type="airdrop_marker", cls="marker", label=seed.line(n)[2:],
                                    flags=("real",) if cid.endswith("real") else ("dummy",),
                                    prov=seed.printed(section, n), field_prov={"type": "unit-class", "cls": "unit-class"})
    # battlegroup counters are templates: the rules make one per eligible elimination (L303-314)
    for side, value, n in (("german", "2-6", 308), ("allied", "2-16", 309), ("allied", "3-8", 310),
                           ("allied", "2-6", 311), ("allied", "2-5", 312)):
        s, ma = (int(x) for x in value.split("-"))
        p = Parsed(label=value, size="BG", strength=s, movement=ma, symbol="crossed box" if ma != 8 else "oval")
        type_, cls = classify(side, p)
        cid = f"{'de' if side == 'german' else 'al'}-bg-{value}"
        oob.counters[cid] = Counter(side=side, type=type_, cls=cls, size="BG", strength=s, movement=ma,
                                    nationality="German" if side == "german" else None, flags=("template",),
                                    label=value, prov=seed.printed("Combat", n, case="M"),
                                    field_prov={"type": "unit-class", "cls": "unit-class", "size": "size-implied"})
