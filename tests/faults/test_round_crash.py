"""A crash in the middle of pairing a round (issue 20, item 3): the process is killed (SIGKILL)
after some of the round's games are written in its transaction; afterwards either the whole round
exists or none of it does (here: none), and pairing it again makes the same games. On SQLite and on
a durable PostgreSQL."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from infra.eventstore import open_store
from services.bootstrap import build_games
from services.config import Settings
from services.tournaments import Tournaments

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = r'''
import os, signal, sys
from pathlib import Path
from domain.tournament.events import TournamentCreated
from infra.eventstore import pgappend, sqlite
from services.bootstrap import build_games
from services.config import Settings
from services.tournaments import Tournaments

url = sys.argv[1]
settings = Settings(data=Path(sys.argv[2]), database_url=url if url.startswith("postgres") else "", sandbox=True)
t = Tournaments(build_games(settings))
tid = t.create(TournamentCreated(id="", name="crash", scenario="sandbox/1", format="round_robin"), principal="organiser:o")
for i in range(4):
    t.register(tid, f"bot {i}", "bot", None, principal="organiser:o")
print(tid, flush=True)
seen = []
if url.startswith("sqlite"):
    real = sqlite.SqliteStore._append_on
    def dying(self, conn, game_id, events, **kw):
        seen.append(game_id)
        if len(seen) == 2:  # the second game of the round is being written: die inside the transaction
            os.kill(os.getpid(), signal.SIGKILL)
        return real(self, conn, game_id, events, **kw)
    sqlite.SqliteStore._append_on = dying
else:
    def dying(conn, pending):  # every game_stream row of the round is inserted by now
        os.kill(os.getpid(), signal.SIGKILL)
    pgappend.call = dying
t.pair_round(tid, principal="organiser:o")
'''


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_a_round_killed_mid_transaction_leaves_no_game_and_pairs_again(backend, tmp_path, request):
    data = tmp_path / "data"
    url = request.getfixturevalue("durable_pg_url") if backend == "postgres" else f"sqlite:///{(data / 'umpire.db').resolve()}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", SCRIPT, url, str(data)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == -9, proc.stderr
    tid = proc.stdout.split()[0]
    settings = Settings(data=data, database_url=url if backend == "postgres" else "", sandbox=True)
    games = build_games(settings)
    try:
        store = games.store
        assert store.head(tid).version == 5  # created and four entrants: no round.paired
        assert [h.game_id for h in store.heads(limit=100) if h.game_id != tid] == []
        again, _ = Tournaments(games).pair_round(tid, principal="organiser:o")
        assert len(again.games) == 2 and all(store.head(g.id).version >= 1 for g in again.games)
    finally:
        games.store.close()
