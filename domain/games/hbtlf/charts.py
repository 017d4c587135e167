"""The Strategic, Army and Army Detachment Charts' Command Tracks (5.2, 13.02-13.03): each
scenario's charts read from the pack as printed, a chart printed in another scenario ("Refer to
Scenario 7") read from there, and what a track holds after the confirmed attachments.

Two readings the text does not print are applied and labelled `inferred` (each chart lists the
readings it needed): an entry of the Corps Command Tracks that names no corps continues the corps
before it (S2's Fifth Army prints "III Corps [7], ...; 38 infantry division [8]", its Unit Locations
place the 38 with III Corps), and a corps named inside another corps' entry starts a corps track of
its own (S7's Third Army prints its four corps apart by commas); a corps never attaches to a corps."""
from __future__ import annotations

import re

import msgspec

from domain.games.hbtlf import cite

_MORALE = re.compile(r"\s*\[[^\]]*\]")
_CORPS = re.compile(r"\bcorps\b", re.I)
INFERRED_CONTINUES = "an entry of the Corps Command Tracks naming no corps continues the corps before it"
INFERRED_SPLIT = "a corps printed inside another corps' entry has its own corps track"
CHARTS_CITE = cite.rule("13.03 Army Charts Explanation", 1164, 1170)


class Corps(msgspec.Struct, frozen=True):
    name: str
    attached: tuple[str, ...] = ()


class Chart(msgspec.Struct, frozen=True, kw_only=True):
    side: str
    name: str
    kind: str  # strategic | army | army_detachment
    printed_in: str  # the scenario whose text prints it (a `refer` followed)
    lines: tuple[int, int]
    independent: tuple[str, ...] = ()
    corps: tuple[Corps, ...] = ()
    mission: str = ""
    reinforcement: bool = False  # S7's charts of armies that arrive later
    readings: tuple[str, ...] = ()  # the inferred readings it needed


def formation(token: str) -> str:
    """The formation a printed Command Counter token names: morale brackets and notes dropped."""
    token = re.sub(r"\((without|with)[^)]*\)", "", _MORALE.sub("", token))
    return " ".join(token.split())


def key(token: str) -> str:
    """A formation's identity across scenarios: its counter identifier in parentheses is printed in
    some set-ups and not others ("23 reserve (23 r) infantry division", "23 reserve infantry division")."""
    return re.sub(r"\s+", "", re.sub(r"\([^)]*\)", "", formation(token))).lower()


def size(token: str) -> str:
    """corps, division, brigade or other (regiments, detachments), as the token names it (11.56)."""
    name = formation(token).lower()
    for s in ("corps", "division", "brigade"):
        if re.search(rf"\b{s}\b", name):
            return s
    return "other"


def kind_of(name: str) -> str:
    if name.endswith("Strategic"):
        return "strategic"
    return "army_detachment" if "Army Detachment" in name else "army"


def _corps(entries: list[str]) -> tuple[tuple[Corps, ...], tuple[str, ...]]:
    out: list[Corps] = []
    readings: list[str] = []
    for entry in entries:
        for j, p in enumerate(x.strip() for x in entry.split(",") if x.strip()):
            if size(p) == "corps" or not out:
                if j:
                    readings.append(INFERRED_SPLIT)
                elif size(p) != "corps":
                    readings.append(INFERRED_CONTINUES)  # a list opening on no corps: kept as printed, a track of its own
                out.append(Corps(name=p))
            else:
                if not j:
                    readings.append(INFERRED_CONTINUES)
                out[-1] = Corps(name=out[-1].name, attached=out[-1].attached + (p,))
    return tuple(out), tuple(dict.fromkeys(readings))


def _source(pack, sid: str, side: str, name: str, path: str, problems: list[tuple[str, str]], seen: frozenset[str] = frozenset()):
    """The printed chart `name` of scenario `sid`, following "Refer to Scenario N": (entry, scenario printing it),
    or None (a problem noted)."""
    other = pack.scenarios.get(sid)
    found = next((x for x in (other.options.get("charts", {}).get(side, ()) if other else ()) if x["chart"] == name), None)
    if found is None or sid in seen:
        problems.append((path, f"refers to Scenario {sid} for the {name} Chart, which it does not print"))
        return None
    if "refer" in found:
        return _source(pack, found["refer"], side, name, path, problems, seen | {sid})
    return found, sid


_READ: dict[tuple[int, str], tuple[object, tuple[list[Chart], list[tuple[str, str]]]]] = {}


