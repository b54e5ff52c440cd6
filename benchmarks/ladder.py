"""The strength ladder: for one game, each line "A beats B" measured with seats rotated.

    .venv/bin/python benchmarks/ladder.py GAME [--players N] [--games 200] [--jobs 2]
        [--seed 0] [--lines easy:random,normal:easy,hard:normal,expert:hard] [--out DIR]

A line ``A:B`` seats one A with the rest of the table B (``players - 1`` of them) and rotates
seats every game.  A beats B when the lower end of A's Wilson 95% interval is above the fair
share ``1/players``; shared wins count ``1/k``.  Each line's games go to
``DIR/ladder-GAME-Pp-A-B.jsonl`` and a Markdown row is printed (docs/bots.md copies them).
The default lines are the whole ladder, each level against the one below it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ludoteca  # noqa: E402
from ludoteca.bots.arena import Summary, run  # noqa: E402

#: The levels from weakest to strongest; the ladder's lines are its adjacent pairs.
LADDER = ("random", "easy", "normal", "hard", "expert")


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line, parsed (``argv`` for tests; default ``sys.argv``)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None, help="default: 2 if allowed, else the minimum")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lines", default=",".join(f"{a}:{b}" for a, b in zip(LADDER[1:], LADDER, strict=False)),
                        help="A:B pairs, comma-separated (default: every level against the one below)")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    parser.add_argument("--summarize", action="store_true",
                        help="only print the rows from the JSON lines already in --out")
    return parser.parse_args(argv)


def main() -> None:
    args = arguments()
    game = ludoteca.game(args.game)
    players = args.players or (2 if game.min_players <= 2 <= game.max_players else game.min_players)
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"# {game.id}, {players} players, {args.games} games per line, seed {args.seed}, "
          f"{args.jobs} jobs, {platform.node()} ({datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC)")
    print("| game | players | line | games | A win rate | 95% interval | fair share | A beats B | "
          "A CPU s/decision | minutes |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for line in args.lines.split(","):
        strong, weak = line.split(":")
        path = args.out / f"ladder-{game.id}-{players}p-{strong}-{weak}.jsonl"
        summary = Summary(players)
        start = time.time()
        if args.summarize:
            for text in path.read_text().splitlines():
                summary.add(json.loads(text))
        else:
            with path.open("w") as out:
                for result in run(game.id, [strong, weak], players, args.games, args.jobs, args.seed):
                    summary.add(result)
                    out.write(json.dumps(result) + "\n")
                    out.flush()
        stats = summary.by_bot[strong]
        low, high = stats.interval
        verdict = ("yes" if low > summary.fair_share else "no, weaker" if high < summary.fair_share
                   else "not shown")
        print(f"| {game.id} | {players} | {strong} vs {weak} | {summary.games} | {stats.win_rate:.3f} | "
              f"[{low:.3f}, {high:.3f}] | {summary.fair_share:.3f} | {verdict} | "
              f"{stats.seconds_per_decision:.3f} | {minutes(summary, args, start)} |", flush=True)


def minutes(summary: Summary, args: argparse.Namespace, start: float) -> str:
    """Wall minutes of this run, or "-" when only summarizing earlier results."""
    return "-" if args.summarize else f"{(time.time() - start) / 60:.1f}"


if __name__ == "__main__":
    main()
