"""Transcribe a Home Before the Leaves Fall scenario's Unit Locations section (13.x5) into the pack's
location data, as printed: the TOML tables `[scenarios."N".options.locations]` that
`domain/games/hbtlf/scenarios.py` reads. Run once per scenario and pasted into
`domain/games/hbtlf/pack/scenarios/sNN.toml`; kept so the transcription can be redone and checked.

    UMPIRE_SEEDS=/work/shared/seeds python -m tools.hbtlf_setups 2

The booklet's own format (13.05, 13.x5): groups separated by semicolons, each a run of formations
followed by where they stand (a hex, "within N hexes of" a hex or place, "X or Y", an army's LOC box,
"off-map adjacent to" a hex); a run may hold several locations ("..., 40 infantry division E:2632,
24 infantry division E:2532"); a run with no location shares the next one. Unit tokens and hex
tokens are kept exactly as printed, misprints included (the errata table reads them); explanatory
parentheticals and the sentences about HHBs and charts are left out, and each group keeps its
rulebook line. A paragraph that refers to or combines other scenarios becomes a `compose` entry.
"""
from __future__ import annotations

import json
import os
import re
import sys

from tools import seeds

BOOK = "004_1e8fa3d1481894c8.txt"
SECTIONS = {  # scenario -> (first line of 13.x5, first line of 13.x6)
    "2": (1392, 1456), "3": (1584, 1628), "4": (1718, 1762), "5": (1892, None), "6": (None, 2142),
    "7": (2288, 2386), "8": (2604, 2662), "9": (2784, 2840), "10": (2952, 2989),
}
_NUM = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
HEX = r"(?:[EW3]:?\s?\d{4,5})"
_WITHIN = re.compile(rf"(?:all )?within (?P<n>one|two|three|four|\d) hex(?:es)? of (?P<of>{HEX}|Paris|Antwerp)(?P<tail>(?: or {HEX})?)")
_BOX = re.compile(r"-\s*(?:on )?(?:the )?(?P<army>[\w ]+?) LOC [Bb]ox(?: \(on the Army Chart\))?")
_OFFMAP = re.compile(rf"(?:off-map adjacent to|is considered to be in the hex adjacent to) (?P<a>{HEX})")
_EITHER = re.compile(rf"(?P<a>{HEX}) (?:or|and) (?P<b>{HEX})")
_AT = re.compile(rf"(?<![\w:])(?P<a>{HEX})(?![\w])")
_HEAD = re.compile(r"^(?P<head>(?:German|Allied|French|Belgian|British|Off-Map (?:German|French|Belgian)|Strategic Formations)[^:]{0,120}?):\s*(?P<body>.*)$")
_SKIP_SENTENCE = re.compile(r"^([Aa]ll of the above|All \w[\w ]* units may|Note|NOTE|Place |The (OHL|GQG)|One of these|This |These |There are no units)")
_REFER = re.compile(r"(Refer to (the )?Scenarios?|Combine Scenarios?) (?P<nums>[\d, and]+)")


def seed_lines() -> list[str]:
    return seeds.find(BOOK).read_text(encoding="utf-8").splitlines()


def side_of(head: str) -> str:
    return "german" if head.startswith("German") else "allied"


def para_name(head: str) -> str:
    return " ".join(re.sub(r"\([^)]*\)", "", head).split())


def army_of(para: str) -> tuple[str | None, str]:
    """(the army whose chart holds the group, the name prefix that keeps tokens apart)."""
    if "Strategic" in para:
        return None, "German Strategic" if para.startswith("German") else "Allied Strategic"
    army = para[len("German "):] if para.startswith("German ") else para
    return army, army


def strip_notes(text: str) -> str:
    """Drop explanatory parentheticals, keep counter identifiers like (10 lw), (IV R), (Cadre)."""
    def keep(m: re.Match) -> str:
        inner = m.group(1)
        words = inner.split()
        if len(words) <= 3 and not re.search(r"\b(the|see|on|this|is|was|were|are|from)\b", inner):
            return m.group(0)
        return ""
    prev = None
    while prev != text:
        prev, text = text, re.sub(r"\s*\(([^()]*)\)", keep, text)
    return " ".join(text.split())


def sentences(body: str) -> list[str]:
    parts = re.split(r"(?<=[\d\w\)])\.\s+(?=[A-Z0-9])", body)
    return [p.rstrip(". ") for p in parts if p.strip()]


def masked(seg: str) -> str:
    """The segment with the inside of loss brackets blanked: a hex in "[-4C, -2A are in detachments b
    and p in hex E:5807 ...]" is part of the loss note, not the group's location."""
    return re.sub(r"\[[^\]]*\]", lambda m: "[" + "_" * (len(m.group(0)) - 2) + "]", seg)


