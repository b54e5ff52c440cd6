"""Each game's own board in Chromium on a phone-sized page: every kind of legal move is
clickable on the board at every turn, the required kinds are PLAYED by clicking board elements
(never the fallback list), a mid-game screenshot is saved, nothing overflows 375 px."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from board_driver import CHROMIUM, LAUNCH, open_table, overflow, play_by_board, screenshot

if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import Browser, sync_playwright  # noqa: E402


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(**LAUNCH)
        yield chromium
        chromium.close()


GAMES = {
    "dschunke": (2, {"pick", "place"}),
    "herbalism": (3, {"move", "action", "give", "target", "answer"}),
    "immunity": (2, {"done", "medical", "buy", "clear", "expose"}),
    "dice-hospital": (2, {"start", "admin", "ambulance", "bed", "department", "meeple", "patient", "end"}),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_board_plays_every_kind_by_clicking(web_server, browser: Browser, game: str) -> None:
    players, required = GAMES[game]
    page = open_table(browser, web_server.url, game, players)
    result = play_by_board(page, required, seed=7)
    assert required <= result["clicked"], f"not played on the board: {sorted(required - result['clicked'])}"
    page.wait_for_selector("#board .board-grid")
    screenshot(page, f"{game}-phone")
    assert overflow(page) == []
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
