"""9.0 Other Theaters: the 2d6 tables that delay or add reinforcements (9.1-9.6)."""
from __future__ import annotations

from domain.games.hbtlf.tables import chart


def due(pack, gt: int, impulse: int) -> list[tuple[str, str]]:
    """The tables rolled at this point (impulse 0: the Strategic Phase) and who rolls each."""
    return [(table, row["roller"]) for table, row in chart(pack, "other_theaters_rolls").items()
            if row["gt"] == gt and row["impulse"] == impulse]


def outcome(pack, table: str, total: int) -> str:
    for row in chart(pack, "other_theaters").values():
        if row["table"] == table and row["min"] <= total <= row["max"]:
            return row["outcome"]
    raise ValueError(f"table {table} has no row for {total}")


def in_force(options) -> bool:
    return "9.0" not in options.get("rules_off", ())
