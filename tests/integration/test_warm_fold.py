"""Issue 24, item 2: a worker keeps the state its last fold of a game left (services/worker/warm.py)
and starts the next fold from it, but only while the projection it locks still holds the bytes it
wrote; a projection written by anyone else is decoded, and the rulings are those of a cold fold."""
import msgspec

from domain.kernel.seats import REFEREE_VIEWER
from infra.eventstore import open_store
from services.catalog import Catalog
from services.export import export_lines, parse
from services.games import Context, Games
from services.queries import Queries
from services.verify import verify
from services.worker.fold import fold_game


def play_one(games: Games, gid: str) -> None:
    seat, order = next((s, o) for s in games.context(gid).genesis.layout.seat_ids() for o in Queries(games).legal(gid, s))
    games.submit_order(gid, seat, msgspec.to_builtins(order), principal=seat)


def test_a_fold_starts_from_its_warm_state_only_while_the_projection_holds_its_bytes(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path}/u.db"
    ours, theirs = Games(open_store(url), Catalog(sandbox=True)), Games(open_store(url), Catalog(sandbox=True))
    decoded: list[bytes] = []
    decode = Context.decode_state
    monkeypatch.setattr(Context, "decode_state", lambda self, data: decoded.append(data) or decode(self, data))
    gid = ours.create("sandbox/1").game_id

    def fold(games: Games) -> int:
        """Fold, counting the projection states the fold decoded (the API's reads decode too)."""
        decoded.clear()
        fold_game(games, gid)
        return len(decoded)

    assert fold(ours) == 0  # the genesis: the initial state
    play_one(ours, gid)
    assert fold(ours) == 0  # the projection holds what this worker wrote: the state in memory is used
    play_one(ours, gid)
    assert fold(theirs) == 1  # another worker (or process) folds the game
    play_one(ours, gid)
    assert fold(ours) == 1  # its projection is decoded, not our older state reused
    play_one(ours, gid)
    assert fold(ours) == 0
    header, events = parse(list(export_lines(ours, gid, REFEREE_VIEWER)))
    report = verify(header, events, ours.catalog)  # every ruling re-adjudicated from the genesis
    assert report.ok and report.rulings_checked >= 4  # the last waits for its epoch's key
    head = ours.store.head(gid).version
    replayed = ours.context(gid).replay(ours.store, gid, head)  # the log's effects folded from the genesis
    assert msgspec.json.encode(replayed) == ours.store.projection(gid).state
