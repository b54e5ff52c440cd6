"""Herbalism's board marks every component with its catalogue id (issue 14): the page shows the
entry on hover or tap, so a ``data-card`` that names no entry explains nothing, and a kind of
component the board never marks is never explained.  Drawn in Chromium from a real view."""

from __future__ import annotations

import mimetypes
from pathlib import Path

import pytest
from herbalism_helpers import ADVANCED, AMY, BOB, CHRISTINA, GAME, position

WEB = Path(__file__).resolve().parents[3] / "ludoteca" / "web"
CHROMIUM = Path("/usr/bin/chromium")
ORIGIN = "http://board.test"

RENDER = """async ([view, legal]) => {
  const board = await import('/boards/herbalism.js');
  const box = document.createElement('div');
  document.body.append(box);
  const t = (key, values) => (values ? `${key}(${Object.values(values).join(', ')})` : key);
  board.render(box, view, legal, () => {}, { t, lang: 'en' },
    { seat: 0, seats: null, names: ['Amy', 'Bob', 'Christina'], game: { id: 'herbalism' }, replay: false });
  return { cards: [...box.querySelectorAll('[data-card]')].map((node) => node.dataset.card),
           titles: [...box.querySelectorAll('svg title')].map((node) => node.textContent) };
}"""


def mid_round_state():
    """A round with pharmacists on cards, a cure marker placed, and predictions made."""
    s = position([[1, 0, 1, 2], [1, 1, 1, 1], [0, 2, 1, 1]], [0, 0, 1, 1],
                 options={**ADVANCED, "predictions": True})
    medicines = s.content.medicines
    s.pharmacist = [medicines.index("red-blue"), medicines.index("identical-pair"), -1]
    s.marker_card[BOB], s.marker_side[BOB] = medicines.index("green-blue"), "answer"
    s.predictions[CHRISTINA] = ["green"]
    s.active = CHRISTINA
    return s


def drawn(state) -> dict:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists():
        pytest.skip("Chromium is not installed (make browser)")

    def serve(route) -> None:
        path = route.request.url.removeprefix(ORIGIN).split("?")[0]
        file = WEB / path.lstrip("/")
        if path == "/" or not file.is_file():
            route.fulfill(status=200, content_type="text/html", body="<!doctype html><body></body>")
            return
        route.fulfill(status=200, body=file.read_bytes(),
                      content_type=mimetypes.guess_type(file.name)[0] or "text/javascript")

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.route(f"{ORIGIN}/**", serve)
            page.goto(f"{ORIGIN}/")
            seat = state.to_move[0]
            return page.evaluate(RENDER, [state.view(AMY), state.legal_actions(seat) if seat == AMY else []])
        finally:
            browser.close()


def test_every_marked_element_names_a_catalogue_entry_and_every_kind_is_marked():
    state = mid_round_state()
    result = drawn(state)
    ids = {entry["id"] for entry in GAME.catalogue(state.options, "en")}
    marked = set(result["cards"])
    assert marked <= ids, f"data-card names no catalogue entry: {sorted(marked - ids)}"
    # every kind the catalogue explains, and each of the three markers, appears on the board
    assert {card.split(":")[0] for card in marked} == {entry.split(":")[0] for entry in ids}
    assert {"marker:pharmacist", "marker:cure-marker", "marker:prediction-marker"} <= marked
    assert {f"medicine:{name}" for name in state.content.medicines} <= marked
    assert {f"ingredient:{colour}" for colour in state.content.colours} <= marked  # the deck make-up
    assert {f"action:{card}" for card in state.cards} <= marked
    # the pawns and markers on the cards name their players as the table does
    assert sorted(result["titles"]) == ["hb_marker_answer(Bob)", "hb_pharmacist_of(Amy)", "hb_pharmacist_of(Bob)"]
