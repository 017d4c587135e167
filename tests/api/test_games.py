"""Scenarios, creating games, listing them and reading one's summary."""
from __future__ import annotations

from fastapi.testclient import TestClient

from services.api import schemas
from services.worker.fold import fold_game
from tests.api.conftest import bearer, conforms, new_game, order, ruled


def test_scenarios_list_every_scenario_of_the_catalog_as_game_slash_number(client, api):
    r = client.get("/v1/scenarios")
    assert r.status_code == 200
    listed = conforms(r, schemas.Scenarios).scenarios
    assert [s.id for s in listed] == [s.id for s in api.runtime.catalog.scenarios()]
    sandbox = next(s for s in listed if s.id == "sandbox/1")
    assert sandbox.game == "sandbox"
    assert {s["id"] for s in sandbox.seats} == {"blue-1", "blue-2", "red"}
    assert sandbox.length["turns"] >= 1 and sandbox.provenance


def test_the_sandbox_is_listed_only_when_enabled(make_api):
    api = make_api(UMPIRE_SANDBOX="0")
    with TestClient(api.app) as c:
        assert all(s["game"] != "sandbox" for s in c.get("/v1/scenarios").json()["scenarios"])


def test_an_organiser_creates_a_game_and_gets_one_token_per_seat(client, org):
    r = client.post("/v1/games", json={"scenario": "sandbox/1"}, headers=org)
    assert r.status_code == 201
    created = conforms(r, schemas.GameCreated)
    assert set(created.seats) == {"blue-1", "blue-2", "red"}
    assert created.version == 1
    assert r.headers["location"] == f"/v1/games/{created.id}"
    tokens = {s.token for s in created.seats.values()}
    assert len(tokens) == 3 and all(t.startswith("umpire_") for t in tokens)


def test_an_unknown_scenario_is_422_pointing_at_the_field(client, org):
    r = client.post("/v1/games", json={"scenario": "sandbox/99"}, headers=org)
    assert r.status_code == 422
    err = r.json()["error"]
    assert err["code"] == "unknown_scenario" and err["details"]["path"] == "$.scenario"


def test_air_bridge_to_victory_is_listed_playable_and_a_game_starts(client, org):
    """Issue 22: the pack that was listed without rules is played by air-bridge-to-victory@1. It was
    the last pack registered as not playable: no installed pack shows that path any more."""
    listed = {s["id"]: s for s in client.get("/v1/scenarios").json()["scenarios"]}
    abtv = listed["air-bridge-to-victory/nijmegen"]
    assert abtv["playable"] is True and abtv["ruleset"] == "air-bridge-to-victory@3"
    assert abtv["provenance"]["crt_cells"]["rulebook"] > 0
    r = client.post("/v1/games", json={"scenario": "air-bridge-to-victory/nijmegen", "options": {"players": 4}}, headers=org)
    assert r.status_code in (200, 201), r.text


def test_unknown_options_are_422(client, org):
    r = client.post("/v1/games", json={"scenario": "sandbox/1", "options": {"fog": "thick"}}, headers=org)
    assert r.status_code == 422
    assert r.json()["error"]["code"] == "invalid_options"


def test_a_missing_scenario_field_is_422(client, org):
    r = client.post("/v1/games", json={}, headers=org)
    assert r.status_code == 422
    assert r.json()["error"]["code"] == "invalid_body" and "scenario" in r.json()["error"]["message"]


def test_a_summary_tells_status_turn_phase_who_acts_versions_and_result(client, game):
    r = client.get(f"/v1/games/{game.id}")
    s = conforms(r, schemas.GameSummary)
    assert (s.id, s.scenario, s.status, s.to_act, s.result) == (game.id, "sandbox/1", "active", ["red"], None)
    assert (s.version, s.adjudicated_version) == (game.version, 1)  # the genesis is ruled: the game has begun
    deploy = ruled(order(client, game, "red", {"type": "deploy", "real": "0305"}))["version"]
    s = conforms(client.get(f"/v1/games/{game.id}"), schemas.GameSummary)
    assert s.adjudicated_version == deploy and s.version > deploy and s.phase == "bid"
    assert s.to_act == ["blue-1", "blue-2", "red"]
    assert s.projected_version == s.version  # the projection has folded every event: caught up


