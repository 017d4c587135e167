"""Tokens and roles: what a seat, a referee, an organiser and the public may do and see; tokens
stored hashed, reissued and revoked."""
from __future__ import annotations

import re

import pytest

from infra.auth import open_tokens
from services.api import schemas
from tests.api.conftest import bearer, conforms, new_game, order, ruled

DEPLOY = {"type": "deploy", "real": "0305"}


def unit_ids(client, game, headers) -> set[str]:
    view = client.get(f"/v1/games/{game.id}/state", headers=headers).json()["view"]
    return {u["id"] for u in view["game"]["units"]}


def test_a_seat_token_orders_only_for_its_own_seat_in_its_own_game(client, org, game):
    other = new_game(client, org)
    r = client.post(f"/v1/games/{other.id}/orders", json={"order": DEPLOY}, headers=game.seats["red"])
    assert r.status_code == 403 and "another game" in r.json()["error"]["message"]
    # blue-1's token orders as blue-1 whatever it sends: red's deployment is not its turn
    assert ruled(order(client, game, "blue-1", DEPLOY), "rejected")["ruling"]["code"] == "not_your_turn"


def test_only_seat_tokens_submit_orders(client, game, org, ref):
    url = f"/v1/games/{game.id}/orders"
    assert client.post(url, json={"order": DEPLOY}).status_code == 401
    assert client.post(url, json={"order": DEPLOY}, headers=org).status_code == 403
    assert client.post(url, json={"order": DEPLOY}, headers=ref).status_code == 403


def test_legal_answers_a_seat_for_itself_and_a_referee_for_any_seat(client, game, ref, org):
    mine = conforms(client.get(f"/v1/games/{game.id}/legal", headers=game.seats["red"]), schemas.Legal)
    assert mine.seat == "red" and {o["type"] for o in mine.orders} == {"deploy"}
    r = client.get(f"/v1/games/{game.id}/legal?seat=blue-1", headers=game.seats["red"])
    assert r.status_code == 403
    blue = client.get(f"/v1/games/{game.id}/legal?seat=blue-1", headers=ref).json()
    assert blue["seat"] == "blue-1" and blue["orders"] == []  # not blue's turn
    assert client.get(f"/v1/games/{game.id}/legal", headers=org).json()["error"]["code"] == "seat_required"
    own = conforms(client.get(f"/v1/games/{game.id}/legal", headers=ref), schemas.Legal)  # the referee's own orders
    assert own.seat == "referee" and own.orders == [] and own.verdicts == ["upheld", "dismissed"]
    assert client.get(f"/v1/games/{game.id}/legal?seat=green", headers=ref).status_code == 404
    assert client.get(f"/v1/games/{game.id}/legal").status_code == 401


def test_legal_narrows_to_one_unit(client, game):
    ruled(order(client, game, "red", DEPLOY))
    for seat, points in (("blue-1", 1), ("blue-2", 0), ("red", 0)):
        ruled(order(client, game, seat, {"type": "bid", "points": points}))
    everything = client.get(f"/v1/games/{game.id}/legal", headers=game.seats["blue-1"]).json()["orders"]
    b1 = client.get(f"/v1/games/{game.id}/legal?unit=B1", headers=game.seats["blue-1"]).json()["orders"]
    assert b1 and all(o.get("unit") == "B1" for o in b1)
    assert len(everything) > len(b1)
    for o in b1[:3]:  # every order listed is accepted if submitted next
        assert o in everything


def test_each_role_sees_its_own_view_of_hidden_units(client, game, ref, org):
    ruled(order(client, game, "red", DEPLOY))
    assert "R2" in unit_ids(client, game, game.seats["red"])  # red's concealed scouts
    assert "R2" in unit_ids(client, game, ref)
    assert "R2" in unit_ids(client, game, org)
    for blind in (game.seats["blue-1"], {}):
        ids = unit_ids(client, game, blind)
        assert "R2" not in ids and "R1" not in ids
        assert {"marker@0303", "marker@0305"} <= ids


def test_a_seat_token_reads_another_game_as_the_public_does(client, org, game):
    other = new_game(client, org)
    r = client.get(f"/v1/games/{other.id}/state", headers=game.seats["red"])
    assert r.json()["viewer"] == {"role": "public", "seat": None}


def test_hidden_events_are_stubs_with_digests_for_those_who_may_not_see_them(client, game, ref):
    ruled(order(client, game, "red", DEPLOY))

    def deployed(headers):
        events = client.get(f"/v1/games/{game.id}/events", headers=headers).json()["events"]
        return next(e for e in events if e["type"] == "sandbox.markers_deployed")

    for blind in (game.seats["blue-1"], {}):
        stub = deployed(blind)
        assert stub["hidden"] is True and "data" not in stub and "salt" not in stub
        assert re.fullmatch(r"[0-9a-f]{64}", stub["data_digest"])
    for sighted in (game.seats["red"], ref):
        assert deployed(sighted)["data"]["real"] == "0305"


def test_an_order_stays_private_to_its_seat_and_referees(client, game, ref):
    ruled(order(client, game, "red", DEPLOY))
    for headers, hidden in ((game.seats["red"], False), (ref, False), (game.seats["blue-2"], True), ({}, True)):
        events = client.get(f"/v1/games/{game.id}/events", headers=headers).json()["events"]
        submitted = next(e for e in events if e["type"] == "order.submitted")
        assert submitted.get("hidden", False) is hidden


