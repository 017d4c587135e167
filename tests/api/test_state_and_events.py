"""GET state (now and ?at=N), GET events (pages), and the SSE stream over real HTTP."""
from __future__ import annotations

import json

import pytest

from services.api import schemas
from tests.api.conftest import begun, conforms, order, ruled

DEPLOY = {"type": "deploy", "real": "0305"}


def test_state_now_is_the_projection_with_its_version_and_the_callers_viewer(client, game):
    r = client.get(f"/v1/games/{game.id}/state", headers=game.seats["red"])
    s = conforms(r, schemas.State)
    assert s.version == game.version and s.viewer.role == "seat" and s.viewer.seat == "red"
    assert s.view["to_act"] == ["red"] and s.view["game_id"] == game.id
    body = ruled(order(client, game, "red", DEPLOY))
    after = client.get(f"/v1/games/{game.id}/state").json()
    assert after["version"] == body["effects"][-1]["version"]
    assert after["viewer"] == {"role": "public", "seat": None}
    assert after["view"]["clock"]["phase"] == "bid"


def test_state_at_n_replays_the_log_to_event_n(client, game, ref):
    body = ruled(order(client, game, "red", DEPLOY))
    versions = [e["version"] for e in body["effects"]]
    before = client.get(f"/v1/games/{game.id}/state?at={body['version']}", headers=ref).json()  # the order, not yet ruled
    assert before["version"] == body["version"] and before["view"]["clock"]["phase"] == "deploy"
    now = client.get(f"/v1/games/{game.id}/state", headers=ref).json()
    replayed = client.get(f"/v1/games/{game.id}/state?at={versions[-1]}", headers=ref).json()
    assert replayed == now
    mid = client.get(f"/v1/games/{game.id}/state?at={versions[0]}", headers=ref).json()
    shown = {u["id"]: u["hex"] for u in mid["view"]["game"]["units"]}
    assert shown["R1"] == "0305"  # the deployment applied, the phase not yet advanced
    assert mid["view"]["clock"]["phase"] == "deploy"


def test_state_at_beyond_the_log_or_below_one_is_422(client, game):
    r = client.get(f"/v1/games/{game.id}/state?at=99")
    assert r.status_code == 422
    assert r.json()["error"]["details"] == {"at": 99, "version": game.version}
    assert client.get(f"/v1/games/{game.id}/state?at=0").json()["error"]["code"] == "invalid_parameter"
    assert client.get(f"/v1/games/{game.id}/state?at=x").status_code == 422


def test_state_of_an_unknown_game_is_404(client):
    assert client.get("/v1/games/nope/state").status_code == 404
    assert client.get("/v1/games/nope/state?at=1").status_code == 404


def test_events_page_with_after_and_limit(client, game, ref):
    deploy = ruled(order(client, game, "red", DEPLOY))["version"]
    everything = conforms(client.get(f"/v1/games/{game.id}/events", headers=ref), schemas.Events).events
    assert [e.version for e in everything] == list(range(1, len(everything) + 1))
    assert everything[0].type == "game.created"
    assert (everything[1].type, everything[1].adjudicates) == ("ruling", 1)  # the genesis is ruled like any command
    page = client.get(f"/v1/games/{game.id}/events?after={deploy}&limit=2", headers=ref).json()["events"]
    assert [e["version"] for e in page] == [deploy + 1, deploy + 2]
    assert page[0]["type"] == "ruling" and page[0]["adjudicates"] == deploy
    assert client.get(f"/v1/games/{game.id}/events?after=999").json() == {"events": []}


def test_events_reject_bad_paging(client, game):
    for q in ("after=-1", "limit=0", "limit=1001", "after=x"):
        r = client.get(f"/v1/games/{game.id}/events?{q}")
        assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_parameter", q


def test_events_of_an_unknown_game_are_404(client):
    assert client.get("/v1/games/nope/events").status_code == 404


def test_everything_is_public_once_the_game_has_ended(client, game, ref):
    ruled(order(client, game, "red", DEPLOY))
    ruled(client.post(f"/v1/games/{game.id}/commands?wait=5", json={"type": "end", "reason": "draw agreed"}, headers=ref))
    events = client.get(f"/v1/games/{game.id}/events?limit=1000").json()["events"]
    assert not [e for e in events if e.get("hidden")]
    assert any(e["type"] == "key.revealed" for e in events)