def test_a_summary_read_while_a_fold_commits_has_a_version_that_covers_what_it_says_is_ruled(api, org, monkeypatch):
    """The fold thread is held back; the genesis is folded just before the summary reads the
    projection, as a worker may do at any moment. The version must be the log's, not older."""
    api.runtime.start = lambda: None  # this app's lifespan starts no fold thread
    with TestClient(api.app) as c:
        game = new_game(c, org, begin=False)
        store, read = api.runtime.games.store, api.runtime.games.store.projection

        def fold_then_read(game_id):
            fold_game(api.runtime.games, game_id)
            return read(game_id)

        monkeypatch.setattr(store, "projection", fold_then_read)
        s = c.get(f"/v1/games/{game.id}").json()
        log = c.get(f"/v1/games/{game.id}/events").json()["events"]
    assert s["adjudicated_version"] == 1 and s["to_act"] == ["red"]
    assert s["version"] == log[-1]["version"] > 1


def test_an_unknown_game_is_404(client):
    r = client.get("/v1/games/no-such-game")
    assert r.status_code == 404
    assert r.json()["error"]["code"] == "game_not_found"


def test_organisers_and_referees_list_games_with_paging_and_a_status_filter(client, org, ref):
    ids = sorted(new_game(client, org).id for _ in range(3))
    ended = ids[1]
    r = client.post(f"/v1/games/{ended}/commands?wait=5", json={"type": "end", "reason": "test"}, headers=ref)
    ruled(r)
    listed = conforms(client.get("/v1/games", headers=ref), schemas.GameList).games
    assert [g.id for g in listed] == ids
    page = client.get(f"/v1/games?after={ids[0]}&limit=1", headers=org).json()["games"]
    assert [g["id"] for g in page] == [ids[1]]
    finished = client.get("/v1/games?status=finished", headers=org).json()["games"]
    assert [g["id"] for g in finished] == [ended] and finished[0]["result"] is not None
    active = client.get("/v1/games?status=active", headers=org).json()["games"]
    assert [g["id"] for g in active] == [ids[0], ids[2]]


def test_listing_games_needs_an_organiser_or_referee(client, game):
    assert client.get("/v1/games").status_code == 401
    r = client.get("/v1/games", headers=game.seats["red"])
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"


def test_a_bad_status_filter_or_limit_is_422(client, org):
    for q in ("status=paused", "limit=0", "limit=5000"):
        r = client.get(f"/v1/games?{q}", headers=org)
        assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_parameter", q


def test_only_organisers_create_games(client, ref, game):
    body = {"scenario": "sandbox/1"}
    assert client.post("/v1/games", json=body).status_code == 401
    assert client.post("/v1/games", json=body, headers=ref).status_code == 403
    assert client.post("/v1/games", json=body, headers=game.seats["red"]).status_code == 403
    assert client.post("/v1/games", json=body, headers=bearer("umpire_0000000000000000_" + "A" * 43)).status_code == 401


def test_create_with_wait_answers_once_the_game_has_begun(client, org):
    r = client.post("/v1/games?wait=10", json={"scenario": "sandbox/1"}, headers=org)
    assert r.status_code == 201, r.text
    summary = client.get(f"/v1/games/{r.json()['id']}", headers=org).json()
    assert summary["adjudicated_version"] >= 1 and summary["to_act"] == ["red"]


def test_create_with_an_idempotency_key_makes_one_game_and_a_retry_gets_fresh_working_tokens(client, org):
    # Issue 20, item 3: the genesis and its seat tokens are one transaction; the key makes a retry safe.
    first = client.post("/v1/games", json={"scenario": "sandbox/1"}, headers={**org, "Idempotency-Key": "g-1"})
    again = client.post("/v1/games", json={"scenario": "sandbox/1"}, headers={**org, "Idempotency-Key": "g-1"})
    assert first.status_code == 201 and again.status_code == 200, again.text
    assert again.json()["id"] == first.json()["id"] and again.json()["replayed"] is True
    seat, entry = next(iter(again.json()["seats"].items()))
    me = client.get("/v1/me", headers={"Authorization": f"Bearer {entry['token']}"}).json()
    assert me["game"] == first.json()["id"] and me["seat"] == seat
    old = first.json()["seats"][seat]["token"]
    assert client.get("/v1/me", headers={"Authorization": f"Bearer {old}"}).status_code == 401
