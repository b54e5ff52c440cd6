"""A table's life in the browser: the server's clocks ticking, the seat offered back after a bot
stood in for a player who ran out of time, conceding; presence dots that change within 2 s of
the other player's tab closing, and the favicon marking "your turn".  Debian's Chromium, a
real server, two browser contexts."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (make test installs it)",
                allow_module_level=True)

from playwright.sync_api import Browser, Page  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from server_harness import UNTHROTTLED, Server  # noqa: E402


def timed_table(page: Page, server: Server, bank: float) -> str:
    """A table made by the page's own guest (its cookie, its CSRF token) through the API."""
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "ludoteca_csrf")
    response = page.context.request.post(f"{server.url}/api/tables", headers={"X-CSRF-Token": csrf}, data={
        "game": "dschunke", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}],
        "clock": {"mode": "realtime", "bank": bank, "per_move": 0, "on_timeout": "bot", "level": "random"}})
    assert response.ok, response.text()
    return response.json()["id"]


def clock_seconds(page: Page) -> int:
    text = page.inner_text(".clock[data-seat='0']")
    minutes, seconds = re.search(r"(\d+):(\d\d)", text).groups()
    return int(minutes) * 60 + int(seconds)


def test_the_clock_ticks_the_seat_comes_back_and_a_player_can_concede(browser: Browser, tmp_path: Path) -> None:
    server = Server(tmp_path, env={**UNTHROTTLED, "LUDOTECA_CLOCK_MIN_SECONDS": "1"}, bot_delay=0.5).start()
    try:
        page = browser.new_context().new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("dialog", lambda dialog: dialog.accept())
        page.goto(server.url + "/?board=generic")
        page.wait_for_selector("body[data-ready='1']")
        # A reclaimed seat gets half the starting bank back (clocks.RECLAIM_SHARE): 6 s here, so
        # that a busy machine's page shows the concede button before the clock runs out again
        # (with a 6 s bank, 3 s once went by first and a bot took the seat back).
        table = timed_table(page, server, bank=12)
        page.goto(f"{server.url}/?board=generic#/table/{table}")
        page.wait_for_selector(".clock[data-seat='0'][data-running='true']")
        first = clock_seconds(page)
        page.wait_for_timeout(1500)
        assert clock_seconds(page) < first  # ticking between messages
        page.click("button.reclaim", timeout=20000)  # the clock ran out and a bot took the seat
        page.wait_for_selector("button.concede[data-seat='0']", timeout=10000)
        page.click("button.concede[data-seat='0']")
        page.wait_for_function("() => !document.querySelector('button.concede')"
                               " && document.querySelector(\"li[data-seat='0']\").textContent.includes('conceded')",
                               timeout=10000)
        assert errors == []
    finally:
        server.stop()


def new_page(browser: Browser, server: Server, errors: list[str]) -> Page:
    page = browser.new_context().new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/?board=generic")
    page.wait_for_selector("body[data-ready='1']")
    return page


def test_a_closed_tab_turns_its_dot_to_gone_within_two_seconds(browser: Browser, tmp_path: Path) -> None:
    server = Server(tmp_path, env=UNTHROTTLED).start()
    try:
        errors: list[str] = []
        ana, ben = new_page(browser, server, errors), new_page(browser, server, errors)
        csrf = next(c["value"] for c in ana.context.cookies() if c["name"] == "ludoteca_csrf")
        table = ana.context.request.post(f"{server.url}/api/tables", headers={"X-CSRF-Token": csrf}, data={
            "game": "dschunke", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}).json()["id"]
        ana.goto(f"{server.url}/?board=generic#/table/{table}")
        ben.goto(f"{server.url}/?board=generic#/table/{table}")
        ben.click("button.take-seat[data-seat='1']")
        ana.wait_for_selector(".presence[data-seat='1'][data-state='connected']", timeout=10000)
        ana.wait_for_function("() => document.documentElement.dataset.turn === '1'", timeout=10000)
        assert "data:image/svg+xml" in (ana.get_attribute("link[rel='icon']", "href") or "")
        ben.context.close()
        closed = time.monotonic()
        ana.wait_for_selector(".presence[data-seat='1'][data-state='gone']", timeout=5000)
        assert time.monotonic() - closed < 2.0
        assert errors == []
    finally:
        server.stop()
