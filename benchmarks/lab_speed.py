"""Lab overhead against raw game CPU, and games/s per backend (figures for docs/performance.md).

Raw: the bare loop a script would write (bots choose, ``apply_trusted``), same seeds and bots.
Lab: :func:`ludoteca.lab.play.play` on the same games (decision counts, branching, usage,
score checkpoints, tension).  Overhead = lab CPU / raw CPU - 1 (target <= 5%).  The two are
timed in alternation, ``--rounds`` times, so a busy machine slows both alike; the minimum and
the median of the per-round ratios are printed.  ``--memory BLOCKS`` instead measures the
parent's peak memory (tracemalloc and ru_maxrss) computing the metrics of a BLOCKS-game run from
spilled synthetic per-block columns (``--memory 1000000``: the 10^6-game budget, <= 300 MB; it
prints only that; a 10^6-block bootstrap costs ~0.1 s a resample, so ``--resamples`` helps).

    .venv/bin/python benchmarks/lab_speed.py [--games 20] [--rounds 9] [--bots random] [--players 3]
    .venv/bin/python benchmarks/lab_speed.py --memory 1000000 [--resamples 50] [--usage-keys 4]
    .venv/bin/python benchmarks/lab_speed.py --backends --games 8000 [--jobs 2]

``--backends`` runs the same ``seats`` experiment (``--games`` blocks of one game each) on the
local pool and on a private Ray, each in a fresh child process; its CPU is that process's and
every process's that inherited its marker (pool workers, Ray's services and workers), read
from /proc.  It
prints games/s over the whole run and once the first block is in (start-up excluded), the
time to the first block, and the CPU overhead: all CPU spent beyond the games' own CPU, as a
share of it.  The Ray child runs inside ``unshare -n`` with the loopback up when this machine
allows it (as root), so nothing it opens can reach beyond 127.0.0.1; elsewhere it runs here.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
from array import array
from pathlib import Path

import numpy as np

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


def synthetic_column(results: list, blocks: int, folder: Path, usage_keys: int) -> metrics.Column:
    """A ``blocks``-block column as the runner leaves it after a long run: every block's values
    spilled to disk (one float64 file per metric key), per-game quantile values in memory.
    Block values are drawn (seeded) from the played games' own blocks, so keys and ranges are
    real; ``usage_keys`` keeps that many content keys (win_when_used costs a bootstrap each)."""
    sums = [metrics.block_sums([r]) for r in results]
    used = sorted({k for one in sums for (m, k) in one if m == "usage"})[:usage_keys]
    keys = sorted({k for one in sums for k in one
                   if k[0] not in ("usage", "_used_share", "_used_seats") or k[1] in used},
                  key=lambda k: (k[0], k[1] or ""))
    pick = np.random.default_rng(1).integers(0, len(results), blocks)
    column = metrics.Column(spill=folder)
    column.blocks = array("q", np.arange(blocks, dtype=np.int64).tobytes())
    for key in keys:
        per = np.array([one[key][0] / one[key][1] if key in one and one[key][1] else math.nan for one in sums])
        np.take(per, pick).tofile(column._file(key))
        column.values[key] = array("d")
        counts = np.bincount(pick, minlength=len(results))
        column.totals[key] = [float(sum(c * one[key][0] for c, one in zip(counts, sums, strict=True) if key in one)),
                              float(sum(c * one[key][1] for c, one in zip(counts, sums, strict=True) if key in one))]
    column.spilled = blocks
    for name in metrics.QUANTILE_METRICS:
        per = np.array([r.timing["cpu_s"] if name == "cpu_s" else (r.game[name] or 0.0) for r in results])
        column.per_game[name] = array("d", np.take(per, pick).tobytes())
    return column


def metrics_memory(game_id: str, players: int, spec: str, blocks: int, resamples: int,
                   usage_keys: int) -> dict[str, float]:
    """The parent's memory computing metrics.json's estimates for a ``blocks``-game run (one game
    a block: a ``seats`` run without rotations), from spilled per-block columns: tracemalloc's
    peak over building the column and ``metrics.compute``, and the process's ru_maxrss."""
    results = [play(GameTask(game_id, players, "a", {}, b, 0, seeds.block_seed(1, b), (spec,) * players,
                             tuple(seeds.bot_seed(1, b, e) for e in range(players)))) for b in range(16)]
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    with tempfile.TemporaryDirectory(prefix="lab-memory-") as folder:
        tracemalloc.start()
        column = synthetic_column(results, blocks, Path(folder), usage_keys)
        built, _ = tracemalloc.get_traced_memory()
        start = time.perf_counter()
        est = metrics.compute({("a", players): column}, ["a"], "a", 1, 0.95, seed=1, resamples=resamples)
        seconds = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    keys = len(column.totals)
    return {"built": built, "peak": peak, "rss0": rss0, "seconds": seconds, "keys": keys,
            "estimates": len(est.estimates),
            "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            # the runner also holds each key's unspilled tail: at most SPILL_BLOCKS blocks
            "tail": metrics.SPILL_BLOCKS * keys * 8}