# --- SSE ------------------------------------------------------------------------------------


def read_sse(lines, count: int) -> list[tuple[str, dict]]:
    """The first `count` messages (event name, decoded data) of an SSE stream."""
    out, kind, data = [], None, None
    for line in lines:
        if line.startswith("event: "):
            kind = line[len("event: "):]
        elif line.startswith("data: "):
            data = json.loads(line[len("data: "):])
        elif line == "" and kind is not None:
            out.append((kind, data))
            kind = data = None
            if len(out) == count:
                return out
    raise AssertionError(f"the stream ended after {len(out)} messages")


def test_the_stream_sends_the_full_view_first_then_each_new_event_the_caller_may_see(http, api):
    org = api.token("organiser")
    created = http.post("/v1/games", json={"scenario": "sandbox/1"}, headers=org).json()
    gid = created["id"]
    blue = {"Authorization": f"Bearer {created['seats']['blue-1']['token']}"}
    red = {"Authorization": f"Bearer {created['seats']['red']['token']}"}
    version = begun(http, gid)["version"]
    with http.stream("GET", f"/v1/games/{gid}/stream", headers=blue) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = stream.iter_lines()
        [(kind, first)] = read_sse(lines, 1)
        assert kind == "view" and first["version"] == version and first["viewer"] == {"role": "seat", "seat": "blue-1"}
        assert first["view"]["to_act"] == ["red"]
        r = http.post(f"/v1/games/{gid}/orders?wait=5", json={"order": DEPLOY}, headers=red)
        ruling = r.json()
        got = read_sse(lines, 2 + len(ruling["effects"]))  # red's order, the ruling, its effects
    assert all(kind == "event" for kind, _ in got)
    listed = http.get(f"/v1/games/{gid}/events?after={version}", headers=blue).json()["events"]
    assert [e for _, e in got] == listed[:len(got)]  # the same events, hidden ones as the same stubs
    assert [e["version"] for _, e in got] == list(range(version + 1, version + 1 + len(got)))  # no gap
    hidden = {e["type"] for _, e in got if e.get("hidden")}
    assert {"order.submitted", "sandbox.markers_deployed"} <= hidden
    assert all("data" not in e and e["data_digest"] for _, e in got if e.get("hidden"))


def test_a_reconnecting_stream_with_last_event_id_resumes_after_it_without_the_view(http, api):
    org = api.token("organiser")
    created = http.post("/v1/games", json={"scenario": "sandbox/1"}, headers=org).json()
    gid = created["id"]
    red = {"Authorization": f"Bearer {created['seats']['red']['token']}"}
    seen = begun(http, gid)["version"]
    ruling = http.post(f"/v1/games/{gid}/orders?wait=5", json={"order": DEPLOY}, headers=red).json()
    missed = [e["version"] for e in http.get(f"/v1/games/{gid}/events?after={seen}", headers=red).json()["events"]]
    assert ruling["version"] in missed
    with http.stream("GET", f"/v1/games/{gid}/stream", headers={**red, "Last-Event-ID": str(seen)}) as stream:
        got = read_sse(stream.iter_lines(), len(missed))
    assert [(kind, e["version"]) for kind, e in got] == [("event", v) for v in missed]


@pytest.mark.parametrize("last", ["-1", "x", "99999", "1e3"])
def test_a_last_event_id_that_is_not_a_version_of_the_log_is_422(client, game, ref, last):
    r = client.get(f"/v1/games/{game.id}/stream", headers={**ref, "Last-Event-ID": last})
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_parameter", r.text
    assert r.json()["error"]["details"]["header"] == "Last-Event-ID"


def test_the_stream_of_an_unknown_game_is_404_before_it_starts(http):
    r = http.get("/v1/games/nope/stream")
    assert r.status_code == 404 and r.json()["error"]["code"] == "game_not_found"


@pytest.mark.parametrize("path", ["/events?after={n}", "/state?at={n}", "/audit?from={n}", "/audit?to={n}"])
def test_a_version_beyond_any_log_is_422_not_a_store_overflow(client, game, ref, path):
    """Found by schemathesis: ?after=2**63 overflowed SQLite's INTEGER and answered 500."""
    r = client.get(f"/v1/games/{game.id}" + path.format(n=2**63), headers=ref)
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_parameter", r.text
