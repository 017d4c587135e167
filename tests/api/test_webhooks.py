"""Webhooks (issue 20, item 6): an entrant's and the organiser's URLs get the notices, signed with
HMAC-SHA256 under the secret shown once (`Umpire-Signature`); a receiver that fails is retried
with backoff, and every attempt is listed for the organiser. The receivers listen on loopback."""
from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

from fastapi.testclient import TestClient

from services.webhooks import Deliverer
from tests.api.test_tournaments import enter


class Receiver:
    def __init__(self, fail_first: int = 0):
        self.got: list[tuple[dict, dict]] = []
        self.fail_first = fail_first
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                if outer.fail_first > 0:
                    outer.fail_first -= 1
                    self.send_response(500)
                    self.end_headers()
                    return
                outer.got.append((dict(self.headers), {"raw": body, **json.loads(body)}))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()


def test_signed_notices_reach_the_entrant_and_the_organiser_and_failures_are_retried(make_api):
    api = make_api(UMPIRE_CLOCK_SECONDS="3600")  # the test runs the deliverer itself, at times it chooses
    org = api.token("organiser", "olga")
    mine, organisers = Receiver(), Receiver(fail_first=2)
    try:
        with TestClient(api.app) as client:
            tid = client.post("/v1/tournaments", headers=org, json={"name": "Hooked", "scenario": "sandbox/1",
                                                                    "format": "round_robin"}).json()["id"]
            entrants = enter(client, org, tid, 2)
            r = client.post(f"/v1/tournaments/{tid}/webhooks", json={"url": mine.url}, headers=entrants["e1"])
            assert r.status_code == 201 and r.json()["entrant"] == "e1", r.text
            secret = bytes.fromhex(r.json()["secret"])
            o = client.post(f"/v1/tournaments/{tid}/webhooks", json={"url": organisers.url}, headers=org)
            assert o.status_code == 201 and o.json()["entrant"] is None
            bad = client.post(f"/v1/tournaments/{tid}/webhooks", json={"url": "ftp://x"}, headers=org)
            assert bad.status_code == 422
            game = client.post(f"/v1/tournaments/{tid}/rounds", headers=org).json()["games"][0]
            deadline = time.monotonic() + 30
            while client.get(f"/v1/games/{game['id']}").json()["adjudicated_version"] < 1:
                assert time.monotonic() < deadline
                time.sleep(0.05)
            clock = [time.time()]
            deliverer = Deliverer(api.runtime.hooks, api.runtime.queries, now=lambda: clock[0])
            deliverer.tick()
            kinds = [b["type"] for _, b in mine.got]
            assert "round_paired" in kinds and "game_started" in kinds
            for headers, body in mine.got:
                want = "sha256=" + hmac.new(secret, body["raw"], hashlib.sha256).hexdigest()
                assert headers["Umpire-Signature"] == want and headers["Umpire-Delivery"] == body["key"]
            if "e1" in [game["seats"][s] for s in client.get(f"/v1/games/{game['id']}").json()["to_act"]]:
                assert "your_turn" in kinds
            assert organisers.got == []  # it answered 500: retried later, with backoff
            deliverer.tick()
            assert organisers.got == []  # not due yet: the clock has not moved
            for step in (1.1, 2.1):
                clock[0] += step
                deliverer.tick()
            assert {b["type"] for _, b in organisers.got} >= {"round_paired", "game_started"}
            again = len(mine.got)
            deliverer.tick()
            assert len(mine.got) == again  # each notice once
            listed = client.get(f"/v1/tournaments/{tid}/deliveries", headers=org).json()["deliveries"]
            failed_then_ok = [d for d in listed if d["url"] == organisers.url and d["key"].startswith("round_paired")]
            # The receiver's two 500s went to the first two deliveries (round_paired first), once each.
            assert [a["http_status"] for a in failed_then_ok[0]["attempts"]] == [500, 204]
            assert sum(a["http_status"] == 500 for d in listed for a in d["attempts"]) == 2
            assert failed_then_ok[0]["status"] == "delivered"
            assert client.get(f"/v1/tournaments/{tid}/deliveries", headers=entrants["e1"]).status_code == 403
    finally:
        mine.close()
        organisers.close()
