"""Home Before the Leaves Fall, Scenario 1, through the service (event store, worker fold, export,
`umpire verify`): random seats play it through, confirming each other's claims but one, which is
disputed and settled by a referee; the finished game's export re-adjudicates ruling for ruling.
New games play the latest version (@2), so the referee also confirms the BEF's hidden moves (12.71).
Scenario 11 is refused with its reason."""
from __future__ import annotations

import json
import random

import msgspec
import pytest

from domain.kernel.seats import REFEREE_VIEWER, seat_viewer
from infra.eventstore import open_store
from services.catalog import Catalog, ScenarioNotStartable
from services.export import export_lines, parse
from services.games import Games
from services.queries import Queries
from services.verify import verify
from services.worker.fold import fold_game

CATALOG = Catalog()
S1 = "home-before-the-leaves-fall/1"


def _state(games, gid):
    return Queries(games).state(gid)


def _confirm(games, gid, skip):
    for seat in ("german", "allied"):
        for o in Queries(games).legal(gid, seat):
            if type(o).__name__ == "Confirm" and o.id not in skip:
                games.submit_order(gid, seat, msgspec.to_builtins(o), principal=seat)
                fold_game(games, gid)
    # @2 (12.71): the BEF's moves while it is secret are hidden claims the referee confirms
    for o in Queries(games).referee_legal_body(gid)["orders"]:
        if o["type"] == "settle" and o["id"] not in skip and _state(games, gid).core.attestations[o["id"]].hidden:
            games.submit_referee(gid, o, principal="referee")
            fold_game(games, gid)


def _finished_and_verified(games, gid) -> None:
    """The game has a result, and its export verifies offline (every ruling re-ruled)."""
    summary = Queries(games).summary(gid)
    assert summary["status"] == "finished" and summary["result"]["level"]
    header, events = parse(list(export_lines(games, gid, REFEREE_VIEWER)))
    report = verify(header, events, CATALOG)
    assert report.ok and report.rulings_checked > 20, report


def test_scenario_1_played_disputed_settled_and_verified(tmp_path):
    games = Games(open_store(f"sqlite:///{tmp_path}/u.db"), CATALOG)
    gid = games.create(S1).game_id
    fold_game(games, gid)
    games.submit_order(gid, "german", {"type": "declare_impulses", "days": [2, 3, 2], "first": "allied"}, principal="german")
    fold_game(games, gid)
    games.submit_order(gid, "allied", {"type": "declare_moves", "moves": [{"unit": "Belgian Army: 4 infantry division", "to": "W:2304"}]},
                       principal="allied")
    fold_game(games, gid)
    disputed = next(iter(_state(games, gid).core.attestations))
    games.submit_order(gid, "german", {"type": "dispute", "id": disputed, "reason": "it never left Namur"}, principal="german")
    fold_game(games, gid)
    rng = random.Random(5)
    for _ in range(600):
        _confirm(games, gid, {disputed})
        summary = Queries(games).summary(gid)
        if not summary["to_act"]:
            break
        seat = summary["to_act"][0]
        legal = [o for o in Queries(games).legal(gid, seat) if type(o).__name__ not in ("Confirm", "Dispute")]
        ends = [o for o in legal if type(o).__name__ in ("EndSegment", "Withdraw")]
        order = ends[0] if ends and rng.random() < 0.3 else rng.choice(legal)
        games.submit_order(gid, seat, msgspec.to_builtins(order), principal=seat)
        fold_game(games, gid)
    assert Queries(games).summary(gid)["status"] == "active"  # the scenario waits for the referee
    value = _state(games, gid).core.attestations[disputed].value
    games.submit_referee(gid, {"type": "settle", "id": disputed, "value": value}, principal="referee")
    fold_game(games, gid)
    _finished_and_verified(games, gid)


def test_scenario_11_is_refused_with_its_reason(tmp_path):
    games = Games(open_store(f"sqlite:///{tmp_path}/u.db"), CATALOG)
    with pytest.raises(ScenarioNotStartable, match="Cossacks"):
        games.create("home-before-the-leaves-fall/11")


