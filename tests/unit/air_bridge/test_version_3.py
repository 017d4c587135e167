"""What `air-bridge-to-victory@3` changed, through the ruleset (issue 22): every listed stack move
(§4.0) and entry move (§21) is accepted; the allocation frames (§9.2, §9.3) default to `done`, so a
missed deadline allocates nothing; a lone retreating unit is not offered `split` (§12.3 D); @1 and
@2 keep their coarse support choices. The conformance cases in conformance/v3.toml replay the
worked examples under @3."""
from __future__ import annotations

from functools import lru_cache

from domain.games.air_bridge import allocation
from domain.kernel import game
from domain.kernel.commands import Accepted, Begin, SeatOrder
from domain.kernel.conformance import ScriptedDice
from domain.kernel.ruleset import get
from domain.kernel.seats import PUBLIC
from tests.unit.air_bridge.helpers import pack


@lru_cache(maxsize=3)
def ruleset(version: int):
    return get(f"air-bridge-to-victory@{version}").bind(pack())


def position(version: int, spec: dict):
    r = ruleset(version)
    state = r.setup(r.pack, "campaign", game_id="t", options=r.resolve_options({}))
    state = game.step(r, state, Begin(), ScriptedDice([], command=1), version=1, visibility=PUBLIC).state
    return r, r.position(state, spec)


def submit(r, state, seat, order, dice=()):
    ruling, state, _ = game.step(r, state, SeatOrder(seat=seat, order=order), ScriptedDice(list(dice), command=2), version=2,
                                 visibility=PUBLIC)
    return ruling, state


MOVEMENT = {"clear": True, "core": {"clock": {"turn": 3, "phase": "movement", "side": "allied"}}}


def test_4_0_every_listed_stack_move_picking_up_or_dropping_units_is_accepted():
    """§4.0 L280: moving stacks pick up or drop units along their path; the listing samples them."""
    r, state = position(3, {**MOVEMENT, "add": {"uk-4wilts": {"hex": "3207"}, "uk-4dorset": {"hex": "3208"},
                                                "uk-5wilts": {"hex": "3207"}}})
    stacks = [o for o in r.legal(state, "allied-ground") if getattr(o, "joins", None) or getattr(o, "leaves", None)]
    assert {"joins", "leaves"} <= {k for o in stacks for k in ("joins", "leaves") if getattr(o, k)}
    for o in stacks:
        ruling, after = submit(r, state, "allied-ground", o)
        assert isinstance(ruling, Accepted), (o, ruling)
        for uid in o.units:
            assert after.units[uid].moved


def test_4_0_version_2_lists_no_stack_moves():
    r, state = position(2, {**MOVEMENT, "add": {"uk-4wilts": {"hex": "3207"}, "uk-4dorset": {"hex": "3208"}}})
    assert not [o for o in r.legal(state, "allied-ground") if getattr(o, "joins", None) or getattr(o, "leaves", None)]


def test_21_every_listed_entry_move_is_accepted_and_the_unit_ends_off_its_entry_hex():
    """§21 L603: the entry does not end the reinforcement's move."""
    r, state = position(3, {**MOVEMENT, "arrivals": [{"unit": "uk-4wilts", "turn": 3, "edge": "S"}], "add": {"uk-4wilts": {}}})
    moves = [o for o in r.legal(state, "allied-ground") if getattr(o, "path", ())]
    assert moves
    for o in moves:
        ruling, after = submit(r, state, "allied-ground", o)
        assert isinstance(ruling, Accepted), (o, ruling)
        assert after.units["uk-4wilts"].hex == o.path[-1] != o.hex


def _maneuver(version: int):
    """The §9.2 example's first combat up to the attacker's support decision."""
    r, state = position(version, {
        "clear": True,
        "core": {"clock": {"turn": 3, "phase": "declaration", "side": "allied"},
                 "ledgers": {"air_points:allied": {"balance": 10}, "air_points:german": {"balance": 3}}},
        "add": {"us-505-1": {"hex": "3208"}, "us-505-2": {"hex": "3308"}, "us-319gfab": {"hex": "3207"},
                "us-376pfab": {"hex": "3207"}, "uk-4wilts": {"hex": "3206"}, "de-180id": {"hex": "3309"}}})
    declare = next(o for o in r.legal(state, "allied-airborne") if getattr(o, "target", "") == "3309"
                   and set(o.units) == {"us-505-1", "us-505-2"})
    _, state = submit(r, state, "allied-airborne", declare)
    for seat in ("allied-ground", "allied-airborne", "allied-ground", "allied-airborne"):
        _, state = submit(r, state, seat, r.legal(state, seat)[-1])  # end_phase
    return r, state


def test_9_2_the_allocation_frame_defaults_to_done_so_a_missed_deadline_allocates_nothing():
    """§9.2 L385: each player 'may' allocate support; the default answer commits nothing."""
    r, state = _maneuver(3)
    frame = state.core.top()
    assert frame.kind == allocation.KIND and frame.prompt["default"] == "done"
    answer = r.default_answer(state, "allied-airborne")
    ruling, after = submit(r, state, "allied-airborne", answer)
    assert isinstance(ruling, Accepted)
    assert after.core.top().seats == ("german-wehrmacht",) and after.units["us-319gfab"].fires == 0


def test_9_2_versions_1_and_2_keep_the_four_coarse_choices():
    for version in (1, 2):
        _, state = _maneuver(version)
        assert state.core.top().prompt["options"] == ["none", "artillery", "air", "all"]


def test_12_3_a_lone_retreating_unit_is_not_offered_a_split():
    """§12.3 L451: the split is for 'all retreating units'; one unit has one path."""
    r, state = position(3, {
        "clear": True,
        "core": {"clock": {"turn": 3, "phase": "declaration", "side": "allied"},
                 "ledgers": {"air_points:allied": {"balance": 0}, "air_points:german": {"balance": 0}}},
        "add": {"uk-4wilts": {"hex": "3208"}, "uk-4dorset": {"hex": "3308"}, "de-406-1": {"hex": "3309"}}})
    declare = next(o for o in r.legal(state, "allied-ground") if getattr(o, "target", "") == "3309" and len(o.units) == 2)
    _, state = submit(r, state, "allied-ground", declare)
    _, state = submit(r, state, "allied-ground", r.legal(state, "allied-ground")[-1])
    _, state = submit(r, state, "allied-airborne", r.legal(state, "allied-airborne")[-1], dice=[1])  # D1F1 (combat.toml)
    frame = state.core.top()
    assert frame.kind == "retreat" and "split" not in frame.prompt["options"] and "hold" in frame.prompt["options"]
