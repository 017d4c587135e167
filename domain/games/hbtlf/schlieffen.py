"""11.51 and 12.51, the opening holds of the Schlieffen Plan and Plan 17: no German and no French
unit moves in the mandatory two-day first impulse of GT O (Belgians may); German formations move
only once released: Army Detachment A, IX Corps and VII Corps from the second impulse of GT O,
the First, Second and Seventh Armies from the last impulse of GT1, all of them at once if an
early-release condition of 11.51 is attested."""
from __future__ import annotations

from domain.kernel.citation import Citation

from domain.games.hbtlf import cite
from domain.games.hbtlf.model import State

RELEASES = (
    # (Game-Turn, impulse or "last", formations released)
    (0, 2, ("Army Detachment A", "IX Corps", "VII Corps")),
    (1, "last", ("First Army", "Second Army", "Seventh Army")),
)
CITE = cite.SCHLIEFFEN_GT0
FRENCH_CITE = cite.PLAN17_GT0


def releases_at(gt: int, impulse: int, last: bool) -> tuple[str, ...]:
    out: tuple[str, ...] = ()
    for g, i, formations in RELEASES:
        if g == gt and (i == impulse or (i == "last" and last)):
            out += formations
    return out


def applies(sc) -> bool:
    """The holds bind only scenarios that begin with the Opening Game Turn."""
    return sc.start.turn == 0


def hold(state: State, sc, unit: str) -> tuple[str, Citation] | None:
    """Why `unit` may not move now under the opening holds (with the rule), or None."""
    gt, impulse = state.core.clock.turn, state.core.clock.impulse
    if not applies(sc) or gt > 1:
        return None
    side = state.sides.get(unit)
    if gt == 0 and impulse == 1:
        if side == "german":
            return "No German unit moves in the mandatory two-day first impulse of GT O (11.51).", CITE
        if unit.startswith("French"):
            return "No French unit moves in the first impulse of GT O; Belgians may (12.51).", FRENCH_CITE
    if side == "german" and state.armies.get(unit) is not None:
        if state.armies[unit] not in state.released and state.groups.get(unit) not in state.released:
            return (f"{state.armies[unit]} is not released yet: released from the last impulse of GT1 unless an early-release "
                    "condition is attested (11.51)."), CITE
    return None
