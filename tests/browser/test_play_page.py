"""The human player's page in a real browser: a sandbox game played by clicking (a move taken back
and made again among its orders), the history kept live while other seats act through the API, hidden markers kept hidden, and a Breakout & Pursuit
game's 2,160-hex map with its pieces and a legal move."""
from __future__ import annotations

import re

from playwright.sync_api import expect

ACCEPTED = "accepted"
# What would tell Blue which marker is real: the ids behind them, or Red's deployment order.
LEAK = re.compile(r"\b(R1|RD)\b|real: 030")


def ruled(page, verdict: str = ACCEPTED) -> None:
    expect(page.locator("#ruling-verdict")).to_have_text(re.compile(rf"^{verdict}"))
    expect(page.locator("body")).to_have_attribute("data-busy", "0")


def test_a_sandbox_game_played_by_clicking_with_rulings_citations_dice_and_a_live_history(umpire, pages, screenshots):
    game = umpire.create("sandbox/1")

    # Red deploys: the real unit under the marker in 0303, the dummy in 0305.
    red = pages.open(game, "red")
    expect(red.locator("#to-act")).to_contain_text("Your turn")
    red.locator("button.order", has_text="real: 0303").click()
    ruled(red)
    expect(red.locator("#ruling-citations")).to_contain_text("House rule sandbox 1")
    expect(red.locator("#ruling-effects")).to_contain_text("Red deploys: the real unit under the marker in 0303")

    blue1, blue2 = pages.open(game, "blue-1"), pages.open(game, "blue-2")
    expect(blue1.locator("#provenance")).to_contain_text("This game uses reconstructed data: 61 placeholder")

    # Blue sees two markers, drawn alike, and nothing that tells which one is real.
    markers = blue1.locator(".counter.marker")
    expect(markers).to_have_count(2)
    assert markers.nth(0).inner_html() == markers.nth(1).inner_html()
    assert sorted(blue1.locator(".stack:has(.marker)").evaluate_all("s => s.map(e => e.dataset.hex)")) == ["0303", "0305"]
    assert not LEAK.search(blue1.content())

    # The sealed bid: two Blue seats on their pages, Red through the API while Blue watches.
    for page in (blue1, blue2):
        page.locator("section[data-kind='bid'] button.order", has_text="points: 1").click()
        ruled(page)
    umpire.order(game, "red", {"type": "bid", "points": 0})
    expect(blue1.locator("#events li", has_text="red answered decision")).to_have_count(1)
    expect(blue1.locator("#phase-label")).to_have_text("Turn 1, Blue Movement Phase")
    expect(blue1.locator("#to-act")).to_contain_text("Your turn")

    # A move by clicking: the unit, then a highlighted destination; the path is shown first.
    blue1.locator('.stack[data-hex="0102"]').click()
    expect(blue1.locator(".mark.dest")).to_have_count(6)
    blue1.locator('polygon[data-hex="0203"]').click()
    expect(blue1.locator("#chosen-path")).to_have_text("Move Blue 1st Rifles: 0102 → 0103 → 0203")
    expect(blue1.locator("polyline.route")).to_have_count(1)
    blue1.locator("#submit-move").click()
    ruled(blue1)
    expect(blue1.locator('.stack[data-hex="0203"] [data-unit="B1"]')).to_have_count(1)
    # Taken back (the undo the legal list offers while nothing else is ruled), then made again.
    blue1.locator("button.order", has_text="Take back your last order").click()
    ruled(blue1)
    expect(blue1.locator("#ruling-effects")).to_contain_text("Blue, 1st Rifles takes back order #")
    expect(blue1.locator('.stack[data-hex="0102"] [data-unit="B1"]')).to_have_count(1)
    blue1.locator('.stack[data-hex="0102"]').focus()  # by keyboard this time: the stack, a destination, submit
    blue1.keyboard.press("Enter")
    blue1.locator('#selection button.dest[data-hex="0203"]').focus()
    blue1.keyboard.press("Enter")
    expect(blue1.locator("#chosen-path")).to_have_text("Move Blue 1st Rifles: 0102 → 0103 → 0203")
    blue1.locator("#submit-move").focus()
    blue1.keyboard.press("Enter")
    ruled(blue1)
    expect(blue1.locator('.stack[data-hex="0203"] [data-unit="B1"]')).to_have_count(1)

    # Blue 2 moves and both end the phase; Blue 1's page follows without a reload.
    umpire.order(game, "blue-2", {"type": "move", "unit": "B2", "path": ["0204"]})
    expect(blue1.locator('.stack[data-hex="0204"] [data-unit="B2"]')).to_have_count(1)
    expect(blue1.locator("#events li", has_text="B2 moves 0204 (1 MP)")).to_have_count(1)
    blue1.locator("button.order.end").click()
    ruled(blue1)
    umpire.order(game, "blue-2", {"type": "end_phase"})
    expect(blue1.locator("#phase-label")).to_have_text("Turn 1, Blue Combat Phase")
    assert not LEAK.search(blue1.content())  # still hidden before the attack

    # An attack: the target marker, the attacker chosen; the ruling shows its citations and the die.
    blue1.locator('.stack[data-hex="0303"]').click()
    expect(blue1.locator('.attacker input[value="B1"]')).to_be_checked()
    expect(blue1.locator("#forecast")).to_have_text("The umpire computes the odds when it rules.")  # no assess in the sandbox
    blue1.locator("#submit-attack").click()
    ruled(blue1)
    expect(blue1.locator("#ruling-citations li").first).to_be_visible()
    expect(blue1.locator("#ruling-citations")).to_contain_text("House rule sandbox")
    expect(blue1.locator("#ruling-effects")).to_contain_text("The marker in 0303 is revealed: unit R1")
    die = blue1.locator("#ruling-effects li[data-type='sandbox.combat'] .die")
    expect(die).to_have_count(1)
    combat = [e for e in umpire.get(f"/v1/games/{game.id}/events?limit=1000")["events"] if e["type"] == "sandbox.combat"]
    assert die.text_content() == f"d6: {combat[0]['data']['roll']['value']}"
    expect(blue1.locator("#events li[data-type='sandbox.combat']")).to_have_count(1)

    blue1.screenshot(path=str(screenshots / "sandbox-blue-1.png"))
    assert pages.errors == []


