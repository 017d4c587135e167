"""Disputes and corrections as commands (issue 10): a seat disputes an event, a referee resolves
it, and a correction is ruled as compensating effects with reason and citation; history stays."""
from domain.games.sandbox import SANDBOX, SANDBOX_PACK
from domain.games.sandbox.model import Bid, Deploy, Move
from domain.kernel.citation import Rulebook
from domain.kernel.commands import Accepted, Correct, DisputeEvent, EndRequested, RefereeOrder, Rejected, ResolveDispute
from domain.kernel.dice import ScriptedDice
from domain.kernel.session import Session

CITE = {"kind": "rulebook", "book": "docs/rules-contract.md", "section": "The sandbox skirmish", "case": "3.1"}


def game():
    s = Session(SANDBOX, SANDBOX_PACK, "1", dice=lambda v: ScriptedDice([1, 1, 1], command=v))
    for seat, order in [("red", Deploy(real="0305")), ("blue-1", Bid(points=1)), ("blue-2", Bid(points=0)), ("red", Bid(points=0))]:
        assert isinstance(s.submit(seat, order), Accepted)
    return s


def test_a_seat_disputes_an_event_and_a_referee_dismisses_it():
    s = game()
    r = s.submit("red", DisputeEvent(event=3, reason="The markers were shown in the wrong order."))  # out of turn
    assert isinstance(r, Accepted) and s.state.core.disputes[1].state == "open"
    assert isinstance(s.submit("red", DisputeEvent(event=999, reason="?")), Rejected)
    r = s.command(RefereeOrder(order=ResolveDispute(id=1, verdict="dismissed", resolution="Sorted order is the rule."), by="ref"))
    assert isinstance(r, Accepted) and s.state.core.disputes[1].state == "dismissed"
    r = s.command(RefereeOrder(order=ResolveDispute(id=1, verdict="upheld", resolution="again"), by="ref"))
    assert isinstance(r, Rejected) and r.code == "dispute_closed"


def test_a_correction_is_compensating_effects_with_its_citation():
    s = game()
    assert isinstance(s.submit("blue-1", Move(unit="B1", path=("0103",))), Accepted)
    s.submit("blue-1", DisputeEvent(event=s.version - 1, reason="B1 should have stopped at 0103 earlier"))
    log_before = list(s.log)
    order = Correct(effects=[{"type": "sandbox.unit_retreated", "unit": "B1", "frm": "0103", "to": "0102"}],
                    reason="Move ruled wrongly; B1 returns.", citation=Rulebook(**{k: v for k, v in CITE.items() if k != "kind"}), dispute=1)
    r = s.command(RefereeOrder(order=order, by="ref"))
    assert isinstance(r, Accepted)
    assert [type(e).__name__ for e in r.effects] == ["CorrectionApplied", "UnitRetreated"]
    assert r.effects[1].cite[0].section == "The sandbox skirmish"
    assert s.state.units["B1"].hex == "0102"
    assert s.log[:len(log_before)] == log_before  # nothing rewritten


def test_a_correction_that_does_not_fit_is_refused_whole():
    s = game()
    bad = Correct(effects=[{"type": "sandbox.unit_moved", "unit": "NOPE", "path": ["0101"], "cost": 1}],
                  reason="x", citation=Rulebook(book="b", section="s"))
    r = s.command(RefereeOrder(order=bad, by="ref"))
    assert isinstance(r, Rejected) and r.code == "bad_correction"
    r = s.command(RefereeOrder(order=Correct(effects=[{"type": "no.such"}], reason="x", citation=Rulebook(book="b", section="s")), by="ref"))
    assert isinstance(r, Rejected) and r.code == "bad_correction"


def test_disputes_go_on_after_the_game_has_ended():
    s = game()
    s.command(EndRequested(by="organiser"))
    assert s.state.core.finished
    assert isinstance(s.submit("blue-2", DisputeEvent(event=2, reason="late complaint")), Accepted)


def test_seats_mix_their_entropy_into_the_dice_before_the_first_roll():
    from domain.kernel.commands import SupplyEntropy
    from domain.kernel.dice import KeyedDice, key_chain, mix_of
    from domain.games.sandbox.model import Deploy

    keys = key_chain(b"\x05" * 32, 5)
    plain = Session(SANDBOX, SANDBOX_PACK, "1", dice=lambda v: ScriptedDice([2], command=v))
    assert plain.state.core.entropy == {} and mix_of({}) == b""
    s = Session(SANDBOX, SANDBOX_PACK, "1", dice=lambda v: ScriptedDice([2], command=v))
    assert isinstance(s.submit("blue-1", SupplyEntropy(entropy="x" * 40)), Accepted)
    assert isinstance(s.submit("blue-1", SupplyEntropy(entropy="y" * 40)), Rejected)  # once per seat
    assert isinstance(s.submit("red", SupplyEntropy(entropy="short")), Rejected)
    mix = mix_of(s.state.core.entropy)
    assert len(mix) == 32
    # The mix changes every draw: the same key, command and draw give another value stream.
    a = [KeyedDice(game_id="g", command=9, keys=lambda c, e: keys[e]).roll(6, purpose="t", epoch=1).value for _ in range(1)]
    draws = lambda m: [KeyedDice(game_id="g", command=c, keys=lambda ch, e: keys[e], mix=m).roll(1000, purpose="t", epoch=1).value for c in range(8)]  # noqa: E731
    assert draws(mix) != draws(b"") and a
    # After the first roll (a tied bid), no more entropy is taken.
    s.submit("red", Deploy(real="0305"))
    for seat in ("blue-1", "blue-2", "red"):
        s.submit(seat, Bid(points=0))
    assert s.state.core.dice_used
    r = s.submit("red", SupplyEntropy(entropy="z" * 40))
    assert isinstance(r, Rejected) and r.code == "dice_in_use"
