"""What a ruling read from the pack, cited for what it is (issue 16, `breakout-pursuit@2`).

A datum the rulebook prints (a CRT cell of row 0, a victory point value of the schedule, a
Game-Turn's Replacement Points) is cited by the line that prints it; one it does not print is
cited by a `pack` citation naming its register key and provenance (`placeholder`: invented;
`inferred`: reconstructed from evidence), so a referee reading the record tells what the book
decided from what the project added. `@1` cites as it always did (`data.fidelity` False): its
recorded games re-verify unchanged.
"""
from __future__ import annotations

from typing import Iterable

from domain.games.breakout_pursuit import cite
from domain.kernel.citation import Citation, PackDatum
from domain.kernel.pack.provenance import Printed

# The CRT's column headings (L320): what an attack's column is read from when its cell is not printed.
CRT_COLUMNS = cite.rb("Combat Results Table", None, 320)


def datum(data, key: str) -> tuple[Citation, ...]:
    """The citation of one datum: its own rulebook line when printed, else a `pack` citation; ()
    for a key the pack does not hold."""
    found = data.provenance.get(key)
    if found is None:
        return ()
    weakest, own = found
    if weakest == "rulebook" and isinstance(own, Printed):
        return (own.cite,)
    return (PackDatum(key=key, provenance="inferred" if weakest == "rulebook" else weakest),)


def unprinted(data, keys: Iterable[str]) -> tuple[PackDatum, ...]:
    """`pack` citations of the keys whose datum is not printed (map facts, invented counters)."""
    out = []
    for key in dict.fromkeys(keys):
        found = data.provenance.get(key)
        if found is not None and found[0] != "rulebook":
            out.append(PackDatum(key=key, provenance=found[0]))
    return tuple(out)


def crt_cell(data, column: str, roll: int) -> tuple[Citation, ...]:
    """The cell an attack's result was read from: the printed row's line, or the column headings
    and the cell's `pack` citation (rows 2-6, and row 1 beyond 3-1, are reconstructions)."""
    key = f"crt:{data.crt_table.clamp(roll)}:{column}"
    cites = datum(data, key)
    if cites and isinstance(cites[0], PackDatum):
        return (CRT_COLUMNS, *cites)
    return cites or (cite.CRT,)


def counters(data, unit_ids: Iterable[str]) -> tuple[PackDatum, ...]:
    """Invented counters acting in a ruling (the July Allied gaps, the late German arrivals)."""
    return unprinted(data, (f"counter:{u}" for u in unit_ids))


def hexes(data, hex_ids: Iterable[str]) -> tuple[PackDatum, ...]:
    return unprinted(data, (f"map:hex:{h}" for h in hex_ids))


def hexsides(data, side_ids: Iterable[str]) -> tuple[PackDatum, ...]:
    return unprinted(data, (f"map:hexside:{s}" for s in side_ids))
