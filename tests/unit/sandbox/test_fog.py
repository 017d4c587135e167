"""Fog of war as non-interference: what Blue observes never depends on what is hidden from Blue.

For a reached state, build twin worlds that differ only in Red's secrets (which marker is real,
where the concealed unit stands, Red's sealed bid). Blue's view, Blue's legal orders and the
rulings on every Blue order must be identical in all of them; and no effect Blue may see names a
unit while it is hidden from Blue. The last test shows the check catches a leaking view.
"""
import random

import msgspec
from hypothesis import given, settings, strategies as st
from msgspec.structs import replace

from domain.games.sandbox import SANDBOX, SANDBOX_PACK
from domain.games.sandbox.model import Attack, EndPhase, Move
from domain.games.sandbox.movement import NEIGHBOURS
from domain.games.sandbox.rules import Sandbox
from domain.kernel import game
from domain.kernel.commands import Accepted, SeatOrder
from domain.kernel.dice import ScriptedDice
from domain.kernel.seats import can_see, seat_viewer
from domain.kernel.session import Session

BLUE = ("blue-1", "blue-2")


def random_session(seed: int, steps: int) -> Session:
    rng = random.Random(seed)
    s = Session(SANDBOX, SANDBOX_PACK, "1", dice=lambda v: ScriptedDice([rng.randint(1, 6) for _ in range(4)], command=v))
    for _ in range(steps):
        if s.state.core.finished:
            break
        seat = rng.choice(s.to_act())
        s.submit(seat, rng.choice(s.legal(seat)))
    return s


def twins(state):
    """Worlds Blue cannot tell from `state` (none once the game is over: then all is public)."""
    if state.core.finished:
        return []
    units = state.units
    out = []
    r1, rd, r2 = units["R1"], units["RD"], units["R2"]
    if r1.marker and rd.marker and r1.hex and rd.hex:
        # The real unit and the dummy trade places, and with them everything done so far.
        swap = {"R1": "RD", "RD": "R1"}
        renamed = lambda ids: tuple(swap.get(i, i) for i in ids)  # noqa: E731
        out.append(replace(state, units={**units, "R1": replace(r1, hex=rd.hex), "RD": replace(rd, hex=r1.hex)},
                           moved=renamed(state.moved), attacked=renamed(state.attacked)))
    if r2.concealed and r2.hex:
        taken = {u.hex for u in units.values() if u.hex}
        for h in sorted(SANDBOX_PACK.map.hexes):
            if h not in taken:
                out.append(replace(state, units={**units, "R2": replace(r2, hex=h)}))
                break
    frame = state.core.top()
    if frame is not None and frame.sealed and "red" in state.core.sealed.get(frame.id, {}):
        sealed = {**state.core.sealed, frame.id: {**state.core.sealed[frame.id], "red": {"points": 99}}}
        out.append(replace(state, core=replace(state.core, sealed=sealed)))
    return out


def probes(state, seat):
    """Every Blue order worth asking: all listed ones, plus one-hex moves and attacks anywhere."""
    orders = list(game.legal(SANDBOX, state, seat))
    for u in state.units.values():
        if u.owner == seat and u.hex:
            orders += [Move(unit=u.id, path=(n,)) for n in NEIGHBOURS[u.hex]]
            orders += [Attack(units=(u.id,), target=n) for n in NEIGHBOURS[u.hex]]
    return orders + [EndPhase()]


def observe(ruleset, state, seat):
    def ruling(order):
        r = game.adjudicate(ruleset, state, SeatOrder(seat=seat, order=order), ScriptedDice([3] * 4), version=99)
        return "accepted" if isinstance(r, Accepted) else (r.code, r.message)

    return msgspec.json.encode({
        "view": game.view(ruleset, state, seat_viewer(seat)),
        "legal": game.legal(ruleset, state, seat),
        "rulings": [ruling(o) for o in probes(state, seat)],
    }, order="sorted")


def differences(ruleset, state):
    return [(seat, i) for i, t in enumerate(twins(state)) for seat in BLUE if observe(ruleset, state, seat) != observe(ruleset, t, seat)]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 45))
def test_blue_observes_the_same_in_every_world_it_cannot_tell_apart(seed, steps):
    s = random_session(seed, steps)
    assert differences(SANDBOX, s.state) == []


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_no_effect_blue_may_see_names_a_unit_hidden_from_blue(seed):
    rng = random.Random(seed)
    s = Session(SANDBOX, SANDBOX_PACK, "1", dice=lambda v: ScriptedDice([rng.randint(1, 6) for _ in range(4)], command=v))
    while not s.state.core.finished:
        hidden = {u.id for u in s.state.units.values() if u.side == "red" and (u.marker or u.concealed)}
        seat = rng.choice(s.to_act())
        ruling = s.submit(seat, rng.choice(s.legal(seat)))
        revealed: set[str] = set()
        for e in getattr(ruling, "effects", ()):
            if type(e).__name__ == "UnitRevealed":
                revealed.add(e.unit)
            if any(can_see(e.vis, seat_viewer(b)) for b in BLUE):
                text = msgspec.json.encode(e).decode()
                assert not [u for u in hidden - revealed if f'"{u}"' in text], e


class LeakySandbox(Sandbox):
    """A view that lets slip where the real unit stands."""

    def view(self, state, viewer):
        out = super().view(state, viewer)
        out["debug"] = state.units["R1"].hex
        return out


def test_the_fog_check_catches_a_leaking_view():
    s = random_session(0, 1)  # Red has deployed: two markers, one real
    assert s.state.units["R1"].marker
    assert differences(SANDBOX, s.state) == []
    assert differences(LeakySandbox(), s.state) != []
