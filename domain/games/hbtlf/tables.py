"""The pack's charts as lookups: {row key: values}."""
from __future__ import annotations

from typing import Any


def chart(pack, name: str) -> dict[str, dict[str, Any]]:
    return {row.key: row.values for row in pack.tables[name].rows}
