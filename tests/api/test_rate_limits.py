"""Rate limits per token on orders and reads: 429 with Retry-After before anything reaches the
log; shared through Redis across API processes; in-process when Redis is down."""
from __future__ import annotations

import pytest
import redis
from fastapi.testclient import TestClient

from infra import localservices
from services.api.errors import ApiError
from services.api.ratelimit import Limiter, Rate, parse_rate
from tests.api.conftest import new_game, order

DEPLOY = {"type": "deploy", "real": "0305"}


def test_excess_orders_are_429_with_retry_after_and_never_reach_the_log(make_api):
    api = make_api(UMPIRE_RATE_ORDERS="2/minute")
    with TestClient(api.app) as c:
        ref = api.token("referee")
        game = new_game(c, api.token("organiser"))
        for _ in range(2):
            assert order(c, game, "blue-1", DEPLOY, wait=None).status_code == 202
        r = order(c, game, "blue-1", DEPLOY, wait=None)
        assert r.status_code == 429
        err = r.json()["error"]
        assert err["code"] == "rate_limited" and 0 < err["details"]["retry_after"] <= 30
        assert int(r.headers["retry-after"]) >= 1
        events = c.get(f"/v1/games/{game.id}/events?limit=1000", headers=ref).json()["events"]
        assert len([e for e in events if e["type"] == "order.submitted"]) == 2
        assert order(c, game, "red", DEPLOY, wait=None).status_code == 202  # another token, its own bucket


def test_reads_are_limited_per_token_and_for_the_public_per_address(make_api):
    api = make_api(UMPIRE_RATE_READS="3/minute")
    with TestClient(api.app) as c:
        ref, other = api.token("referee", "a"), api.token("referee", "b")
        assert [c.get("/v1/games", headers=ref).status_code for _ in range(4)] == [200, 200, 200, 429]
        assert c.get("/v1/games", headers=other).status_code == 200
        assert [c.get("/v1/scenarios").status_code for _ in range(4)] == [200, 200, 200, 429]
        assert c.get("/v1/health").status_code == 200  # health is never limited


def test_a_limit_of_off_disables_it(make_api):
    api = make_api(UMPIRE_RATE_READS="off")
    with TestClient(api.app) as c:
        assert {c.get("/v1/scenarios").status_code for _ in range(50)} == {200}


@pytest.mark.parametrize("text, rate", [("120/minute", Rate(120, 60.0)), ("5/second", Rate(5, 1.0)),
                                        (" 10 / hour ", Rate(10, 3600.0)), ("off", None)])
def test_rates_read_n_per_period(text, rate):
    assert parse_rate(text) == rate


def test_a_malformed_rate_is_refused_at_start():
    with pytest.raises(ValueError):
        parse_rate("lots")


def test_buckets_in_redis_are_shared_by_every_api_process(redis_url):
    one = Limiter({"orders": Rate(2, 60.0)}, redis=redis.Redis.from_url(redis_url))
    two = Limiter({"orders": Rate(2, 60.0)}, redis=redis.Redis.from_url(redis_url))
    one.take("orders", "token:t1")
    two.take("orders", "token:t1")
    with pytest.raises(ApiError) as refused:
        one.take("orders", "token:t1")
    assert refused.value.status == 429 and refused.value.details["retry_after"] > 0
    two.take("orders", "token:t2")


def test_with_redis_down_limits_fall_back_to_the_process_and_orders_still_pass():
    dead = redis.Redis.from_url(f"redis://127.0.0.1:{localservices.free_port()}/0", socket_connect_timeout=0.25)
    limiter = Limiter({"orders": Rate(2, 60.0)}, redis=dead)
    limiter.take("orders", "token:t")
    limiter.take("orders", "token:t")
    with pytest.raises(ApiError):
        limiter.take("orders", "token:t")
