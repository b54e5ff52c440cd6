"""The turn sound (issue: "your turn" signals): off until the player turns it on, remembered in
this browser, and played when a new turn of this seat begins — never on the other seat's turn.
Debian's Chromium, a real server; the page counts each sound it plays in
``document.documentElement.dataset.turnSounds``."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (make test installs it)",
                allow_module_level=True)

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from server_harness import UNTHROTTLED, Server  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from board_driver import MOVES, my_turn_or_end  # noqa: E402


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                     args=["--no-sandbox", "--disable-background-networking", "--disable-gpu",
                                           "--autoplay-policy=no-user-gesture-required"])
        yield chromium
        chromium.close()


def sounds(page) -> int:
    return int(page.evaluate("() => Number(document.documentElement.dataset.turnSounds || 0)"))


def test_the_turn_sound_is_off_by_default_remembered_and_played_on_each_new_turn(
        browser: Browser, tmp_path: Path) -> None:
    server = Server(tmp_path, env=UNTHROTTLED, bot_delay=0.2).start()
    try:
        page = browser.new_context().new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.url + "/?board=generic")
        page.wait_for_selector("body[data-ready='1']")
        csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "ludoteca_csrf")
        made = page.context.request.post(f"{server.url}/api/tables", headers={"X-CSRF-Token": csrf}, data={
            "game": "dschunke", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}]})
        assert made.ok, made.text()
        page.goto(f"{server.url}/?board=generic#/table/{made.json()['id']}")
        page.wait_for_selector("#turn-sound")
        assert not page.is_checked("#turn-sound") and sounds(page) == 0  # off until asked for
        page.check("#turn-sound")
        assert sounds(page) == 1  # a sample when it is turned on
        page.reload()
        page.wait_for_selector("#turn-sound")
        assert page.is_checked("#turn-sound")  # remembered in this browser
        # Red opens: pick a strip and lay both (one turn, one sound at most), then the bot plays
        # and our next turn begins: exactly then the sound plays again.
        before = None
        for _ in range(3):
            assert my_turn_or_end(page)
            version = int(page.get_attribute("main", "data-version"))
            page.evaluate("(moves) => document.querySelector(moves).click()", MOVES)
            page.wait_for_function(f"() => Number(document.querySelector('main').dataset.version) > {version}")
            if before is None:
                before = sounds(page)  # after this turn's own sound, if the page played one at load
        page.wait_for_function(f"() => Number(document.documentElement.dataset.turnSounds || 0) > {before}",
                               timeout=15000)
        assert page.evaluate("() => document.documentElement.dataset.turn") == "1"
        assert errors == []
    finally:
        server.stop()
