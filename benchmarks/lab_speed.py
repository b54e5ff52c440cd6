"""Lab overhead against raw game CPU, and games/s per backend (figures for docs/performance.md).

Raw: the bare loop a script would write (bots choose, ``apply_trusted``), same seeds and bots.
Lab: :func:`ludoteca.lab.play.play` on the same games (decision counts, branching, usage,
score checkpoints, tension).  Overhead = lab CPU / raw CPU - 1 (target <= 5%).  The two are
timed in alternation, ``--rounds`` times, so a busy machine slows both alike; the minimum and
the median of the per-round ratios are printed.  ``--memory BLOCKS`` also measures the
parent's memory per committed block (tracemalloc), the figure behind the 10^6-game budget
(at least 4 x ``metrics.SPILL_BLOCKS`` blocks; a few minutes).

    .venv/bin/python benchmarks/lab_speed.py [--games 20] [--rounds 9] [--bots random] [--players 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from ludoteca.bots import make_spec
from ludoteca.engine import game as get_game
from ludoteca.lab import api, metrics, seeds
from ludoteca.lab.experiment import Experiment
from ludoteca.lab.play import GameTask, play


def raw_cpu(game_id: str, players: int, spec: str, games: int) -> float:
    game = get_game(game_id)
    start = time.process_time()
    for b in range(games):
        state = game.new(players, seed=seeds.block_seed(1, b))
        bots = [make_spec(spec, seed=seeds.bot_seed(1, b, e)) for e in range(players)]
        actions = 0
        while not state.is_over and actions < 5000:
            seat = state.to_move[0]
            state.apply_trusted(seat, bots[seat].choose(state, seat))
            actions += 1
    return time.process_time() - start


def lab_cpu(game_id: str, players: int, spec: str, games: int) -> float:
    start = time.process_time()
    for b in range(games):
        play(GameTask(game_id, players, "a", {}, b, 0, seeds.block_seed(1, b), (spec,) * players,
                      tuple(seeds.bot_seed(1, b, e) for e in range(players))))
    return time.process_time() - start


def parent_memory(game_id: str, players: int, spec: str, blocks: int) -> tuple[float, float, float]:
    """The parent's memory for ``blocks`` committed one-game blocks (as in a ``seats`` run without
    rotations), as the runner keeps them: per-block metric columns spilled to disk every
    ``metrics.SPILL_BLOCKS`` blocks, per-game quantile values in memory.  Returns (traced bytes
    after the blocks, peak traced bytes, metric columns)."""
    results = [play(GameTask(game_id, players, "a", {}, b, 0, seeds.block_seed(1, b), (spec,) * players,
                             tuple(seeds.bot_seed(1, b, e) for e in range(players)))) for b in range(4)]
    sums = [metrics.block_sums([r]) for r in results]
    with tempfile.TemporaryDirectory(prefix="lab-memory-") as folder:
        tracemalloc.start()
        column = metrics.Column(spill=Path(folder))
        for b in range(blocks):
            column.add(b, sums[b % 4])
            column.add_games([results[b % 4]])
        current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return current, peak, float(len(column.values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="immunity")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--memory", type=int, default=0, metavar="BLOCKS")
    args = parser.parse_args()
    lab_cpu(args.game, args.players, args.bots, 2)  # warm caches and imports
    raws, labs = [], []
    for _ in range(args.rounds):
        raws.append(raw_cpu(args.game, args.players, args.bots, args.games))
        labs.append(lab_cpu(args.game, args.players, args.bots, args.games))
    raw, lab = min(raws), min(labs)
    median = statistics.median(b / a for a, b in zip(raws, labs, strict=True))
    print(f"{args.game} {args.players}p {args.bots}: raw {raw / args.games * 1000:.2f} ms/game, "
          f"lab {lab / args.games * 1000:.2f} ms/game, overhead {100 * (lab / raw - 1):+.1f}% (min), "
          f"{100 * (median - 1):+.1f}% (median of {args.rounds} rounds); load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for jobs in (1, args.jobs):
        exp = Experiment(game=args.game, players=[args.players], bots=[args.bots], blocks=args.games,
                         type="seats", records="none")
        start = time.perf_counter()
        run = api.run(exp, jobs=jobs, run_dir=tempfile.mkdtemp(prefix="lab-speed-") + "/run")
        wall = time.perf_counter() - start
        health = run.metrics["health"]
        print(f"  backend {'inline' if jobs == 1 else 'local'} jobs={jobs}: {health['games']} games in "
              f"{wall:.2f} s wall ({health['games'] / wall:.1f} games/s), worker CPU {health['cpu_s']:.2f} s, "
              f"lab_overhead (in-worker clock) {health['lab_overhead']}")
    if args.memory:
        # Measured just after a spill (the in-memory tail is one block in both), so the growth
        # between the two is what each further block keeps: about 10^6 games' worth, scaled.
        first, second = 2 * metrics.SPILL_BLOCKS + 1, max(args.memory, 4 * metrics.SPILL_BLOCKS) + 1
        second -= (second - 1) % metrics.SPILL_BLOCKS
        low, _, _ = parent_memory(args.game, args.players, args.bots, first)
        current, peak, keys = parent_memory(args.game, args.players, args.bots, second)
        per_block = (current - low) / (second - first)
        tail = metrics.SPILL_BLOCKS * keys * 8
        print(f"  parent memory: {current / 2**20:.1f} MiB after {second} one-game blocks (peak {peak / 2**20:.1f} MiB,"
              f" {keys:.0f} metric columns, spilled every {metrics.SPILL_BLOCKS} blocks); {per_block:.0f} B per "
              f"further block -> about {(current + tail + per_block * (1e6 - second)) / 2**20:.0f} MiB for 10^6 games")


if __name__ == "__main__":
    main()
