"""§1.1.1.3 Administration Phase: the initiative (each side's die plus its supported HQs on the map;
ties to the Allies in clear weather, else the Germans; the Allies in turns 0-1, §10), then the
reinforcements due this turn (§1.1.2.1; destroyed HQs one turn later, §5.4). Rest, replacements and
the Strategic Reserve rebuilding are not built in this version and are logged as such."""
from __future__ import annotations

from domain.games.normandy import cite
from domain.games.normandy.data import ALLIED, GERMAN, GameData, data_of
from domain.games.normandy.effects import InitiativeRolled, StepNotRuled, UnitPlaced
from domain.games.normandy.model import PENDING, RESERVE, RETURNING, State
from domain.games.normandy.units import is_hq
from domain.kernel.adjudication import Adjudication


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
