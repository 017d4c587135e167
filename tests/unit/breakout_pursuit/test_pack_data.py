"""The Breakout & Pursuit pack data: decodes with the schema, counts match the set-up sheets, every
printed value is on the rulebook line it cites, the CRT is total and monotone, and every
placeholder is listed in docs/breakout-pursuit-data.md."""
from __future__ import annotations

import re
from collections import Counter as Tally
from typing import Any, Iterator

import msgspec
import pytest

from domain.kernel.citation import Errata, Rulebook
from domain.kernel.pack.provenance import Printed, kind
from domain.kernel.pack.schema import Crt, Pack
from tools.bp_data import seed
from tools.bp_data.build import DOCS, PACK, build, docs_with_register
from tools.bp_data.load import load_pack
from tools.bp_data.register import placeholders, resolve

NATIONALITY_SPELLINGS = {"UK": ("UK", "British"), "Ca": ("Ca", "Canadian"), "Fr": ("Fr", "French"),
                         "Poles": ("Poles", "Polish"), "German": ("German",)}


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack(PACK)


def cited_text(prov) -> str:
    cite = prov.cite
    assert isinstance(cite, (Rulebook, Errata)) and cite.book == seed.BOOK and cite.lines, cite
    return seed.text(*cite.lines)


def printed_fields(record, pack: Pack, fields: Iterator[tuple[str, Any]]) -> Iterator[tuple[str, Any, str]]:
    """(field, value, cited text) for each field whose provenance (own or the record's) is printed."""
    for name, value in fields:
        p = resolve(record.field_prov.get(name, record.prov), pack.sources)
        if isinstance(p, Printed):
            yield name, value, cited_text(p)


