"""The scenarios as data (13.0): reading a scenario's set-up under the errata table, and checking
it. Every hex token, loss bracket, date and start/end position must read; what the errata table
corrects is read as corrected, and each correction is reported with its entry."""
from __future__ import annotations

import re
from datetime import date

import msgspec

from domain.games.hbtlf import calendar, errata, hexes

_LOSS = re.compile(r"\[(?P<body>[^\]]*)\]")
_LOSS_OK = re.compile(r"^-\d+[CAF](, -\d+[CAF])*( each)?$")
_MORALE = re.compile(r"^\d$")


class Issue(msgspec.Struct, frozen=True):
    path: str
    message: str


class Read(msgspec.Struct, frozen=True, kw_only=True):
    """A scenario's set-up as the umpire holds it: where each printed unit token stands (a hex, a
    radius 'within N of X', a box, or a pair of edge hexes for an off-map fortress), its losses,
    and the errata entries applied."""

    positions: dict[str, str]
    sides: dict[str, str]
    armies: dict[str, str]
    groups: dict[str, str]
    losses: dict[str, str]
    fortresses: dict[str, str]
    applied: tuple[str, ...]


def startable(scenario) -> str | None:
    """Why the scenario cannot start here, or None."""
    return scenario.options.get("not_startable")


def unit_name(token: str) -> str:
    return " ".join(_LOSS.sub("", token).split())


def read(pack, sid: str) -> tuple[Read, list[Issue]]:
    sc = pack.scenarios[sid]
    issues: list[Issue] = []
    applied: list[str] = []
    positions: dict[str, str] = {}
    sides: dict[str, str] = {}
    armies: dict[str, str] = {}
    groups: dict[str, str] = {}
    losses: dict[str, str] = {}
    fortresses: dict[str, str] = {}

    def hex_of(path: str, token: str) -> str:
        read_as, entry = errata.reading(pack, sid, token)
        if entry is not None and entry["id"] not in applied:
            applied.append(entry["id"])
        if not hexes.is_hex(read_as):
            issues.append(Issue(path, f"{token!r} does not read as a hex and no errata entry reads it"))
        return read_as

    def loss_of(path: str, token: str) -> str | None:
        found = None
        for m in _LOSS.finditer(token):
            printed = m.group(0)
            read_as, entry = errata.reading(pack, sid, printed)
            if entry is not None and entry["id"] not in applied:
                applied.append(entry["id"])
            body = read_as[1:-1]
            if _MORALE.match(body):
                continue
            if not _LOSS_OK.match(body):
                issues.append(Issue(path, f"loss {printed!r} does not read (13.05: [-nC], [-nA], [-nF]) and no errata entry reads it"))
            found = body
        return found

    locs = sc.options.get("locations", {})
    for side in ("german", "allied"):
        for i, group in enumerate(locs.get(side, ())):
            path = f"scenarios[{sid}].options.locations.{side}[{i}]"
            if "at" in group:
                where = hex_of(f"{path}.at", group["at"])
            elif "within" in group:
                where = f"within {group['within']} of {hex_of(f'{path}.of', group['of'])}"
            elif "box" in group:
                where = group["box"]
            elif group.get("where"):
                where = group["where"]
            else:
                issues.append(Issue(path, "a location group needs at, within/of, box or where"))
                continue
            for j, token in enumerate(group["units"]):
                name = f"{group['army']}: {unit_name(token)}" if "army" in group else unit_name(token)
                if name in positions:
                    issues.append(Issue(f"{path}.units[{j}]", f"{name!r} is placed twice"))
                positions[name], sides[name] = where, side
                groups[name] = unit_name(group["units"][0])
                if "army" in group:
                    armies[name] = group["army"]
                loss = loss_of(f"{path}.units[{j}]", token)
                if loss:
                    losses[name] = loss
        for i, (name, at) in enumerate(locs.get(f"{side}_fortress", ())):
            fortresses[name] = hex_of(f"scenarios[{sid}].options.locations.{side}_fortress[{i}]", at)
            positions[name], sides[name] = fortresses[name], side
        for i, (name, a, b) in enumerate(locs.get(f"{side}_offmap_fortress", ())):
            path = f"scenarios[{sid}].options.locations.{side}_offmap_fortress[{i}]"
            fortresses[name] = f"off-map adjacent to {hex_of(path, a)} and {hex_of(path, b)}"
            positions[name], sides[name] = fortresses[name], side
    for name, hexes_ in sc.options.get("lists", {}).items():
        if isinstance(hexes_, str):
            hex_of(f"scenarios[{sid}].options.lists.{name}", hexes_)
            continue
        for i, token in enumerate(hexes_):
            hex_of(f"scenarios[{sid}].options.lists.{name}[{i}]", token)
    for i, ev in enumerate(sc.options.get("schedule", {}).get("events", ())):
        if "at" in ev:
            hex_of(f"scenarios[{sid}].options.schedule.events[{i}].at", ev["at"])
    issues += _calendar(sid, sc)
    return Read(positions=positions, sides=sides, armies=armies, groups=groups, losses=losses, fortresses=fortresses,
                applied=tuple(applied)), issues


def _calendar(sid: str, sc) -> list[Issue]:
    """The scenario's printed dates must be the days its start and end positions fall on."""
    o = sc.options
    if "dates" not in o:
        return [] if startable(sc) else [Issue(f"scenarios[{sid}].options.dates", "a startable scenario needs its dates")]
    begin, end = (date.fromisoformat(d) for d in o["dates"])
    out = []
    start = calendar.first_day(sc.start.turn)
    if sc.start.phase == "impulse":
        start = calendar.impulse_days(sc.start.turn, tuple(o["start_impulses"]), 1, days_before=o["start_days_used"])[0]
    if start != begin:
        out.append(Issue(f"scenarios[{sid}].start", f"starts on {start}, but the scenario's dates begin {begin}"))
    if sc.end.phase == "end":
        last = calendar.first_day(sc.end.turn + 1).toordinal() - 1
        last_day = date.fromordinal(last)
    else:
        n = int(sc.end.phase.split(":")[1])
        last_day = calendar.impulse_days(sc.end.turn, tuple(o["end_impulses"]), n)[1]
    if last_day != end:
        out.append(Issue(f"scenarios[{sid}].end", f"ends on {last_day}, but the scenario's dates end {end}"))
    return out

