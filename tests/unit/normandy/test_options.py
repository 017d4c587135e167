"""Appendix A's ambiguities as options and Appendix B's broken references as an errata table,
checked against the rulebook's own lines (UMPIRE_SEEDS)."""
from __future__ import annotations

from domain.games.normandy import errata
from domain.games.normandy.options import OPTIONS
from tests.unit.normandy.helpers import book, line


def test_every_ambiguity_q1_to_q64_is_a_named_option_with_its_default_allowed():
    ruled = [o for o in OPTIONS if o.kind == "ruling"]
    assert [o.name[:3] for o in ruled] == [f"Q{i:02d}" for i in range(1, 65)]
    for o in OPTIONS:
        assert o.choices is None or o.default in o.choices, o.name
        assert o.description, o.name


def test_each_option_cites_lines_of_the_rulebook():
    for o in OPTIONS:
        if o.cite is not None:
            first, last = o.cite.lines
            assert 1 <= first <= last <= len(book()), o.name


def test_the_errata_table_resolves_each_defect_at_its_line():
    assert [e.id for e in errata.TABLE] == [f"B{i}" for i in range(1, len(errata.TABLE) + 1)]
    assert "§ 5.2" in line(33) and "§ 6.6" in line(45) and "6.4.1" in line(296) and "§ 4.5" in line(309)
    assert "§ 4.1.1" in line(317) and "se lected" in line(239) and "619" in line(473) and "0218" in line(471)
    for e in errata.TABLE:
        assert 1 <= e.where[0] <= e.where[1] <= len(book()) and e.resolved, e.id
    assert errata.cite_of("B3").lines == (296, 296)


def test_the_errata_applied_stand_where_the_text_prints_them():
    for e in errata.APPLIED:
        assert "Errata" in line(e.lines[0]), e.entry
