"""What the web UI is served from: its pages and files, and the game's map as SVG (drawn once per
pack, with a `data-hex` on every hex so the page can draw pieces on it and take clicks)."""
from __future__ import annotations

import gzip
import xml.etree.ElementTree as ET

from domain.games.sandbox import SANDBOX_PACK
from tests.api.conftest import new_game

NS = "{http://www.w3.org/2000/svg}"


def test_the_landing_and_game_pages_are_html_that_loads_only_this_servers_files(client):
    for path in ("/", "/play/some-game"):
        r = client.get(path)
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/html")
        assert "default-src 'self'" in r.headers["content-security-policy"]
        assert r.headers["referrer-policy"] == "no-referrer"
    assert '<script type="module" src="/web/js/play.js">' in client.get("/play/x").text


def test_web_files_are_served_as_modules_and_nothing_outside_the_web_folder_is(client):
    r = client.get("/web/js/play.js")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
    assert client.get("/web/style.css").headers["content-type"].startswith("text/css")
    for path in ("/web/nothing.js", "/web/../routes/web.py", "/web/%2e%2e/app.py"):
        r = client.get(path)
        assert r.status_code == 404, path
        assert r.json()["error"]["code"] == "not_found"


def test_the_map_svg_is_public_and_names_every_hex_of_the_games_pack(client, game):
    r = client.get(f"/v1/games/{game.id}/map.svg")
    assert r.status_code == 200
    assert r.headers["content-type"] == "image/svg+xml"
    root = ET.fromstring(r.content)
    board = next(g for g in root.iter(f"{NS}g") if g.get("id") == "board")
    hexes = sorted(p.get("data-hex") for p in board.iter(f"{NS}polygon") if p.get("data-hex"))
    assert hexes == sorted(SANDBOX_PACK.map.hexes)


def test_the_map_svg_is_drawn_once_per_pack_and_revalidated_by_its_hash(client, org, api):
    a, b = new_game(client, org), new_game(client, org)
    first = client.get(f"/v1/games/{a.id}/map.svg", headers={"Accept-Encoding": "gzip"})
    assert len(api.app.state.maps) == 1
    second = client.get(f"/v1/games/{b.id}/map.svg", headers={"Accept-Encoding": "identity"})
    assert len(api.app.state.maps) == 1  # the same pack: the same drawing
    assert first.headers["etag"] == second.headers["etag"]
    assert first.content == second.content  # httpx undoes the gzip
    assert first.headers["content-encoding"] == "gzip" and "content-encoding" not in second.headers
    assert gzip.decompress(api.app.state.maps[first.headers["etag"].strip('"')][1]) == second.content
    again = client.get(f"/v1/games/{a.id}/map.svg", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304


def test_the_map_of_an_unknown_game_is_a_404(client):
    r = client.get("/v1/games/no-such-game/map.svg")
    assert r.status_code == 404
    assert r.json()["error"]["code"] == "game_not_found"
