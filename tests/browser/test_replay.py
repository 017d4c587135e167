"""Replay in a real browser (issue 21): a shared ?at=N opens the map at that point, the step
buttons and keys move by order, phase and turn, and the map is GET state?at=N's each time."""
from __future__ import annotations

from playwright.sync_api import expect


def _hexes(umpire, game, token, at):
    view = umpire.get(f"/v1/games/{game.id}/state?at={at}", token)["view"]
    return sorted({u["hex"] for u in view["game"]["units"] if u["hex"]})


def _shown(page, umpire, game, token):
    at = int(page.locator("body").get_attribute("data-shown"))
    expect(page.locator(".stack")).to_have_count(len(_hexes(umpire, game, token, at)))
    assert sorted(page.locator(".stack").evaluate_all("s => s.map(e => e.dataset.hex)")) == _hexes(umpire, game, token, at)
    return at


def test_stepping_the_replay_shows_the_state_at_each_point_and_the_address_shares_it(umpire, pages):
    game = umpire.create("sandbox/1")
    umpire.order(game, "red", {"type": "deploy", "real": "0303"})
    for seat, points in (("blue-1", 1), ("blue-2", 0), ("red", 0)):
        umpire.order(game, seat, {"type": "bid", "points": points})
    moved = umpire.order(game, "blue-1", {"type": "move", "unit": "B1", "path": ["0103", "0203"]})
    umpire.order(game, "blue-2", {"type": "move", "unit": "B2", "path": ["0204"]})
    events = umpire.get(f"/v1/games/{game.id}/events?limit=1000")["events"]
    head = events[-1]["version"]
    before_move = moved["ruling"]["event"] - 2  # the state before B1's order: its command is the event after
    token = game.tokens["blue-1"]

    page = pages.new("blue-1 replay")
    page.goto(f"{umpire.url}/play/{game.id}?at={before_move}#token={token}")
    page.wait_for_selector("body[data-ready='1'][data-live='1']")
    expect(page.locator("body")).to_have_attribute("data-shown", str(before_move))
    expect(page.locator("#replay-where")).to_contain_text(f"the map after event {before_move} of {head}")
    expect(page.locator("#replaying")).to_be_visible()  # no orders at a past point
    assert _shown(page, umpire, game, token) == before_move
    expect(page.locator('.stack[data-hex="0102"] [data-unit="B1"]')).to_have_count(1)

    page.keyboard.press("ArrowRight")  # the next order, ruled: B1 has moved
    expect(page.locator('.stack[data-hex="0203"] [data-unit="B1"]')).to_have_count(1)
    at = _shown(page, umpire, game, token)
    assert before_move < at < head and page.url.endswith(f"?at={at}")
    expect(page.locator(f'#events li.future[data-version="{at + 1}"]')).to_have_count(1)

    page.locator("#replay-prev-phase").click()  # the start of the Blue Movement Phase
    expect(page.locator('.stack[data-hex="0102"] [data-unit="B1"]')).to_have_count(1)
    at = _shown(page, umpire, game, token)
    assert umpire.get(f"/v1/games/{game.id}/events?after={at - 1}&limit=1")["events"][0]["type"] == "phase.advanced"

    page.keyboard.press("Home")
    expect(page.locator("body")).to_have_attribute("data-shown", "1")
    _shown(page, umpire, game, token)
    page.keyboard.press("End")  # the present again: orders are back
    expect(page.locator("body")).to_have_attribute("data-replaying", "0")
    expect(page.locator("body")).to_have_attribute("data-shown", str(head))
    expect(page.locator('.stack[data-hex="0204"] [data-unit="B2"]')).to_have_count(1)
    expect(page.locator("#orders button.order.end")).to_have_count(1)
    assert page.url.endswith(f"/play/{game.id}")

    page.locator("#replay-slider").fill(str(before_move))  # the slider: any event
    expect(page.locator("body")).to_have_attribute("data-shown", str(before_move))
    _shown(page, umpire, game, token)
    assert pages.errors == []
