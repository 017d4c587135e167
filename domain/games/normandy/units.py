"""Reading units: the face they show, their current values, who owns them, what stands in a hex."""
from __future__ import annotations

from domain.games.normandy.data import GERMAN, GameData, Values
from domain.games.normandy.model import State, State5, Unit

# §8 and §11: the Allied side may have one seat or two (US, British/Canadian). A unit belongs to
# the seat of its nationality group when the scenario has it, else to the side's only seat.
SEAT_OF_GROUP = {"us": "us", "british": "british", "german": "german"}


def seat_of(state: State, data: GameData, uid: str) -> str:
    u = state.units[uid]
    seats = state.core.layout.seats_of(u.side)
    wanted = SEAT_OF_GROUP.get(data.values[uid].nat, "")
    return wanted if wanted in seats else seats[0]


def owns(state: State, data: GameData, seat: str, uid: str) -> bool:
    return seat_of(state, data, uid) == seat


def face(v: Values, u: Unit) -> int:
    return min(u.lost, v.steps - 1)


def attack(data: GameData, u: Unit) -> int:
    """§7.4: an unsupplied unit has no attack value."""
    v = data.values[u.id]
    return 0 if u.unsupplied else v.attack[face(v, u)]


def defense(data: GameData, u: Unit) -> int:
    """§7.4: an unsupplied unit's defence is halved, rounded up."""
    v = data.values[u.id]
    d = v.defense[face(v, u)]
    return -(-d // 2) if u.unsupplied else d


def motorised(state: State, data: GameData, uid: str) -> bool:
    """§0.1.2, with §2.2 from version 5: a motorised infantry unit (option Q50: its counter's flag) is
    motorised unless its player chose to move it on foot this phase."""
    v = data.values[uid]
    if isinstance(state, State5) and "motorized_infantry" in v.flags:
        return uid not in state.on_foot
    return v.motorized


def movement(state: State, data: GameData, u: Unit) -> int:
    """§7.4: an unsupplied motorised unit moves at half (non-motorised units keep their allowance)."""
    v = data.values[u.id]
    m = v.movement[face(v, u)]
    return m // 2 if u.unsupplied and motorised(state, data, u.id) else m


def is_combat(data: GameData, uid: str) -> bool:
    return data.values[uid].cls in ("combat", "garrison", "partisan", "ffi")


def is_hq(data: GameData, uid: str) -> bool:
    return data.values[uid].cls == "hq"


def enemy(side: str) -> str:
    return "allied" if side == GERMAN else GERMAN
