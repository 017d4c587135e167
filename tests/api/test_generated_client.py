"""Issue 15, Done when: "the generated Python client plays a B&P game for at least one full
Game-Turn with no casts or hand-written requests". `openapi-python-client` generates a client from
`GET /v1/rulesets/breakout-pursuit/openapi.json` (the document narrowed to B&P's orders); the game
is created, read and played through that generated code only, each order taken from `/legal` and
passed to submit unchanged, against a real server over HTTP.

The one setting: SVG is read as a file (the generator decodes JSON, text and binary only)."""
from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

PACKAGE = "umpire_bp_client"
CONFIG = "content_type_overrides:\n  image/svg+xml: application/octet-stream\n"
# Orders that move the game on, preferred in this order when listed; otherwise the first listed one.
PREFERRED = ("accept_historical_setup", "end_phase")
MAX_ORDERS = 600


def generate(document: bytes, where: Path) -> Path:
    tool = shutil.which("openapi-python-client") or str(Path(sys.executable).parent / "openapi-python-client")
    (where / "openapi.json").write_bytes(document)
    (where / "config.yaml").write_text(CONFIG)
    env_path = f"{Path(sys.executable).parent}:{Path('/usr/bin')}"  # ruff, which it formats with, is beside python
    done = subprocess.run([tool, "generate", "--path", "openapi.json", "--meta", "none", "--output-path", PACKAGE,
                           "--config", "config.yaml", "--overwrite"], cwd=where, capture_output=True, text=True,
                          timeout=300, env={"PATH": env_path})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Warning" not in done.stdout, done.stdout  # nothing of the document was left out of the client
    return where


@pytest.fixture
def bp_client(live, tmp_path):
    if shutil.which("openapi-python-client") is None and not (Path(sys.executable).parent / "openapi-python-client").exists():
        pytest.skip("openapi-python-client is not installed (pip install -e '.[test]')")
    document = httpx.get(f"{live.url}/v1/rulesets/breakout-pursuit/openapi.json", timeout=30).content
    sys.path.insert(0, str(generate(document, tmp_path)))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def choose(orders: list) -> object:
    for kind in PREFERRED:
        for o in orders:
            if o.type_ == kind:
                return o
    return orders[0]


def test_a_generated_python_client_plays_a_full_game_turn_of_breakout_and_pursuit(live, api, bp_client):
    from umpire_bp_client import AuthenticatedClient  # the generated package, imported by the fixture
    from umpire_bp_client.api.games import create_game, get_game
    from umpire_bp_client.api.orders import submit_order
    from umpire_bp_client.api.state import get_legal_orders
    from umpire_bp_client.models import CreateGame, GameCreated, GameSummary, Legal, Ruled, SubmitOrder

    org = AuthenticatedClient(base_url=live.url, token=api.tokens.create("organiser", "gen").token, timeout=60)
    created = create_game.sync(client=org, body=CreateGame(scenario="breakout-pursuit/1.1"), wait=30)
    assert isinstance(created, GameCreated), created
    seats = {seat: AuthenticatedClient(base_url=live.url, token=t.token, timeout=60)
             for seat, t in created.seats.additional_properties.items()}

    summary = get_game.sync(created.id, client=org)
    assert isinstance(summary, GameSummary) and summary.status == "active"
    first_turn, phases, kinds = summary.turn, [], set()
    for _ in range(MAX_ORDERS):
        summary = get_game.sync(created.id, client=org)
        assert isinstance(summary, GameSummary)
        if summary.turn > first_turn or summary.status != "active":
            break
        phases.append(summary.phase)
        seat = summary.to_act[0]
        legal = get_legal_orders.sync(created.id, client=seats[seat])
        assert isinstance(legal, Legal) and legal.orders, legal
        listed = choose(legal.orders)
        ruled = submit_order.sync(created.id, client=seats[seat], body=SubmitOrder(order=listed), wait=30)
        assert isinstance(ruled, Ruled), ruled
        assert ruled.ruling.verdict == "accepted", (listed, ruled.ruling)
        kinds.add(listed.type_)
    else:
        pytest.fail(f"no Game-Turn ended in {MAX_ORDERS} orders; phases {phases[-10:]}")
    assert summary.turn == first_turn + 1 and summary.status == "active"
    assert "end_phase" in kinds and len(set(phases)) > 3, (kinds, set(phases))
