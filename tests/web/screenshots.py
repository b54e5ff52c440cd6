"""Screenshots of every game's table and end screen, desktop (1280×800) and phone (390×844),
for docs/web.md.  Run by hand (not part of `make test`): it starts its own server.

    .venv/bin/python tests/web/screenshots.py            # every game, into docs/web/
    .venv/bin/python tests/web/screenshots.py dschunke   # one game
    .venv/bin/python tests/web/screenshots.py --out /tmp/shots dschunke

One seat is played by clicking random legal moves, random bots play the others; the table
shot is taken after a few moves (the card tooltip of one component open on desktop), the end
shot once the game is over (the score breakdown and the winners)."""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "server"))

from newcomer import DESKTOP, PHONE, click_a_move, create_table, launch, my_turn_or_end, new_page, open_table  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from server_harness import UNTHROTTLED, Server  # noqa: E402

import ludoteca  # noqa: E402

OUT = HERE.parents[1] / "docs" / "web"
#: Moves of mine before the table shot: the board has something on it by then.
TABLE_AFTER = 6


def players_for(game_id: str) -> int:
    g = ludoteca.game(game_id)
    return 2 if g.min_players <= 2 <= g.max_players else g.min_players


def shoot(browser, base: str, game: str, size: str, out: Path) -> list[Path]:
    viewport = DESKTOP if size == "desktop" else PHONE
    page = new_page(browser, base, "en", viewport=viewport, touch=size == "phone")
    open_table(page, base, create_table(page, game, players_for(game)), game)
    rng = random.Random(1)
    written = []
    for _ in range(TABLE_AFTER):
        if not my_turn_or_end(page):
            break
        click_a_move(page, rng)
    if size == "desktop":  # one card's tooltip open, as a newcomer hovering it sees it
        card = page.locator("#board [data-card]").first
        if card.count():
            card.hover()
    path = out / f"{game}-table-{size}.png"
    page.screenshot(path=str(path))
    written.append(path)
    page.mouse.move(0, 0)
    while my_turn_or_end(page):
        click_a_move(page, rng)
    page.locator("#game-over").scroll_into_view_if_needed()
    path = out / f"{game}-end-{size}.png"
    page.screenshot(path=str(path))
    written.append(path)
    page.context.close()
    return written


def main(games: list[str], out: Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
    server = Server(Path(tempfile.mkdtemp(prefix="ludoteca-shots-")), env=UNTHROTTLED).start()
    try:
        with sync_playwright() as p:
            browser = launch(p)
            for game in games:
                for size in ("desktop", "phone"):
                    for path in shoot(browser, server.url, game, size, out):
                        print(path)
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Screenshots of every game's table and end screen.")
    parser.add_argument("games", nargs="*", help="game ids (default: every listed game)")
    parser.add_argument("--out", type=Path, default=OUT, help="where the PNGs go (default: docs/web/)")
    args = parser.parse_args()
    main(args.games or ludoteca.games(), args.out)
