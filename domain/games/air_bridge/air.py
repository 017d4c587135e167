"""§15 Air Points: each side receives its air points in the Initial Phase of the first player's
turn (none in bad weather, §18.1); they are spent in bombardment, maneuver support and defensive
bombardment, and the unused ones are lost in the Administrative Interphase. Allied air points
only strike within 5 hexes of a non-airborne Allied unit. The amounts are the pack's placeholders."""
from __future__ import annotations

from domain.games.air_bridge import artillery, cite
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import ALLIED, SIDES, State
from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import PackDatum
from domain.kernel.effects import LedgerPosted

LEDGER = "air_points"
AMOUNTS = PackDatum(key="table:air_points", provenance="placeholder")


def available(state: State, side: str) -> int:
    return state.core.ledger(LEDGER, side).balance


def grant(adj: Adjudication, data: GameData) -> None:
    rows = data.rows("air_points")
    for side in SIDES:
        amount = 0 if adj.state.weather == "bad" else int(rows[side]["per_turn"])
        if amount:
            adj.emit(LedgerPosted(ledger=LEDGER, owner=side, kind="credit", amount=amount, cite=(cite.AIR_POINTS, AMOUNTS)))


def spend(adj: Adjudication, side: str, amount: int) -> None:
    if amount:
        adj.emit(LedgerPosted(ledger=LEDGER, owner=side, kind="debit", amount=amount, cite=(cite.AIR_POINTS,)))


def expire(adj: Adjudication) -> None:
    for side in SIDES:
        left = available(adj.state, side)
        if left:
            adj.emit(LedgerPosted(ledger=LEDGER, owner=side, kind="expire", amount=left, cite=(cite.AIR_POINTS, cite.ADMIN)))


def may_strike(state: State, data: GameData, side: str, target: str) -> bool:
    return side != ALLIED or artillery.near_ground(state, data, side, target)
