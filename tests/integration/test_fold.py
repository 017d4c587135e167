"""The one decider on both backends: sandbox games played through Games and fold_game."""
from __future__ import annotations

import random
import threading

import msgspec
import pytest

from domain.games.sandbox.model import Bid, Deploy, EndPhase
from domain.kernel.seats import REFEREE_VIEWER
from infra.eventstore import open_store
from domain.kernel.log import fold
from services.catalog import Catalog
from services.games import Games
from services.queries import Queries
from services.worker.fold import fold_game
from tests.integration.rulesets import Broken, CatalogWith, Hanging, Paused
from tests.integration.support import begun, bot_move, check_game, play_in_process, unruled, verdict_counts


def order(games: Games, game_id: str, seat: str, o) -> int:
    return games.submit_order(game_id, seat, msgspec.to_builtins(o), principal=seat).last_version


def test_every_command_is_ruled_once_and_the_projection_equals_a_fresh_fold(games):
    for seed in range(3):
        g = begun(games, "sandbox/1")
        play_in_process(games, g, random.Random(seed), lambda: fold_game(games, g))
        stats = check_game(games, g)
        assert games.store.projection(g).status == "finished" and stats["ruled"] == stats["commands"] > 10
    assert games.store.lagging() == []


def test_the_fold_snapshots_every_n_events_and_state_at_any_version_equals_a_fresh_replay(store_url):
    store = open_store(store_url)
    games = Games(store, Catalog(sandbox=True), snapshot_every=16)
    try:
        g = begun(games, "sandbox/1")
        play_in_process(games, g, random.Random(5), lambda: fold_game(games, g))
        events = store.read(g)
        ctx, genesis = games.context(g), games.context(g).genesis
        found = (store.snapshot(g, at_most=v, ruleset=genesis.ruleset, pack_hash=genesis.pack_hash)
                 for v in range(1, events[-1].version + 1))
        snaps = {s[0] for s in found if s}
        assert len(snaps) >= events[-1].version // 16 - 1  # about one per 16 events (a fold may span two)
        for v in range(1, events[-1].version + 1):
            replayed = fold(ctx.ruleset, ctx.codec, ctx.initial(), ((e.type, e.data) for e in events[:v]))
            assert msgspec.json.encode(Queries(games).state(g, at=v)) == msgspec.json.encode(replayed), v
        check_game(games, g)
    finally:
        store.close()


def test_piled_up_orders_are_ruled_in_log_order_in_batches_and_the_sweep_sees_what_is_left(games):
    g = begun(games, "sandbox/1")
    rng = random.Random(7)
    for _ in range(12):  # all chosen from the same projection: most are refused once ruled
        bot_move(games, g, rng)
    first = fold_game(games, g, batch=5)
    assert (first.ruled, first.more) == (5, True)
    assert g in games.store.lagging()  # were this fold's follow-up nudge lost, the sweep would find the game
    while fold_game(games, g, batch=5).more:
        pass
    assert check_game(games, g)["ruled"] == 12 and games.store.lagging() == []


def test_a_repeated_fold_rules_nothing(games):
    g = begun(games, "sandbox/1")
    order(games, g, "red", Deploy(real="0303"))
    assert fold_game(games, g).ruled == 1
    before = games.store.read(g)
    assert fold_game(games, g).ruled == 0
    assert games.store.read(g) == before
    check_game(games, g)


