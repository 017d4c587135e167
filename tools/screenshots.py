"""Make the screenshots in docs/screenshots/ (issue 21): `python -m tools.screenshots [OUT_DIR]`.

Starts `umpire serve` on a temporary store, plays a Breakout & Pursuit 1.1 game through the API to
its first Allied attack, and photographs with Debian's Chromium (Playwright, no downloaded browser):
the play page at set-up, an attack with the umpire's assessment, the replay at a point mid-game,
the referee's audit of the disputed attack, the organiser's list, the landing page, and the play
page on a phone. Everything shown is what the API gives; nothing is staged in the page.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from infra import localservices

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = os.environ.get("UMPIRE_TEST_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
TOKEN = re.compile(r"umpire_[0-9a-f]{16}_[A-Za-z0-9_-]{43}")
DESKTOP, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}


def _env(data: Path, **extra: str) -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if not k.startswith("UMPIRE_")}
    return {**out, "PYTHONPATH": str(ROOT), "UMPIRE_DATA": str(data), **extra}


class Umpire:
    def __init__(self, data: Path):
        self.data = data
        port = localservices.free_port()
        self.url = f"http://127.0.0.1:{port}"
        self.proc = subprocess.Popen([sys.executable, "-m", "services.cli", "serve"], cwd=ROOT, text=True,
                                     env=_env(data, UMPIRE_PORT=str(port), UMPIRE_SANDBOX="1"),
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.organiser = self._token()
        self.http = httpx.Client(base_url=self.url, timeout=30)
        for _ in range(300):
            try:
                if self.http.get("/v1/health").status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)

    def _token(self) -> str:
        for line in self.proc.stdout:  # type: ignore[union-attr]
            if m := TOKEN.search(line):
                return m.group(0)
        raise SystemExit("umpire serve printed no organiser token")

    def call(self, method: str, path: str, token: str | None, body: Any = None) -> Any:
        r = self.http.request(method, path, json=body, headers={"Authorization": f"Bearer {token}"} if token else {})
        if r.status_code >= 300:
            raise SystemExit(f"{method} {path}: {r.status_code} {r.text}")
        return r.json()

    def create(self, scenario: str) -> dict:
        made = self.call("POST", "/v1/games?wait=10", self.organiser, {"scenario": scenario})
        return {"id": made["id"], "tokens": {s: v["token"] for s, v in made["seats"].items()}}

    def order(self, game: dict, seat: str, order: dict) -> dict:
        out = self.call("POST", f"/v1/games/{game['id']}/orders?wait=10", game["tokens"][seat], {"order": order})
        if out["ruling"]["verdict"] != "accepted":
            raise SystemExit(f"{order} was {out['ruling']}")
        return out

    def referee(self) -> str:
        done = subprocess.run([sys.executable, "-m", "services.cli", "token", "create", "--role", "referee", "--name", "screenshots"],
                              cwd=ROOT, env=_env(self.data), capture_output=True, text=True, timeout=60, check=True)
        return done.stdout.strip()

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=30)


def _to_first_attack(u: Umpire, game: dict) -> tuple[dict, dict]:
    u.order(game, "allied", {"type": "accept_historical_setup"})
    for _ in range(8):
        legal = u.call("GET", f"/v1/games/{game['id']}/legal?assess=true", game["tokens"]["allied"])
        attacks = [(o, a) for o, a in zip(legal["orders"], legal["assessments"]) if o["type"] == "attack"]
        if attacks:
            return max(attacks, key=lambda oa: len(oa[0]["attackers"]))
        strike = [o for o in legal["orders"] if o["type"] == "air_strike"]
        u.order(game, "allied", strike[0] if strike else {"type": "end_phase"})
    raise SystemExit("no Allied attack was offered")


def shoot(out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    errors: list[str] = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        u = Umpire(Path(tmp) / "data")
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            def page(viewport=DESKTOP):
                pg = browser.new_context(viewport=viewport).new_page()
                pg.on("pageerror", lambda e: errors.append(str(e)))
                return pg

            def save(pg, name: str, **kw) -> None:
                path = out / name
                pg.screenshot(path=str(path), **kw)
                made.append(path)

            game = u.create("breakout-pursuit/1.1")
            play = f"{u.url}/play/{game['id']}"
            setup = page()
            setup.goto(f"{play}#token={game['tokens']['allied']}")
            setup.wait_for_selector("body[data-ready='1'][data-live='1']")
            save(setup, "play-1.1-setup.png")

            attack, _ = _to_first_attack(u, game)
            mid = u.call("GET", f"/v1/games/{game['id']}", None)["version"]
            combat = page()
            combat.goto(f"{play}#token={game['tokens']['allied']}")
            combat.wait_for_selector("body[data-ready='1'][data-live='1']")
            combat.locator(f'.stack[data-hex="{attack["hex"]}"]').click()
            combat.wait_for_selector("#forecast:has-text('By the die')")
            save(combat, "combat-assessment.png")
            combat.locator("#submit-attack").click()
            combat.wait_for_selector("#ruling-verdict")
            combat.wait_for_selector("body[data-busy='0']")

            events = u.call("GET", f"/v1/games/{game['id']}/events?limit=1000", None)["events"]
            resolved = next(e for e in reversed(events) if e["type"] == "bp.attack_resolved")
            u.order(game, "german", {"type": "dispute_event", "event": resolved["version"],
                                     "reason": "the defender was in supply: the odds should be lower"})

            replay = page()
            replay.goto(f"{play}?at={mid // 2}#token={game['tokens']['allied']}")
            replay.wait_for_selector(f"body[data-ready='1'][data-shown='{mid // 2}']")
            save(replay, "replay-mid-game.png")

            desk = page()
            desk.goto(f"{u.url}/referee/{game['id']}#token={u.referee()}")
            desk.wait_for_selector("body[data-ready='1']")
            desk.locator('#disputes li[data-dispute="1"] button.examine').click()
            desk.wait_for_selector("body[data-examined='1']")
            save(desk, "referee-audit.png", full_page=True)

            for scenario in ("breakout-pursuit/2.1", "sandbox/1"):
                u.create(scenario)
            ended = u.create("sandbox/1")
            u.call("POST", f"/v1/games/{ended['id']}/commands?wait=10", u.organiser, {"type": "end", "reason": "a finished game for the list"})
            organiser = page()
            organiser.goto(f"{u.url}/organiser#token={u.organiser}")
            organiser.wait_for_selector("body[data-ready='1']")
            save(organiser, "organiser.png")

            landing = page()
            landing.goto(f"{u.url}/")
            landing.wait_for_selector("body[data-ready='1']")
            save(landing, "landing.png", full_page=True)

            phone = page(PHONE)
            phone.goto(f"{play}#token={game['tokens']['allied']}")
            phone.wait_for_selector("body[data-ready='1'][data-live='1']")
            save(phone, "play-phone-390.png")
        finally:
            browser.close()
            u.stop()
    if errors:
        raise SystemExit(f"script errors in the pages: {errors}")
    return made


if __name__ == "__main__":
    for path in shoot(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
