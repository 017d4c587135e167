"""The greedy Breakout & Pursuit bot (services/bots) on the synthetic test map of
tests/unit/breakout_pursuit/helpers.py: it reads the position as the rules do, makes the best-odds
attack, answers decisions sensibly, and every order it gives is one the umpire accepts.

The bot sees a position only as a seat does over HTTP: the seat's view and legal orders as JSON."""
from __future__ import annotations

import random

import msgspec
import pytest

from domain.games.breakout_pursuit import combat, supply, zoc
from domain.games.breakout_pursuit.effects import AttackResolved
from domain.games.breakout_pursuit.orders import Attack
from domain.kernel import game
from domain.kernel.commands import Accepted
from domain.kernel.log import Codec
from domain.kernel.seats import Viewer
from services.bots import battle, greedy
from services.bots.position import Knowledge, Position
from tests.unit.breakout_pursuit.helpers import combat_position, position, ruleset, submit
from tests.unit.breakout_pursuit.test_combat_play import random_position

ARMOR_16, ARMOR_12, ARMOR_7, INFANTRY_9 = "us-aug-xx-16-8-1735", "uk-aug-xx-12-8-1138", "uk-aug-x-7-8-1038", "us-aug-xx-9-5-1540"
GERMAN_4, GERMAN_BG, GERMAN_15, GERMAN_10 = "de-aug-xx-4-5-0936", "de-jul-bg-2-6-lehr", "de-aug-xx-15-6-e5", "de-jul-xx-10-6-2ss"


def know() -> Knowledge:
    return Knowledge(ruleset().data)


def as_json(value):
    return msgspec.json.decode(msgspec.json.encode(value))


def decide(state, seat: str):
    """The bot's order for `seat`, decoded as the server decodes an order."""
    bp = ruleset()
    view = as_json(game.view(bp, state, Viewer(role="seat", seat=seat)))
    orders = as_json(game.legal(bp, state, seat))
    choice = greedy.choose(view, orders, know(), state.core.layout.side_of(seat))
    return Codec(bp).decode_order(msgspec.json.encode(choice))


def resolved(ruling) -> AttackResolved:
    return next(e for e in ruling.effects if isinstance(e, AttackResolved))


def pos_of(state, side: str) -> Position:
    return Position(as_json(game.view(ruleset(), state, Viewer(role="seat", seat=side))), know(), side)


# --- reading the position as the rules do ----------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_the_bots_zones_of_control_supply_and_defence_are_the_rules(seed):
    """ZOC G (zoc.controlled), Supply A-F (supply.paths, tracing to every Allied Supply unit, as the
    bot does) and Combat D-F with the TEC (combat.assess): the bot's estimates from the view agree
    with the umpire's on random positions."""
    rng = random.Random(seed)
    state = random_position(rng, rng.choice(["allied", "german"]))
    data = ruleset().data
    side = state.core.clock.side
    pos = pos_of(state, side)
    for s in ("allied", "german"):
        assert pos.zoc[s] == zoc.controlled(state, data, s)
        offered = [u.id for u in state.units.values() if u.type == "supply" and u.hex is not None]
        for uid, trace in supply.paths(state, data, s, use=offered).items():
            if state.units[uid].type != "truck":  # always supplied (Correction L642)
                assert pos.supply_state(s, state.units[uid].hex) == trace.state, uid
    for hex_id, attackers in combat.targets(state, data, side).items():
        assessed = combat.assess(state, data, attackers, hex_id)
        assert battle.defense(pos, hex_id, pos.foe) == assessed["defense"], hex_id
        assert battle.column(pos, assessed["attack"], assessed["defense"]) == assessed["column"]


# --- attacks --------------------------------------------------------------------------------------


def test_greedy_attacks_the_hex_it_has_the_best_odds_against():
    """Combat G: 28 against a 4 in clear terrain is 7-1; against a 15 in a town (x2) it is 1-2."""
    state = combat_position({ARMOR_16: {"hex": "0504"}, ARMOR_12: {"hex": "0504"}, GERMAN_4: {"hex": "0503"},
                             GERMAN_15: {"hex": "0505"}})
    order = decide(state, "allied")
    assert isinstance(order, Attack) and order.hex == "0503" and set(order.attackers) == {ARMOR_16, ARMOR_12}
    ruling, _ = submit(state, "allied", order, dice=[3])
    assert isinstance(ruling, Accepted)


