"""Each game's board in Chromium on a phone-sized page, for every registered game (examples
included).  A game with its own board module: every kind of legal move is clickable on the
board at every turn, the required kinds are PLAYED by clicking board elements (never the
fallback list), a mid-game screenshot is saved, nothing overflows 375 px.  A game without one
(ludoteca/web/boards/<id>.js) is played to the end on the generic board."""

from __future__ import annotations

import pytest
from board_driver import (
    CHROMIUM,
    PREFER,
    board_drawn,
    click_kind,
    has_board,
    my_turn_or_end,
    open_table,
    overflow,
    play_by_board,
    play_generic_to_the_end,
    screenshot,
)

from ludoteca.engine import registry

if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import Browser  # noqa: E402

#: Per game with its own board: the players, and the kinds of move that must be played on it.
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


def every_pathogen_oncogenic() -> dict:
    """Immunity's table options for this test: every pathogen grows tumours (a designer's knob,
    ``pathogens.*.oncogenic``).  With the shipped cards a tumour, and so ``clear_tumour``, came
    up after a median 70 and at worst 375 of my moves over 100 deals (this test once took
    153 s); with this, a median 23 and at worst 73 (an engine-only replay of play_by_board)."""
    pathogens = registry.game("immunity").new(2, seed=0).content.pathogens
    return {"params": {"pathogens": {pid: {"oncogenic": 1} for pid in pathogens}}}


#: Per game, the table options of the board test (default: the game's own).
OPTIONS = {"immunity": every_pathogen_oncogenic}


OWN_BOARDS = [g for g in registry.all_games() if has_board(g)]
GENERIC = [g for g in registry.all_games() if not has_board(g)]


def players_for(game: str) -> int:
    if game in GAMES:
        return GAMES[game][0]
    g = registry.game(game)
    return 2 if g.min_players <= 2 <= g.max_players else g.min_players


def test_every_game_with_its_own_board_says_what_must_be_played_on_it() -> None:
    """A new board module without an entry in GAMES would be tested by nobody: say so."""
    assert sorted(set(OWN_BOARDS) - set(GAMES)) == []


@pytest.mark.parametrize("game", OWN_BOARDS)
def test_board_plays_every_kind_by_clicking(web_server, browser: Browser, game: str) -> None:
    players, required = GAMES[game]
    options = OPTIONS[game]() if game in OPTIONS else None
    page = open_table(browser, web_server.url, game, players, options=options)
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


@pytest.mark.parametrize("game", GENERIC)
def test_generic_board_plays_a_whole_game(web_server, browser: Browser, game: str) -> None:
    """A game without its own board is played to the end on the generic board: its view as
    panels, its moves as labelled buttons (words, never ``type=...``), nothing overflowing."""
    page = open_table(browser, web_server.url, game, players_for(game))
    assert page.locator("#board .board-grid").count() == 0
    clicked = play_generic_to_the_end(page, seed=5)
    assert clicked > 0
    page.wait_for_selector("#game-over")
    screenshot(page, f"{game}-generic-phone")
    assert overflow(page) == []
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("game", registry.all_games())
def test_spectator_and_replay_views_draw_without_moves(web_server, browser: Browser, game: str) -> None:
    """A spectator (no seat) gets view(None) and no moves: the board draws, nothing is clickable."""
    page = open_table(browser, web_server.url, game, players_for(game))
    table = page.url.rsplit("/", 1)[-1]
    my_turn_or_end(page)
    watcher = browser.new_context(viewport={"width": 375, "height": 812}).new_page()
    errors: list[str] = []
    watcher.on("pageerror", lambda error: errors.append(str(error)))
    watcher.goto(f"{web_server.url}/#/table/{table}")
    watcher.wait_for_selector(board_drawn(game))
    assert watcher.locator(".board-grid .hot, #board button.action").count() == 0
    assert errors == []
    watcher.context.close()
    page.context.close()
