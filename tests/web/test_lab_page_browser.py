"""The /lab page in Chromium: the owner's link lets the browser in and the address loses the
key, the runs read as words, a bad field is marked with a symbol and words (not colour alone),
the language switch, AA contrast and 44-px targets; a browser without the key reads why not.

No run is played here (tests/server/test_lab_page.py plays one); the listed run is a folder
with the two files the listing reads."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from board_driver import CHROMIUM
from looks import contrast, small_targets
from server_harness import Server

if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed at /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import Browser  # noqa: E402

KEY = "browser-test-owner-key-0123456789"


@pytest.fixture(scope="module")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    root = tmp_path_factory.mktemp("lab-web")
    runs = root / "runs"
    run = runs / "dschunke-seats-20260102-100000-abcdef12"
    run.mkdir(parents=True)
    (run / "manifest.json").write_text(json.dumps({
        "game": "dschunke", "started": "2026-01-02T10:00:00+00:00", "games": 40, "blocks": 40, "players": [2],
        "lineup": ["random"], "stop": "blocks"}))
    (run / "metrics.json").write_text(json.dumps({"experiment": {"type": "seats", "name": "dschunke seats",
                                                                 "game": "dschunke"}}))
    (runs / "holiday-photos").mkdir()
    srv = Server(root / "data", env={"LUDOTECA_LAB_DIR": str(runs), "LUDOTECA_LAB_KEY": KEY,
                                     "LUDOTECA_LAB_JOBS": "1"})
    (root / "data").mkdir()
    srv.start()
    yield srv
    srv.stop()


def test_the_owner_sees_the_lab_in_words_and_a_bad_field_is_marked(lab_server: Server, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{lab_server.url}/lab?key={KEY}")
    page.wait_for_selector("body[data-ready='1']")
    assert page.url == f"{lab_server.url}/lab"  # the key left the address bar
    rows = page.locator("#runs tbody tr")
    assert rows.count() == 2
    first = rows.nth(0).inner_text()
    for words in ("Dschunke", "2 players, random bots", "seat fairness", "40", "every planned game played",
                  "Open the report"):
        assert words in first, (words, first)
    assert "Not a lab run: the folder holiday-photos holds no lab results" in rows.nth(1).inner_text()
    assert page.is_disabled("#diff")

    found = contrast(page)
    assert found.checked > 20 and found.bad == []
    targets = small_targets(page)
    assert targets.checked > 10 and targets.bad == []

    page.fill("#f-blocks", "0")
    page.click("#run-button")
    error = page.locator("#e-blocks")
    error.wait_for(state="visible")
    assert error.inner_text() == "Give a whole number of blocks from 1 to 2,000."
    assert page.evaluate("getComputedStyle(document.querySelector('#e-blocks'), '::before').content") == '"⚠ "'
    assert page.get_attribute("#f-blocks", "aria-invalid") == "true"
    assert page.locator("#job").is_hidden()  # nothing started

    page.select_option("#lang", "es")
    page.wait_for_function("() => document.querySelector('h1').textContent === 'El laboratorio de equilibrio'")
    assert "todas las partidas previstas jugadas" in page.locator("#runs tbody tr").nth(0).inner_text()
    context.close()


def test_a_browser_without_the_key_reads_that_the_lab_is_the_owners(lab_server: Server, browser: Browser) -> None:
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    response = page.goto(f"{lab_server.url}/lab")
    assert response is not None and response.status == 403
    assert page.inner_text("h1") == "Cette page est réservée au propriétaire du serveur"
    context.close()

