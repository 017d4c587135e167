"""Reading a combat results table (`pack.schema.Crt`): the column an attack falls in, the result
of a die roll there, and what games do around it.

Odds tables ("1-2" ... "9-1") take the highest column not above attack:defence, rounded in
favour of the defender; differential tables ("-3" ... "+4") the highest column not above
attack - defence. Past either end an attack is read on the end column (`beyond_table` says so,
for games that treat it apart). Rolls are clamped to the rows printed, so die modifiers never
fall off the table. Columns shift left or right by whole columns and stop at the ends; an
attacker who may declare lower odds chooses among `lower`.
"""
from __future__ import annotations

from fractions import Fraction

from domain.kernel.pack.schema import Crt


class CrtTable:
    """One Crt, with its rows' range and its columns' values worked out once."""

    def __init__(self, crt: Crt):
        self.crt = crt
        self.columns = crt.columns
        rolls = sorted(int(k) for k in crt.rows)
        self.lowest, self.highest = rolls[0], rolls[-1]
        self._values: dict[str, Fraction] | None = None

    # --- rows ---------------------------------------------------------------------------------

    def clamp(self, roll: int) -> int:
        """A modified roll read on the table: below the first row the first, above the last the last."""
        return max(self.lowest, min(self.highest, roll))

    def result(self, column: str, roll: int) -> str:
        """The result in `column` of a (modified) roll."""
        return self.crt.rows[str(self.clamp(roll))][self.columns.index(column)].result

    # --- columns ------------------------------------------------------------------------------

    def value(self, column: str) -> Fraction:
        if self._values is None:
            self._values = {c: _value(self.crt.method, c) for c in self.columns}
        return self._values[column] if column in self._values else _value(self.crt.method, column)

    def _measure(self, attack: int, defense: int) -> Fraction | None:
        """attack:defence (None when nothing defends) or attack - defence."""
        if self.crt.method == "differential":
            return Fraction(attack - defense)
        return Fraction(attack, defense) if defense > 0 else None

    def column(self, attack: int, defense: int) -> str:
        m = self._measure(attack, defense)
        if m is None:
            return self.columns[-1]
        fitting = [c for c in self.columns if self.value(c) <= m]
        return max(fitting, key=self.value) if fitting else min(self.columns, key=self.value)

    def beyond_table(self, attack: int, defense: int) -> bool:
        """Below the first column, or past the last: for odds, "greater than 9-1" is 10-1 or more."""
        m = self._measure(attack, defense)
        if m is None:
            return True
        low, high = min(map(self.value, self.columns)), max(map(self.value, self.columns))
        return m < low or m >= high + 1

    def lower(self, column: str) -> list[str]:
        """The columns below `column`, highest first (the odds an attacker may declare instead)."""
        return sorted((c for c in self.columns if self.value(c) < self.value(column)), key=self.value, reverse=True)

    def at_most(self, column: str, other: str) -> bool:
        return self.value(column) <= self.value(other)

    def shift(self, column: str, by: int) -> str:
        """`by` columns right (in the attacker's favour) or left, stopping at the ends."""
        ordered = sorted(self.columns, key=self.value)
        i = ordered.index(column) + by
        return ordered[max(0, min(len(ordered) - 1, i))]


def _value(method: str, column: str) -> Fraction:
    if method == "differential":
        return Fraction(int(column))
    a, b = column.split("-")
    return Fraction(int(a), int(b))
