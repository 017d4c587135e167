"""Hidden attestations (docs/rules-contract.md, "Hidden attestations"): a claim whose content only
its seat may read is confirmed by the referee; its events carry its visibility, the state shows the
other seats only that it exists and where it stands, and a reveal makes it public. Played on the
sandbox with one order added, so the kernel is checked apart from any game's own rules."""
from __future__ import annotations

import json

import msgspec
import pytest

from domain.games.sandbox import SANDBOX_PACK, SANDBOX_V2
from domain.games.sandbox.rules import SandboxV2
from domain.kernel import attestations, game
from domain.kernel.adjudication import Adjudication
from domain.kernel.commands import Accepted, Confirm, Dispute, EndRequested, Order, Rejected, Settle
from domain.kernel.core import Attestation
from domain.kernel.effects import AttestationOpened, AttestationSettled
from domain.kernel.house import KERNEL_CITE
from domain.kernel.seats import PUBLIC_VIEWER, REFEREE, REFEREE_VIEWER, seat_viewer, to_seats
from domain.kernel.session import Session
from tests.unit.sandbox.test_skirmish import Script, bids, deployed


class Scout(Order, frozen=True, kw_only=True, tag="scout"):
    """A move the other side may not see (as 12.71 hides the BEF): a hidden claim."""

    to: str


class Scouting(SandboxV2):
    def rule(self, adj: Adjudication, seat: str, order: Order) -> None:
        if not isinstance(order, Scout):
            return super().rule(adj, seat, order)
        a = Attestation(id=f"scout-{adj.command}", predicate=f"{seat} scouted to {order.to}", value_type="str", asserter=seat,
                        confirmers=(REFEREE,), blocks=(order.to,), state="asserted", value=json.dumps({"to": order.to}),
                        vis=to_seats(seat))
        attestations.open_attestation(adj, a, cite=(KERNEL_CITE,))

    def on_attested(self, adj: Adjudication, attestation) -> None:
        self.settled = getattr(self, "settled", ()) + ((attestation.id, attestation.value),)


@pytest.fixture
def s() -> Session:
    s = Session(Scouting(), SANDBOX_PACK, "1", dice=Script())
    s.script = s.dice
    bids(deployed(s))
    return s


def scout(s: Session, to: str = "0405") -> tuple[str, str, str]:
    seat = s.to_act()[0]
    other = next(x for x in s.state.core.layout.seat_ids() if s.state.core.layout.side_of(x) != s.state.core.layout.side_of(seat))
    ruling = s.submit(seat, Scout(to=to))
    assert isinstance(ruling, Accepted), ruling
    return seat, other, f"scout-{s.version - len(ruling.effects) - 1}"


def test_a_hidden_claim_s_events_carry_its_seat_s_visibility(s):
    seat, _, aid = scout(s)
    opened = [e for e in s.log if e.type == "attest.opened"]
    assert [e.visibility for e in opened] == [to_seats(seat)]
    assert json.loads(opened[0].data)["attestation"]["vis"] == to_seats(seat)
    assert aid in s.state.core.attestations


def test_the_other_seat_s_state_shows_that_a_hidden_claim_exists_not_its_content(s):
    seat, other, aid = scout(s)
    for viewer in (seat_viewer(other), PUBLIC_VIEWER):
        shown = game.view(s.ruleset, s.state, viewer)["attestations"][aid]
        assert shown == {"id": aid, "value_type": "str", "asserter": seat, "confirmers": (REFEREE,), "state": "asserted", "hidden": True}
        assert "0405" not in json.dumps(game.view(s.ruleset, s.state, viewer)["attestations"])
    for viewer in (seat_viewer(seat), REFEREE_VIEWER):
        assert game.view(s.ruleset, s.state, viewer)["attestations"][aid]["value"] == json.dumps({"to": "0405"})


def test_neither_seat_confirms_a_claim_the_referee_confirms(s):
    seat, other, aid = scout(s)
    for who in (seat, other):
        for order in (Confirm(id=aid), Dispute(id=aid, reason="no")):
            r = s.submit(who, order)
            assert isinstance(r, Rejected) and r.code == "not_confirmer", r
        assert not any(getattr(o, "id", None) == aid for o in s.legal(who))


def test_the_referee_lists_and_settles_a_hidden_claim_the_settlement_hidden_too(s):
    seat, other, aid = scout(s)
    listed = game.referee_legal(s.state)
    assert Settle(id=aid, value=json.dumps({"to": "0405"})) in listed
    r = s.referee(listed[-1])
    assert isinstance(r, Accepted), r
    settled = [e for e in r.effects if isinstance(e, AttestationSettled)]
    assert [e.vis for e in settled] == [to_seats(seat)]
    assert s.ruleset.settled == ((aid, json.dumps({"to": "0405"})),)
    assert game.view(s.ruleset, s.state, seat_viewer(other))["attestations"][aid]["state"] == "settled"
    assert "value" not in game.view(s.ruleset, s.state, seat_viewer(other))["attestations"][aid]
    assert not any(o.id == aid for o in game.referee_legal(s.state) if isinstance(o, Settle))


def test_a_reveal_makes_the_content_public_in_a_public_event(s):
    seat, other, aid = scout(s)
    adj = Adjudication(s.ruleset, s.state, s.dice(s.version + 1), command=s.version + 1)
    attestations.reveal(adj, (aid,), cite=(KERNEL_CITE,))
    [revealed] = adj.effects
    assert revealed.vis == "public" and revealed.attestations[0].value == json.dumps({"to": "0405"})
    assert game.view(s.ruleset, adj.state, seat_viewer(other))["attestations"][aid]["predicate"] == f"{seat} scouted to 0405"
    attestations.reveal(adj, (aid,))  # revealed already: nothing more
    assert len(adj.effects) == 1


def test_everything_is_public_once_the_game_has_ended(s):
    seat, other, aid = scout(s)
    s.command(EndRequested(by="organiser", reason="test"))
    assert game.view(s.ruleset, s.state, seat_viewer(other))["attestations"][aid]["value"] == json.dumps({"to": "0405"})


def test_an_attestation_everyone_sees_encodes_as_before_hidden_attestations():
    """`vis` is UNSET, never encoded: every recorded `attest.opened` and state keeps its bytes."""
    a = Attestation(id="x", predicate="p", value_type="bool", asserter="red", confirmers=("blue",))
    assert msgspec.json.encode(AttestationOpened(attestation=a, vis=a.visibility)) == (
        b'{"type":"attest.opened","cite":[],"vis":"public","attestation":{"id":"x","predicate":"p","value_type":"bool",'
        b'"asserter":"red","confirmers":["blue"],"blocks":[],"state":"open","value":null,"dispute":""}}')
    assert not a.hidden and a.visibility == "public"
    assert msgspec.json.decode(msgspec.json.encode(a), type=Attestation) == a
