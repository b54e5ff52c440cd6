"""Chat in the browser: a line with HTML and script typed by one player shows, as that literal
text, in the other player's page (DOM text nodes, never parsed), and no script runs.  Debian's
Chromium, a real server, two browser contexts."""

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

MARKUP = "<script>alert(1)</script><b>x</b>"


def test_markup_in_chat_renders_as_text_in_the_other_players_page(tmp_path: Path) -> None:
    server = Server(tmp_path, env=UNTHROTTLED).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                        args=["--no-sandbox", "--disable-background-networking", "--disable-gpu"])
            ana, ben = browser.new_context().new_page(), browser.new_context().new_page()
            dialogs: list[str] = []
            for page in (ana, ben):
                page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
                page.goto(server.url + "/?board=generic")
                page.wait_for_selector("body[data-ready='1']")
            csrf = next(c["value"] for c in ana.context.cookies() if c["name"] == "ludoteca_csrf")
            response = ana.context.request.post(f"{server.url}/api/tables", headers={"X-CSRF-Token": csrf}, data={
                "game": "dschunke", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]})
            assert response.ok, response.text()
            table = response.json()["id"]
            ana.goto(f"{server.url}/?board=generic#/table/{table}")
            ben.goto(f"{server.url}/?board=generic#/table/{table}")
            ben.click("button.take-seat[data-seat='1']")
            ana.wait_for_selector("#chat-input")
            ana.fill("#chat-input", MARKUP)
            ana.click("#chat-send")
            line = ben.wait_for_selector("#chat-lines li", timeout=5000)
            assert line.inner_text().endswith(MARKUP)
            assert ben.query_selector("#chat-lines b") is None and ben.query_selector("#chat-lines script") is None
            # the history on load shows it the same way
            ben.reload()
            ben.wait_for_selector("#chat-lines li")
            assert ben.inner_text("#chat-lines li").endswith(MARKUP)
            assert dialogs == []
            browser.close()
    finally:
        server.stop()
