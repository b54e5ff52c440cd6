"""The Dschunke web board (ludoteca/web/boards/dschunke.js) and the game agree on words: the board
letters columns and numbers rows exactly as grid.py does (so the log's "from C5 to E5" names the
cells the board shows), and every crate and strip it draws carries the id of a catalogue entry.

The board module runs in Chromium on a page served from ludoteca/web (no app, no server): a real
view and its legal moves go in, the drawn SVG and HTML are read back.  The id and letter helpers
also run under Node against the whole pile.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

import ludoteca
from ludoteca.games.dschunke.catalogue import strip_id
from ludoteca.games.dschunke.grid import Frame, column_name

WEB = Path(__file__).resolve().parents[3] / "ludoteca" / "web"
BOARD = WEB / "boards" / "dschunke.js"
CHROMIUM = Path("/usr/bin/chromium")
GAME = ludoteca.game("dschunke")


def node(script: str) -> object:
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True,
                          check=True, timeout=60)
    return json.loads(done.stdout)


def test_the_board_builds_the_catalogues_strip_ids_and_grid_letters():
    tiles = GAME.new(2, seed=1).content.tiles
    script = (f"const m = await import({json.dumps(BOARD.as_uri())});"
              f"const tiles = {json.dumps(tiles)};"
              "console.log(JSON.stringify({strips: tiles.map(m.stripCard),"
              " columns: [0, 1, 25, 26, 27, 51, 52].map(m.columnName),"
              " crates: ['red rice', 'green rat', 'empty'].map(m.crateCard)}));")
    found = node(script)
    assert found["strips"] == [strip_id(t) for t in tiles]  # type: ignore[index]
    catalogue = {entry["id"] for entry in GAME.catalogue()}
    assert set(found["strips"]) <= catalogue  # type: ignore[index]
    assert found["columns"] == [column_name(i) for i in (0, 1, 25, 26, 27, 51, 52)]  # type: ignore[index]
    assert found["crates"] == ["crate:rice", "crate:rat", "crate:empty"]  # type: ignore[index]


# ---- the board drawn in Chromium --------------------------------------------------------------

class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def web() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(WEB)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


DRAW = """async ([view, legal]) => {
  const m = await import("/boards/dschunke.js");
  const t = (key, values) => values ? `${key} ${JSON.stringify(values)}` : key;
  const box = document.createElement("div");
  document.body.replaceChildren(box);
  m.render(box, view, legal, () => {}, { t, lang: "en" },
    { seat: 0, seats: [{ kind: "human", name: "Ana" }, { kind: "bot", level: "normal" }], names: ["Ana", "Bruno"] });
  const svg = box.querySelector("svg.deck");
  return {
    cards: [...box.querySelectorAll("[data-card]")].map((n) => n.dataset.card),
    refs: [...box.querySelectorAll("g.cell")].map((n) => [Number(n.dataset.x), Number(n.dataset.y), n.dataset.ref]),
    rulers: [...box.querySelectorAll(".ruler.cols .track span, .ruler.rows .track span")].map((n) => n.textContent),
    titles: [...svg.querySelectorAll("title")].map((n) => n.textContent),
    drawn: [...box.querySelectorAll("figure.strip-box")].map((n) => n.dataset.card),
    start: box.querySelectorAll("[data-card='strip:start-strip']").length,
  };
}"""


def drawn_board(page, state) -> dict:
    seat = state.to_move[0] if state.to_move else 0
    actions = state.legal_actions(seat) if state.to_move else []
    legal = [{"action": a, "label": state.describe(a, "en")} for a in actions]
    return page.evaluate(DRAW, [state.view(seat), legal])


def test_the_board_draws_grid_references_and_marks_every_piece(web):
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    state = GAME.new(2, seed=5)
    rng = random.Random(3)
    catalogue = {entry["id"] for entry in GAME.catalogue()}
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                    args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.goto(f"{web}/boards/")
        first = drawn_board(page, state)
        assert first["start"] == 1, "the start strip's S is marked on the bare table"
        seen: set[str] = set(first["cards"])
        for _ in range(30):
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            found = drawn_board(page, state)
            seen |= set(found["cards"])
            assert set(found["cards"]) <= catalogue, sorted(set(found["cards"]) - catalogue)
            assert found["drawn"] == [strip_id(d["crates"]) for d in state.view(0)["drawn"]]
        browser.close()
    frame = Frame.of(state.view(0))
    assert found["refs"] and all(ref == frame.name(x, y) for x, y, ref in found["refs"])
    assert found["rulers"][:3] == ["A", "B", "C"]
    assert found["rulers"][frame.columns:frame.columns + 3] == ["1", "2", "3"]
    assert len(found["rulers"]) == frame.columns + frame.rows
    pair = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)")
    assert found["titles"] and not any(pair.search(title) for title in found["titles"]), found["titles"][:3]
    goods = {f"crate:{good}" for good in ("rice", "vegetables", "spice", "fish")}
    assert {"crate:empty", "crate:rat", "strip:start-strip"} <= seen and goods & seen, sorted(seen)
    assert any(card.startswith("strip:") and "." in card for card in seen), "a strip of the pile is marked"
