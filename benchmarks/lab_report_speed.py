"""Time and size of the lab's report.html for a 100,000-game run (LAB.md §10: ≤ 10 s, ≤ 5 MB).

    .venv/bin/python benchmarks/lab_report_speed.py [--games 100000] [--players 3] [--arms 3] [--lang en]

A synthetic run folder (ludoteca.lab.report_synthetic) with that many game rows is written to a
temporary folder, then ``write_report`` is timed in a fresh measurement: wall and CPU seconds of
the report alone (folder generation excluded), split into reading the games table and the rest.
The import of the lab (numpy, scipy, matplotlib) is timed separately: it is paid once per command.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--arms", type=int, default=3)
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()

    t0, c0 = time.perf_counter(), time.process_time()
    from ludoteca.lab.report import write_report
    from ludoteca.lab.report_data import read_game_columns
    from ludoteca.lab.report_synthetic import synthetic_run
    print(f"import: {time.perf_counter() - t0:.2f} s wall, {time.process_time() - c0:.2f} s CPU")

    with tempfile.TemporaryDirectory() as tmp:
        arms = tuple(["shipped"] + [f"cost_{i + 2}" for i in range(args.arms - 1)])
        t0 = time.perf_counter()
        run = synthetic_run(Path(tmp) / "run", games=args.games, players=args.players, arms=arms, sweep=True,
                            restrict=True)
        rows = sum(1 for _ in __import__("gzip").open(run / "games.jsonl.gz", "rt"))
        print(f"synthetic run folder: {rows:,} games in {time.perf_counter() - t0:.1f} s (not counted)")

        t0, c0 = time.perf_counter(), time.process_time()
        read_game_columns(run)
        read_wall, read_cpu = time.perf_counter() - t0, time.process_time() - c0

        t0, c0 = time.perf_counter(), time.process_time()
        out = write_report(run, lang=args.lang)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        size = out.stat().st_size
        print(f"report: {wall:.2f} s wall, {cpu:.2f} s CPU (of which reading games: {read_wall:.2f} s wall, "
              f"{read_cpu:.2f} s CPU); {size / 1e6:.2f} MB")
        print(f"targets: ≤ 10 s -> {'ok' if wall <= 10 else 'MISSED'}; ≤ 5 MB -> {'ok' if size <= 5e6 else 'MISSED'}")


if __name__ == "__main__":
    main()