def location(seg: str) -> tuple[dict, int, int] | None:
    """The first location in a segment: (its fields, start, end)."""
    found = []
    plain = masked(seg)
    for rx, kind in ((_WITHIN, "within"), (_BOX, "box"), (_OFFMAP, "offmap"), (_EITHER, "either"), (_AT, "at")):
        m = rx.search(plain)
        if m:
            found.append((m.start(), -(m.end() - m.start()), kind, m))
    if not found:
        return None
    start, _, kind, m = min(found)
    m = _Found(m, seg)
    if kind == "within":
        loc = {"within": _NUM.get(m["n"], None) or int(m["n"])}
        if m["tail"]:
            loc["of_either"] = [m["of"].replace(" ", ""), m["tail"].split(" or ")[1].replace(" ", "")]
        else:
            loc["of"] = m["of"].replace(" ", "")
    elif kind == "box":
        loc = {"box": f"{m['army'].strip()} LOC Box"}
    elif kind == "offmap":
        loc = {"offmap_adjacent": m["a"]}
    elif kind == "either":
        loc = {"either": [m["a"], m["b"]]}
    else:
        loc = {"at": m["a"].replace(" ", "")}
    return loc, m.start(), m.end()


class _Found:
    """A match found in the masked segment, read from the segment itself."""

    def __init__(self, m: re.Match, seg: str):
        self._m, self._seg = m, seg

    def __getitem__(self, k):
        a, b = self._m.span(k)
        return None if a < 0 else self._seg[a:b]

    def start(self) -> int:
        return self._m.start()

    def end(self) -> int:
        return self._m.end()


def units_in(run: str) -> list[str]:
    run = re.sub(r"^\s*(and|all|,)\s+", "", run.strip(" ,"))
    run = re.sub(r",?\s*(all of the above|all at|all)\s*$", "", run)
    parts = re.split(r",\s*|\s+and the\s+", masked(run))
    out, i = [], 0
    for p in parts:  # the same cuts in the unmasked run
        j = run.index(p[:1], i) if p else i
        out.append(run[j:j + len(p)].strip())
        i = j + len(p)
    return [u for u in out if u and u not in ("and", "all")]


def unit_groups(body: str, line: int, side: str, para: str) -> tuple[list[dict], list[str]]:
    army, chart = army_of(para)
    groups: list[dict] = []
    dropped: list[str] = []
    pending: list[str] = []
    body = re.sub(r"\s*\[(both )?as printed\]", "", body)  # the transcriber's marker, not the booklet's
    zep = re.search(r"Zeppelin units on any base[^:]*: (?P<z>[^.]*)", body)
    if zep:
        groups.append({"para": para, "units": [z.strip() for z in re.split(r",\s*|\s+and\s+", zep["z"]) if z.strip()],
                       "where": "zeppelin_base", "chart": chart, "lines": [line, line]})
    port = re.search(r"may be placed on any port on the map: (?P<u>.*)", body)
    if port:
        units = [strip_notes(u.split(" - ")[0]) for u in port["u"].split(";")]
        groups.append({"para": para, "units": units, "where": "any port", "chart": chart, "lines": [line, line]})
        return groups, dropped
    for sent in sentences(strip_notes(body)):
        if _SKIP_SENTENCE.match(sent):
            dropped.append(sent)
            continue
        for seg in sent.split(";"):
            if re.match(r"\s*([Aa]ll of the above|There are no units|this |these )", seg):  # a remark, not a group
                continue
            rest = seg.strip()
            while rest:
                hit = location(rest)
                if hit is None:
                    pending += units_in(rest)
                    break
                loc, a, b = hit
                before = rest[:a]
                status = re.search(r"\s*(all )?entrained\s*$", before)
                if status:
                    before = before[:status.start()]
                units = pending + units_in(before)
                pending = []
                if units:
                    g = {"para": para, "units": units, **loc}
                    if army:
                        g["army"] = army
                    if chart != army:
                        g["chart"] = chart
                    if status:
                        g["note"] = "entrained"
                    g["lines"] = [line, line]
                    groups.append(g)
                tail = rest[b:]
                if tail.lstrip().startswith(","):
                    rest = tail.lstrip()[1:]
                else:
                    if tail.strip() and units:
                        groups[-1]["note"] = " ".join(tail.split()).lstrip("- ")  # a printed qualifier: "but not adjacent to a Belgian unit"
                    elif tail.strip():
                        dropped.append(tail.strip())
                    rest = ""
    if pending:
        dropped.append("no location: " + ", ".join(pending))
    return groups, dropped


