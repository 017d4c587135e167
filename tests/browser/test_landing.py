"""The landing page in a real browser (issue 21): the scenarios with their provenance counts, a
game created with an organiser token and its seat links; on a phone (390 px) the map comes first."""
from __future__ import annotations

from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}


def test_the_landing_page_lists_scenarios_and_creates_a_game_whose_seat_links_open_it(umpire, pages):
    listed = umpire.get("/v1/scenarios")["scenarios"]
    page = pages.new("landing")
    page.goto(f"{umpire.url}/")
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#scenarios tbody tr")).to_have_count(len(listed))
    bp = next(s for s in listed if s["id"] == "breakout-pursuit/1.1")
    placeholder = sum(c.get("placeholder", 0) for c in bp["provenance"].values())
    expect(page.locator('#scenarios tr[data-scenario="breakout-pursuit/1.1"] td').nth(5)).to_have_text(str(placeholder))

    page.fill("#organiser-token", umpire.organiser)
    page.select_option("#scenario", "sandbox/1")
    page.click("#create-form button[type=submit]")
    expect(page.locator(".seat-links li")).to_have_count(3)
    link = page.locator('.seat-links li[data-seat="red"] input').input_value()
    game_id = page.locator("#created-game").text_content()
    assert umpire.get(f"/v1/games/{game_id}")["scenario"] == "sandbox/1"

    seat = pages.new("red from its link")
    seat.goto(link)
    seat.wait_for_selector("body[data-ready='1'][data-live='1']")
    expect(seat.locator(".who")).to_contain_text("You play Red (red)")
    assert pages.errors == []


def test_on_a_phone_the_game_page_shows_the_map_first_and_nothing_wider_than_the_screen(umpire, browser, pages):
    game = umpire.create("breakout-pursuit/1.1")
    context = browser.new_context(viewport=PHONE)
    pages.contexts.append(context)
    page = context.new_page()
    page.on("pageerror", lambda e: pages.errors.append(f"phone: {e}"))
    page.goto(f"{umpire.url}/play/{game.id}#token={game.tokens['allied']}")
    page.wait_for_selector("body[data-ready='1'][data-live='1']")
    board, side = page.locator("#board-pane").bounding_box(), page.locator("#side").bounding_box()
    assert board["y"] < side["y"] and board["width"] >= PHONE["width"] - 2 and board["height"] > 300
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert pages.errors == []
