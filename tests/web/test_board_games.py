"""Each game's own board in Chromium on a phone-sized page: every kind of legal move is
clickable on the board at every turn, the required kinds are PLAYED by clicking board elements
(never the fallback list), a mid-game screenshot is saved, nothing overflows 375 px."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from board_driver import (
    CHROMIUM,
    LAUNCH,
    PREFER,
    click_kind,
    my_turn_or_end,
    open_table,
    overflow,
    play_by_board,
    screenshot,
)

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
    "herbalism": (3, {"move", "action", "give", "target", "hand_over", "answer", "follow", "pass"}),
    "immunity": (2, {"done", "medical", "discard", "buy", "clear", "spread", "spread_card", "expose", "clear_tumour"}),
    "dice-hospital": (2, {"start", "admin", "sort", "ambulance", "bed", "morgue", "reveal", "take", "pass", "return",
                          "keep", "department", "meeple", "patient", "blood", "blood_use", "end", "skip"}),
}
# Rarer kinds (Dice Hospital's specialist "bonus", Herbalism's predictions with that option) are
# not required, but whenever any kind comes up it must be clickable on the board and is played
# there the first time (play_by_board checks both).


@pytest.mark.parametrize("game", list(GAMES))
def test_board_plays_every_kind_by_clicking(web_server, browser: Browser, game: str) -> None:
    players, required = GAMES[game]
    page = open_table(browser, web_server.url, game, players)
    result = play_by_board(page, required, seed=7, prefer=PREFER.get(game))
    print(game, "clicked", sorted(result["clicked"]), "seen", sorted(result["seen"]))
    assert required <= result["clicked"], f"not played on the board: {sorted(required - result['clicked'])}"
    assert result["seen"] <= result["clicked"]  # every kind that came up was played on the board
    page.wait_for_selector("#board .board-grid")
    screenshot(page, f"{game}-phone")
    assert overflow(page) == []
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_undo_button_takes_back_my_own_move(web_server, browser: Browser) -> None:
    """Dschunke: right after drawing nothing can be undone; after picking a strip on the board,
    Undo appears and takes the pick back (the same strips are offered again)."""
    page = open_table(browser, web_server.url, "dschunke", 2)
    my_turn_or_end(page)
    click_kind(page, "place")  # red's opening strip; then the bot plays and I draw two
    page.wait_for_selector(".board-grid .hot[data-act='pick']")
    assert page.locator("#undo").count() == 0  # just drew: hidden information was revealed
    before = int(page.get_attribute("main", "data-version"))
    click_kind(page, "pick")
    page.click("#undo")
    page.wait_for_function(f"() => Number(document.querySelector('main').dataset.version) === {before}")
    page.wait_for_selector(".board-grid .hot[data-act='pick']")
    assert page.locator("#undo").count() == 0
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_desktop_board_screenshot(web_server, browser: Browser) -> None:
    page = open_table(browser, web_server.url, "dice-hospital", 3, viewport={"width": 1280, "height": 900})
    play_by_board(page, {"start", "admin", "ambulance"}, seed=3)
    page.wait_for_selector("#board .board-grid")
    screenshot(page, "dice-hospital-desktop")
    assert page.evaluate("document.documentElement.scrollWidth <= 1280")
    page.context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_spectator_and_replay_views_draw_without_moves(web_server, browser: Browser, game: str) -> None:
    """A spectator (no seat) gets view(None) and no moves: the board draws, nothing is clickable."""
    page = open_table(browser, web_server.url, game, GAMES[game][0])
    table = page.url.rsplit("/", 1)[-1]
    my_turn_or_end(page)
    watcher = browser.new_context(viewport={"width": 375, "height": 812}).new_page()
    errors: list[str] = []
    watcher.on("pageerror", lambda error: errors.append(str(error)))
    watcher.goto(f"{web_server.url}/#/table/{table}")
    watcher.wait_for_selector("#board .board-grid")
    assert watcher.locator(".board-grid .hot").count() == 0
    assert errors == []
    watcher.context.close()
    page.context.close()
