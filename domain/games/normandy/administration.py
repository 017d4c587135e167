"""§1.1.1.3 Administration Phase: the initiative (each side's die plus its supported HQs on the map;
ties to the Allies in clear weather, else the Germans; the Allies in turns 0-1, §10), then the
reinforcements due this turn (§1.1.2.1; destroyed HQs one turn later, §5.4). Rest, replacements and
the Strategic Reserve rebuilding are logged as not ruled before version 5; version 5 rules them
(`enter_5`: the German replacements and the Cadre box to the Rest box, then the Allies' and the
Germans' own orders, replacements.py and rest.py)."""
from __future__ import annotations

from domain.games.normandy import cite, replacements, rest
from domain.games.normandy.data import ALLIED, GERMAN, GameData, data_of
from domain.games.normandy.effects import InitiativeRolled, StepNotRuled, UnitPlaced
from domain.games.normandy.model import PENDING, RESERVE, RETURNING, State
from domain.games.normandy.units import is_hq
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Order


def initiative(adj: Adjudication) -> None:
    state: State = adj.state
    data: GameData = data_of(adj)
    if state.core.clock.turn <= 1:
        adj.emit(InitiativeRolled(first=ALLIED, cite=(cite.INITIATIVE, cite.DDAY_TURNS_0_1)))
        return
    rolls, totals = {}, {}
    for side in (ALLIED, GERMAN):
        rolls[side] = adj.roll(6, f"{side} initiative").face
        totals[side] = rolls[side] + sum(1 for u in state.units.values()
                                         if u.side == side and u.hex and is_hq(data, u.id) and u.markers > 0)
    if totals[ALLIED] != totals[GERMAN]:
        first = max(totals, key=lambda s: totals[s])
    else:
        first = ALLIED if state.weather == "clear" else GERMAN
    adj.emit(InitiativeRolled(first=first, rolls=rolls, totals=totals,
                              cite=(cite.INITIATIVE, cite.ruling("Q07_german_admin_roll_is_initiative", True))))


def not_ruled(adj: Adjudication) -> None:
    adj.emit(StepNotRuled(step="rest_and_replacements", reason="German replacements, Rest, rebuilding and the return "
                          "of special troops to the Strategic Reserve (§1.1.1.3, §6.10) are not built in this version",
                          cite=(cite.GERMAN_REPLACEMENTS, cite.REST, cite.STRATEGIC_RESERVE, cite.LOSSES)))


def returning_hqs(adj: Adjudication) -> None:
    """§5.4: a destroyed HQ comes back as a reinforcement the turn after."""
    state: State = adj.state
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if u.box == RETURNING and u.due <= state.core.clock.turn:
            adj.emit(UnitPlaced(unit=u.id, at=RESERVE if u.side == ALLIED else PENDING, reason="destroyed HQ returns",
                                cite=(cite.HQ_DESTRUCTION,)))


def enter_5(adj: Adjudication) -> bool:
    """Version 5: with no side on the clock, the phase's automatic steps (the initiative, returning
    HQs, the German replacements, the Cadre box to the Rest box); with a side, whether one of its
    seats has an order of Rest and Replacement to give (else the step passes)."""
    state: State = adj.state
    side = state.core.clock.side
    if side is None:
        initiative(adj)
        returning_hqs(adj)
        replacements.receive(adj)
        replacements.to_rest_box(adj)
        return False
    return any(legal(state, data_of(adj), seat) for seat in state.core.layout.seats_of(side))


def legal(state: State, data: GameData, seat: str) -> list[Order]:
    """§1.1.1.3's orders of a seat: Rest, lifting it, the return to the reserve, rebuilding, entering from Rest."""
    return rest.legal(state, data, seat) + replacements.legal(state, data, seat)
