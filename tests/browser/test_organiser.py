"""The organiser's page in a real browser (issue 21): the games the test made, each with its
scenario, status, turn and who is to act (by seat name, as the API says), filtered by status."""
from __future__ import annotations

from playwright.sync_api import expect


def test_the_organiser_page_lists_the_games_with_who_is_to_act_and_filters_by_status(umpire, pages):
    deploying = umpire.create("sandbox/1")  # Red deploys first
    bidding = umpire.create("sandbox/1")
    umpire.order(bidding, "red", {"type": "deploy", "real": "0305"})  # then every seat bids, sealed
    ended = umpire.create("sandbox/1")
    umpire.post(f"/v1/games/{ended.id}/commands?wait=10", {"type": "end", "reason": "the test ends it"}, umpire.organiser)

    page = pages.new("organiser")
    page.goto(f"{umpire.url}/organiser#token={umpire.organiser}")
    page.wait_for_selector("body[data-ready='1']")
    assert "#token" not in page.url
    for game in (deploying, bidding, ended):
        summary = umpire.get(f"/v1/games/{game.id}")
        seats = umpire.get(f"/v1/games/{game.id}/names")["seats"]
        row = page.locator(f'#games tr[data-game="{game.id}"]')
        expect(row.locator(".scenario")).to_have_text("sandbox/1")
        expect(row.locator(".status")).to_have_text(summary["status"])
        expect(row.locator(".turn")).to_have_text(summary["label"])
        if summary["to_act"]:
            expect(row.locator(".to-act")).to_have_text(", ".join(seats[s] for s in summary["to_act"]))
        expect(row.locator(".since")).to_contain_text("ago")
        expect(row.locator("a", has_text="page")).to_have_attribute("href", f"/play/{game.id}")
    expect(page.locator(f'#games tr[data-game="{deploying.id}"] .to-act')).to_have_text("Red")
    expect(page.locator(f'#games tr[data-game="{bidding.id}"] .to-act')).to_contain_text("Blue, 1st Rifles")
    expect(page.locator(f'#games tr[data-game="{ended.id}"] .result')).not_to_be_empty()

    page.select_option("#status", "finished")
    expect(page.locator(f'#games tr[data-game="{ended.id}"]')).to_have_count(1)
    expect(page.locator(f'#games tr[data-game="{deploying.id}"]')).to_have_count(0)
    expect(page.locator('#games tr[data-status="active"]')).to_have_count(0)
    assert pages.errors == []