def test_greedy_ends_the_combat_phase_rather_than_attack_at_losing_odds():
    """12 against a 15 in a town is 1-3: an Ae on four rolls in six (CRT)."""
    state = combat_position({ARMOR_12: {"hex": "0504"}, GERMAN_15: {"hex": "0505"}})
    assert decide(state, "allied").__struct_config__.tag == "end_phase"


def test_greedy_leaves_a_stack_the_odds_do_not_need_for_another_attack():
    """Combat B: units in one hex attack one hex. 0603 (28) alone attacks the 4-5 on 0503 at 7-1;
    0403 (16) is next to 0503 and 0404 and is kept for the battlegroup on 0404 (2-6, 6 points,
    Victory A; 16 against 2 is 8-1)."""
    state = combat_position({ARMOR_16: {"hex": "0603"}, ARMOR_12: {"hex": "0603"}, ARMOR_7: {"hex": "0403"},
                             INFANTRY_9: {"hex": "0403"}, GERMAN_4: {"hex": "0503"}, GERMAN_BG: {"hex": "0404"}})
    order = decide(state, "allied")
    assert isinstance(order, Attack)
    stacks = {state.units[a].hex for a in order.attackers}
    assert len(stacks) == 1


# --- decisions after a result ------------------------------------------------------------------------


def test_greedy_pays_an_exchange_with_the_unit_worth_fewest_points():
    """Ex (16 against 6 is 2-1; a 4 rolls Ex): face strength at least 6 must go, and the 9-5 (7
    points, Victory B) is cheaper than the 7-8 (14 points)."""
    state = combat_position({ARMOR_7: {"hex": "0504"}, INFANTRY_9: {"hex": "0603"}, "de-aug-xx-6-5-2735": {"hex": "0503"}})
    ruling, state = submit(state, "allied", Attack(attackers=(ARMOR_7, INFANTRY_9), hex="0503"), dice=[4])
    assert resolved(ruling).result == "Ex"
    order = decide(state, "allied")
    assert order.__struct_config__.tag == "exchange_losses" and order.units == (INFANTRY_9,)
    assert isinstance(submit(state, "allied", order, version=3)[0], Accepted)


def test_greedy_takes_every_battlegroup_it_is_offered():
    """Battlegroups L-M: a German 10-6 eliminated by a De (44 against 10 is 4-1; a 6 rolls De) may be
    replaced by a 2-6; the owner takes it."""
    state = combat_position({ARMOR_16: {"hex": "0504"}, ARMOR_12: {"hex": "0504"}, ARMOR_7: {"hex": "0603"},
                             INFANTRY_9: {"hex": "0603"}, GERMAN_10: {"hex": "0503"}})
    ruling, state = submit(state, "allied", Attack(attackers=(ARMOR_16, ARMOR_12, ARMOR_7, INFANTRY_9), hex="0503"), dice=[6])
    assert resolved(ruling).result == "De"
    order = decide(state, "german")
    assert order.__struct_config__.tag == "battlegroups" and order.units == (GERMAN_10,)
    assert isinstance(submit(state, "german", order, version=3)[0], Accepted)


# --- movement and reinforcements --------------------------------------------------------------------


def test_greedy_moves_next_to_a_weak_enemy_to_attack_it():
    """Initial Movement: a 16-8 and a 12-8 three hexes from a lone German 4-5 (7-1 together) move
    next to it (the map's fortress, worth more, is destroyed here)."""
    state = position({"clear": True, "add": {ARMOR_16: {"hex": "0507"}, ARMOR_12: {"hex": "0507"}, GERMAN_4: {"hex": "0504"}},
                      "fortresses": {"0705": "destroyed"},
                      "core": {"clock": {"turn": 11, "phase": "initial_movement", "side": "allied"}}})
    order = decide(state, "allied")
    assert order.__struct_config__.tag == "move" and "0504" in ruleset().data.neighbours[order.path[-1]]
    assert isinstance(submit(state, "allied", order)[0], Accepted)


def test_greedy_places_arriving_allied_combat_units_on_cherbourg():
    """Allied Reinforcements (L680-684): on Cherbourg now rather than held in the Staging Area."""
    state = position({"clear": True, "add": {ARMOR_16: {"box": "pending"}, GERMAN_4: {"hex": "0202"}},
                      "arrivals": {ARMOR_16: 11}, "core": {"clock": {"turn": 11, "phase": "reinforcement", "side": "allied"}}})
    order = decide(state, "allied")
    assert order.__struct_config__.tag == "place_reinforcement" and order.at == ruleset().data.cherbourg
