"""What every ruling of an order needs: the adjudication, the pack, the scenario, who ordered, and the
unit queries several sections share (a unit's nation, whether it may move now)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Reject

from domain.games.hbtlf import bef, cite, claims, schlieffen
from domain.games.hbtlf.model import State


@dataclass(frozen=True)
class Ruling:
    adj: Adjudication
    pack: Any
    sc: Any  # the scenario being played
    seat: str
    side: str
    state: State  # the state the order was given in (effects emitted since are on adj.state)


def nation(state: State, unit: str) -> str:
    """British units take British REPs (6.21); the BEF's units are British."""
    return "british" if bef.is_british(state, unit) else ""


def unit_nation(state: State, side: str, unit: str) -> str:
    """German, or for the Allies British (the BEF), Belgian (the Belgian Army) or French."""
    if side == "german":
        return "german"
    return nation(state, unit) or ("belgian" if state.armies.get(unit) == "Belgian Army" else "french")


def may_move(state: State, sc: Any, unit: str) -> None:
    """A unit moves unless a claim about it waits, it is a fort, or the Schlieffen Plan holds it (11.5)."""
    a = claims.blocking(state, unit)
    if a is not None:
        raise Reject("pending_attestation", f"{unit!r} waits for attestation {a.id!r} ({a.state}); other units may move.",
                     cite.LEDGER_MODE, unit=unit, attestation=a.id)
    if unit in state.fortresses:
        raise Reject("fortress_immobile", f"{unit!r} is a Fortress Class unit placed on its fort.", cite.UNIT_LOCATIONS, unit=unit)
    held = schlieffen.hold(state, sc, unit)
    if held is not None:
        raise Reject("not_released", held[0], held[1], unit=unit)


def own_unit(r: Ruling, unit: str, what: str = "unit") -> None:
    """The ordering side's unit, in play (neither eliminated nor withdrawn)."""
    s = r.state
    if s.sides.get(unit) != r.side or unit in s.eliminated or unit in s.withdrawn:
        raise Reject("unknown_unit", f"{r.side} has no {what} {unit!r} in play.", cite.UNIT_LOCATIONS, unit=unit)
