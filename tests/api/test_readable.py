"""The log in the game's own words (GET /history) and what the pages call things (GET /names);
a sentence never tells what the event hides from its reader; the new pages are served."""
from __future__ import annotations

from tests.api.conftest import order, ruled


def test_history_gives_each_event_a_sentence_and_hides_from_a_seat_what_its_event_hides(client, game):
    ruled(order(client, game, "red", {"type": "deploy", "real": "0303"}))
    red = client.get(f"/v1/games/{game.id}/history", headers=game.seats["red"]).json()["events"]
    blue = client.get(f"/v1/games/{game.id}/history", headers=game.seats["blue-1"]).json()["events"]
    plain = client.get(f"/v1/games/{game.id}/events", headers=game.seats["blue-1"]).json()["events"]
    assert [e["version"] for e in blue] == [e["version"] for e in plain]
    assert all(e["text"].strip() for e in red + blue)
    deployed = next(e for e in red if e["type"] == "sandbox.markers_deployed")
    assert deployed["text"] == "Red deploys: the real unit under the marker in 0303, the dummy in 0305"
    hidden = next(e for e in blue if e["version"] == deployed["version"])
    assert hidden["hidden"] and "0303" not in hidden["text"] and "real" not in hidden["text"]
    shown = next(e for e in blue if e["type"] == "sandbox.markers_shown")
    assert shown["text"] == "Two Red markers stand in 0303 and 0305"
    page = client.get(f"/v1/games/{game.id}/history?after=1&limit=2").json()["events"]
    assert [e["version"] for e in page] == [2, 3]


def test_names_are_the_packs_units_places_and_seats(client, game):
    names = client.get(f"/v1/games/{game.id}/names").json()
    assert names["units"]["B1"] == "Blue 1st Rifles" and names["places"]["0303"] == "Hill 303"
    assert names["seats"]["blue-1"] == "Blue, 1st Rifles"
    assert client.get("/v1/games/nope/names").status_code == 404


def test_the_organiser_and_referee_pages_are_served(client):
    for path, script in (("/organiser", "organiser.js"), ("/referee/some-game", "referee.js")):
        r = client.get(path)
        assert r.status_code == 200 and f'src="/web/js/{script}"' in r.text
        assert "default-src 'self'" in r.headers["content-security-policy"]


def test_disputes_lists_a_seats_dispute_and_the_verdicts_resolve_dispute_takes(client, game, ref):
    deployed = ruled(order(client, game, "red", {"type": "deploy", "real": "0303"}))
    event = deployed["effects"][-1]["version"]
    ruled(order(client, game, "blue-1", {"type": "dispute_event", "event": event, "reason": "too close to the bridge"}))
    body = client.get(f"/v1/games/{game.id}/disputes", headers=ref).json()
    assert body["verdicts"] == ["upheld", "dismissed"]
    assert body["disputes"] == [{"id": 1, "seat": "blue-1", "event": event, "reason": "too close to the bridge", "state": "open", "resolution": ""}]
    r = client.post(f"/v1/games/{game.id}/referee?wait=5", headers=ref,
                    json={"order": {"type": "resolve_dispute", "id": 1, "verdict": body["verdicts"][0], "resolution": "moved"}})
    assert r.status_code == 200 and r.json()["ruling"]["verdict"] == "accepted", r.text
    assert client.get(f"/v1/games/{game.id}/disputes").json()["disputes"][0]["state"] == "upheld"
    said = client.get(f"/v1/games/{game.id}/history", headers=game.seats["blue-1"]).json()["events"]
    assert said[-1]["text"] == "Dispute 1 upheld by referee:rita: moved"
