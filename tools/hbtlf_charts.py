"""Transcribe a Home Before the Leaves Fall scenario's chart sections (13.x2 Strategic Chart
Information, 13.x3 Army Charts) into the pack's chart data, as printed: the TOML table
`[scenarios."N".options.charts]` that `domain/games/hbtlf/charts.py` reads. Run once per scenario
and pasted into `domain/games/hbtlf/pack/scenarios/sNN.toml`; kept so the transcription can be
redone and checked (it reproduces Scenario 1's hand transcription).

    UMPIRE_SEEDS=/work/shared/seeds python -m tools.hbtlf_charts 2

The booklet's format (13.02, 13.03): a chart's paragraph "On the <nation> <name> Chart place the
following counters in the indicated boxes:", then "Commander - X, Mission - Y, MD Status - Z, LOC -
W." and the Command Tracks: "On the Independent Formations track: A; B." and "On the Corps Command
Tracks ...: corps, attached, attached; corps, ...". A chart printed elsewhere is "Refer to
Scenario N for ..." (kept as `refer`). Command Counter tokens are kept exactly as printed, morale
brackets included; each chart keeps its rulebook lines.
"""
from __future__ import annotations

import re
import sys

from tools import seeds
from tools.hbtlf_setups import BOOK, toml_value

SECTIONS = {  # scenario -> (first line of 13.x2, first line of 13.x4)
    "1": (1206, 1240), "2": (1328, 1390), "3": (1534, 1582), "4": (1676, 1716), "5": (1820, 1890), "6": (2054, 2102),
    "7": (2190, 2286), "8": (2522, 2602), "9": (2702, 2782), "10": (2902, 2950),
}
_CHART = re.compile(r"On the (?P<name>.+?) Chart(?: \([^)]*\))? place the following counters in the indicated boxes:\s*(?P<rest>.*)$")
_REFER = re.compile(r"Refer to (?:the )?Scenario (?P<n>\d+)")
_HEADER = re.compile(r"Commander\s*-?\s*(?P<commander>.*?)[,;] Mission\s*-\s*(?P<mission>\w+), MD Status\s*-\s*(?P<md>[\w ]+?), "
                     r"LOC\s*-\s*(?P<loc>.*?)\.\s+Place")
_INDEPENDENT = re.compile(r"On the Independent Formations? (?:Command )?tracks?(?: of the Strategic Chart)?(?: place the following (?:Command )?counters)?\s*[:\-]\s*(?P<body>.*?)(?:\.\s+On the Corps|$)", re.I)
_CORPS = re.compile(r"On the (?:Corps Command Tracks|corps-sized strategic formation Command Tracks of the Strategic Chart|Command Tracks of the Strategic Chart)[^:]*:\s*(?P<body>.*)$", re.I)
_STRATEGIC = re.compile(r"^(?P<side>German|Allied) Strategic Chart\b[^:]*:")
_COMBINE = re.compile(r"Combine (?:the )?Scenarios? (?P<nums>[\d, and]+?) (?:German|Allied) Strategic Chart")


def seed_lines() -> list[str]:
    return seeds.find(BOOK).read_text(encoding="utf-8").splitlines()


def chart_name(printed: str) -> tuple[str, str]:
    """(side, the name the scenario data uses): German charts bare ("First Army"), Allied ones with their
    nation ("French Fifth Army", "British Expeditionary Force Army", "Belgian Army"), as the Unit
    Locations' `army` names them."""
    if printed.startswith("German "):
        return "german", printed[len("German "):]
    return "allied", printed


def split_list(body: str, sep: str = ";") -> list[str]:
    """A printed list of Command Counters: formations apart by `sep` (13.02: ";"; an Independent
    Formations track holds no attachments, so its "," parts are formations too)."""
    body = re.split(r";\s*these are on the|\.\s+(?=[A-Z](?![\w]* \())", body)[0].strip().rstrip(".")
    return [" ".join(p.split()).rstrip(".") for p in re.split(sep, body) if p.strip()]


def tracks(text: str) -> dict:
    out: dict = {}
    m = _INDEPENDENT.search(text)
    if m and m["body"].strip() and not re.match(r"(there are no|none)\b", m["body"].strip(), re.I):
        out["independent"] = split_list(m["body"], r"[;,]|\.\s+(?=\d)")
    m = _CORPS.search(text)
    if m:
        out["corps"] = split_list(re.split(r"\.\s+(?=On the Independent)", m["body"])[0])
    return out


def extract(sid: str, lines: list[str]) -> dict[str, list[dict]]:
    first, last = SECTIONS[sid]
    out: dict[str, list[dict]] = {"german": [], "allied": []}
    current: dict | None = None
    strategic: dict | None = None
    arriving = False  # S7's "Allied Reinforcement Army Charts": their composition on entering the game
    for i in range(first - 1, last - 1):
        line, n = lines[i].strip(), i + 1
        if not line:
            continue
        if line.startswith("Allied Reinforcement Army Charts"):
            arriving = True
        s = _STRATEGIC.match(line)
        if s:
            side = s["side"].lower()
            strategic = {"chart": f"{s['side']} Strategic", "lines": [n, n]}
            out[side].append(strategic)
            current = None
            line = line[s.end():].strip()
            r, c = _REFER.search(line), _COMBINE.search(line)
            if r:
                strategic["refer"] = r["n"]
            elif c:
                strategic["combine"] = re.findall(r"\d+", c["nums"])
        m = _CHART.search(line)
        if m:
            strategic = None
            side, name = chart_name(m["name"])
            current = {"chart": name, "lines": [n, n], **({"reinforcement": True} if arriving else {})}
            out[side].append(current)
            line = m["rest"]
            if not line:
                continue
        if current is not None:
            r = _REFER.search(line)
            if r and " for the " in line:
                current["refer"] = r["n"]
                current["lines"][1] = n
                current = None
                continue
            h = _HEADER.search(line)
            if h:
                current.update(commander=h["commander"].strip(), mission=h["mission"], md=h["md"].strip(), loc=" ".join(h["loc"].split()))
                current.update(tracks(line[h.end():]))
                current["lines"][1] = n
                continue
        if strategic is not None and ("Command Track" in line or "Command Tracks" in line):
            strategic.update({k: strategic.get(k, []) + v for k, v in tracks(line).items()})
            strategic["lines"][1] = n
    for side in out:
        out[side] = [c for c in out[side] if len(c) > 2 or c["chart"].endswith("Strategic")]
    return out


def to_toml(sid: str, charts: dict[str, list[dict]]) -> str:
    first, last = SECTIONS[sid]
    out = [f'[scenarios."{sid}".options.charts]', f"lines = [{first}, {last - 1}]"]
    for side in ("german", "allied"):
        out.append(f"{side} = [")
        out += [f"  {toml_value(c)}," for c in charts[side]]
        out.append("]")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    lines = seed_lines()
    for sid in argv or list(SECTIONS):
        sys.stdout.write(to_toml(sid, extract(sid, lines)) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
