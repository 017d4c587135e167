"""12.71 Secret Location (L1066-1070), home-before-the-leaves-fall@2: "The location of the BEF Army
remains a secret until a German unit is adjacent to any unit of the BEF Army." Scenario 2 (the BEF
set up in W:27xx-W:40xx, 13.25) played in memory; the conformance cases in bef_secrecy.toml work
the adjacency by hand."""
from __future__ import annotations

import json
import random

import msgspec
import pytest

from domain.games.hbtlf import HBTLF, HBTLF_2, bef
from domain.games.hbtlf.orders import ClaimMapExit, DeclareMoves, EvacuateBef, MoveDecl, ReportCombat
from domain.kernel import game
from domain.kernel.commands import Accepted, Confirm, Rejected, Settle
from domain.kernel.dice import ScriptedDice
from domain.kernel.seats import REFEREE_VIEWER, seat_viewer
from domain.kernel.session import Session
from infra.packs import load_pack_dir

THIRD = "British Expeditionary Force Army: 3 infantry division"  # W:2712 at set-up
IX = "First Army: IX Corps"
GERMAN = seat_viewer("german")


@pytest.fixture(scope="module")
def pack():
    return load_pack_dir(HBTLF_2.pack_dir)


def _dice(version: int) -> ScriptedDice:
    return ScriptedDice([random.Random(f"bef:{version}:{i}").randint(1, 6) for i in range(60)], command=version)


def s2(pack, ruleset=HBTLF_2) -> Session:
    s = Session(ruleset, pack, "2", dice=_dice)
    assert s.to_act() == ("allied",) and s.state.core.clock.phase == "impulse"
    return s


def hidden_move(s: Session, unit: str = THIRD, to: str = "W:2711") -> str:
    r = s.submit("allied", DeclareMoves(moves=(MoveDecl(unit=unit, to=to),)))
    assert isinstance(r, Accepted), r
    return r.effects[0].attestation.id


def settle(s: Session, aid: str) -> Accepted:
    [order] = [o for o in game.referee_legal(s.state) if isinstance(o, Settle) and o.id == aid]
    r = s.referee(order)
    assert isinstance(r, Accepted), r
    return r


def german_sees(s: Session) -> bytes:
    """Everything the German seat is shown: its state view, its legal orders, the log as it sees it."""
    log = [(e.type, e.data.decode() if e.visibility in ("public", "seats:german") else "hidden") for e in s.log]
    return msgspec.json.encode([game.view(s.ruleset, s.state, GERMAN), game.legal(s.ruleset, s.state, "german"), log])


def test_12_71_the_german_view_shows_british_positions_as_secret(pack):
    s = s2(pack)
    german, allied = (game.view(s.ruleset, s.state, v)["game"] for v in (GERMAN, seat_viewer("allied")))
    assert german["bef"] == "secret" and german["positions"][THIRD] == "secret" and allied["positions"][THIRD] == "W:2712"
    assert german["positions"][IX] == allied["positions"][IX]  # every other unit as before
    assert game.view(s.ruleset, s.state, REFEREE_VIEWER)["game"]["positions"][THIRD] == "W:2712"


def test_12_71_a_british_move_is_a_hidden_claim_neither_seat_confirms(pack):
    s = s2(pack)
    aid = hidden_move(s)
    for seat in ("german", "allied"):
        r = s.submit(seat, Confirm(id=aid))
        assert isinstance(r, Rejected) and r.code == "not_confirmer"
    assert game.view(s.ruleset, s.state, GERMAN)["game"]["claims"][aid] == {"seat": "allied", "gt": 2, "impulse": 1, "hidden": True}
    settle(s, aid)
    assert s.state.positions[THIRD] == "W:2711" and s.state.bef == "secret"
    assert game.view(s.ruleset, s.state, GERMAN)["game"]["positions"][THIRD] == "secret"


