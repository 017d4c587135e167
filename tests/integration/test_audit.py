"""The disputed-turn report and the text export (issue 10): odds or modifiers, dice, citations
and the state diff of a turn with combat, fog-filtered for a seat."""
import msgspec

from domain.games.sandbox.model import Attack, Bid, Deploy, EndPhase, Move
from domain.kernel.seats import REFEREE_VIEWER, seat_viewer
from infra.eventstore import open_store
from services.audit import audit, diff
from services.catalog import Catalog
from services.export import text_export
from services.games import Games
from services.worker.fold import fold_game


def test_diff_compares_records_by_id():
    before = {"units": [{"id": "A", "hex": "0101"}, {"id": "B", "hex": "0202"}], "x": 1}
    after = {"units": [{"id": "B", "hex": "0202"}, {"id": "A", "hex": "0102"}], "x": 1}
    assert diff(before, after) == [{"path": "units.A.hex", "before": "0101", "after": "0102"}]


def combat_game(tmp_path):
    games = Games(open_store(f"sqlite:///{tmp_path}/u.db"), Catalog(sandbox=True))
    gid = games.create("sandbox/1").game_id
    script = [("red", Deploy(real="0305")), ("blue-1", Bid(points=1)), ("blue-2", Bid(points=0)), ("red", Bid(points=0)),
              ("blue-1", Move(unit="B1", path=("0202",))), ("blue-1", EndPhase()), ("blue-2", EndPhase()),
              ("blue-1", Attack(units=("B1",), target="0302"))]
    versions = []
    fold_game(games, gid)
    for seat, order in script:
        versions.append(games.submit_order(gid, seat, msgspec.json.encode(order), principal=seat).first_version)
        fold_game(games, gid)
    return games, gid, versions


def test_the_audit_of_a_turn_with_combat_shows_dice_citations_and_the_diff(tmp_path):
    games, gid, versions = combat_game(tmp_path)
    attack = versions[-1]
    report = audit(games, gid, REFEREE_VIEWER, start=attack, end=attack)
    (entry,) = report["commands"]
    assert entry["sent_by"] == "blue-1" and entry["judged_on"]["label"] == "Turn 1, Blue Combat Phase"
    combat = next(x["data"] for x in entry["effects"] if x["type"] == "sandbox.combat")
    assert combat["modifiers"] == {"woods": -1, "brook": -1} and combat["result"] in ("NE", "DR", "DE")
    (die,) = entry["dice"]
    assert die["sides"] == 6 and die["chain"] == "public" and die["command"] == attack and "HMAC" in die["derivation"]
    assert any(c["name"] == "sandbox 4.3" for c in combat["cite"])
    paths = {d["path"] for d in entry["diff"]}
    assert "game.attacked" in paths or any(p.startswith("game.units.R2") for p in paths)


def test_a_seats_audit_hides_what_the_seat_may_not_see(tmp_path):
    games, gid, versions = combat_game(tmp_path)
    deploy = versions[0]
    blue = audit(games, gid, seat_viewer("blue-1"), start=deploy, end=deploy)["commands"][0]
    assert blue["sent_by"] is None and blue["command"].get("hidden")
    assert any(x.get("hidden") for x in blue["effects"])
    assert "R1" not in msgspec.json.encode(blue).decode()
    red = audit(games, gid, seat_viewer("red"), start=deploy, end=deploy)["commands"][0]
    assert red["sent_by"] == "red" and not any(x.get("hidden") for x in red["effects"])


def test_the_text_export_reads_like_a_game_record(tmp_path):
    games, gid, _ = combat_game(tmp_path)
    text = text_export(games, gid, REFEREE_VIEWER)
    assert '[Scenario "sandbox/1"]' in text and '[Result "*"]' in text and "[Commitment " in text
    assert "blue-1: {\"type\":\"attack\"" in text and "{die d6=" in text and "sandbox 4.3" in text
    blue_text = text_export(games, gid, seat_viewer("blue-1"))
    assert "deploy" not in blue_text
