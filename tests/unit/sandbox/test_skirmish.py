"""The sandbox skirmish played through every order, frame, sealed choice and attestation.

Each test cites the sandbox rule it checks (docs/rules-contract.md, "The sandbox skirmish").
"""
import msgspec
import pytest

from domain.games.sandbox import SANDBOX, SANDBOX_PACK
from domain.games.sandbox.model import Attack, Bid, Deploy, EndPhase, Move, Retreat
from domain.kernel import game
from domain.kernel.commands import Accepted, Attest, Confirm, DeadlineReached, Dispute, EndRequested, RefereeOrder, Rejected, Settle
from domain.kernel.dice import ScriptedDice
from domain.kernel.seats import REFEREE_VIEWER, seat_viewer
from domain.kernel.session import Session


class Script:
    """Dice for a session: each command takes the next values queued."""

    def __init__(self):
        self.queue: list[int] = []

    def __call__(self, version):
        values, self.queue = self.queue, []
        return ScriptedDice(values, command=version)


@pytest.fixture
def s():
    script = Script()
    session = Session(SANDBOX, SANDBOX_PACK, "1", dice=script)
    session.script = script
    return session


def ok(ruling):
    assert isinstance(ruling, Accepted), ruling
    return ruling


def rejected(ruling, code):
    assert isinstance(ruling, Rejected) and ruling.code == code, ruling
    return ruling


def types(ruling):
    return [type(e).__name__ for e in ruling.effects]


def deployed(s, real="0305"):
    ok(s.submit("red", Deploy(real=real)))
    return s


def bids(s, b1=1, b2=0, red=0, tie_die=None):
    if tie_die is not None:
        s.script.queue = [tie_die]
    ok(s.submit("blue-1", Bid(points=b1)))
    ok(s.submit("blue-2", Bid(points=b2)))
    if tie_die is not None:
        s.script.queue = [tie_die]
    return ok(s.submit("red", Bid(points=red)))


def view_units(s, seat):
    return {u["id"]: u for u in game.view(SANDBOX, s.state, seat_viewer(seat))["game"]["units"]}


def test_rule_1_1_red_deploys_first_and_blue_sees_only_two_markers(s):
    assert s.to_act() == ("red",)
    rejected(s.submit("blue-1", EndPhase()), "not_your_turn")
    r = ok(s.submit("red", Deploy(real="0305")))
    private, public = r.effects[0], r.effects[1]
    assert private.vis == "seats:red" and public.vis == "public" and public.hexes == ("0303", "0305")
    blue = view_units(s, "blue-1")
    assert {"marker@0303", "marker@0305"} <= set(blue) and not {"R1", "RD", "R2"} & set(blue)
    assert view_units(s, "red")["R1"]["hex"] == "0305"


def test_rule_1_2_sealed_bids_stay_hidden_until_the_last_one_is_in(s):
    deployed(s)
    assert set(s.to_act()) == {"blue-1", "blue-2", "red"}
    r = ok(s.submit("blue-1", Bid(points=2)))
    assert [e.vis for e in r.effects] == ["public", "seats:blue-1"]
    rejected(s.submit("blue-1", Bid(points=1)), "not_your_turn")
    frame = game.view(SANDBOX, s.state, seat_viewer("blue-2"))["frames"][0]
    assert list(frame["answered"]) == ["blue-1"] and frame["sealed_answers"] == {}
    assert game.view(SANDBOX, s.state, seat_viewer("blue-1"))["frames"][0]["sealed_answers"] == {"blue-1": {"points": 2}}
    ok(s.submit("blue-2", Bid(points=0)))
    r = ok(s.submit("red", Bid(points=1)))
    closed = next(e for e in r.effects if type(e).__name__ == "FrameClosed")
    assert closed.answers == {"blue-1": {"points": 2}, "blue-2": {"points": 0}, "red": {"points": 1}}
    decided = next(e for e in r.effects if type(e).__name__ == "InitiativeDecided")
    assert decided.first == "blue" and decided.roll is None
    assert s.state.core.ledger("command", "blue-1").balance == 1 and s.state.core.ledger("command", "red").balance == 2
    assert s.state.core.clock.phase == "move" and set(s.to_act()) == {"blue-1", "blue-2"}


