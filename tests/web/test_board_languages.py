"""Languages: the browser's language is the default, the switch changes it, and no board shows
an untranslated catalogue key (or an unfilled {placeholder}) in Spanish."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

import pytest
from board_driver import CHROMIUM, MOVES, PHONE, UNTRANSLATED, board_drawn, move_labels, my_turn_or_end, open_table
from board_names import names

from ludoteca.engine import registry

if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import Browser  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

I18N = Path(__file__).resolve().parents[2] / "ludoteca" / "web" / "i18n"
#: Players per game where the default (2 when allowed) would not show the board fully.
PLAYERS = {"herbalism": 3}


def players_for(game: str) -> int:
    g = registry.game(game)
    return PLAYERS.get(game, 2 if g.min_players <= 2 <= g.max_players else g.min_players)


def test_catalogues_have_the_same_keys_and_every_content_name() -> None:
    catalogues = {lang: json.loads((I18N / f"{lang}.json").read_text()) for lang in ("en", "es", "fr")}
    assert set(catalogues["es"]) == set(catalogues["en"]) == set(catalogues["fr"])
    for lang, generated in names().items():  # regenerate with: python tests/web/board_names.py
        assert {k: v for k, v in catalogues[lang].items() if k.startswith("name.")} == generated


def test_the_browser_language_is_the_default(web_server, browser: Browser) -> None:
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    page = context.new_page()
    page.goto(web_server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    assert page.get_attribute("html", "lang") == "fr"
    assert page.input_value("#lang") == "fr"
    context.close()


@pytest.mark.parametrize("game", registry.all_games())
def test_spanish_switch_leaves_no_untranslated_key_on_the_board(web_server, browser: Browser, game: str) -> None:
    """Every registered game, on its own board or the generic one: after switching to Spanish no
    catalogue key shows, and no move reads as it did in English (where it has words)."""
    page = open_table(browser, web_server.url, game, players_for(game), lang="en-GB")
    my_turn = my_turn_or_end(page)
    english = set(move_labels(page)) if my_turn else set()
    page.select_option("#lang", "es")
    page.wait_for_function("() => document.documentElement.lang === 'es'")
    spanish = json.loads((I18N / "es.json").read_text())
    page.wait_for_function("(words) => words.includes(document.querySelector('#status')?.textContent)",
                           arg=[spanish["your_turn"], spanish["game_over"]])
    worded = sorted(label for label in english if re.search(r"[^\W\d_]{2,}", label))
    if worded:
        # The page's own words change at once; the moves' words when the server resends the
        # table in Spanish (a bot moving meanwhile sends the position first).  Wait for that.
        with contextlib.suppress(PlaywrightTimeout):  # the assertion below names the moves that stayed
            page.wait_for_function("([moves, old]) => ![...document.querySelectorAll(moves)].some("
                                   "(b) => old.includes(b.textContent.trim()))", arg=[MOVES, worded], timeout=5000)
    page.wait_for_selector(board_drawn(game))
    if my_turn and page.get_attribute("main", "data-status") != "finished":
        still = {label for label in set(move_labels(page)) & english if re.search(r"[^\W\d_]{2,}", label)}
        assert not still, f"moves still in English after switching to Spanish: {sorted(still)[:5]}"
    text = page.inner_text("#board")
    labels = " ".join(page.eval_on_selector_all(
        "#board [aria-label], #board [title], #board title",
        """nodes => nodes.map(n => [n.getAttribute('aria-label'), n.getAttribute('title'),
                                   n.tagName === 'title' ? n.textContent : ''].join(' '))"""))
    pattern = re.compile(UNTRANSLATED.strip("/"))
    assert pattern.findall(text + " " + labels) == []
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
