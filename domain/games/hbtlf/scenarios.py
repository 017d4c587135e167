"""The scenarios as data (13.0): reading a scenario's set-up under the errata table, and checking
it. Every hex token, loss bracket, date and start/end position must read; what the errata table
corrects is read as corrected, and each correction is reported with its entry."""
from __future__ import annotations

import re
from datetime import date

import msgspec

from domain.games.hbtlf import calendar, charts, errata, hexes

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


# tokens that name one of several like counters: printed more than once, each is another counter
_MANY = re.compile(r"supply unit|Main Depot|batter(y|ies)|squadron|detachment|engineer regiment", re.I)


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
    places = pack.extra.get("places", {})

    def use(entry) -> None:
        if entry is not None and entry["id"] not in applied:
            applied.append(entry["id"])

    def hex_of(path: str, token: str, owner: str = sid) -> str:
        read_as, entry = errata.reading(pack, owner, token)
        use(entry)
        if not hexes.is_hex(read_as):
            issues.append(Issue(path, f"{token!r} does not read as a hex and no errata entry reads it"))
        return read_as

    def centre(path: str, token: str, owner: str) -> str:
        """A radius's centre: a hex, or a place the text names (pack places, e.g. Paris W:5321)."""
        return places[token]["hex"] if token in places else hex_of(path, token, owner)

    def loss_of(path: str, token: str, owner: str) -> str | None:
        found = None
        for m in _LOSS.finditer(token):
            printed = m.group(0)
            read_as, entry = errata.reading(pack, owner, printed)
            use(entry)
            body = read_as[1:-1]
            if _MORALE.match(body):
                continue
            if not _LOSS_OK.match(body):
                issues.append(Issue(path, f"loss {printed!r} does not read (13.05: [-nC], [-nA], [-nF]) and no errata entry reads it"))
            found = body
        return found

    def where_of(path: str, group: dict, owner: str) -> str | None:
        if "at" in group:
            return hex_of(f"{path}.at", group["at"], owner)
        if "either" in group:
            return " or ".join(hex_of(f"{path}.either", h, owner) for h in group["either"])
        if "within" in group:
            of = (" or ".join(centre(f"{path}.of_either", h, owner) for h in group["of_either"]) if "of_either" in group
                  else centre(f"{path}.of", group["of"], owner))
            return f"within {group['within']} of {of}"
        if "offmap_adjacent" in group:
            return f"off-map adjacent to {hex_of(f'{path}.offmap_adjacent', group['offmap_adjacent'], owner)}"
        if "box" in group:
            return group["box"]
        if group.get("where"):
            return group["where"]
        issues.append(Issue(path, "a location group needs at, either, within/of, offmap_adjacent, box or where"))
        return None

    def place(path: str, side: str, group: dict, owner: str) -> None:
        where = where_of(path, group, owner)
        if where is None:
            return
        prefix = group.get("chart") or group.get("army")
        for j, token in enumerate(group["units"]):
            name = f"{prefix}: {unit_name(token)}" if prefix else unit_name(token)
            if name in positions:
                if positions[name] == where and owner != sid:
                    continue  # the same formation in two combined scenarios, placed alike
                if not _MANY.search(name):
                    issues.append(Issue(f"{path}.units[{j}]", f"{name!r} is placed twice"))
                    continue
                name = next(f"{name} #{k}" for k in range(2, 99) if f"{name} #{k}" not in positions)
            positions[name], sides[name] = where, side
            groups[name] = unit_name(group["units"][0])
            if "army" in group:
                armies[name] = group["army"]
            loss = loss_of(f"{path}.units[{j}]", token, owner)
            if loss:
                losses[name] = loss

    def place_forts(path: str, side: str, entry: dict, owner: str) -> None:
        for i, item in enumerate(entry["units"]):
            name = item[0]
            if entry.get("offmap"):
                at = f"off-map adjacent to {hex_of(f'{path}[{i}]', item[1], owner)} and {hex_of(f'{path}[{i}]', item[2], owner)}"
            else:
                at = hex_of(f"{path}[{i}]", item[1], owner)
            if name in fortresses and fortresses[name] != at:
                issues.append(Issue(f"{path}[{i}]", f"fortress {name!r} is placed at {fortresses[name]} and at {at}"))
                continue
            fortresses[name] = at
            positions[name], sides[name] = at, side

    def paragraph(owner: str, para: str, side: str, path: str, depth: int = 0) -> bool:
        """Place one printed paragraph of scenario `owner` (following its own references); whether it exists."""
        locs = pack.scenarios[owner].options.get("locations", {})
        found = False
        for i, group in enumerate(locs.get(side, ())):
            if group.get("para") == para:
                place(f"scenarios[{owner}].options.locations.{side}[{i}]", side, group, owner)
                found = True
        for i, entry in enumerate(locs.get("fortress", ())):
            if entry["para"] == para:
                place_forts(f"scenarios[{owner}].options.locations.fortress[{i}].units", entry["side"], entry, owner)
                found = True
        if "Railroad" in para:
            found = bool(pack.scenarios[owner].options.get("lists"))
        for c in locs.get("compose", ()):
            if c["para"] == para and depth < 3:
                found = compose(owner, c, path, depth + 1) or found
        return found

    def compose(owner: str, c: dict, path: str, depth: int) -> bool:
        """A paragraph that refers to ("Refer to Scenario 2") or combines other scenarios' paragraphs."""
        found = [n for n in c["from"] if paragraph(n, c["para"], c["side"], path, depth)]
        for n in c["from"]:
            if n not in found and (len(c["from"]) == 1 or not found):  # "Combine 2, 3 and 4": a source without it adds nothing
                token = f"{c['para']} from {n}"
                _, entry = errata.reading(pack, owner, token)
                use(entry)
                if entry is None:
                    issues.append(Issue(path, f"{c['para']!r} refers to Scenario {n}, which prints no such paragraph, and no errata entry reads it"))
        return bool(found)

    locs = sc.options.get("locations", {})
    for side in ("german", "allied"):
        for i, group in enumerate(locs.get(side, ())):
            place(f"scenarios[{sid}].options.locations.{side}[{i}]", side, group, sid)
    for i, entry in enumerate(locs.get("fortress", ())):
        place_forts(f"scenarios[{sid}].options.locations.fortress[{i}].units", entry["side"], entry, sid)
    for i, c in enumerate(locs.get("compose", ())):
        compose(sid, c, f"scenarios[{sid}].options.locations.compose[{i}]", 1)
    for name, hexes_ in sc.options.get("lists", {}).items():
        if isinstance(hexes_, str):
            hex_of(f"scenarios[{sid}].options.lists.{name}", hexes_)
            continue
        for i, token in enumerate(hexes_):
            hex_of(f"scenarios[{sid}].options.lists.{name}[{i}]", token)
    issues += [Issue(path, message) for path, message in charts.read(pack, sid)[1]]
    issues += _schedule(pack, sid, sc, sides, use)
    issues += _calendar(sid, sc)
    return Read(positions=positions, sides=sides, armies=armies, groups=groups, losses=losses, fortresses=fortresses,
                applied=tuple(applied)), issues