def test_a_breakout_pursuit_game_shows_its_map_and_pieces_and_takes_a_move_by_clicking(umpire, pages, screenshots):
    game = umpire.create("breakout-pursuit/1.1")
    umpire.order(game, "allied", {"type": "accept_historical_setup"})  # the Allied Set-Up: the Naval Supply unit
    view = umpire.get(f"/v1/games/{game.id}/state", game.tokens["allied"])["view"]
    for _ in range(5):  # on to the first Allied Movement Phase, making the Air Strike owed in the Combat Phase
        if "Movement Phase" in view["label"]:
            break
        legal = umpire.get(f"/v1/games/{game.id}/legal", game.tokens["allied"])["orders"]
        strike = [o for o in legal if o["type"] == "air_strike"]
        umpire.order(game, "allied", strike[0] if strike else {"type": "end_phase"})
        view = umpire.get(f"/v1/games/{game.id}/state", game.tokens["allied"])["view"]
    assert "Movement Phase" in view["label"], view["label"]
    on_map = [u for u in view["game"]["units"] if u["hex"]]

    page = pages.open(game, "allied")
    expect(page.locator("#phase-label")).to_have_text(view["label"])
    expect(page.locator("polygon[data-hex]")).to_have_count(2160)
    expect(page.locator(".stack")).to_have_count(len({u["hex"] for u in on_map}))
    expect(page.locator("#provenance")).to_contain_text("This game uses reconstructed data")

    # A legal move to an empty hex: click the unit's stack (then the unit, if others share it), then the hex.
    moves = [o for o in umpire.get(f"/v1/games/{game.id}/legal", game.tokens["allied"])["orders"] if o["type"] == "move"]
    occupied = {u["hex"] for u in on_map}
    move = next(o for o in moves if o["path"][-1] not in occupied and len(o["path"]) > 1)
    start = next(u["hex"] for u in on_map if u["id"] == move["unit"])
    page.locator(f'.stack[data-hex="{start}"]').click()
    picker = page.locator(f'#selection button[data-unit="{move["unit"]}"]')
    if picker.count():
        picker.click()
    page.locator(f'polygon[data-hex="{move["path"][-1]}"]').click()
    name = umpire.get(f"/v1/games/{game.id}/names")["units"][move["unit"]]
    expect(page.locator("#chosen-path")).to_contain_text(f"Move {name}:")
    expect(page.locator("#chosen-path")).to_contain_text(move["path"][-1])
    page.locator("#submit-move").click()
    ruled(page)
    expect(page.locator(f'.stack[data-hex="{move["path"][-1]}"] [data-unit="{move["unit"]}"]')).to_have_count(1)

    page.screenshot(path=str(screenshots / "breakout-pursuit-allied.png"))
    assert pages.errors == []