def fortress_list(body: str) -> list[list[str]]:
    out = []
    body = re.sub(r"\s*\[(both )?as printed\]", "", body)
    for item in body.split(";"):
        item = item.strip().rstrip(".")
        if item.startswith("Place "):
            item = item.split(".", 1)[1].strip() if "." in item else ""
        m = re.match(rf"^(?P<name>.+?)\s+(?P<hex>{HEX})$", item)
        if m:
            out.append([m["name"].strip(), m["hex"]])
    return out


def offmap_list(body: str) -> list[list[str]]:
    out = []
    for item in body.split(";"):
        m = re.match(rf"^\s*(?P<name>.+?)\s+[Aa]djacent to (?P<a>{HEX})\s*(?:and|&)\s*(?P<b>{HEX})", item)
        if m:
            out.append([m["name"].strip(), m["a"], m["b"]])
    return out


def extract(sid: str, lines: list[str]) -> dict:
    first, last = SECTIONS[sid]
    first = first or next(i + 1 for i, t in enumerate(lines) if t.startswith(f"13.{sid}5 Unit Locations"))
    last = last or next(i + 1 for i, t in enumerate(lines) if t.startswith(f"13.{sid}6 General"))
    out: dict = {"groups": [], "fortress": [], "compose": [], "destroyed": [], "dropped": []}
    para = side = None
    current = "german"
    for n in range(first + 1, last):
        text = lines[n - 1].strip()
        if not text:
            continue
        m = _HEAD.match(text)
        body = text
        if m and "Unit Locations" in m["head"]:
            current = side_of(m["head"])
        if m and m["head"].startswith("Strategic Formations"):  # S3, S5 print no nation: the side of the Unit Locations it is under
            m = _HEAD.match(f"{'German' if current == 'german' else 'Allied'} {text}")
        if m and "Unit Locations" not in m["head"]:
            para, side, body = para_name(m["head"]), side_of(m["head"]), m["body"]
            if para.startswith("Off-Map "):  # "Off-Map Belgian Fortress Class units" (S7) is S2's "Belgian Off-Map ..."
                nation = para.split()[1]
                para, side = f"{nation} Off-Map Fortress Class units", side_of(nation)
        elif m or para is None or (_SKIP_SENTENCE.match(text) and "Zeppelin units" not in text) or text.startswith(("Remove ", "EXAMPLE", "In the example", "A numerical")):
            continue
        ref = _REFER.search(body)
        if ref and len(body) < 300:
            nums = re.findall(r"\d+", ref["nums"])
            out["compose"].append({"para": para, "side": side, "from": nums, "lines": [n, n]})
            continue
        if "Destroyed" in para:
            out["destroyed"].append({"para": para, "side": side, "text": " ".join(body.split()), "lines": [n, n]})
            continue
        if "Railroad" in para or "Control" in para or "detachments" in para.lower():
            continue
        if "Fortress Class" in para:
            kind = "offmap" if "Off-Map" in para else "on_map"
            items = offmap_list(body) if kind == "offmap" else fortress_list(body)
            out["fortress"].append({"para": para, "side": side, "offmap": kind == "offmap", "units": items, "lines": [n, n]})
            continue
        groups, dropped = unit_groups(body, n, side, para)
        out["groups"] += groups
        out["dropped"] += [f"L{n}: {d}" for d in dropped]
    return out


def toml_value(v) -> str:
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k if re.match(r'^[A-Za-z0-9_-]+$', k) else json.dumps(k)} = {toml_value(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    return json.dumps(v, ensure_ascii=False)


def to_toml(sid: str, data: dict) -> str:
    out = [f'[scenarios."{sid}".options.locations]']
    for side in ("german", "allied"):
        gs = [g for g in data["groups"] if side_of_group(g, data) == side]
        out.append(f"{side} = [")
        out += [f"  {toml_value(g)}," for g in gs]
        out.append("]")
    out.append("fortress = [")
    out += [f"  {toml_value(f)}," for f in data["fortress"]]
    out.append("]")
    if data["destroyed"]:
        out.append("destroyed = [")
        out += [f"  {toml_value(c)}," for c in data["destroyed"]]
        out.append("]")
    if data["compose"]:
        out.append("compose = [")
        out += [f"  {toml_value(c)}," for c in data["compose"]]
        out.append("]")
    return "\n".join(out) + "\n"


def side_of_group(g: dict, data: dict) -> str:
    return side_of(g["para"])


def main(argv: list[str]) -> int:
    lines = seed_lines()
    for sid in argv:
        data = extract(sid, lines)
        sys.stdout.write(to_toml(sid, data))
        for d in data["dropped"]:
            sys.stderr.write(f"S{sid} left out: {d}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