def read(pack, sid: str) -> tuple[list[Chart], list[tuple[str, str]]]:
    """`_read`, once per pack and scenario (a pack is immutable; /legal asks for every seat and step)."""
    hit = _READ.get((id(pack), sid))
    if hit is None or hit[0] is not pack:
        hit = _READ[(id(pack), sid)] = (pack, _read(pack, sid))
    return hit[1]


def _read(pack, sid: str) -> tuple[list[Chart], list[tuple[str, str]]]:
    """The scenario's charts and what does not read (path, message). "Combine the Scenario 2, 3 and 4
    ... Chart information" is each one's tracks together (a scenario without that chart adds nothing)."""
    out: list[Chart] = []
    problems: list[tuple[str, str]] = []
    charts = pack.scenarios[sid].options.get("charts", {})
    for side in ("german", "allied"):
        for i, c in enumerate(charts.get(side, ())):
            path = f"scenarios[{sid}].options.charts.{side}[{i}]"
            if "combine" in c:
                parts = [_source(pack, n, side, c["chart"], path, []) for n in c["combine"]]
                found = [p for p in parts if p is not None]
                if not found:
                    problems.append((path, f"combines Scenarios {', '.join(c['combine'])}, none of which prints the {c['chart']} Chart"))
                    continue
                src = {"independent": [t for p in found for t in p[0].get("independent", ())],
                       "corps": [t for p in found for t in p[0].get("corps", ())], "lines": c["lines"]}
                printed_in = sid
            else:
                got = _source(pack, c["refer"], side, c["chart"], path, problems, frozenset({sid})) if "refer" in c else (c, sid)
                if got is None:
                    continue
                src, printed_in = got
            corps, readings = _corps(list(src.get("corps", ())))
            out.append(Chart(side=side, name=c["chart"], kind=kind_of(c["chart"]), printed_in=printed_in,
                             lines=tuple(src["lines"]), independent=tuple(src.get("independent", ())), corps=corps,
                             mission=src.get("mission", ""), reinforcement=bool(src.get("reinforcement")), readings=readings))
    return out, problems


def cite_of(chart: Chart):
    return cite.rule(f"13.{chart.printed_in}3 Army Charts" if chart.kind != "strategic" else f"13.{chart.printed_in}2 Strategic Chart Information",
                     *chart.lines)


# --- what the tracks hold ---------------------------------------------------------------------------


class Holding(msgspec.Struct, kw_only=True):
    """One chart's Command Tracks now: formation key -> the printed token; corps key -> attached keys."""

    chart: Chart
    independent: dict[str, str]
    corps: dict[str, str]
    attached: dict[str, dict[str, str]]

    def keys(self) -> set[str]:
        return set(self.independent) | set(self.corps) | {k for a in self.attached.values() for k in a}


_HOLDINGS: dict[tuple[int, str, tuple[tuple[str, str, str], ...]], tuple[object, dict[str, Holding]]] = {}


def holdings(pack, sid: str, attachments: tuple[tuple[str, str, str], ...]) -> dict[str, Holding]:
    """`_holdings`, remembered for the last few (pack, scenario, attachments): /legal checks many candidate
    moves against the same tracks. The result is shared: read it, never change it."""
    k = (id(pack), sid, attachments)
    hit = _HOLDINGS.get(k)
    if hit is None or hit[0] is not pack:
        if len(_HOLDINGS) > 256:
            _HOLDINGS.clear()
        hit = _HOLDINGS[k] = (pack, _holdings(pack, sid, attachments))
    return hit[1]


def _holdings(pack, sid: str, attachments: tuple[tuple[str, str, str], ...]) -> dict[str, Holding]:
    """Every chart in play (reinforcement charts once something is attached to them) after the
    confirmed attachments, in order: (formation token, chart, corps token or "" for a track of its own)."""
    charts, _ = read(pack, sid)
    hold = {c.name: Holding(chart=c, independent={key(t): t for t in c.independent}, corps={key(k.name): k.name for k in c.corps},
                            attached={key(k.name): {key(a): a for a in k.attached} for k in c.corps})
            for c in charts}
    for token, to, under in attachments:
        k = key(token)
        carried: dict[str, str] = {}
        for h in hold.values():
            h.independent.pop(k, None)
            if h.corps.pop(k, None) is not None:
                carried = h.attached.pop(k, {})  # a corps moves with what is attached to it
            for a in h.attached.values():
                a.pop(k, None)
        target = hold[to]
        if under:
            target.attached.setdefault(key(under), {})[k] = token
        elif size(token) == "corps":
            target.corps[k] = token
            target.attached[k] = carried
        else:
            target.independent[k] = token
    return hold


def where(holdings_: dict[str, Holding], token: str) -> str | None:
    k = key(token)
    return next((name for name, h in holdings_.items() if k in h.keys()), None)