def test_rule_1_2_a_tied_bid_is_settled_by_a_die(s):
    deployed(s)
    r = bids(s, 1, 0, 1, tie_die=5)
    decided = next(e for e in r.effects if type(e).__name__ == "InitiativeDecided")
    assert decided.first == "red" and decided.roll.value == 5 and decided.roll.purpose == "initiative tie"
    assert s.to_act() == ("red",)


def test_rule_1_2_a_bid_above_the_seats_points_is_rejected(s):
    deployed(s)
    r = rejected(s.submit("blue-1", Bid(points=4)), "bad_bid")
    assert "3 command points" in r.message


def test_rule_2_each_seat_orders_only_its_own_units(s):
    deployed(s)
    bids(s)
    rejected(s.submit("blue-1", Move(unit="B2", path=("0203",))), "not_your_unit")
    ok(s.submit("blue-2", Move(unit="B2", path=("0203",))))


def test_rule_3_1_a_move_costs_terrain_and_stays_within_the_allowance(s):
    deployed(s)
    bids(s)
    rejected(s.submit("blue-2", Move(unit="B2", path=("0203", "0204", "0205", "0105", "0104"))), "too_far")
    rejected(s.submit("blue-2", Move(unit="B2", path=("0205",))), "not_adjacent")
    r = ok(s.submit("blue-2", Move(unit="B2", path=("0204", "0205"))))
    assert r.effects[0].cost == 2 and r.partial is None
    rejected(s.submit("blue-2", Move(unit="B2", path=("0105",))), "already_moved")


def test_rule_3_3_the_brook_is_crossed_only_at_the_bridge(s):
    deployed(s)
    bids(s)
    r = rejected(s.submit("blue-2", Move(unit="B2", path=("0204", "0304"))), "brook")
    assert r.citation.name == "sandbox 3.3"
    ok(s.submit("blue-2", Move(unit="B2", path=("0203",))))


def test_rule_3_4_a_concealed_unit_stops_the_move_and_is_revealed(s):
    deployed(s)
    bids(s)
    assert "R2" not in view_units(s, "blue-1")
    # Listed from what Blue knows, so accepted; a longer path through the same hex stops there.
    assert Move(unit="B1", path=("0202",)) in s.legal("blue-1", unit="B1")
    r = ok(s.submit("blue-1", Move(unit="B1", path=("0202", "0203"))))
    assert types(r) == ["UnitMoved", "UnitRevealed"]
    assert r.effects[0].path == ("0202",) and r.partial.code == "stopped_by_concealed_unit"
    assert view_units(s, "blue-1")["R2"]["hex"] == "0302"


def test_rule_4_2_an_attacked_dummy_is_removed_without_a_roll(s):
    deployed(s, real="0305")
    bids(s)
    ok(s.submit("blue-2", Move(unit="B2", path=("0203",))))
    ok(s.submit("blue-1", EndPhase()))
    ok(s.submit("blue-2", EndPhase()))
    assert s.state.core.clock.phase == "combat"
    r = ok(s.submit("blue-2", Attack(units=("B2",), target="0303")))
    assert types(r) == ["AttackDeclared", "UnitRevealed", "UnitEliminated"] and r.effects[1].dummy
    assert "marker@0303" not in view_units(s, "blue-1")


