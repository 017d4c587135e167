"""The resolution of one combat as a queue of steps in the state (`State.stage`): a step either
opens a decision frame for the seat the rules name (and waits for its `Answer`) or is done at
once. Helpers shared by the combat sections: who attacks and defends, asking, and moving on."""
from __future__ import annotations

from msgspec.structs import replace

from domain.games.air_bridge import values
from domain.games.air_bridge.data import GameData
from domain.games.air_bridge.effects import StageSet
from domain.games.air_bridge.model import Declared, Stage, State, Unit
from domain.kernel.adjudication import Adjudication
from domain.kernel.citation import Citation


def combat(state: State, st: Stage) -> Declared | None:
    return state.declared[st.combat] if st.combat >= 0 else None


def target(state: State, st: Stage) -> str:
    c = combat(state, st)
    return c.target if c is not None else st.data["hex"]


def attackers(state: State, st: Stage) -> list[Unit]:
    """The attacking units still in play (in an assault: those still in the hex)."""
    c = combat(state, st)
    if c is None:
        return []
    units = [state.units[u] for u in c.units]
    if c.kind == "assault" and st.data.get("entered") == "yes":
        return [u for u in units if u.hex == c.target]
    return [u for u in units if u.hex is not None and u.hex == c.origins.get(u.id)]


def defenders(state: State, data: GameData, st: Stage, *, with_dz: bool = True) -> list[Unit]:
    c = combat(state, st)
    h = target(state, st)
    side = state.units[c.units[0]].side if c is not None else st.data["side"]
    return sorted((u for u in state.at(h) if u.side != side and (with_dz or values.combat_unit(data, u))), key=lambda u: u.id)


def seat_of(units: list[Unit], state: State, side: str) -> str:
    return units[0].seat if units else state.core.layout.seats_of(side)[0]


def ask(adj: Adjudication, task: str, seat: str, options: list[str], default: str, question: str, why: Citation) -> None:
    adj.open_frame(task.split(":")[0], (seat,), prompt={"task": task, "options": options, "default": default,
                                                        "question": question}, cite=(why,))


def pop(adj: Adjudication, push: tuple[str, ...] = (), data: dict[str, str] | None = None) -> None:
    """The current step is done: the steps it adds go first, with what it decided."""
    st = adj.state.stage
    assert st is not None
    adj.emit(StageSet(stage=replace(st, queue=push + st.queue[1:], data={**st.data, **(data or {})})))


def set_drm(adj: Adjudication, name: str, value: int) -> None:
    st = adj.state.stage
    assert st is not None
    adj.emit(StageSet(stage=replace(st, drm={**st.drm, name: value})))
