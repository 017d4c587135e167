"""Issue 20's check in server mode: PostgreSQL, Redis, the API over real HTTP, two Celery workers
and beat (deadlines fire from `umpire.tournaments` on beat; nudges go through Celery). A 4-entrant
round robin of bots through `/v1/me/stream` runs to the end: one bot never answers, one floods."""
from __future__ import annotations

from tests.api.conftest import serve_live
from tests.api import tournament_driver
from tests.api.servermode import CeleryWorker
from tests.api.test_server_mode import server_api
from tests.api.test_tournament_bots import check


def test_four_bots_one_silent_one_flooding_in_server_mode(tmp_path, pg_url, redis_url):
    with server_api(tmp_path, pg_url, redis_url, UMPIRE_CLOCK_SECONDS="0.2", UMPIRE_RATE_ORDERS="10/second") as api:
        second = CeleryWorker(api.settings, beat=False, name="w2")
        live = serve_live(api.app)  # its lifespan starts the first worker, with beat
        second.start()
        try:
            org = api.tokens.create("organiser", "olga").token
            check(live.url, tournament_driver.run(live.url, org, phase_seconds=1.0))
        finally:
            live.stop()
            second.stop()