def test_a_breakout_pursuit_attack_shows_its_odds_and_each_die_faces_result_before_it_is_made(umpire, pages):
    game = umpire.create("breakout-pursuit/1.1")
    umpire.order(game, "allied", {"type": "accept_historical_setup"})
    for _ in range(6):  # to the Allied Combat Phase of Game-Turn 1, the Air Strike made
        legal = umpire.get(f"/v1/games/{game.id}/legal?assess=true", game.tokens["allied"])
        attacks = [(o, a) for o, a in zip(legal["orders"], legal["assessments"]) if o["type"] == "attack"]
        if attacks:
            break
        strike = [o for o in legal["orders"] if o["type"] == "air_strike"]
        umpire.order(game, "allied", strike[0] if strike else {"type": "end_phase"})
    attack, seen = attacks[0]
    assert seen["odds"] and len(seen["results"]) == 6

    page = pages.open(game, "allied")
    page.locator(f'.stack[data-hex="{attack["hex"]}"]').click()
    for unit in attack["attackers"]:
        expect(page.locator(f'.attacker input[value="{unit}"]')).to_be_checked()
    forecast = page.locator("#forecast")
    expect(forecast).to_contain_text(f"{seen['attack']} against {seen['defense']}: {seen['odds']}")
    expect(forecast).to_contain_text(f"By the die: 1 {seen['results'][0]}, 2 {seen['results'][1]}")
    terms = umpire.get(f"/v1/games/{game.id}/names")["terms"]  # each result explained from the CRT's own key
    expect(forecast.locator("abbr").first).to_have_attribute("title", terms[seen["results"][0]])
    assert pages.errors == []


def test_the_landing_page_takes_a_pasted_seat_token_to_its_game_and_without_one_the_page_is_the_publics(umpire, pages):
    game = umpire.create("sandbox/1")
    page = pages.new("landing")
    page.goto(f"{umpire.url}/")
    page.fill("#token", game.tokens["red"])
    page.click("button[type=submit]")
    page.wait_for_url(f"{umpire.url}/play/{game.id}")  # the token is out of the address bar
    expect(page.locator(".who")).to_contain_text("You play Red (red)")
    expect(page.locator("section[data-kind='deploy'] button.order")).to_have_count(2)

    page.goto(f"{umpire.url}/")
    page.fill("#token", "umpire_0000000000000000_" + "x" * 43)
    page.click("button[type=submit]")
    expect(page.locator("#message")).to_contain_text("The token was refused")

    public = pages.open(game, None)
    expect(public.locator(".who")).to_contain_text("Watching as the public")
    expect(public.locator("#orders")).to_contain_text("Only a seat gives orders")
    expect(public.locator("polygon[data-hex]")).to_have_count(20)
    assert pages.errors == ["landing: Failed to load resource: the server responded with a status of 401 (Unauthorized)"]
