"""Standings (issue 20, item 4): points from the organiser's table of victory levels, and the
tie-breaks Buchholz, Sonneborn-Berger and head to head, worked by hand on a small tournament."""
from domain.tournament.events import (
    EntrantRegistered, PairedGame, RoundPaired, TournamentCreated,
)
from domain.tournament.scoring import score
from domain.tournament.standings import csv_rows, standings
from domain.tournament.state import fold

POINTS = {"Decisive victory": 3, "Marginal victory": 1, "draw": 0.5}


def created(**kw):
    return TournamentCreated(id="t", name="T", scenario="sandbox/1", format="round_robin", points=POINTS, **kw)


def entrant(e):
    return EntrantRegistered(entrant=e, name=e.upper(), kind="bot", token_id="x")


def game(gid, first, second, level, winner_side):
    g = PairedGame(id=gid, seats={"blue-1": first, "blue-2": first, "red": second}, sides={first: "blue", second: "red"},
                   scenario="sandbox/1")
    result = {"level": level, "winner": winner_side}
    return g, score(POINTS, 1, g, result)


def test_points_follow_the_organisers_table_of_levels():
    g, rec = game("g1", "a", "b", "Decisive victory", "red")
    assert rec.scores == {"a": 0.0, "b": 3} and rec.winner == "b" and rec.sides == {"a": "blue", "b": "red"}
    g, rec = game("g2", "a", "b", "Draw", None)
    assert rec.scores == {"a": 0.5, "b": 0.5} and rec.winner is None
    g, rec = game("g3", "a", "b", "Minor victory", "blue")  # a level the table does not name scores a win
    assert rec.scores == {"a": 1.0, "b": 0.0}


def test_buchholz_sonneborn_berger_and_head_to_head_by_hand():
    # a beats b (3), b beats c (1), c draws a, d beats c (3), a loses to d (1), b draws d.
    plays = [game("1", "a", "b", "Decisive victory", "blue"), game("2", "b", "c", "Marginal victory", "blue"),
             game("3", "c", "a", "Draw", None), game("4", "d", "c", "Decisive victory", "blue"),
             game("5", "a", "d", "Marginal victory", "red"), game("6", "b", "d", "Draw", None)]
    events = [created(), *map(entrant, "abcd"),
              RoundPaired(round=1, games=tuple(g for g, _ in plays)), *(r for _, r in plays)]
    rows = {r["entrant"]: r for r in standings(fold(events))}
    # points: a 3+0.5+0 = 3.5; b 0+1+0.5 = 1.5; c 0+0.5+0 = 0.5; d 3+1+0.5 = 4.5
    assert {e: r["points"] for e, r in rows.items()} == {"a": 3.5, "b": 1.5, "c": 0.5, "d": 4.5}
    # Buchholz: a's opponents b, c, d: 1.5 + 0.5 + 4.5
    assert rows["a"]["tiebreaks"]["buchholz"] == 6.5
    # Sonneborn-Berger: a beat b (1.5), drew c (0.25), lost to d (0)
    assert rows["a"]["tiebreaks"]["sonneborn_berger"] == 1.5 + 0.25
    assert rows["d"]["tiebreaks"]["sonneborn_berger"] == 0.5 + 3.5 + 0.75
    assert [r["rank"] for r in (rows["d"], rows["a"], rows["b"], rows["c"])] == [1, 2, 3, 4]
    assert rows["d"]["wins_by_side"] == {"blue": 1, "red": 1} and rows["d"]["played"] == 3


def test_head_to_head_breaks_a_tie_on_points():
    plays = [game("1", "a", "b", "Marginal victory", "red"), game("2", "c", "a", "Marginal victory", "red"),
             game("3", "b", "c", "Marginal victory", "red")]
    # a, b, c each win once (1 point each): head to head among all three is 1 each, so Buchholz decides
    # nothing either; registration order stands.
    events = [created(tiebreaks=("head_to_head",)), *map(entrant, "abc"), RoundPaired(round=1, games=tuple(g for g, _ in plays)),
              *(r for _, r in plays)]
    rows = standings(fold(events))
    assert [r["entrant"] for r in rows] == ["a", "b", "c"]
    assert all(r["tiebreaks"] == {"head_to_head": 1.0} for r in rows)
    g, rec = game("9", "x", "y", "Marginal victory", "red")
    two = [created(tiebreaks=("head_to_head",)), *map(entrant, "xy"), RoundPaired(round=1, games=(g,)), rec]
    assert [r["entrant"] for r in standings(fold(two))] == ["y", "x"]


def test_csv_has_a_header_and_one_row_per_entrant():
    events = [created(), *map(entrant, "ab")]
    rows = csv_rows(standings(fold(events)), ("buchholz",))
    assert rows[0][-1] == "buchholz" and len(rows) == 3
