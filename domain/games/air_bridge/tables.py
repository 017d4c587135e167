"""Reading the pack's tables that are indexed by a total (the Bombardment/Support Table by points,
the Assault Table by the firing side's strength: columns such as "3-6" and "25+"), and the
citation of the cell a ruling used: the rulebook's where the text prints it, else the pack's
placeholder (so a ruling that used an unprinted datum says so)."""
from __future__ import annotations

from domain.kernel.citation import Citation, PackDatum
from domain.kernel.crt import CrtTable
from domain.kernel.pack.provenance import Printed


def total_column(table: CrtTable, total: int) -> str | None:
    """The column whose range holds `total`; None below the first (nothing to read)."""
    for col in table.columns:
        if col.endswith("+"):
            if total >= int(col[:-1]):
                return col
            continue
        lo, hi = (int(x) for x in col.split("-"))
        if lo <= total <= hi:
            return col
    return None


def cell_cite(table: CrtTable, name: str, column: str, roll: int) -> Citation:
    row = str(table.clamp(roll))
    cell = table.crt.rows[row][table.columns.index(column)]
    if isinstance(cell.prov, Printed):
        return cell.prov.cite
    return PackDatum(key=f"crt:{name}:{column}:{row}", provenance="placeholder")
