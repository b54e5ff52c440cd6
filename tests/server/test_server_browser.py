"""The browser client, driven through Debian's Chromium (never a downloaded browser):
whole games clicked through the generic board, a reload mid-game, two players, replays.

Pages open with ``?board=generic`` so these tests exercise the shell and the generic board
whatever per-game boards exist (tests/web covers those)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (make test installs it)",
                allow_module_level=True)

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402
from server_harness import Server  # noqa: E402

from ludoteca import engine  # noqa: E402

ENABLED = "button.action:not([disabled])"
# Predicates are written as functions ("() => ..."): Playwright polls a bare expression with
# eval(), which the page's Content-Security-Policy forbids.


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                     args=["--no-sandbox", "--disable-background-networking", "--disable-gpu"])
        yield chromium
        chromium.close()


def open_page(browser: Browser, url: str) -> Page:
    url = url.replace("/#/", "/?board=generic#/") if "/#/" in url else url.rstrip("/") + "/?board=generic"
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    return page


def wait_turn_or_end(page: Page) -> str:
    page.wait_for_function(
        "() => document.querySelector('main').dataset.status === 'finished'"
        f" || !!document.querySelector('{ENABLED}')", timeout=15000)
    return page.get_attribute("main", "data-status") or ""


def version(page: Page) -> int:
    return int(page.get_attribute("main", "data-version") or -1)


def test_against_a_bot_to_the_end_with_a_reload_mid_game_then_replay(server: Server, browser: Browser) -> None:
    page = open_page(browser, server.url + "/")
    form = page.locator("form[data-game='dschunke']")
    form.locator("select[name='seat-1']").select_option("bot:random")
    form.locator("button.create-table").click()
    page.wait_for_selector(ENABLED)
    table_id = page.url.rsplit("/", 1)[-1]
    assert page.text_content("#status") == "Your turn"

    page.goto(server.url + "/?board=generic#/mine")  # "My tables" marks the table as waiting for me
    row = page.locator(f"tr[data-table='{table_id}']")
    row.locator(".badge.turn").wait_for()
    row.locator("a").first.click()

    reloaded = False
    while wait_turn_or_end(page) != "finished":
        if not reloaded and version(page) >= 20:
            before = version(page)
            page.reload()
            page.wait_for_selector("body[data-ready='1']")
            wait_turn_or_end(page)
            assert version(page) == before  # resumed exactly where it was
            reloaded = True
        page.locator(ENABLED).first.click()
    assert reloaded
    over = page.locator("#game-over")
    assert "Winner(s):" in over.text_content()
    final = version(page)

    over.get_by_text("Replay").click()
    page.wait_for_selector("#replay-step")
    assert page.text_content("#replay-step") == f"Step 0 of {final}"
    page.click("#replay-next")
    page.wait_for_function(f"() => document.querySelector('#replay-step').textContent === 'Step 1 of {final}'")
    assert page.text_content("#replay-action").startswith("Seat 1:")  # seats read from 1
    page.click("#replay-last")
    page.wait_for_function(f"() => document.querySelector('#replay-step').textContent === 'Step {final} of {final}'")
    page.goto(server.url + "/?board=generic#/history")
    page.locator(f"tr[data-table='{table_id}']").wait_for()
    page.goto(server.url + "/?board=generic#/table/no-such-table")
    page.wait_for_selector("#table-error")
    assert "no table 'no-such-table'" in page.text_content("#table-error")
    assert page.errors == []  # type: ignore[attr-defined]


def test_two_browsers_play_each_other_and_play_again(server: Server, browser: Browser) -> None:
    host = open_page(browser, server.url + "/")
    form = host.locator("form[data-game='dschunke']")
    form.locator("select[name='seat-1']").select_option("open")
    form.locator("button.create-table").click()
    host.wait_for_selector("#invite")
    assert host.text_content("#status") == "Waiting for players: share the invite link."
    invite = host.input_value("#invite")

    guest = open_page(browser, invite)
    guest.select_option("#lang", "es")
    guest.click("button.take-seat[data-seat='1']")
    host.wait_for_selector(ENABLED)
    guest.wait_for_function("() => document.querySelector('main').dataset.status === 'playing'")
    assert guest.text_content("#status").startswith("Esperando a")
    assert guest.text_content("nav a[href='#/mine']") == "Mis mesas"

    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if host.get_attribute("main", "data-status") == "finished":
            break
        moved = False
        for page in (host, guest):
            button = page.locator(ENABLED).first
            if button.count():
                try:
                    button.click(timeout=1000)
                    moved = True
                except Exception:  # the board was redrawn under the click; look again
                    pass
        if not moved:
            time.sleep(0.02)
    guest.wait_for_function("() => document.querySelector('main').dataset.status === 'finished'")
    assert version(host) == version(guest) > 40
    assert "Ganador(es):" in guest.text_content("#game-over")

    host.click("#play-again")
    host.wait_for_function("() => document.querySelector('main').dataset.version === '0' && "
                           "document.querySelector('main').dataset.status === 'playing'")
    guest.click("#next-game")
    guest.wait_for_function("() => document.querySelector('main').dataset.version === '0'")
    assert host.url.rsplit("/", 1)[-1] == guest.url.rsplit("/", 1)[-1]
    assert guest.get_attribute("main", "data-seat") == "1"
    assert host.get_attribute("main", "data-seat") == "0"
    assert host.errors == [] and guest.errors == []  # type: ignore[attr-defined]


def test_the_page_reconnects_by_itself_after_the_server_is_killed(tmp_path: Path, browser: Browser) -> None:
    """A reconnect resumes from the database: SIGKILL the server under an open page, start it
    again on the same port, and the page carries on without a reload."""
    server = Server(tmp_path).start()
    try:
        page = open_page(browser, server.url + "/")
        form = page.locator("form[data-game='dschunke']")
        form.locator("select[name='seat-1']").select_option("bot:random")
        form.locator("button.create-table").click()
        for _ in range(3):
            wait_turn_or_end(page)
            page.locator(ENABLED).first.click()
        wait_turn_or_end(page)
        before = version(page)
        server.kill()
        page.wait_for_selector("#banner.error:not([hidden])")  # "Connection lost; reconnecting…"
        server.start()
        page.wait_for_selector("#banner", state="hidden", timeout=20000)
        wait_turn_or_end(page)
        assert version(page) == before
        page.locator(ENABLED).first.click()
        page.wait_for_function(f"() => Number(document.querySelector('main').dataset.version) > {before}")
    finally:
        server.stop()


@pytest.mark.parametrize("game_id", engine.games())
def test_the_generic_board_draws_every_game(server: Server, browser: Browser, game_id: str) -> None:
    """Any game is playable through the generic board: panels for the view, buttons for moves."""
    page = open_page(browser, server.url + "/")
    form = page.locator(f"form[data-game='{game_id}']")
    game = engine.game(game_id)
    players = max(2, game.min_players)
    form.locator("select[name='players']").select_option(str(players))
    for seat in range(1, players):
        form.locator(f"select[name='seat-{seat}']").select_option("bot:random")
    form.locator("button.create-table").click()
    for _ in range(5):
        if wait_turn_or_end(page) == "finished":
            break
        assert page.locator(".panel").count() > 0
        clicked = version(page)
        page.locator(ENABLED).first.click()
        page.wait_for_function(f"() => Number(document.querySelector('main').dataset.version) > {clicked}")
    assert page.errors == []  # type: ignore[attr-defined]
