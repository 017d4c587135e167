"""The flight counter that keeps one fold message per game (services/worker/flight.py), on a real
Redis: every interleaving of nudges with a fold's begin and end either sends a message or leaves
one fold that reads the log after the nudge's order."""
from __future__ import annotations

import redis

from services.worker.flight import PREFIX, Flights


def _flights(url: str) -> Flights:
    return Flights(redis.Redis.from_url(url))


def test_the_first_nudge_of_an_idle_game_sends_and_the_next_ones_only_count(redis_url):
    f = _flights(redis_url)
    assert f.nudged("g1")
    assert not f.nudged("g1") and not f.nudged("g1")
    assert f.nudged("g2")  # per game: another game's nudge is not held back


def test_a_fold_nudged_while_it_ran_goes_round_again(redis_url):
    f = _flights(redis_url)
    assert f.nudged("g")
    f.begin("g")  # the fold is about to read the log
    assert not f.nudged("g")  # an order committed after the read: the running fold will not see it
    assert f.end("g", more=False)  # so the game goes round again
    assert not f.nudged("g")  # and that new message is queued: nudges count again


def test_a_fold_not_nudged_after_it_began_ends_the_flight(redis_url):
    f = _flights(redis_url)
    assert f.nudged("g")
    assert not f.nudged("g")  # before the fold began: the fold's read comes after this order's commit
    f.begin("g")
    assert not f.end("g", more=False)
    assert f.nudged("g")  # idle again: the next order sends


def test_a_fold_that_left_commands_goes_round_again(redis_url):
    f = _flights(redis_url)
    f.nudged("g")
    f.begin("g")
    assert f.end("g", more=True)


def test_a_counter_always_expires_so_a_lost_message_cannot_silence_a_game(redis_url):
    f = _flights(redis_url)
    client = redis.Redis.from_url(redis_url)
    f.nudged("g")
    assert 0 < client.ttl(PREFIX + "g") <= f.ttl
    f.nudged("g")
    f.begin("g")
    assert 0 < client.ttl(PREFIX + "g") <= f.ttl
    f.nudged("g")
    assert f.end("g", more=False)
    assert 0 < client.ttl(PREFIX + "g") <= f.ttl


def test_a_duplicate_fold_ending_after_the_flight_ended_sends_nothing(redis_url):
    f = _flights(redis_url)
    f.nudged("g")
    f.begin("g")
    f.begin("g")  # a second message for the game (a redelivery, the sweep) folding at the same time
    assert not f.end("g", more=False)
    assert not f.end("g", more=False)  # the counter is gone: a nudge from now on sends
    assert f.nudged("g")


def test_a_nudge_counts_and_pushes_celerys_own_fold_message_in_one_call(redis_url, tmp_path):
    """The API's nudge (services/worker/nudge.py) pushes, from the counting script, the message
    Celery itself would have pushed: same queue list, task, arguments and routing; a second nudge
    of the same game only counts."""
    import json

    from services.config import Settings
    from services.worker.app import FOLD_QUEUE, make_app
    from services.worker.nudge import FoldMessages, celery_nudge

    settings = Settings(data=tmp_path, redis_url=redis_url)
    client = redis.Redis.from_url(redis_url)
    nudge = celery_nudge(settings)
    nudge("g1")
    nudge("g1")
    assert client.llen(FOLD_QUEUE) == 1 and int(client.get(PREFIX + "g1")) == 2
    ours = json.loads(client.rpop(FOLD_QUEUE))

    app = make_app(settings)
    app.send_task("umpire.fold", args=("g1",), queue=FOLD_QUEUE, retry=False)
    theirs = json.loads(client.rpop(FOLD_QUEUE))
    for message in (ours, theirs):
        message["headers"].pop("id"), message["headers"].pop("root_id")
        message["properties"].pop("correlation_id"), message["properties"].pop("delivery_tag")
        message["properties"].pop("reply_to")
        message["headers"].pop("origin", None)
    assert ours == theirs
    assert json.loads(__import__("base64").b64decode(ours["body"]))[0] == ["g1"]
    built = FoldMessages.make(app).build("g2")
    assert built is not None and built[0] == FOLD_QUEUE and client.llen(FOLD_QUEUE) == 0  # built, not pushed


def test_the_sweep_leaves_a_game_whose_fold_is_on_its_way_and_folds_one_whose_counter_is_old(redis_url):
    """A lagging game whose fold was queued or began within `fresh_seconds` is in flight; one whose
    counter was set longer ago (a lost message's) or that has none is not: the sweep folds it."""
    f = _flights(redis_url)
    client = redis.Redis.from_url(redis_url)
    assert f.nudged("queued")
    assert f.nudged("begun") and f.begin("begun") is None
    assert f.nudged("lost")
    client.set(PREFIX + "lost", 1, ex=f.ttl - 30)  # its TTL was set 30 s ago and never since
    assert f.nudged("done") and not f.end("done", more=False)
    assert f.in_flight(["queued", "begun", "lost", "done", "never"], fresh_seconds=10) == {"queued", "begun"}
    assert f.in_flight([], fresh_seconds=10) == set()