def test_rule_4_3_and_4_4_combat_with_woods_and_brook_then_the_defender_chooses_the_retreat(s):
    deployed(s)
    bids(s)
    ok(s.submit("blue-1", Move(unit="B1", path=("0202",))))  # reveals R2 in the woods at 0302
    ok(s.submit("blue-1", EndPhase()))
    ok(s.submit("blue-2", EndPhase()))
    s.script.queue = [4]
    r = ok(s.submit("blue-1", Attack(units=("B1",), target="0302")))
    combat = next(e for e in r.effects if type(e).__name__ == "CombatResolved")
    # 4 + 3 attack - 1 defence - 1 woods - 1 brook = 4: defender retreats (sandbox 4.3)
    assert (combat.attack, combat.defence, combat.modifiers, combat.modified, combat.result) == (3, 1, {"woods": -1, "brook": -1}, 4, "DR")
    assert combat.roll.value == 4 and combat.roll.chain == "scripted"
    assert s.to_act() == ("red",)
    frame = s.state.core.top()
    assert frame.kind == "retreat" and frame.prompt["options"] == ["0301", "0401", "0402"]
    assert set(s.legal("red")) == {Retreat(frame=frame.id, to=h) for h in ("0301", "0401", "0402")}
    rejected(s.submit("blue-1", EndPhase()), "not_your_turn")
    rejected(s.submit("red", Retreat(frame=frame.id, to="0303")), "bad_retreat")
    ok(s.submit("red", Retreat(frame=frame.id, to="0401")))
    assert view_units(s, "blue-1")["R2"]["hex"] == "0401" and set(s.to_act()) == {"blue-1", "blue-2"}


def test_rule_4_3_an_eliminated_enemy_scores_for_the_attacking_seat(s):
    deployed(s)
    bids(s)
    ok(s.submit("blue-1", Move(unit="B1", path=("0202",))))
    ok(s.submit("blue-1", EndPhase()))
    ok(s.submit("blue-2", EndPhase()))
    s.script.queue = [6]
    r = ok(s.submit("blue-1", Attack(units=("B1",), target="0302")))
    assert r.effects[-1].ledger == "vp" and r.effects[-1].owner == "blue-1" and r.effects[-1].amount == 2
    rejected(s.submit("blue-1", Attack(units=("B1",), target="0302")), "already_attacked")


def test_rule_4_1_an_unseen_enemy_cannot_be_attacked_and_the_refusal_tells_nothing(s):
    deployed(s)
    bids(s)
    ok(s.submit("blue-1", Move(unit="B1", path=("0101",))))
    ok(s.submit("blue-1", EndPhase()))
    ok(s.submit("blue-2", EndPhase()))
    r = rejected(s.submit("blue-1", Attack(units=("B1",), target="0201")), "no_enemy")
    assert r.message == "There is no enemy unit you can see in 0201."


def play_turn_one(s):
    deployed(s)
    bids(s)
    for seat in ("blue-1", "blue-2"):
        ok(s.submit(seat, EndPhase()))
    for seat in ("blue-1", "blue-2"):
        ok(s.submit(seat, EndPhase()))
    ok(s.submit("red", EndPhase()))
    ok(s.submit("red", EndPhase()))
    assert s.state.core.clock.turn == 2 and s.state.core.clock.phase == "bid"


def test_rule_1_3_command_points_are_regained_each_turn_up_to_the_cap(s):
    deployed(s)
    bids(s, 2, 0, 1)
    for seat in ("blue-1", "blue-2", "blue-1", "blue-2", "red", "red"):
        ok(s.submit(seat, EndPhase()))
    core = s.state.core
    assert [core.ledger("command", x).balance for x in ("blue-1", "blue-2", "red")] == [2, 3, 3]


def test_rule_5_the_bridge_attestation_blocks_only_the_bridge_until_settled(s):
    play_turn_one(s)
    att = s.state.core.attestations["bridge_demolished"]
    assert att.state == "open" and att.asserter == "red"
    bids(s, 1, 0, 0)
    ok(s.submit("blue-2", Move(unit="B2", path=("0204",))))
    rejected(s.submit("blue-1", Move(unit="B1", path=("0103", "0203", "0303"))), "awaiting_attestation")
    assert not any(isinstance(o, Move) and "0303" in o.path for o in s.legal("blue-1"))
    rejected(s.submit("blue-1", Confirm(id="bridge_demolished")), "not_asserted")
    rejected(s.submit("blue-1", Attest(id="bridge_demolished", value=True)), "not_asserter")
    ok(s.submit("red", Attest(id="bridge_demolished", value=True)))  # out of turn: attestations never wait
    ok(s.submit("blue-1", Dispute(id="bridge_demolished", reason="We watched it all night.")))
    rejected(s.submit("blue-2", Move(unit="B2", path=("0203",))), "already_moved")
    rejected(s.command(RefereeOrder(order=Settle(id="bridge_demolished", value="yes"))), "bad_value")
    r = ok(s.command(RefereeOrder(order=Settle(id="bridge_demolished", value=True))))
    assert types(r) == ["AttestationSettled", "BridgeBlown"]
    rejected(s.submit("blue-1", Move(unit="B1", path=("0103", "0203", "0303"))), "brook")


