"""Issue 15, item 8: a game's summary carries the projection's version (`projected_version`)
beside the log's (`version`) and the last ruled command's (`adjudicated_version`), so a client
can tell whether what it reads has caught up with the log."""
import msgspec

from infra.eventstore import open_store
from services.catalog import Catalog
from services.games import Games
from services.queries import Queries
from services.worker.fold import fold_game


def test_projected_version_stays_behind_an_unruled_order_and_meets_the_log_once_folded(tmp_path):
    games = Games(open_store(f"sqlite:///{tmp_path}/u.db"), Catalog(sandbox=True))
    gid = games.create("sandbox/1").game_id
    queries = Queries(games)
    assert queries.summary(gid)["projected_version"] == 1  # nothing folded yet: the genesis alone
    fold_game(games, gid)
    s = queries.summary(gid)
    assert s["projected_version"] == s["version"] and s["adjudicated_version"] == 1
    appended = games.submit_order(gid, "red", msgspec.json.encode({"type": "deploy", "real": "0305"}),
                                  principal="red").first_version
    s = queries.summary(gid)
    assert s["version"] == appended and s["projected_version"] == appended - 1
    fold_game(games, gid)
    s = queries.summary(gid)
    assert s["projected_version"] == s["version"] > appended and s["adjudicated_version"] == appended
