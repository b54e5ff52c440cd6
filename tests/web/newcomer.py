"""What the issue-14 browser tests share: a look at the messages the page receives, the checks
on words a player reads (the same as tests/test_conformance.py's), and a whole game played by
clicking one seat's legal moves while bots play the others."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from board_driver import LAUNCH, MOVES, TIMEOUT, board_drawn
from playwright.sync_api import Browser, Page

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
LANGS = ("en", "es", "fr")

#: Recorded before app.js runs: every message the server sends this page (window.__messages),
#: and window.__deliver(message), which hands the page a message as if the server had sent it
#: (the shell tests use it to redraw with the same legal moves, as another seat's move does).
WATCH_SOCKET = """
window.__messages = [];
const NativeSocket = window.WebSocket;
window.WebSocket = class extends NativeSocket {
  constructor(...args) {
    super(...args);
    window.__socket = this;
    this.addEventListener("message", (e) => { try { window.__messages.push(JSON.parse(e.data)); } catch (error) {} });
  }
};
window.__deliver = (message) => window.__socket.onmessage({ data: JSON.stringify(message) });
"""

RAW_SEAT = re.compile(r"\b(Seat|Asiento|Siège|Player|Jugador|Joueur|Joueuse)\s*\d", re.IGNORECASE)
COORDINATES = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)")
WORD = re.compile(r"[^\W\d_]{2,}")


def new_page(browser: Browser, base: str, lang: str = "en", viewport: dict | None = None,
             touch: bool = False, motion: bool = False) -> Page:
    """A fresh context in ``lang`` with the socket watched; the lobby loaded.  Without ``motion``
    the page asks for reduced motion: a test that does not look at the animations does not wait
    for them (headless Chromium draws them frame by frame on the processor)."""
    context = browser.new_context(viewport=viewport or DESKTOP, locale=lang, has_touch=touch, is_mobile=touch,
                                  reduced_motion="no-preference" if motion else "reduce")
    context.add_init_script(WATCH_SOCKET)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    page.set_default_timeout(TIMEOUT)
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready='1']")
    return page


def create_table(page: Page, game: str, players: int, options: Mapping[str, Any] | None = None,
                 level: str = "random") -> str:
    """A table with me in seat 0 and bots in the others, made through the page's own API call."""
    seats = [{"kind": "me"}] + [{"kind": "bot", "level": level}] * (players - 1)
    table = page.evaluate("""async (body) => {
        const r = await fetch('/api/tables', {method: 'POST', headers: {'Content-Type': 'application/json',
          'X-CSRF-Token': document.cookie.match(/ludoteca_csrf=([^;]*)/)[1]}, body: JSON.stringify(body)});
        return await r.json(); }""", {"game": game, "players": players, "seats": seats, "options": dict(options or {})})
    assert "id" in table, table
    return table["id"]


def open_table(page: Page, base: str, table_id: str, game: str) -> None:
    page.goto(f"{base}/#/table/{table_id}")
    page.wait_for_selector(board_drawn(game))


def catalogue(page: Page) -> list[dict[str, Any]]:
    """The entries of the latest catalogue message the page received."""
    found = page.evaluate("() => window.__messages.filter((m) => m.type === 'catalogue').map((m) => m.entries)")
    return found[-1] if found else []


def content_ids(entries: list[dict[str, Any]]) -> dict[str, str]:
    """Content keys that must not show raw: key -> the name people read (as the conformance
    suite's content_ids: a key that is its own name, English "red", is a word, not an id)."""
    found: dict[str, str] = {}
    for entry in entries:
        key = entry["id"].split(":", 1)[-1]
        if "_" in key or key.casefold() != str(entry.get("name", "")).casefold():
            found[key] = entry.get("name", "")
    return found


def words_problem(label: str, ids: Mapping[str, str]) -> str | None:
    """Why a line a player reads is not words (None when it is)."""
    if not label.strip():
        return "empty"
    if "[" in label or "{" in label:
        return "raw data"
    if COORDINATES.search(label):
        return "a coordinate pair"
    if RAW_SEAT.search(label):
        return "a seat number instead of a name"
    for key, name in ids.items():
        if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", label):
            return f"the content id {key!r} (people read {name!r})"
    return None


def log_lines(page: Page) -> list[str]:
    return page.eval_on_selector_all("#log h4, #log li", "nodes => nodes.map((n) => n.textContent)")


def my_turn_or_end(page: Page) -> bool:
    page.wait_for_function("""(moves) => document.querySelector('main').dataset.status === 'finished'
        || [...document.querySelectorAll(moves)].some((b) => !b.disabled)""", arg=MOVES, timeout=TIMEOUT * 2)
    return page.get_attribute("main", "data-status") != "finished"


def click_a_move(page: Page, rng: random.Random) -> None:
    """One of my legal moves, clicked from the list of every move."""
    version = int(page.get_attribute("main", "data-version") or "-1")
    count = page.eval_on_selector_all(MOVES, "nodes => nodes.length")
    page.evaluate("([moves, i]) => document.querySelectorAll(moves)[i].click()", [MOVES, rng.randrange(count)])
    page.wait_for_function(f"() => Number(document.querySelector('main').dataset.version) > {version}"
                           " || !!document.querySelector('#banner.error:not([hidden])')")


def launch(playwright: Any) -> Browser:
    return playwright.chromium.launch(**LAUNCH)
