"""The combat phases of a player-turn (§3.0 D-I): declaration, refusal, reaction, bombardment,
maneuver combat and assault. Each phase's entry says whether anyone has a decision there; the
decisions are frames answered with a choice; `answer` reports when a phase is over."""
from __future__ import annotations

from domain.games.air_bridge import cite
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.model import State
from domain.games.air_bridge.orders import Bombard, Declare
from domain.kernel.adjudication import Adjudication
from domain.kernel.assessment import Assessment
from domain.kernel.commands import Order, Reject
from domain.kernel.core import Frame


def declaration_enter(adj: Adjudication, data: GameData) -> bool:
    return False


def refuse_enter(adj: Adjudication, data: GameData) -> bool:
    return False


def reaction_enter(adj: Adjudication, data: GameData) -> bool:
    return False


def bombardment_enter(adj: Adjudication, data: GameData) -> bool:
    return False


def maneuver_enter(adj: Adjudication, data: GameData) -> bool:
    return False


def assault_enter(adj: Adjudication, data: GameData) -> bool:
    return False


def leave(adj: Adjudication, data: GameData) -> None:
    return None


def legal_declarations(state: State, data: GameData, seat: str, *, unit: str | None = None) -> list[Declare]:
    return []


def legal_bombardments(state: State, data: GameData, seat: str) -> list[Bombard]:
    return []


def declare(adj: Adjudication, data: GameData, seat: str, order: Declare) -> None:
    raise Reject("not_built", "Combat declarations are not built yet.", cite.MANEUVER)


def bombard(adj: Adjudication, data: GameData, seat: str, order: Bombard) -> None:
    raise Reject("not_built", "Bombardment is not built yet.", cite.BOMBARDMENT)


def answer(adj: Adjudication, data: GameData, frame: Frame, choice: str) -> bool:
    raise Reject("not_built", f"The {frame.kind} decision is not built yet.", cite.SEQUENCE)


def assess(state: State, data: GameData, order: Order) -> Assessment | None:
    return None
