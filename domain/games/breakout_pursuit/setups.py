"""The set-up phases (Setting Up, L676-678; Scenario Description Chart, L702-806; O27).

Before the scenario's first Game-Turn the clock stands on the German Set-Up, then on the Allied
Set-Up (`Clock(turn=first turn, phase="setup", side=...)`): "The German Player always sets up
first. After he sets up all his units ... including any alterations allowed, the Allied Player
sets up his units." A side plays its set-up phase when some of its units await set-up: every unit
of a free set-up (the chart's "Free set-up"; the set-up modifications' units with them), and in
any scenario the counters the sheets place by area only (the Naval Supply unit, the units of
modifications r and e). A side with nothing to place has its set-up phase played out at once.

Orders: `SetupPlace(unit, at)`, checked against the unit's sheet (`sheets.Board`); and
`AcceptHistoricalSetup`, which sets up every unit left on its printed historical hex, the umpire
putting a unit whose historical hex is not open to it (or that has none) on the first open place
of its area, in hex order, after the others (house rule). The phase ends by itself when its last unit is placed:
nothing is left to decide. `legal()` with no unit named lists, per unit, at most SAMPLE of its
places spread over its area (and all of them for a named unit), each accepted if submitted next.
"""
from __future__ import annotations

from domain.games.breakout_pursuit import cite, sequence, victory
from domain.games.breakout_pursuit.effects import UnitPlaced
from domain.games.breakout_pursuit.model import STAGING, State
from domain.games.breakout_pursuit.orders import AcceptHistoricalSetup, SetupPlace
from domain.games.breakout_pursuit.sheets import AWAITING_SETUP, GROUP_CITES, Board, awaiting, optional_only
from domain.kernel.citation import HouseRule
from domain.kernel.commands import Order, Reject

SAMPLE = 48  # places listed per unit when legal() names no unit
FIRST_OPEN = HouseRule(
    name="setup-first-open-place",
    text="Accepting the historical set-up puts each unit left on its printed historical hex; a unit whose historical "
         "hex is not open to it (taken by earlier free placements, or refused by a sheet constraint) or that has none "
         "(the Naval Supply unit, modification units) is set up after the others, on its printed hex if that is open "
         "by then, else on the first open place of its area in hex-number order.")


def remaining(state: State) -> bool:
    """Units of the phasing side still to set up (the set-up phase may not end)."""
    side = state.core.clock.side
    return state.core.clock.phase == sequence.SETUP and any(
        u.side == side and u.box == AWAITING_SETUP for u in state.units.values())


def enter(adj) -> bool:
    state = adj.state
    return bool(awaiting(state, adj.ruleset.data, state.core.clock.side))


# --- legal orders --------------------------------------------------------------------------------


def legal(state: State, data, side: str, unit: str | None = None) -> list[Order]:
    board = Board(state, data, side)
    out: list[Order] = []
    memo: dict[tuple, list[str]] = {}
    for uid in board.left:
        if unit is not None and uid != unit:
            continue
        s, u = board.slot(uid), board.unit(uid)
        key = (s.area, s.group, s.staging, u.combat_unit, board.f_eligible(uid), optional_only(data, u.counter))
        if key not in memo:  # units of one heading and kind have the same places
            memo[key] = board.hexes(uid, None if unit is not None else SAMPLE)
        out += [SetupPlace(unit=uid, at=h) for h in memo[key]]
    if unit is None and board.left and plan(state, data, side) is not None:
        out.append(AcceptHistoricalSetup())
    return out


def plan(state: State, data, side: str) -> list[tuple[str, str, bool]] | None:
    """The historical set-up of the units left: (unit, place, on its printed hex?) in placing
    order, each checked as an order would be; None if some unit would have no open place. Units
    go to their printed hexes first, in the sheet's order; those whose printed hex is not open
    then (or that have none) come after, on their printed hex if it is open by then, else on the
    first open place of their area."""
    board = Board(state, data, side)
    out: list[tuple[str, str, bool]] = []
    later = [uid for uid in list(board.left) if not _printed(board, uid, out)]
    for uid in later:  # their printed hex may be open now (paratroops go last)
        if not _printed(board, uid, out):
            at = board.first(uid)
            if at is None:
                return None
            board.place(uid, at)
            out.append((uid, at, False))
    return out


def _printed(board: Board, uid: str, out: list) -> bool:
    """Set `uid` up on its printed historical hex if it is open to it now."""
    at = board.slot(uid).historical
    if at is None or board.problem(uid, at) is not None:
        return False
    board.place(uid, at)
    out.append((uid, at, True))
    return True


def default_answer(state: State, data, seat: str) -> Order | None:
    """A seat that misses its set-up deadline accepts the historical set-up."""
    side = state.core.layout.side_of(seat)
    if plan(state, data, side) is not None:
        return AcceptHistoricalSetup()
    orders = legal(state, data, side)
    return orders[0] if orders else None


# --- orders ---------------------------------------------------------------------------------------


def place(adj, seat: str, order: SetupPlace) -> bool:
    """Set up one unit; True when it was the last one (the phase is over)."""
    state, data = adj.state, adj.ruleset.data
    side = state.core.layout.side_of(seat)
    u = state.units.get(order.unit)
    if u is None or u.side != side:
        raise Reject("not_your_unit", f"{seat} has no unit {order.unit!r}.", cite.SETTING_UP, unit=order.unit)
    if u.box != AWAITING_SETUP:
        raise Reject("already_set_up", f"{u.id} is not waiting to be set up.", cite.SETTING_UP, unit=u.id)
    board = Board(state, data, side)
    problem = board.problem(u.id, order.at)
    if problem is not None:
        raise problem.reject(unit=u.id, at=order.at)
    _emit(adj, board, u.id, order.at, (board.slot(u.id).cite,))
    return _done(adj, side)


def accept_historical(adj, seat: str, order: AcceptHistoricalSetup) -> bool:
    """Set up every unit left as the Set-Up Charts print; the phase is then over (True)."""
    state, data = adj.state, adj.ruleset.data
    side = state.core.layout.side_of(seat)
    steps = plan(state, data, side)
    if not steps:
        raise Reject("setup_blocked", "No complete set-up is open: some unit left has no place it may set up on.",
                     cite.SETTING_UP)
    for uid, at, printed in steps:
        board = Board(adj.state, data, side)
        _emit(adj, board, uid, at, (cite.SETUP_CHARTS,) if printed else (FIRST_OPEN,))
    return _done(adj, side)


def _emit(adj, board: Board, uid: str, at: str, why: tuple) -> None:
    s = board.slot(uid)
    cites = (cite.SETTING_UP,) + why + ((GROUP_CITES[s.group],) if s.group else ())
    if at != STAGING and board.f_used(uid, at):
        cites += (cite.SETUP_MOD_F, cite.ruling("setup_f_units", board.f_rule))
    adj.emit(UnitPlaced(unit=uid, at=at, reason="setup", cite=tuple(dict.fromkeys(cites))))
    if at != STAGING:
        victory.occupy(adj, board.side, (at,))


def _done(adj, side: str) -> bool:
    """Is the last unit set up? The phase then ends (nothing is left to decide)."""
    return not awaiting(adj.state, adj.ruleset.data, side)
