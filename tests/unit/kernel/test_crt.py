"""kernel/crt.py: reading odds and differential tables the same way for every game."""
from domain.kernel.crt import CrtTable
from domain.kernel.pack.schema import Crt, CrtCell

SRC = "test"


def table(method: str, columns: tuple[str, ...]) -> CrtTable:
    rows = {str(r): tuple(CrtCell(result=f"{c}@{r}", prov=SRC) for c in columns) for r in range(1, 7)}
    return CrtTable(Crt(method=method, columns=columns, rows=rows, prov=SRC))


ODDS = table("odds", ("1-3", "1-2", "1-1", "2-1", "3-1"))
DIFF = table("differential", ("-2", "-1", "0", "+1", "+2"))


def test_odds_columns_round_for_the_defender_and_clamp_at_the_ends():
    assert ODDS.column(26, 9) == "2-1"
    assert ODDS.column(5, 11) == "1-3" and ODDS.column(1, 9) == "1-3"
    assert ODDS.column(40, 4) == "3-1" and ODDS.column(4, 0) == "3-1"
    assert ODDS.beyond_table(1, 9) and ODDS.beyond_table(16, 4) and not ODDS.beyond_table(15, 4)


def test_differential_columns():
    assert DIFF.column(7, 6) == "+1" and DIFF.column(3, 9) == "-2" and DIFF.column(12, 1) == "+2"
    assert DIFF.beyond_table(12, 1) and not DIFF.beyond_table(8, 6)


def test_rolls_clamp_to_the_rows_and_columns_shift_and_lower():
    assert ODDS.result("2-1", 9) == "2-1@6" and ODDS.result("2-1", -3) == "2-1@1"
    assert ODDS.shift("2-1", 1) == "3-1" and ODDS.shift("2-1", 5) == "3-1" and DIFF.shift("0", -4) == "-2"
    assert ODDS.lower("2-1") == ["1-1", "1-2", "1-3"]
    assert ODDS.at_most("1-1", "2-1") and not ODDS.at_most("3-1", "2-1")