def test_12_71_what_the_german_seat_sees_does_not_depend_on_where_the_bef_moved(pack):
    """Non-interference: twin games whose British move differs (W:2713 or W:2812, both next to
    W:2712) show the German seat the same bytes: view, legal orders and log (hidden events as such)."""
    seen = []
    for to in ("W:2713", "W:2812"):
        s = s2(pack)
        settle(s, hidden_move(s, to=to))
        seen.append(german_sees(s))
        assert to.encode() not in seen[-1]
    assert seen[0] == seen[1]


def test_12_71_a_german_unit_adjacent_reveals_every_british_position_for_good(pack):
    s = s2(pack)
    s.state = HBTLF_2.position(s.state, {"positions": {IX: "W:2611"}, "order": ["german", "allied"],
                                         "core": {"clock": {"turn": 2, "phase": "impulse", "side": "german", "impulse": 1}}})
    r = s.submit("german", DeclareMoves(moves=(MoveDecl(unit=IX, to="W:2612"),)))  # next to W:2712
    assert isinstance(r, Accepted) and r.effects[0].vis == "public"
    confirmed = s.submit("allied", Confirm(id=r.effects[0].attestation.id))
    [revealed] = [e for e in confirmed.effects if e.__struct_config__.tag == "hbtlf.bef_revealed"]
    assert revealed.vis == "public" and revealed.positions[THIRD] == "W:2712" and revealed.british.endswith("II Corps")
    assert s.state.bef == "revealed" and game.view(s.ruleset, s.state, GERMAN)["game"]["positions"][THIRD] == "W:2712"
    # from now on British moves are claims like any other: public, the German seat confirms them
    s.state = HBTLF_2.position(s.state, {"core": {"clock": {"side": "allied"}}})
    after = s.submit("allied", DeclareMoves(moves=(MoveDecl(unit=THIRD, to="W:2711"),)))
    assert isinstance(after, Accepted) and after.effects[0].attestation.confirmers == ("german",) and not after.effects[0].attestation.hidden


def test_12_71_a_hidden_move_does_not_show_through_a_combat_claim_s_refusal(pack):
    """A German combat report naming a British unit whose move is hidden and pending is taken as a
    claim, not refused with `pending_attestation` (which would tell the German seat it moved)."""
    s = s2(pack)
    hidden_move(s)
    s.state = HBTLF_2.position(s.state, {"order": ["german", "allied"], "core": {"clock": {"side": "german"}}})
    r = s.submit("german", ReportCombat(german_sp=1, allied_sp=1, eliminated=(THIRD,)))
    assert isinstance(r, Accepted), r


def test_12_71_a_british_unit_leaving_the_map_by_7_4_is_hidden_too(pack):
    """7.4's map exit (@2) says where a unit is, so while the BEF is secret a British unit's
    `claim_map_exit` is a hidden claim the referee confirms, and its `hbtlf.map_exited` is hidden:
    the German seat still sees `secret` (the unit is first moved, hidden, to the south edge row 70)."""
    s = s2(pack)
    settle(s, hidden_move(s, to="W:7010"))
    r = s.submit("allied", ClaimMapExit(unit=THIRD, edge="W:south"))
    assert isinstance(r, Accepted), r
    a = r.effects[0].attestation
    assert a.hidden and a.confirmers == ("referee",) and all(e.vis == "seats:allied" for e in r.effects)
    exited = settle(s, a.id)
    assert [e.vis for e in exited.effects if e.__struct_config__.tag == "hbtlf.map_exited"] == ["seats:allied"]
    german, allied = (game.view(s.ruleset, s.state, v)["game"] for v in (GERMAN, seat_viewer("allied")))
    assert german["positions"][THIRD] == "secret" and THIRD not in german["off_map"]  # the view's 7.4 list too
    assert allied["off_map"][THIRD][0] == "W:south"
    assert b"W:south" not in german_sees(s) and b"W:7010" not in german_sees(s)