def test_an_organiser_reissues_a_seat_token_and_the_old_one_stops_working(client, game, org):
    first = order(client, game, "red", DEPLOY, key="k1", wait=None).json()
    url = f"/v1/games/{game.id}/seats/red/token"
    r = client.post(url, headers=org)
    assert r.status_code == 201
    issued = conforms(r, schemas.IssuedSeatToken)
    assert issued.seat == "red" and issued.token != game.tokens["red"]
    old = client.get(f"/v1/games/{game.id}/legal", headers=bearer(game.tokens["red"]))
    assert old.status_code == 401 and old.json()["error"]["code"] == "invalid_token"
    assert client.get(f"/v1/games/{game.id}/legal", headers=bearer(issued.token)).status_code == 200
    # a retry with the new token is still the seat's request (the same idempotency scope)
    game.seats["red"] = bearer(issued.token)
    assert order(client, game, "red", DEPLOY, key="k1", wait=None).json() == first


def test_only_organisers_reissue_seat_tokens_and_only_for_real_seats(client, game, ref):
    url = f"/v1/games/{game.id}/seats/red/token"
    assert client.post(url).status_code == 401
    assert client.post(url, headers=ref).status_code == 403
    assert client.post(url, headers=game.seats["red"]).status_code == 403


def test_reissuing_for_an_unknown_seat_or_game_is_404(client, game, org):
    assert client.post(f"/v1/games/{game.id}/seats/green/token", headers=org).json()["error"]["code"] == "seat_not_found"
    assert client.post("/v1/games/nope/seats/red/token", headers=org).status_code == 404


@pytest.mark.parametrize("header", ["Basic abc", "Bearer", "Bearer    ", "Token umpire_x", "Bearer umpire_short"])
def test_a_malformed_or_unknown_authorization_header_is_401(client, header):
    r = client.get("/v1/scenarios", headers={"Authorization": header})
    assert r.status_code == 401
    assert r.json()["error"]["code"] == "invalid_token"


def test_a_token_with_a_wrong_secret_is_401(client, game):
    tid = game.tokens["red"].split("_")[1]
    forged = f"umpire_{tid}_" + "A" * 43
    assert client.get(f"/v1/games/{game.id}/legal", headers=bearer(forged)).status_code == 401


def test_revoked_tokens_are_refused(client, api):
    issued = api.tokens.create("referee", "temp")
    assert client.get("/v1/games", headers=bearer(issued.token)).status_code == 200
    assert api.tokens.revoke(issued.record.id)
    assert client.get("/v1/games", headers=bearer(issued.token)).status_code == 401
    assert not api.tokens.revoke(issued.token)  # already revoked


def test_tokens_are_stored_only_as_hashes(client, api, game):
    secrets = [t.split("_", 2)[2] for t in game.tokens.values()]
    db = (api.settings.data / "umpire.db").read_bytes()
    wal = api.settings.data / "umpire.db-wal"
    stored = db + (wal.read_bytes() if wal.exists() else b"")
    assert b"api_token" in stored
    for secret in secrets:
        assert secret.encode() not in stored
    tokens = open_tokens(api.settings.store_url)
    try:
        assert {t.seat for t in tokens.list(role="seat")} == {"blue-1", "blue-2", "red"}
    finally:
        tokens.close()


def test_legal_with_assess_gives_one_assessment_per_order(client, game):
    plain = conforms(client.get(f"/v1/games/{game.id}/legal", headers=game.seats["red"]), schemas.Legal)
    assessed = conforms(client.get(f"/v1/games/{game.id}/legal?assess=true", headers=game.seats["red"]), schemas.Legal)
    assert "assessments" not in client.get(f"/v1/games/{game.id}/legal", headers=game.seats["red"]).json()
    assert assessed.orders == plain.orders
    # The sandbox weighs nothing in advance (Breakout & Pursuit assesses attacks: test_combat.py).
    assert assessed.assessments == [None] * len(plain.orders) and plain.orders


def test_legal_with_assess_gives_each_breakout_pursuit_attack_its_odds_and_die_faces(client, org):
    """Combat G and the CRT as GET legal?assess=true serves them: each listed attack's assessment
    decodes as the declared `Assessment`, one result per die face; other orders get null."""
    game = new_game(client, org, "breakout-pursuit/1.1")
    ruled(order(client, game, "allied", {"type": "accept_historical_setup"}, wait=30))
    for _ in range(6):  # to the Allied Combat Phase of Game-Turn 1, the Air Strike made
        legal = conforms(client.get(f"/v1/games/{game.id}/legal?assess=true", headers=game.seats["allied"]), schemas.Legal)
        attacks = [(o, a) for o, a in zip(legal.orders, legal.assessments) if o["type"] == "attack"]
        if attacks:
            break
        strike = [o for o in legal.orders if o["type"] == "air_strike"]
        ruled(order(client, game, "allied", strike[0] if strike else {"type": "end_phase"}, wait=30))
    assert attacks
    for o, a in zip(legal.orders, legal.assessments):
        assert (a is None) == (o["type"] != "attack"), (o, a)
    for attack, seen in attacks:
        assert len(seen.results) == 6 and seen.odds == (attack.get("odds") or seen.computed_odds), (attack, seen)