def test_two_folds_racing_on_one_game_rule_each_command_once(games):
    g = begun(games, "sandbox/1")
    rng = random.Random(3)
    submitted = ruled = 0
    for _ in range(6):
        for _ in range(5):
            submitted += bot_move(games, g, rng) is not None
        barrier = threading.Barrier(2)
        results = []

        def race():
            barrier.wait()
            results.append(fold_game(games, g))

        threads = [threading.Thread(target=race) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert len(results) == 2, "a fold raised"
        ruled += sum(r.ruled for r in results)
    assert ruled == submitted
    assert check_game(games, g)["ruled"] == submitted


def test_a_finished_game_rejects_late_orders_and_reveals_its_keys_once(games):
    g = begun(games, "sandbox/1")
    play_in_process(games, g, random.Random(11), lambda: fold_game(games, g))
    reveals = [e for e in games.store.read(g) if e.type == "key.revealed"]
    chains = [msgspec.json.decode(e.data)["chain"] for e in reveals]
    assert chains.count("hidden") == 1  # the hidden chain comes out when the game ends, once
    late = order(games, g, "red", EndPhase())
    assert fold_game(games, g).ruled == 1
    assert Queries(games).ruling(g, late, REFEREE_VIEWER)["ruling"]["data"]["code"] == "game_finished"
    assert [e for e in games.store.read(g) if e.type == "key.revealed"] == reveals
    check_game(games, g)




@pytest.fixture
def broken_games(store_url):
    store = open_store(store_url)
    yield Games(store, CatalogWith(Broken(), Hanging()))
    store.close()


def test_a_ruleset_that_raises_halts_the_game_and_later_commands_stay_unruled(broken_games):
    games = broken_games
    g = begun(games, "sandbox-broken/1")
    order(games, g, "red", Deploy(real="0305"))
    bid = order(games, g, "blue-1", Bid(points=1))
    after = order(games, g, "blue-2", Bid(points=0))
    result = fold_game(games, g)
    assert (result.ruled, result.status, result.more) == (2, "halted", False)
    failed = [e for e in games.store.read(g) if e.type == "adjudication.failed"]
    assert [e.adjudicates for e in failed] == [bid]
    assert msgspec.json.decode(failed[0].data)["error"] == "RuntimeError: the bid table has no row for this"
    order(games, g, "red", Bid(points=0))
    assert fold_game(games, g).ruled == 0
    assert after not in verdict_counts(games, g) and games.store.lagging() == []  # the sweep leaves it to a referee
    assert Queries(games).summary(g)["status"] == "halted" and Queries(games).summary(g)["to_act"] == []
    check_game(games, g)


def test_a_ruling_that_times_out_is_recorded_as_failed(broken_games):
    games = broken_games
    g = begun(games, "sandbox-hanging/1")
    order(games, g, "red", Deploy(real="0305"))
    bid = order(games, g, "blue-1", Bid(points=1))
    result = fold_game(games, g, ruling_seconds=0.2)  # this test runs on the main thread: SIGALRM applies
    assert result.status == "halted"
    (failed,) = [e for e in games.store.read(g) if e.type == "adjudication.failed"]
    assert failed.adjudicates == bid and msgspec.json.decode(failed.data)["error"].startswith("RulingTimeout")
    check_game(games, g)


def test_an_order_committed_while_a_fold_runs_keeps_the_game_lagging_until_ruled(pg_url):
    # PostgreSQL only: there an order's append needs the stream row, not the projection row the
    # fold holds. (SQLite's single writer lock makes the order wait for the fold instead.)
    ruleset = Paused()
    store = open_store(pg_url)
    games = Games(store, CatalogWith(ruleset))
    try:
        g = begun(games, "sandbox-paused/1")
        order(games, g, "red", Deploy(real="0305"))
        fold_game(games, g)
        order(games, g, "blue-1", Bid(points=1))
        folding = threading.Thread(target=fold_game, args=(games, g))
        folding.start()
        assert ruleset.entered.wait(10), "the fold never reached the bid"
        late = order(games, g, "blue-2", Bid(points=0))  # committed after the fold read the log
        ruleset.release.set()
        folding.join(30)
        assert unruled(games, g) == [late]
        assert store.lagging() == [g]  # a lost nudge for `late` is found again by the sweep
        assert fold_game(games, g).ruled == 1 and store.lagging() == []
        check_game(games, g)
    finally:
        ruleset.release.set()
        store.close()
