"""Accounts in two (then three) browser contexts of Debian's Chromium: a guest creates a table
and registers, a second guest takes the open seat and registers too, both keep their seats, and a
fresh browser that logs in to the first account finds the table under "My tables"."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (make test installs it)",
                allow_module_level=True)

from playwright.sync_api import Browser, Page  # noqa: E402
from server_harness import Server  # noqa: E402

PASSWORD = "a long enough secret"


def open_page(browser: Browser, url: str) -> Page:
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    return page


def use_account(page: Page, username: str, button: str) -> None:
    page.click("#account summary")
    page.fill("#account-user", username)
    page.fill("#account-password", PASSWORD)
    page.click(f"#{button}")
    page.wait_for_selector("#signed-in")


def seat_line(page: Page, seat: int) -> str:
    return page.text_content(f"ul.seats li[data-seat='{seat}']") or ""


def wait_seat_shows(page: Page, seat: int, text: str) -> None:
    """Wait until the seat's line in the seat list contains ``text`` (it updates live)."""
    page.wait_for_function(f"() => document.querySelector(\"ul.seats li[data-seat='{seat}']\")"
                           f"?.textContent.includes('{text}')")


def test_two_guests_register_keep_their_seats_and_a_third_browser_logs_in(web_server: Server,
                                                                          browser: Browser) -> None:
    ana, ben = f"ana_{uuid.uuid4().hex[:6]}", f"ben_{uuid.uuid4().hex[:6]}"
    first = open_page(browser, web_server.url + "/?board=generic")
    form = first.locator("form[data-game='dschunke']")
    form.locator("select[name='seat-1']").select_option("open")
    form.locator("button.create-table").click()
    first.wait_for_selector("ul.seats")
    table_id = first.url.rsplit("/", 1)[-1]

    use_account(first, ana, "register")
    assert first.text_content("#signed-in") == f"Signed in as {ana}"
    wait_seat_shows(first, 0, ana)
    assert "(you)" in seat_line(first, 0)

    second = open_page(browser, web_server.url + f"/?board=generic#/table/{table_id}")
    second.click("button.take-seat[data-seat='1']")
    wait_seat_shows(second, 1, "(you)")
    use_account(second, ben, "register")
    wait_seat_shows(second, 1, f"{ben} (you)")  # back on the table as the account: still seated
    wait_seat_shows(first, 1, ben)  # and the other player sees the new name

    third = open_page(browser, web_server.url + "/?board=generic#/mine")
    assert third.locator(f"#my-tables tr[data-table='{table_id}']").count() == 0
    use_account(third, ana.upper(), "log-in")
    assert third.text_content("#signed-in") == f"Signed in as {ana}"
    third.wait_for_selector(f"#my-tables tr[data-table='{table_id}']")
    third.click("#signed-in")  # the player page: no ranked game yet, so no chart
    third.wait_for_selector("#player h2")
    assert ana in (third.text_content("#player h2") or "") and third.locator("#rating-chart").count() == 0
    third.goto(web_server.url + "/?board=generic#/leaderboard/dschunke")
    third.wait_for_selector("#leaderboard select#leaderboard-game")

    third.click("#log-out")
    third.wait_for_selector("#account summary")
    third.wait_for_function(f"() => !document.querySelector(\"#my-tables tr[data-table='{table_id}']\")")
    for page in (first, second, third):
        assert page.errors == []  # type: ignore[attr-defined]
