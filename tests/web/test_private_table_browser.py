"""A private table in the browser, two contexts of Debian's Chromium against a real server: the
creator ticks "Private table", sees the invite link, copies it (for real: the clipboard then
holds it, or the page selects it and says "Select and copy"); the second browser opens the
table's plain address and is refused, then opens the invite link and takes the seat."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (make test installs it)",
                allow_module_level=True)

from playwright.sync_api import sync_playwright  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from server_harness import UNTHROTTLED, Server  # noqa: E402


def test_the_invite_link_lets_the_second_browser_in_and_the_bare_address_does_not(tmp_path: Path) -> None:
    server = Server(tmp_path, env=UNTHROTTLED).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                        args=["--no-sandbox", "--disable-background-networking", "--disable-gpu"])
            ana_context = browser.new_context()
            ana_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
            ana, ben = ana_context.new_page(), browser.new_context().new_page()
            for page in (ana, ben):
                page.goto(server.url + "/?board=generic")
                page.wait_for_selector("body[data-ready='1']")
            form = ana.locator("form[data-game='dschunke']")
            form.locator("select[name='seat-1']").select_option("open")
            form.locator("input[name='private']").check()
            form.locator("button.create-table").click()
            ana.wait_for_selector("#invite")
            table_id = ana.url.split("#/table/", 1)[1]
            link = ana.input_value("#invite")
            assert link.startswith(f"{server.url}/#/table/{table_id}?invite=") and len(link) > len(server.url) + 50
            ana.click("#copy-invite")
            ana.wait_for_function("() => ['Copied!', 'Select and copy (Ctrl+C)']"
                                  ".includes(document.querySelector('#copy-invite').textContent)")
            if ana.text_content("#copy-invite") == "Copied!":
                assert ana.evaluate("navigator.clipboard.readText()") == link
            else:  # no clipboard: the link is selected for the person to copy
                assert ana.evaluate("document.getSelection().toString() || document.activeElement.value") == link

            # the lobby does not list it
            ben.wait_for_selector("#open-tables")
            assert table_id not in (ben.text_content("#open-tables") or "")
            # the bare address is refused like a table that does not exist
            ben.goto(f"{server.url}/?board=generic#/table/{table_id}")
            error = ben.wait_for_selector("#table-error")
            assert "no table" in error.inner_text() and ben.query_selector("button.take-seat") is None
            # the invite link lets the second browser in
            ben.goto(link.replace(f"{server.url}/", f"{server.url}/?board=generic"))
            ben.click("button.take-seat[data-seat='1']")
            ana.wait_for_selector("main[data-status='playing']")
            ben.wait_for_selector("main[data-status='playing']")
            assert ben.query_selector("#invite") is None  # only the creator is shown the link
            browser.close()
    finally:
        server.stop()
