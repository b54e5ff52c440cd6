"""How long the page takes to draw a table, per game, in Debian's headless Chromium.

The shell measures each drawing of a table (``performance.measure("ludoteca-draw")`` in
app.js: from a state message to the board drawn, the page's state kept and the motion
started, including the layouts that forces; painting is not counted).  This plays one seat by
clicking random legal moves against random bots and prints the drawings' median, 90th
percentile and worst, and how many elements the board has at the end.  Run by hand; it starts
its own server on loopback and stops by itself.

    .venv/bin/python benchmarks/board_draw.py                      # every game, desktop
    .venv/bin/python benchmarks/board_draw.py --moves 40 --phone dice-hospital
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))
sys.path.insert(0, str(ROOT / "tests" / "server"))

from newcomer import DESKTOP, PHONE, click_a_move, create_table, launch, my_turn_or_end, new_page, open_table  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from server_harness import UNTHROTTLED, Server  # noqa: E402

import ludoteca  # noqa: E402

PLAYERS = {"dice-hospital": 2, "dschunke": 2, "herbalism": 3, "immunity": 3}


def measure(browser, base: str, game: str, moves: int, phone: bool, motion: bool, seed: int) -> dict:
    page = new_page(browser, base, "en", viewport=PHONE if phone else DESKTOP, touch=phone, motion=motion)
    open_table(page, base, create_table(page, game, PLAYERS.get(game, 2)), game)
    rng = random.Random(seed)
    played = 0
    while played < moves and my_turn_or_end(page):
        click_a_move(page, rng)
        played += 1
    draws = sorted(page.evaluate("() => performance.getEntriesByName('ludoteca-draw').map((e) => e.duration)"))
    elements = page.evaluate("() => document.querySelectorAll('#board *').length")
    page.context.close()
    return {"game": game, "moves": played, "draws": len(draws), "median": statistics.median(draws),
            "p90": draws[int(0.9 * (len(draws) - 1))], "worst": draws[-1], "elements": elements}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every listed game)")
    parser.add_argument("--moves", type=int, default=30, help="my moves per game (default 30)")
    parser.add_argument("--phone", action="store_true", help="390×844 with touch (default 1280×800)")
    parser.add_argument("--motion", action="store_true", help="allow motion (default: reduced motion)")
    parser.add_argument("--seed", type=int, default=1, help="the random moves' seed")
    args = parser.parse_args()
    server = Server(Path(tempfile.mkdtemp(prefix="ludoteca-draw-")), env=UNTHROTTLED).start()
    try:
        with sync_playwright() as p:
            browser = launch(p)
            print("| game | my moves | drawings | median | p90 | worst | board elements |")
            print("| --- | --- | --- | --- | --- | --- | --- |")
            for game in args.games or ludoteca.games():
                r = measure(browser, server.url, game, args.moves, args.phone, args.motion, args.seed)
                print(f"| {r['game']} | {r['moves']} | {r['draws']} | {r['median']:.1f} ms | {r['p90']:.1f} ms"
                      f" | {r['worst']:.1f} ms | {r['elements']} |", flush=True)
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