def test_rule_5_a_confirmed_attestation_applies_without_a_referee(s):
    play_turn_one(s)
    ok(s.submit("red", Attest(id="bridge_demolished", value=False)))
    assert Confirm(id="bridge_demolished") in s.legal("blue-2")
    r = ok(s.submit("blue-2", Confirm(id="bridge_demolished")))
    assert types(r) == ["AttestationConfirmed", "AttestationSettled"]
    assert s.state.bridge == "intact" and s.state.core.attestations["bridge_demolished"].state == "settled"


def test_a_deadline_imposes_each_due_seats_default_answer(s):
    deployed(s)
    s.script.queue = [2]  # every seat's default bid is 0: the tie is settled by a die
    r = ok(s.command(DeadlineReached()))
    assert s.state.core.clock.phase == "move"
    assert {e.seat for e in r.effects if type(e).__name__ == "FrameAnswered"} == {"blue-1", "blue-2", "red"}
    r = ok(s.command(DeadlineReached(seats=("blue-1",))))
    assert s.to_act() == ("blue-2",)
    rejected(s.command(DeadlineReached(seats=("red",))), "nothing_due")


def test_rule_6_the_game_ends_after_turn_three_with_a_result_per_seat_and_side(s):
    deployed(s)
    while not s.state.core.finished:
        s.script.queue = [1]
        ok(s.command(DeadlineReached()))
    result = s.state.core.result
    assert result.level == "Red victory" and result.winner == "red"
    assert result.seats["red"].points == 3 and result.sides["blue"].points == 0
    rejected(s.submit("red", EndPhase()), "game_finished")
    assert game.legal(SANDBOX, s.state, "red") == []


def test_an_organiser_may_end_the_game_early(s):
    deployed(s)
    r = ok(s.command(EndRequested(by="organiser", reason="tournament round closed")))
    assert s.state.core.result.reason == "tournament round closed" and s.to_act() == ()


def test_every_listed_order_is_accepted_in_random_games():
    import random

    for seed in range(12):
        rng = random.Random(seed)
        session = Session(SANDBOX, SANDBOX_PACK, "1", dice=lambda v, rng=rng: ScriptedDice([rng.randint(1, 6) for _ in range(4)], command=v))
        while not session.state.core.finished:
            seat = rng.choice(session.to_act())
            legal = session.legal(seat)
            order = rng.choice(legal)
            assert isinstance(session.submit(seat, order), Accepted), (seed, seat, order)
        assert session.state.core.result is not None


def test_the_log_folds_back_to_the_same_state(s):
    from domain.kernel.log import Codec, fold

    deployed(s)
    bids(s, 1, 1, 0)
    ok(s.submit("blue-1", Move(unit="B1", path=("0202",))))
    codec = Codec(SANDBOX)
    initial = SANDBOX.setup(SANDBOX_PACK, "1", game_id="session", options={})
    folded = fold(SANDBOX, codec, initial, ((e.type, e.data) for e in s.log))
    assert msgspec.json.encode(folded) == msgspec.json.encode(s.state)


def test_referees_see_everything(s):
    deployed(s)
    units = {u["id"] for u in game.view(SANDBOX, s.state, REFEREE_VIEWER)["game"]["units"]}
    assert {"R1", "RD", "R2"} <= units