class CpuSampler(threading.Thread):
    """The CPU time of this process, of its children (pool workers) and of every process that
    inherited a marker from its environment (Ray's services and workers, which are not our
    children, so ``RUSAGE_CHILDREN`` misses them), read from /proc twice a second; a process's last reading
    counts, so at most half a second of a process's last CPU is missed."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.marker = f"LUDOTECA_BENCH={os.getpid()}-{time.time_ns()}"
        os.environ["LUDOTECA_BENCH"] = self.marker.split("=", 1)[1]
        self.cpu: dict[int, float] = {}
        self.others: set[int] = set()
        self.halt = threading.Event()
        self.tick = os.sysconf("SC_CLK_TCK")

    def sample(self) -> None:
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit() or int(entry.name) in self.others:
                continue
            pid = int(entry.name)
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                ours = (pid in self.cpu or pid == os.getpid() or int(fields[1]) in self.cpu  # a forked child
                        or self.marker.encode() in (entry / "environ").read_bytes().split(b"\0"))
                if not ours:
                    self.others.add(pid)
                    continue
                self.cpu[pid] = (int(fields[11]) + int(fields[12])) / self.tick
            except (OSError, IndexError, ValueError):
                continue

    def run(self) -> None:
        while not self.halt.wait(0.5):
            self.sample()

    def total(self) -> float:
        self.halt.set()
        self.sample()
        return sum(self.cpu.values())


def one_backend(backend: str, game_id: str, players: int, spec: str, games: int, jobs: int) -> dict[str, float]:
    """One run on ``backend`` in this (fresh) process: wall, games, game CPU, all CPU."""
    sampler = CpuSampler()
    sampler.start()
    exp = Experiment(game=game_id, players=[players], bots=[spec], blocks=games, type="seats", records="none",
                     formats=["csv"])
    first: list[float] = []
    start = time.perf_counter()

    def progress(live) -> None:
        if not first and live.games:
            first.extend([time.perf_counter() - start, live.games])

    folder = tempfile.mkdtemp(prefix="lab-speed-", dir="/tmp")
    try:
        run = api.run(exp, backend=backend, jobs=jobs, run_dir=Path(folder) / "run", progress=progress)
        wall = time.perf_counter() - start
        health = run.metrics["health"]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return {"wall": wall, "games": health["games"], "game_cpu": health["cpu_s"], "first_s": first[0] if first else wall,
            "first_games": first[1] if first else 0, "all_cpu": sampler.total()}


def compare_backends(args: argparse.Namespace) -> None:
    """Local pool and a private Ray on the same experiment, each in a fresh child process."""
    base = [sys.executable, __file__, "--game", args.game, "--players", str(args.players), "--bots", args.bots,
            "--games", str(args.games), "--jobs", str(args.jobs), "--one"]
    private = (shutil.which("unshare") is not None
               and subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode == 0)
    print(f"{args.game} {args.players}p {args.bots}, {args.games} one-game blocks, {args.jobs} workers; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for backend in ("local", "ray"):
        command = [*base, backend]
        where = ""
        if backend == "ray" and private:
            command = ["unshare", "-n", "sh", "-c", "ip link set lo up && exec " + " ".join(command)]
            where = " (in a private network namespace)"
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            print(f"  {backend}: failed\n{done.stderr[-2000:]}")
            continue
        m = json.loads(done.stdout.strip().splitlines()[-1])
        steady = (m["games"] - m["first_games"]) / (m["wall"] - m["first_s"]) if m["wall"] > m["first_s"] else 0.0
        print(f"  {backend}{where}: {m['games']} games in {m['wall']:.1f} s wall = "
              f"{m['games'] / m['wall']:.0f} games/s ({steady:.0f} games/s after the first block, which took "
              f"{m['first_s']:.1f} s); game CPU "
              f"{m['game_cpu']:.1f} s, all CPU {m['all_cpu']:.1f} s, overhead "
              f"{100 * (m['all_cpu'] / m['game_cpu'] - 1):+.0f}%")
    print(f"  load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="immunity")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--memory", type=int, default=0, metavar="BLOCKS")
    parser.add_argument("--resamples", type=int, default=2000, help="bootstrap resamples (with --memory)")
    parser.add_argument("--usage-keys", type=int, default=4, help="content keys kept (with --memory)")
    parser.add_argument("--backends", action="store_true", help="local pool vs Ray on the same experiment")
    parser.add_argument("--one", choices=("local", "ray"), help=argparse.SUPPRESS)  # a child of --backends
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one_backend(args.one, args.game, args.players, args.bots, args.games, args.jobs)))
        return
    if args.backends:
        compare_backends(args)
        return
    if args.memory:
        # Alone, first: ru_maxrss is the process's lifetime peak, so nothing else may run before.
        m = metrics_memory(args.game, args.players, args.bots, args.memory, args.resamples, args.usage_keys)
        print(f"{args.game} {args.players}p {args.bots}: metrics for {args.memory:,} one-game blocks "
              f"({m['keys']:.0f} metric columns, {args.usage_keys} content keys, {args.resamples} resamples): "
              f"tracemalloc peak {m['peak'] / 2**20:.1f} MiB (column in memory {m['built'] / 2**20:.1f} MiB, "
              f"+ runner's unspilled tail <= {m['tail'] / 2**20:.1f} MiB); ru_maxrss {m['rss']:.0f} MiB "
              f"(interpreter and imports {m['rss0']:.0f} MiB); compute {m['seconds']:.1f} s; load average "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return
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


if __name__ == "__main__":
    main()
