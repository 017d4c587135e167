"""The pack's tables, from data/tables.toml (hand-written, each row with its line)."""
from __future__ import annotations

from typing import Any

from domain.kernel.pack.schema import Chart, ChartRow, Crt, CrtCell, Die, Table
from tools.bp_data import handdata


def build_tables() -> dict[str, Table]:
    raw = handdata.load("tables.toml")
    out: dict[str, Table] = {"crt": _crt(raw.pop("crt"))}
    for name in ("vp_german_units", "vp_allied_units"):
        out[name] = _schedule(raw.pop(name))
    out["time_record"] = _time_record(raw.pop("time_record"))
    out["allied_logistics_arrivals"] = _logistics()
    for name, t in raw.items():
        out[name] = _chart(t)
    return dict(sorted(out.items()))


def _table_prov(t: dict[str, Any]):
    return handdata.prov(t, t["section"])


def _crt(t: dict[str, Any]) -> Crt:
    section, rows = t["section"], {}
    for r in t["rows"]:
        cells = r["cells"].split()
        assert len(cells) == len(t["columns"]), r
        printed = r.get("printed", 0)
        rows[r["roll"]] = tuple(
            CrtCell(result=c, prov=handdata.prov({"line": r["line"]}, section) if i < printed else t["placeholder_source"])
            for i, c in enumerate(cells)
        )
    return Crt(method="odds", columns=tuple(t["columns"]), die=Die(sides=6, count=1), rows=rows,
               results=t["results"], notes=t["notes"].strip(), prov=_table_prov(t))


def _chart(t: dict[str, Any]) -> Chart:
    section = t["section"]
    rows = []
    for r in t["rows"]:
        scope = {"section": section, "case": t.get("case"), **{k: v for k, v in r.items() if k in handdata.PROV_KEYS}}
        rows.append(ChartRow(key=r["key"], values=r["values"], prov=handdata.prov(scope, section),
                             field_prov=handdata.field_prov(r, section)))
    return Chart(columns=tuple(t.get("columns", ())), rows=tuple(rows), notes=t.get("notes", ""), prov=_table_prov(t))


def _schedule(t: dict[str, Any]) -> Chart:
    section, case = t["section"], t["case"]
    rows = [ChartRow(key=unit, values={"unit": unit, "points": pts},
                     prov=handdata.prov({"line": n, "case": case}, section)) for unit, pts, n in t["printed"]]
    for unit, pts, n in t["filled"]:
        fp = {"unit": handdata.prov({"line": n, "case": case}, section)} if n else {}
        rows.append(ChartRow(key=unit, values={"unit": unit, "points": pts}, prov="vp-pattern", field_prov=fp))
    return Chart(columns=tuple(t["columns"]), rows=tuple(rows), notes=t["notes"], prov=_table_prov(t))


def _time_record(t: dict[str, Any]) -> Chart:
    section, rows = t["section"], []
    for turn, dates, mech, nonmech, n in t["printed"]:
        values = {"turn": turn, "dates": dates, "mech_rp": _rp(mech), "nonmech_rp": _rp(nonmech)}
        fp = {k: handdata.prov({"inferred": "printed '—': no Replacement Points (replacements begin on Game-Turn 6, L860)"})
              for k, v in (("mech_rp", mech), ("nonmech_rp", nonmech)) if v == "—"}
        rows.append(ChartRow(key=str(turn), values=values, prov=handdata.prov({"line": n}, section), field_prov=fp))
    for turn, dates, mech, nonmech in t["filled"]:
        rows.append(ChartRow(key=str(turn), values={"turn": turn, "dates": dates, "mech_rp": mech, "nonmech_rp": nonmech},
                             prov="rp-pattern", field_prov={"dates": "dates-pattern", "turn": "dates-pattern"}))
    return Chart(columns=tuple(t["columns"]), rows=tuple(rows), notes=t["notes"], prov=_table_prov(t))


def _rp(v: int | str) -> int:
    return 0 if v == "—" else int(v)


def _logistics() -> Chart:
    rows = tuple(ChartRow(key=str(t), values={"turn": t, "supply_units": 1, "pipelines": 1}, prov="supply-per-turn")
                 for t in range(1, 17))
    return Chart(columns=("supply_units", "pipelines"), rows=rows, prov="supply-per-turn",
                 notes="Allied Supply and Supply Pipeline units arriving each Game-Turn (Allied Reinforcements, L682; the Pipeline may not be withheld, CORR L644).")
