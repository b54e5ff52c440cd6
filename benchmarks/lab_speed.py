"""Lab overhead against raw game CPU, and games/s per backend (figures for docs/performance.md).

Raw: the bare loop a script would write (bots choose, ``apply_trusted``), same seeds and bots.
Lab: :func:`ludoteca.lab.play.play` on the same games (decision counts, branching, usage,
score checkpoints, tension).  Overhead = lab CPU / raw CPU - 1 (target <= 5%).  The two are
timed in alternation, ``--rounds`` times, so a busy machine slows both alike; the minimum and
the median of the per-round ratios are printed.  ``--memory BLOCKS`` also measures the
parent's memory per committed block (tracemalloc), the figure behind the 10^6-game budget.

    .venv/bin/python benchmarks/lab_speed.py [--games 20] [--rounds 9] [--bots random] [--players 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
import tracemalloc

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


def parent_memory(game_id: str, players: int, spec: str, blocks: int) -> tuple[float, float]:
    """Bytes the parent keeps per committed block (one game per block, as in a ``seats`` run
    without rotations): the per-block metric columns and per-game quantile values."""
    results = [play(GameTask(game_id, players, "a", {}, b, 0, seeds.block_seed(1, b), (spec,) * players,
                             tuple(seeds.bot_seed(1, b, e) for e in range(players)))) for b in range(4)]
    sums = [metrics.block_sums([r]) for r in results]
    tracemalloc.start()
    column = metrics.Column()
    for b in range(blocks):
        column.add(b, sums[b % 4])
        column.add_games([results[b % 4]])
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return current / blocks, float(len(column.values))


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
        per_block, keys = parent_memory(args.game, args.players, args.bots, args.memory)
        print(f"  parent memory: {per_block:.0f} B per committed block ({keys:.0f} metric columns) over "
              f"{args.memory} blocks -> {per_block * 1e6 / 2**20:.0f} MiB for 10^6 one-game blocks")


if __name__ == "__main__":
    main()
