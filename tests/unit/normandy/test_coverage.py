"""docs/normandy-coverage.md checked against the code and the rulebook: every section heading of
the text has a row, every option of `normandy-1944@5` is listed, every worked example W1-W10 names
a conformance case that exists, every errata row B1-B14 is there, and every unbuilt Turn 0 part is
listed; Turn 0 itself is refused as the page says."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from domain.games.normandy import NORMANDY_5, dday, errata
from domain.games.normandy.options import OPTIONS_5
from domain.games.normandy.orders import TURN_ZERO, Drop, LandWave, Place79th
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject
from domain.kernel.dice import ScriptedDice
from services.catalog import Catalog, ScenarioNotStartable
from services.conformance import load_cases
from tests.unit.normandy.helpers import ROOT, book, pack

PAGE = ROOT / "docs" / "normandy-coverage.md"


@lru_cache(maxsize=1)
def page() -> str:
    return PAGE.read_text(encoding="utf-8")


def rows(heading: str) -> list[list[str]]:
    """The table rows under a `## heading`, as lists of cells."""
    part = page().split(f"## {heading}", 1)[1].split("\n## ", 1)[0]
    return [[c.strip() for c in line.strip().strip("|").split("|")] for line in part.splitlines()
            if line.startswith("|") and not line.startswith("|---")][1:]


@lru_cache(maxsize=1)
def bound():
    return NORMANDY_5.bind(pack())


def test_every_section_heading_of_the_rulebook_has_a_row():
    headings = {m.group(1) for line in book() if (m := re.match(r"^(\d+(?:\.\d+)*)(?: –|\s+[A-Z])", line))}
    sections = {r[0].removeprefix("§") for r in rows("Sections")}
    assert len(headings) > 70 and headings <= sections, sorted(headings - sections)
    assert all(r[2] for r in rows("Sections"))


def test_every_option_of_version_5_is_listed_with_its_default():
    listed = {r[0].strip("`"): r for r in rows("Options (Appendix A and the pack rulings), as `normandy-1944@5` pins them")}
    assert set(listed) == {o.name for o in OPTIONS_5}
    for o in OPTIONS_5:
        assert listed[o.name][1] == f"`{o.default!r}`" and listed[o.name][4], o.name


def test_every_worked_example_names_a_case_that_exists_or_says_why():
    cases = {c.id for path in (Path(NORMANDY_5.pack_dir).parent / "conformance").glob("*.toml") for _, c in load_cases(path)}
    worked = {r[0]: r for r in rows("Worked examples (digest §6)")}
    assert list(worked) == [f"W{i}" for i in range(1, 11)]
    for w, r in worked.items():
        assert r[2].strip("`") in cases, w


def test_w8_st_nazaire_is_a_festung_box_inside_rennes():
    assert bound().data.festungs["box-festung-st-nazaire"] == "box-rennes"


def test_every_errata_row_is_listed():
    assert [r[0] for r in rows("Errata (Appendix B)")] == [e.id for e in errata.TABLE]


def test_every_unbuilt_turn_0_part_is_listed():
    for part, _ in dday.UNBUILT:
        assert f"- {part}" in page(), part


@pytest.mark.parametrize("scenario", ["dday", "campaign"])
def test_the_turn_0_scenarios_are_refused_naming_what_is_missing(scenario):
    with pytest.raises(ScenarioNotStartable) as refused:
        Catalog().scenario(f"normandy-1944/{scenario}")
    assert "Turn 0" in refused.value.reason
    reason = bound().not_startable(scenario)
    assert reason is not None and "normandy-1944@5" in reason and dday.missing() in reason


@pytest.mark.parametrize("order", [Drop(unit="us-101-ab", hex="0618"), LandWave(units=("us-4-inf-8",), hex="0617"),
                                   Place79th(unit="br-79-arm", hexside="0711-0712")], ids=lambda o: o.__struct_config__.tag)
def test_every_turn_0_order_is_refused_not_in_this_ruleset_version(order):
    assert type(order) in TURN_ZERO and len(TURN_ZERO) == 3
    r = bound()
    state = r.setup(r.pack, "1", game_id="t", options=r.resolve_options({}))
    with pytest.raises(Reject) as refused:
        r.rule(Adjudication(r, state, ScriptedDice([]), command=1), "us", order)
    assert refused.value.ruling.code == "not_in_this_ruleset_version"
    assert "Turn 0" in refused.value.ruling.message and dday.missing() in refused.value.ruling.message