def _play(games, gid, rng, skip, *, steps: int, end_bias: float) -> None:
    for _ in range(steps):
        _confirm(games, gid, skip)
        summary = Queries(games).summary(gid)
        if not summary["to_act"]:
            return
        seat = summary["to_act"][0]
        legal = [o for o in Queries(games).legal(gid, seat) if type(o).__name__ not in ("Confirm", "Dispute")]
        ends = [o for o in legal if type(o).__name__ in ("EndSegment", "Withdraw", "DeclareImpulses")]
        order = ends[0] if ends and rng.random() < end_bias else rng.choice(legal)
        games.submit_order(gid, seat, msgspec.to_builtins(order), principal=seat)
        fold_game(games, gid)


def test_scenario_8_played_through_the_service_disputed_settled_and_verified(tmp_path):
    """13.8 (set-up composed from 13.75 and 13.15, schedule 13.86) from GT O to GT4's one impulse
    through the service: the first claim is disputed and settled by the referee as void; the
    export re-adjudicates."""
    games = Games(open_store(f"sqlite:///{tmp_path}/u.db"), CATALOG)
    gid = games.create("home-before-the-leaves-fall/8").game_id
    fold_game(games, gid)
    assert len(_state(games, gid).positions) > 500
    games.submit_order(gid, "german", {"type": "declare_impulses", "days": [2, 3, 2], "first": "german"}, principal="german")
    fold_game(games, gid)
    games.submit_order(gid, "german", {"type": "report_combat", "german_sp": 2, "allied_sp": 1}, principal="german")
    fold_game(games, gid)
    disputed = next(iter(_state(games, gid).core.attestations))
    games.submit_order(gid, "allied", {"type": "dispute", "id": disputed, "reason": "no such combat"}, principal="allied")
    fold_game(games, gid)
    _play(games, gid, random.Random(8), {disputed}, steps=1500, end_bias=0.7)
    state = _state(games, gid)
    assert Queries(games).summary(gid)["status"] == "active" and state.core.clock.turn == 4 and state.core.clock.phase == "closing"
    games.submit_referee(gid, {"type": "settle", "id": disputed, "value": "void"}, principal="referee")
    fold_game(games, gid)
    _finished_and_verified(games, gid)


def test_scenario_2_at_2_the_bef_s_moves_hidden_settled_by_the_referee_played_and_verified(tmp_path):
    """12.71 (@2) through the service: in Scenario 2 random seats play; the British moves made while
    the BEF is secret are hidden claims the referee confirms (neither seat can), and the German seat's
    events never show one; the game plays to its end and its export re-adjudicates."""
    games = Games(open_store(f"sqlite:///{tmp_path}/u.db"), CATALOG)
    gid = games.create("home-before-the-leaves-fall/2").game_id
    fold_game(games, gid)
    assert _state(games, gid).bef == "secret"
    rng = random.Random(12)
    for _ in range(100):  # until the first hidden claims are settled, mid-game
        _play(games, gid, rng, set(), steps=10, end_bias=0.3)
        hidden = [a for a in _state(games, gid).core.attestations.values() if a.hidden]
        if len(hidden) >= 2:
            break
    assert all(a.state == "settled" and a.confirmers == ("referee",) for a in hidden)
    german_events = Queries(games).events(gid, seat_viewer("german"), limit=100_000)
    german = msgspec.json.encode(german_events).decode()
    allied = msgspec.json.encode(Queries(games).events(gid, seat_viewer("allied"), limit=100_000)).decode()
    stubs = [e for e in german_events if e["type"] == "attest.opened" and e.get("hidden") and e["visibility"] == "seats:allied"]
    assert len(stubs) == len(hidden) and all("data" not in e and e["data_digest"] for e in stubs)  # it exists, nothing more
    for a in hidden:  # the claim's id and value are only in events the German seat gets as stubs
        assert f'"{a.id}"' in allied and f'"{a.id}"' not in german and json.loads(a.value)["moves"][0]["to"] in allied
    _play(games, gid, rng, set(), steps=1500, end_bias=0.3)
    _finished_and_verified(games, gid)


@pytest.mark.parametrize("n", range(1, 11))
def test_every_scenario_starts_through_the_service(tmp_path, n):
    """S1-S10 set up from their data (13.x5) through the service and give their first ruling."""
    games = Games(open_store(f"sqlite:///{tmp_path}/u.db"), CATALOG)
    gid = games.create(f"home-before-the-leaves-fall/{n}").game_id
    fold_game(games, gid)
    summary = Queries(games).summary(gid)
    assert summary["status"] == "active" and summary["to_act"]
    assert len(_state(games, gid).positions) > 100