_EDGE = re.compile(r"^[EW]:[NESW]$")  # a map's friendly edge, e.g. E:E (13.26)


def _schedule(pack, sid: str, sc, placed_sides: dict[str, str], use) -> list[Issue]:
    """Each scheduled arrival's hex or edge reads (under the errata), each event's errata entry exists,
    and each withdrawal names a unit the scenario places or brings in (as schedule.matching reads it)."""
    out = []
    by_id = {e["id"]: e for e in errata.entries(pack)}
    arriving = {(ev["side"], u) for ev in sc.options.get("schedule", {}).get("events", ()) if ev["kind"] == "arrive" for u in ev["units"]}
    known = {(side, n) for n, side in placed_sides.items()} | arriving
    for i, ev in enumerate(sc.options.get("schedule", {}).get("events", ())):
        path = f"scenarios[{sid}].options.schedule.events[{i}]"
        if "at" in ev:
            read_as, entry = errata.reading(pack, sid, ev["at"])
            use(entry)
            if not (hexes.is_hex(read_as) or _EDGE.match(read_as)):
                out.append(Issue(f"{path}.at", f"{ev['at']!r} is not a hex or a map edge (E:E, W:S) and no errata entry reads it"))
        if "errata" in ev:
            if ev["errata"] not in by_id:
                out.append(Issue(f"{path}.errata", f"no errata entry {ev['errata']!r}"))
            use(by_id.get(ev["errata"]))
        if ev["kind"] in ("withdraw", "remove"):
            for token in ev["units"]:
                if any(side == ev["side"] and names(n, token) for side, n in known):
                    continue
                _, entry = errata.reading(pack, sid, token)
                use(entry)
                if entry is None:
                    out.append(Issue(f"{path}.units", f"withdrawal of {token!r}: the scenario places no such {ev['side']} unit"))
    return out


def _key(name: str) -> str:
    return re.sub(r"\s+", "", name).lower()


def names(name: str, token: str) -> bool:
    """Whether a placed unit's name is the printed token, under its army or chart ("X: token"),
    spacing and case aside ("55 reserve (55 r)" is "55 reserve (55r)")."""
    k, t = _key(name), _key(token)
    return k == t or k.endswith(":" + t)


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

