"""Issue 14's "Done when": Dice Hospital undo works after a bot's move during activation.

The activation is simultaneous and each seat treats the patients of its own hospital, so the
engine lets a seat take back its own step although a bot moved in its own hospital since
(``Phase(independent=True)``).  Before, the undo button vanished half a second into the
activation, as soon as the bot acted.  Debian's Chromium, a real server, a bot that waits
(``--bot-delay 3``: 3 s before its first step, 0.75 s between the later ones)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (make test installs it)",
                allow_module_level=True)

from playwright.sync_api import Browser, Page  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from board_driver import my_turn_or_end, open_table  # noqa: E402
from server_harness import UNTHROTTLED, Server  # noqa: E402

DESKTOP = {"width": 1280, "height": 900}


def my_moves(page: Page) -> list[dict]:
    """My legal actions as the page lists them (the fallback list's buttons carry each one)."""
    titles = page.eval_on_selector_all(".all-moves button.action", "nodes => nodes.map(n => n.dataset.action)")
    return [json.loads(title) for title in titles]


def version(page: Page) -> int:
    return int(page.get_attribute("main", "data-version"))


def click_move(page: Page, wanted: dict) -> None:
    """Click the button of exactly this action and wait until the table moved on."""
    before = version(page)
    index = my_moves(page).index(wanted)
    page.evaluate("i => document.querySelectorAll('.all-moves button.action')[i].click()", index)
    page.wait_for_function(f"() => Number(document.querySelector('main').dataset.version) > {before}")


def test_dice_hospital_undo_works_after_a_bots_move_during_activation(browser: Browser, tmp_path: Path) -> None:
    server = Server(tmp_path, env=UNTHROTTLED, bot_delay=3.0).start()
    try:
        page = open_table(browser, server.url, "dice-hospital", 2, viewport=DESKTOP)
        rng = random.Random(14)
        for _ in range(600):
            assert my_turn_or_end(page), "the game ended before a bot moved after my step"
            moves = my_moves(page)
            departments = [m for m in moves if m["type"] == "department"]
            if not departments:           # before the activation: plain choices
                plain = [m for m in moves if m["type"] in ("keep", "pass")]
                click_move(page, (plain or [rng.choice(moves)])[0])
                continue
            mine = departments[0]
            click_move(page, mine)
            after_mine = version(page)
            assert page.locator("#undo").count() == 1         # my own step: undo is offered
            try:                           # the bot's next step, in its own hospital
                page.wait_for_function(
                    f"() => Number(document.querySelector('main').dataset.version) > {after_mine}", timeout=8000)
            except PlaywrightTimeout:      # the bot had already ended its activation: next round
                for step in ("meeple", "patient", "end"):
                    while any(m["type"] == step for m in my_moves(page)):
                        click_move(page, next(m for m in my_moves(page) if m["type"] == step))
                continue
            page.wait_for_selector("#undo")                   # still offered after the bot's move
            assert {m["type"] for m in my_moves(page)} >= {"meeple"}
            bot_moved_to = version(page)
            page.click("#undo")
            page.wait_for_function(
                "() => [...document.querySelectorAll('.all-moves button.action')]"
                ".some((b) => JSON.parse(b.dataset.action).type === 'department')")
            assert mine in my_moves(page)                     # my department is mine to choose again
            assert "meeple" not in {m["type"] for m in my_moves(page)}
            assert version(page) >= bot_moved_to - 1          # only my one step left the record
            assert not page.locator("#banner.error:not([hidden])").count()
            assert not page.errors  # type: ignore[attr-defined]
            return
        pytest.fail("no activation where the bot moved after my step")
    finally:
        server.stop()
