"""Air Bridge to Victory's play page in a real browser (issue 22): the campaign's corridor map with
its pieces, and a British ground unit moved by clicking it and a highlighted hex."""
from __future__ import annotations

import re

from playwright.sync_api import expect


def test_an_air_bridge_game_shows_its_map_and_takes_a_move_by_clicking(umpire, pages):
    game = umpire.create("air-bridge-to-victory/campaign")
    for seat in ("allied-airborne", "allied-ground"):  # past the Airborne Assault Phase: the drops may wait
        umpire.order(game, seat, {"type": "end_phase"})
    view = umpire.get(f"/v1/games/{game.id}/state", game.tokens["allied-ground"])["view"]
    assert "Movement Phase" in view["label"], view["label"]
    on_map = [u for u in view["game"]["units"] if u["hex"]]

    page = pages.open(game, "allied-ground")
    expect(page.locator("#phase-label")).to_have_text(view["label"])
    expect(page.locator("polygon[data-hex]")).to_have_count(71 * 37)
    expect(page.locator(".stack")).to_have_count(len({u["hex"] for u in on_map}))

    legal = umpire.get(f"/v1/games/{game.id}/legal", game.tokens["allied-ground"])["orders"]
    occupied = {u["hex"] for u in on_map}
    move = next(o for o in legal if o["type"] == "move" and len(o["units"]) == 1 and o["path"][-1] not in occupied)
    unit = move["units"][0]
    # The hex readout floats over the map's southern edge, where XXX Corps starts: real pointer clicks
    # (Playwright refuses one that another element would intercept) reach the stack and the hex under it.
    page.locator(f'.stack[data-hex="{move["path"][0]}"]').click()
    picker = page.locator(f'#selection button[data-unit="{unit}"]')
    if picker.count():
        picker.click()
    page.locator(f'polygon[data-hex="{move["path"][-1]}"]').click()
    expect(page.locator("#chosen-path")).to_contain_text(move["path"][-1])
    page.locator("#submit-move").click()
    expect(page.locator("#ruling-verdict")).to_have_text(re.compile(r"^accepted"))
    expect(page.locator(f'.stack[data-hex="{move["path"][-1]}"] [data-unit="{unit}"]')).to_have_count(1)
    assert pages.errors == []