def test_12_71_version_1_keeps_british_moves_public_and_its_view_unchanged():
    s = s2(load_pack_dir(HBTLF.pack_dir), HBTLF)  # @1 plays its frozen pack_v1
    aid = hidden_move(s)
    a = s.state.core.attestations[aid]
    assert a.confirmers == ("german",) and not a.hidden
    view = game.view(s.ruleset, s.state, GERMAN)["game"]
    assert "bef" not in view and view["positions"][THIRD] == "W:2712"
    assert b'"bef"' not in msgspec.json.encode(s.state)
    assert json.loads(a.value)["moves"][0]["to"] == "W:2711"


def test_12_74_the_evacuation_is_the_british_player_s_and_listed_once(pack):
    """12.74 (L1084-1086): the Allied seat is offered one evacuation candidate (a hex holding BEF
    units; whether it is coastal is the claim's); the German seat may not evacuate the BEF."""
    s = s2(pack)
    listed = [o for o in s.legal("allied") if isinstance(o, EvacuateBef)]
    assert len(listed) == 1 and bef.in_hex(s.state, listed[0].hex)
    s.state = HBTLF_2.position(s.state, {"order": ["german", "allied"], "core": {"clock": {"side": "german"}}})
    r = s.submit("german", EvacuateBef(hex="W:2913"))
    assert isinstance(r, Rejected) and r.code == "not_applicable"
    assert not any(isinstance(o, EvacuateBef) for o in s.legal("german"))


@pytest.mark.parametrize("seed", range(3))
def test_12_71_random_twin_games_show_the_german_seat_the_same_bytes_while_the_bef_is_secret(pack, seed):
    """Non-interference under play: two games take the same German orders and the same Allied ones,
    except that each British move goes to its own random hex in each; every claim is confirmed (the
    referee settles the hidden ones). While the BEF is secret the German seat is shown the same bytes
    after every step; the Allied seat is not (its moves differ)."""
    rng = random.Random(seed)
    worlds = [s2(pack), s2(pack)]
    picks = [random.Random(f"{seed}:a"), random.Random(f"{seed}:b")]
    differed = False
    for _ in range(80):
        seat = worlds[0].to_act()[0] if worlds[0].to_act() else None
        if seat is None or any(w.state.bef != "secret" for w in worlds):
            break
        if seat == "german":
            legal = [o for o in worlds[0].legal("german") if not isinstance(o, (Confirm,))]
            ends = [o for o in legal if type(o).__name__ in ("EndSegment", "DeclareImpulses")]
            order = ends[0] if ends and rng.random() < 0.3 else rng.choice(legal)
            for w in worlds:
                assert isinstance(w.submit("german", order), Accepted)
        else:
            moves = [[o for o in w.legal("allied") if isinstance(o, DeclareMoves) and bef.is_british(w.state, o.moves[0].unit)]
                     for w in worlds]
            if rng.random() < 0.8 and all(moves):
                unit = rng.choice(sorted({o.moves[0].unit for o in moves[0]} & {o.moves[0].unit for o in moves[1]}) or [None])
                if unit is not None:
                    for w, pick, ms in zip(worlds, picks, moves):
                        r = w.submit("allied", pick.choice([o for o in ms if o.moves[0].unit == unit]))
                        assert isinstance(r, Accepted), r
                        settle(w, r.effects[0].attestation.id)
            else:
                end = next(o for o in worlds[0].legal("allied") if type(o).__name__ in ("EndSegment", "Withdraw", "DeclareImpulses"))
                for w in worlds:
                    assert isinstance(w.submit("allied", end), Accepted)
        for w in worlds:  # the Allied seat confirms the German claims
            for o in w.legal("allied"):
                if isinstance(o, Confirm):
                    assert isinstance(w.submit("allied", o), Accepted)
        if worlds[0].state.core.finished:
            break  # everything is public once the game has ended
        assert german_sees(worlds[0]) == german_sees(worlds[1])
        differed |= worlds[0].state.positions != worlds[1].state.positions
    assert differed  # the twins did move the BEF differently
