"""The referee's desk in a real browser (issue 21): a seat disputes a combat; the referee opens the
dispute, sees the map before and after with what changed, the die and the citations, resolves it
with a verdict the API lists; the seat's page shows the resolution."""
from __future__ import annotations

from playwright.sync_api import expect


def _to_blue_combat(umpire, game):
    umpire.order(game, "red", {"type": "deploy", "real": "0303"})
    for seat, points in (("blue-1", 1), ("blue-2", 1), ("red", 0)):
        umpire.order(game, seat, {"type": "bid", "points": points})
    umpire.order(game, "blue-1", {"type": "move", "unit": "B1", "path": ["0103", "0203"]})
    for seat in ("blue-1", "blue-2"):
        umpire.order(game, seat, {"type": "end_phase"})
    legal = umpire.get(f"/v1/games/{game.id}/legal", game.tokens["blue-1"])["orders"]
    attack = next(o for o in legal if o["type"] == "attack")
    return umpire.order(game, "blue-1", attack)


def test_a_referee_examines_a_disputed_combat_resolves_it_and_the_seat_sees_the_resolution(umpire, pages):
    game = umpire.create("sandbox/1")
    attacked = _to_blue_combat(umpire, game)
    combat = next(e for e in attacked["effects"] if e["type"] == "sandbox.combat")
    umpire.order(game, "red", {"type": "dispute_event", "event": combat["version"], "reason": "the brook was not counted"})
    referee = umpire.referee_token("desk-test")

    desk = pages.new("referee")
    desk.goto(f"{umpire.url}/referee/{game.id}#token={referee}")
    desk.wait_for_selector("body[data-ready='1']")
    item = desk.locator('#disputes li[data-dispute="1"]')
    expect(item).to_contain_text(f"disputes event #{combat['version']}")
    expect(item).to_contain_text("the brook was not counted")
    item.locator("button.examine").click()
    expect(desk.locator("body")).to_have_attribute("data-examined", "1")

    before, after = int(desk.locator("body").get_attribute("data-before")), int(desk.locator("body").get_attribute("data-after"))
    assert before < combat["version"] <= after
    for figure, at in (("#before", before), ("#after", after)):
        view = umpire.get(f"/v1/games/{game.id}/state?at={at}", referee)["view"]
        expect(desk.locator(f"{figure} .stack")).to_have_count(len({u["hex"] for u in view["game"]["units"] if u["hex"]}))
    expect(desk.locator("#differences li").first).to_be_visible()
    expect(desk.locator("#dice .die")).to_have_text(f"d6: {combat['data']['roll']['value']}")
    expect(desk.locator("#dice")).to_contain_text("HMAC-SHA256")
    expect(desk.locator("#citations")).to_contain_text("House rule sandbox 4.3")
    verdicts = umpire.get(f"/v1/games/{game.id}/disputes", referee)["verdicts"]
    expect(desk.locator("#verdicts button")).to_have_count(len(verdicts))

    desk.fill("#resolution", "the brook modifier applied: the ruling stands")
    desk.locator('#verdicts button[data-verdict="dismissed"]').click()
    expect(desk.locator("#outcome-verdict")).to_contain_text("accepted")
    expect(desk.locator('#disputes li[data-dispute="1"] .badge')).to_have_text("dismissed")
    desk.locator("#verify").click()
    expect(desk.locator("#verify-ok")).to_have_text("The log verifies.")

    seat = pages.open(game, "red")
    expect(seat.locator("#events li[data-type='dispute.resolved']")).to_contain_text(
        "Dispute 1 dismissed by referee:desk-test: the brook modifier applied: the ruling stands")
    assert pages.errors == []


def test_a_referee_confirms_a_hidden_claim_from_the_desk(umpire, pages):
    """Home Before the Leaves Fall @2 (12.71): a British move while the BEF is secret is a hidden claim;
    the desk lists it under the claims to confirm, with what it claims, and confirms it."""
    game = umpire.create("home-before-the-leaves-fall/2")
    unit = "British Expeditionary Force Army: 3 infantry division"
    ruled = umpire.order(game, "allied", {"type": "declare_moves", "moves": [{"unit": unit, "to": "W:2713"}]})
    aid = next(e for e in ruled["effects"] if e["type"] == "attest.opened")["data"]["attestation"]["id"]
    referee = umpire.referee_token("desk-claims")

    desk = pages.new("referee")
    desk.goto(f"{umpire.url}/referee/{game.id}#token={referee}")
    desk.wait_for_selector("body[data-ready='1']")
    item = desk.locator(f'#to-confirm li[data-attestation="{aid}"]')
    expect(item).to_contain_text("allied moved 1 unit(s) as declared")
    expect(item).to_contain_text("W:2713")
    item.locator("button.confirm-claim").click()
    expect(desk.locator("#outcome-verdict")).to_contain_text("accepted")
    expect(desk.locator("#to-confirm li.hint")).to_have_text("No claim waits for the referee.")
    assert umpire.get(f"/v1/games/{game.id}/state", referee)["view"]["game"]["positions"][unit] == "W:2713"
    assert pages.errors == []