def leaves(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for v in value.values():
            yield from leaves(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from leaves(v)
    elif value is not None:
        yield value


def assert_in_text(where: str, value: Any, text: str) -> None:
    # a printed value must be printed: booleans and ids are readings, which must be labelled inferred
    shown = str(value) if not isinstance(value, float) or not value.is_integer() else str(int(value))
    if isinstance(value, float) and value == 1.5:
        shown = "1½"
    assert not isinstance(value, bool) and shown in text, f"{where}: {value!r} not in cited text {text!r}"


# --- decoding and generation ------------------------------------------------------------------


def test_pack_files_decode_with_the_schema_types(pack: Pack) -> None:
    assert pack.meta.name == "breakout-pursuit" and pack.meta.book == seed.BOOK
    # a whole-pack round trip through the schema (strict types, no unknown fields)
    again = msgspec.json.decode(msgspec.json.encode(pack), type=Pack, strict=True)
    assert again == pack
    # 9 Breakout + 6 Pursuit + 9 Campaign (L704-804); the digest's "21 in all" miscounts them
    assert sorted(pack.scenarios) == [f"1.{i}" for i in range(1, 10)] + [f"2.{i}" for i in range(1, 7)] + [
        f"3.{i}" for i in range(1, 10)]


def test_committed_pack_files_are_what_the_tool_generates() -> None:
    for rel, content in build().items():
        assert (PACK / rel).read_bytes() == content, f"{rel} is stale: run python -m tools.bp_data"
    assert DOCS.read_text(encoding="utf-8") == docs_with_register(), "placeholder register is stale"


def test_every_provenance_key_names_a_source(pack: Pack) -> None:
    refs = set()
    for c in pack.counters.values():
        refs |= {p for p in (c.prov, *c.field_prov.values()) if isinstance(p, str)}
    for s in pack.scenarios.values():
        for r in (*s.setup, *s.reinforcements):
            refs |= {p for p in (r.prov, *r.field_prov.values()) if isinstance(p, str)}
    for t in pack.tables.values():
        if isinstance(t, Crt):
            refs |= {c.prov for cells in t.rows.values() for c in cells if isinstance(c.prov, str)}
        else:
            refs |= {p for r in t.rows for p in (r.prov, *r.field_prov.values()) if isinstance(p, str)}
    assert refs and refs <= set(pack.sources), refs - set(pack.sources)


def test_counter_ids_are_unique_and_every_placed_or_arriving_counter_exists(pack: Pack) -> None:
    for s in pack.scenarios.values():
        placed = [p.counter for p in s.setup]
        assert len(placed) == len(set(placed)), s.id
        assert set(placed) <= set(pack.counters)
        assert {a.counter for a in s.reinforcements} <= set(pack.counters)
        assert all(p.at is None or re.fullmatch(r"\d{4}|staging", p.at) for p in s.setup), s.id


# --- counts per set-up (digest §4.2; the rulebook wins where they differ) ---------------------


def _sheet(pack: Pack, scenario: str, side: str, printed: bool):
    s = pack.scenarios[scenario]
    for p in s.setup:
        c = pack.counters[p.counter]
        if c.side != side:
            continue
        counter_printed = kind(resolve(p.field_prov.get("counter", c.prov), pack.sources)) == "rulebook"
        is_printed = kind(resolve(p.prov, pack.sources)) == "rulebook" and counter_printed
        if is_printed == printed:
            yield p, c


@pytest.mark.parametrize("scenario,side,total,by_class", [
    # Allied 25 July: 22 combat units, 13 mech, 8 infantry, 1 motorized infantry
    ("1.1", "allied", 22, {"mechanized": 13, "non_mechanized": 9}),
    # German 25 July: 33 counters (8 mech, 25 non-mech) + the 936 row, whose counter is a placeholder
    ("1.1", "german", 33, {"mechanized": 8, "non_mechanized": 25}),
    # Allied 24 August: 33 combat, 3 trucks, 2 supply, 5 pipelines, 1 naval supply, 5 in Staging
    ("2.1", "allied", 49, {"mechanized": 13, "non_mechanized": 25, "non_combat": 11}),
    # German 24 August: 30 counters, 10 mech (8 BG 2-6, 2 SS 4-5), 20 non-mech
    ("2.1", "german", 30, {"mechanized": 10, "non_mechanized": 20}),
])
def test_printed_setup_counts_match_the_sheets(pack, scenario, side, total, by_class) -> None:
    rows = list(_sheet(pack, scenario, side, printed=True))
    assert len(rows) == total
    assert dict(Tally(c.cls for _, c in rows)) == by_class


def test_setup_additions_are_exactly_the_listed_placeholders(pack: Pack) -> None:
    docs = DOCS.read_text(encoding="utf-8")
    added = {f"{side}:{p.counter}" for side in ("allied", "german") for p, _ in _sheet(pack, "1.1", side, printed=False)}
    # 21 Allied July additions (2 printed elsewhere by reference, 19 placeholders) + the German 936 counter
    assert len(added) == 22
    assert not list(_sheet(pack, "2.1", "allied", printed=False))
    assert not list(_sheet(pack, "2.1", "german", printed=False))
    for key in added:
        assert f"`{key.split(':')[1]}`" in docs, f"{key} not listed in {DOCS.name}"


def test_historical_setups_of_the_three_base_scenarios_place_every_counter(pack: Pack) -> None:
    for sid in ("1.1", "2.1", "3.1"):
        s = pack.scenarios[sid]
        unplaced = [p.counter for p in s.setup if p.at is None]
        # only what the sheets themselves leave to the player: the Naval Supply unit
        assert unplaced == ["al-naval-supply"], (sid, unplaced)


def test_modification_and_replacement_lists_match_the_sheets(pack: Pack) -> None:
    r = [p for p in pack.scenarios["1.9"].setup if p.area == "not_within_4_of_front_line_25_july"]
    assert len(r) == 7
    e = [p for p in pack.scenarios["2.5"].setup if p.at is None and p.counter.startswith("de-aug-")]
    assert len(e) == 12
    pool = pack.scenarios["2.1"].options["replacement_pool"]
    classes = Tally(pack.counters[c].cls for c in pool)
    assert classes == {"mechanized": 13, "non_mechanized": 15}  # L1084-1086, L1090-1092


# --- every printed value is on its line ---------------------------------------------------------


def _counter_fields(c) -> Iterator[tuple[str, Any]]:
    if c.cls in ("mechanized", "non_mechanized") or c.type == "truck":
        yield "strength", f"({c.strength})-{c.movement}" if c.type == "truck" else f"{c.strength}-{c.movement}"
    yield "label", c.label
    for name in ("number", "designation"):
        if getattr(c, name):
            yield name, getattr(c, name)


def test_printed_counter_values_are_on_the_cited_line(pack: Pack) -> None:
    checked = 0
    for cid, c in pack.counters.items():
        for name, value, text in printed_fields(c, pack, _counter_fields(c)):
            assert_in_text(f"{cid}.{name}", value, text)
            checked += 1
        for name, value, text in printed_fields(c, pack, [("size", c.size), ("nationality", c.nationality)]):
            if name == "size" and value:
                assert re.search(rf"(?<![A-Z]){value}(?![A-Z])", text), f"{cid}: size {value} not in {text!r}"
            elif name == "nationality" and value:
                assert any(sp in text for sp in NATIONALITY_SPELLINGS[value]), f"{cid}: {value} not in {text!r}"
    assert checked > 400


def test_printed_placements_and_arrivals_are_on_the_cited_line(pack: Pack) -> None:
    for s in pack.scenarios.values():
        for p in s.setup:
            c = pack.counters[p.counter]
            fields = [("at", p.at), ("counter", c)]
            for name, value, text in printed_fields(p, pack, fields):
                if name == "at" and value == "staging":
                    assert "Staging Area" in text
                elif name == "at" and value:
                    assert re.search(rf"(?<!\d){value.lstrip('0')}(?!\d)", text), f"{s.id} {p.counter} at {value}"
                elif name == "counter":
                    assert value.label in text or f"{value.strength}-{value.movement}" in text, (s.id, p.counter)
        for a in s.reinforcements:
            c = pack.counters[a.counter]
            fields = [("turn", a.turn), ("counter", c), ("edge", a.edge), ("options", a.options)]
            for name, value, text in printed_fields(a, pack, fields):
                if name == "turn":
                    assert text.startswith(f"{value}\t") or f"Game-Turn {value} " in text, (s.id, a)
                elif name == "counter":
                    assert (f"{value.strength}-{value.movement}" if value.strength else value.label) in text
                elif name == "edge" and value:
                    assert f"map edge {value[-1]}" in text, (s.id, a)
                elif name == "options":
                    quoted = re.findall(r'option "([^"]+)"|"(\w) only"', text)
                    printed = {o for q in quoted for o in re.findall(r"\b[her]\b", " ".join(q))}
                    assert set(value) <= printed, (s.id, a, printed)


def test_printed_table_cells_are_on_the_cited_line(pack: Pack) -> None:
    checked = 0
    for name, t in pack.tables.items():
        if isinstance(t, Crt):
            for roll, cells in t.rows.items():
                for i, cell in enumerate(cells):
                    p = resolve(cell.prov, pack.sources)
                    if isinstance(p, Printed):
                        cols = cited_text(p).split("\t")
                        assert cols[0] == roll and cols[1 + i] == cell.result, (roll, t.columns[i])
                        checked += 1
            continue
        for r in t.rows:
            for field, value, text in printed_fields(r, pack, r.values.items()):
                for leaf in leaves(value):
                    assert_in_text(f"{name}:{r.key}.{field}", leaf, text)
                    checked += 1
    assert checked > 150


def test_printed_extra_entries_are_on_the_cited_line(pack: Pack) -> None:
    def walk(path: str, d: Any) -> Iterator[tuple[str, dict]]:
        if isinstance(d, dict) and "prov" in d:
            yield path, d
        elif isinstance(d, dict):
            for k, v in d.items():
                yield from walk(f"{path}:{k}", v)

    checked = 0
    for path, entry in walk("extra", pack.extra):
        prov = resolve(entry["prov"], pack.sources)
        fps = {k: resolve(v, pack.sources) for k, v in entry.get("field_prov", {}).items()}
        for field, value in entry.items():
            p = fps.get(field, prov)
            if field in ("prov", "field_prov") or not isinstance(p, Printed):
                continue
            for leaf in leaves(value):
                assert_in_text(f"{path}.{field}", leaf, cited_text(p))
                checked += 1
    assert checked > 20


def test_printed_scenarios_match_the_scenario_chart(pack: Pack) -> None:
    for s in pack.scenarios.values():
        p = resolve(s.prov, pack.sources)
        if not isinstance(p, Printed):
            assert s.id.startswith("3.") and "3.1 through 3.9" in p.evidence
            continue
        text = cited_text(p)
        assert f"Scenario {s.id}: {s.title}\n" in text
        assert f"Game-Turns {s.start.turn} through {s.end.turn}" in text
        assert f'Reinforcement code "{s.options["reinforcement_code"]}"' in text
        assert f"Balance: {s.options['balance']}" in text
        for m in s.options["setup_modifications"]:
            assert f'"{m}"' in text
        if s.special_rules:
            assert "&".join(s.special_rules) in text


# --- the CRT --------------------------------------------------------------------------------------


def test_crt_is_total_over_odds_columns_and_modified_die_rolls(pack: Pack) -> None:
    crt = pack.tables["crt"]
    assert isinstance(crt, Crt) and crt.method == "odds"
    assert crt.columns == ("1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1")
    assert sorted(crt.rows) == [str(r) for r in range(7)]
    assert all(len(cells) == len(crt.columns) for cells in crt.rows.values())
    assert {c.result for cells in crt.rows.values() for c in cells} <= set(crt.results)


def test_crt_is_monotone_for_the_attacker_in_odds_and_die_roll(pack: Pack) -> None:
    crt = pack.tables["crt"]
    rank = {r: i for i, r in enumerate(pack.extra["crt_result_order"]["order"])}
    grid = [[rank[c.result] for c in crt.rows[str(roll)]] for roll in range(7)]
    for roll, row in enumerate(grid):
        assert row == sorted(row), f"roll {roll} gets worse as odds rise"
    for col in range(len(crt.columns)):
        column = [grid[roll][col] for roll in range(7)]
        assert column == sorted(column), f"{crt.columns[col]} gets worse as the roll rises"


def test_crt_keeps_exactly_the_surviving_printed_cells(pack: Pack) -> None:
    crt = pack.tables["crt"]
    printed = {(roll, i) for roll, cells in crt.rows.items() for i, c in enumerate(cells)
               if kind(resolve(c.prov, pack.sources)) == "rulebook"}
    assert printed == {("0", i) for i in range(11)} | {("1", i) for i in range(5)}


# --- placeholders are listed ------------------------------------------------------------------------


def test_every_placeholder_is_listed_in_the_data_document(pack: Pack) -> None:
    docs = DOCS.read_text(encoding="utf-8")
    missing = [k for k in placeholders(pack) if f"`{k}`" not in docs]
    assert not missing, missing
    assert len(placeholders(pack)) > 100
