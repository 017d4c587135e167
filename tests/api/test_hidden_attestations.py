"""Hidden attestations through the real API (docs/rules-contract.md, "Hidden attestations"), on
Home Before the Leaves Fall @2's BEF (12.71): a British move is a claim only the Allied seat reads,
which the referee lists in its /legal and settles. Twin games whose British move goes to different
hexes (two forks of one position) give the German seat the same bytes from /state and /legal and
the same events (hidden ones as stubs; salts, times and global positions aside); its SSE stream
sends those same stubs, and neither they nor its /audit and /history name the hex: the move leaks nowhere."""
from __future__ import annotations

import json

from tests.api.conftest import bearer, begun, ruled
from tests.api.test_state_and_events import read_sse

S2 = "home-before-the-leaves-fall/2"
THIRD = "British Expeditionary Force Army: 3 infantry division"  # W:2712 at set-up (13.25)
MOVES = ("W:2713", "W:2812")  # both next to W:2712, and named nowhere else the German seat is shown
SAME = ("version", "type", "visibility", "hidden", "adjudicates", "data")  # what is not salt, time or a global position


def _twins(http, org, ref) -> list[tuple[str, dict[str, dict[str, str]]]]:
    """Two forks of one game at the same point: the same position, weather rolled and all."""
    created = http.post("/v1/games", json={"scenario": S2}, headers=org).json()
    at = begun(http, created["id"])["version"]
    out = []
    for _ in range(2):
        r = http.post(f"/v1/games/{created['id']}/fork?at={at}", headers=ref)
        assert r.status_code == 201, r.text
        fork = r.json()
        begun(http, fork["id"])
        out.append((fork["id"], {s: bearer(v["token"]) for s, v in fork["seats"].items()}))
    return out


def _hidden_move(http, gid, seats, ref, to: str) -> str:
    move = {"type": "declare_moves", "moves": [{"unit": THIRD, "to": to}]}
    body = ruled(http.post(f"/v1/games/{gid}/orders?wait=5", json={"order": move}, headers=seats["allied"]))
    [opened] = [e for e in body["effects"] if e["type"] == "attest.opened"]
    aid = opened["data"]["attestation"]["id"]
    assert opened["visibility"] == "seats:allied" and opened["data"]["attestation"]["confirmers"] == ["referee"]
    for seat in ("german", "allied"):  # neither seat confirms it
        r = http.post(f"/v1/games/{gid}/orders?wait=5", json={"order": {"type": "confirm", "id": aid}}, headers=seats[seat]).json()
        assert r["ruling"]["code"] == "not_confirmer", r
    listed = [o for o in http.get(f"/v1/games/{gid}/legal", headers=ref).json()["orders"] if o.get("id") == aid]
    assert listed == [{"type": "settle", "id": aid, "value": json.dumps({"moves": [{"to": to, "unit": THIRD}]})}]
    ruled(http.post(f"/v1/games/{gid}/referee?wait=5", json={"order": listed[0]}, headers=ref))
    return aid


def _seen(http, gid, headers) -> tuple[bytes, bytes, list[dict]]:
    state = http.get(f"/v1/games/{gid}/state", headers=headers).content.replace(gid.encode(), b"GAME")
    legal = http.get(f"/v1/games/{gid}/legal", headers=headers).content.replace(gid.encode(), b"GAME")
    events = http.get(f"/v1/games/{gid}/events?after=1&limit=1000", headers=headers).json()["events"]
    return state, legal, events


def test_the_other_seat_s_events_stream_state_and_legal_leak_nothing_of_a_hidden_claim(http, api):
    org, ref = api.token("organiser"), api.token("referee")
    seen = []
    for to, (gid, seats) in zip(MOVES, _twins(http, org, ref)):
        before = http.get(f"/v1/games/{gid}", headers=org).json()["version"]
        with http.stream("GET", f"/v1/games/{gid}/stream", headers={**seats["german"], "Last-Event-ID": str(before)}) as stream:
            aid = _hidden_move(http, gid, seats, ref, to)
            head = http.get(f"/v1/games/{gid}", headers=org).json()["version"]
            got = read_sse(stream.iter_lines(), head - before)
        state, legal, events = _seen(http, gid, seats["german"])
        assert [e for _, e in got] == [e for e in events if e["version"] > before]  # the stream sends the same stubs
        allied = http.get(f"/v1/games/{gid}/events?after=1&limit=1000", headers=seats["allied"]).content
        assert to.encode() in allied  # the Allied seat reads its own claim
        audit = http.get(f"/v1/games/{gid}/audit", headers=seats["german"])
        assert audit.status_code == 200, audit.text
        history = http.get(f"/v1/games/{gid}/history?after=1&limit=1000", headers=seats["german"]).content  # in the game's words
        german = json.dumps(events).encode() + state + legal + audit.content + history  # the audit's state diffs are the seat's views
        assert to.encode() not in german and b"W:2712" not in german  # neither where it went nor where it was
        stubs = [e for e in events if e.get("hidden") and e["type"] in ("attest.opened", "attest.settled", "hbtlf.units_moved")]
        assert [e["type"] for e in stubs] == ["attest.opened", "attest.settled", "hbtlf.units_moved"]
        assert all("data" not in e and e["data_digest"] for e in stubs)  # that it exists, nothing more
        view = json.loads(state)["view"]
        assert view["attestations"][aid] == {"id": aid, "value_type": "str", "asserter": "allied", "confirmers": ["referee"],
                                             "state": "settled", "hidden": True}
        assert view["game"]["positions"][THIRD] == "secret"
        seen.append((state, legal, [{k: e[k] for k in SAME if k in e} for e in events]))
    assert seen[0] == seen[1]  # byte for byte: where the BEF went changes nothing the German seat is shown
