"""Running an experiment: plan blocks, ship chunks to a backend, stream, measure, write the run.

Why commit blocks in block order: results arrive in any order from the workers, but the
tables, the statistics and the sequential test must not depend on that order.  Finished
blocks wait in a small buffer until every earlier block is in, then are committed: their rows
appended to the part files, their per-block values to the columns, their difference to the
SPRT.  When the SPRT stops at block k, later blocks are dropped, so a stopped run is as
reproducible as a fixed one.  Ctrl-C lets the chunks in flight finish and writes everything.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import platform
import shutil
import subprocess
import sys
import time
from array import array
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import ludoteca
from ludoteca.engine import game as get_game

from . import metrics, parquet, seeds, stats
from .backends import CHUNK_CPU_S, make_backend
from .blockcache import CACHE_FOLDER, BlockCache, group_key
from .checkpoint import Checkpoint, game_json
from .codehash import code_fingerprint
from .experiment import Experiment, to_toml
from .gamedata import ContentIndex, content_hash, effective_content, shipped_content
from .lineup import rotations as rotation_count
from .play import GameResult, GameTask, play, play_many
from .runfolder import TABLES, TableWriter, write_json, write_metrics_csv
from .sprt import GSPRT

#: Blocks an SPRT run plans when it gives no ``max_blocks``.
SPRT_DEFAULT_CAP = 3000
#: Random games saved per arm as records (besides the extremes).
RANDOM_RECORDS = 3
#: At most this many unfinished games are saved as records per arm.
UNFINISHED_RECORDS = 20
#: How a run ends when it can be resumed (its checkpoint keeps its blocks); any other end is complete.
RESUMABLE_STOPS = ("interrupted", "budget")


@dataclass
class Plan:
    """The games of one block: every arm x player count x rotation, with the seed plan."""

    exp: Experiment
    rotations: dict[int, int]
    lineups: dict[tuple[str, int], list[str]]

    @classmethod
    def of(cls, exp: Experiment) -> Plan:
        lineups = {(arm, n): exp.arm_lineup(arm, n) for arm in exp.arms for n in exp.players}
        rotations = {n: rotation_count([lineups[(arm, n)] for arm in exp.arms]) for n in exp.players}
        return cls(exp, rotations, lineups)

    def task(self, arm: str, players: int, block: int, rotation: int, record: bool = False) -> GameTask:
        exp = self.exp
        lineup = self.lineups[(arm, players)]
        return GameTask(
            game=exp.game, players=players, arm=arm, options=exp.arm_options(arm), block=block,
            rotation=rotation, seed=seeds.block_seed(exp.seed, block), lineup=tuple(lineup),
            bot_seeds=tuple(seeds.bot_seed(exp.seed, block, e, exp.arms[arm].get("replicate", 0))
                            for e in range(players)),
            max_actions=exp.max_actions, series=bool(exp.telemetry), record=record,
            legal_keys="legal" in exp.metrics, usage="usage" in exp.metrics)

    def block_tasks(self, block: int) -> list[GameTask]:
        return [self.task(arm, n, block, r) for arm in self.exp.arms for n in self.exp.players
                for r in range(self.rotations[n])]

    def games_per_block(self) -> int:
        return len(self.exp.arms) * sum(self.rotations.values())


def _chunk(plan: Plan, blocks: list[int]) -> list[GameTask]:
    return [task for block in blocks for task in plan.block_tasks(block)]


def fingerprint(exp: Experiment) -> str:
    """What makes two runs the same run: the experiment (not where it writes or how many
    workers), the content of every arm, the rules version and the code version."""
    text = json.dumps(fingerprint_data(exp), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def fingerprint_data(exp: Experiment) -> dict[str, Any]:
    """What :func:`fingerprint` hashes; the checkpoint keeps it, so a refused resume can say what changed."""
    game = get_game(exp.game)
    data = exp.to_dict()
    for key in ("out_dir", "formats", "records", "lang", "backend", "jobs", "address"):
        data.pop(key, None)
    data["content"] = {arm: content_hash(game, spec.get("params")) for arm, spec in exp.arms.items()}
    data["rules_version"] = game.version
    data["ludoteca"] = ludoteca.__version__
    return data


def _git() -> dict[str, Any]:
    root = Path(__file__).resolve().parents[2]
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True,
                                timeout=5).stdout.strip() or None
        dirty = bool(subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                                    capture_output=True, text=True, timeout=5).stdout.strip())
    except (OSError, subprocess.SubprocessError):
        return {"commit": None, "dirty": None}
    return {"commit": commit, "dirty": dirty}


@dataclass
class Notable:
    """The games worth a look, per (arm, players): the extremes, the unfinished, a few random."""

    longest: dict[tuple[str, int], tuple[float, int, int]] = field(default_factory=dict)
    shortest: dict[tuple[str, int], tuple[float, int, int]] = field(default_factory=dict)
    comeback: dict[tuple[str, int], tuple[float, int, int]] = field(default_factory=dict)
    margin: dict[tuple[str, int], tuple[float, int, int]] = field(default_factory=dict)
    unfinished: dict[tuple[str, int], list[tuple[int, int]]] = field(default_factory=dict)

    def add(self, row: dict[str, Any]) -> None:
        key, at = (row["arm"], row["players"]), (row["block"], row["rotation"])
        if row["unfinished"]:
            found = self.unfinished.setdefault(key, [])
            if len(found) < UNFINISHED_RECORDS:
                found.append(at)
            return
        _keep(self.longest, key, row["actions"], at, larger=True)
        _keep(self.shortest, key, row["actions"], at, larger=False)
        if row["margin"] is not None:
            _keep(self.margin, key, row["margin"], at, larger=True)
        if row["comeback"]:
            _keep(self.comeback, key, row["drama"] or 0.0, at, larger=True)

    def chosen(self, blocks: list[int], rotations: dict[int, int], fp: str) -> list[tuple[str, str, int, int, int]]:
        """(reason, arm, players, block, rotation) of every notable game, in a stable order."""
        out: list[tuple[str, str, int, int, int]] = []
        for reason in ("longest", "shortest", "comeback", "margin"):
            for (arm, n), (_v, b, r) in sorted(getattr(self, reason).items()):
                out.append((reason, arm, n, b, r))
        for (arm, n), found in sorted(self.unfinished.items()):
            out += [("unfinished", arm, n, b, r) for b, r in found]
        arms_players = sorted({(a, n) for _, a, n, _, _ in out} | set(self.longest))
        for arm, n in arms_players:
            if not blocks:
                break
            for k in range(RANDOM_RECORDS):
                pick = seeds.pick_seed(fp, f"random/{arm}/{n}/{k}")
                out.append(("random", arm, n, blocks[pick % len(blocks)], (pick // 7) % rotations[n]))
        return out


def _keep(store: dict, key: tuple[str, int], value: float, at: tuple[int, int], larger: bool) -> None:
    old = store.get(key)
    if old is None or (value > old[0] if larger else value < old[0]):
        store[key] = (value, *at)


@dataclass
class LiveState:
    """What the progress display shows while a run goes on."""

    planned: int
    done: int = 0
    games: int = 0
    estimates: dict[str, str] = field(default_factory=dict)
    llr: str = ""


class Runner:
    """One run of one experiment; :meth:`execute` returns the run folder."""

    def __init__(self, exp: Experiment, run_dir: Path | None = None, backend: str | None = None,
                 jobs: int | str | None = None, max_minutes: float | None = None,
                 progress: Callable[[LiveState], None] | None = None, command: str | None = None,
                 resume: bool = False, cache: bool | str | Path | None = None) -> None:
        self.exp = exp.validate()
        self.plan = Plan.of(exp)
        self.fp = fingerprint(exp)
        self.backend_kind = backend or exp.backend
        self.jobs = jobs if jobs is not None else exp.jobs
        self.max_minutes = max_minutes
        self.progress = progress
        self.command = command or " ".join(sys.argv)
        named = run_dir is not None
        if run_dir is None:
            stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
            slug = "".join(c if c.isalnum() else "-" for c in exp.name.lower()).strip("-") or exp.game
            run_dir = _unused(Path(exp.out_dir) / f"{slug}-{stamp}-{self.fp[:8]}")
        self.run_dir = Path(run_dir)
        self._keep_setup(named, resume, cache)
        self.columns: dict[tuple[str, int], metrics.Column] = {}
        self.notable = Notable()
        self.committed = array("q")  # the blocks committed, 8 bytes each
        self.parquet: list[str] = []  # the Parquet copies written (pyarrow installed)
        self.cpu_s = 0.0
        self.live_at = 0.0  # when the live estimates were last computed
        self.game_s = 0.0  # worker time inside bots and the engine
        self.lab_s = 0.0  # worker time outside them: the lab's own cost
        self.games = 0
        self.unfinished = 0
        self.sprt: GSPRT | None = None
        self.sprt_key: metrics.Key | None = None
        if exp.sprt:
            s = exp.sprt
            self.sprt = GSPRT(s["delta0"], s["delta1"], s.get("alpha", 0.05), s.get("beta", 0.05),
                              s.get("burn_in", 50), s.get("max_blocks"))
            self.sprt_arm = s.get("arm") or next(a for a in exp.arms if a != exp.control)
            metric, _, key = str(s["metric"]).partition("[")
            key = key.rstrip("]") or ("0" if metric in ("entry_win_share", "seat_win_share") else None)
            self.sprt_key = (metric, key)

    # ---- the loop ---------------------------------------------------------------------------
    def planned_blocks(self) -> int:
        if self.exp.blocks is not None:
            return self.exp.blocks
        assert self.exp.sprt is not None
        return int(self.exp.sprt.get("max_blocks") or SPRT_DEFAULT_CAP)

    def _backend_options(self) -> dict[str, Any]:
        """What only the Ray backend needs: where to join, where to keep its files, and what every
        node must match (this machine's code fingerprint and each arm's content hash)."""
        if self.backend_kind != "ray":
            return {}
        game = get_game(self.exp.game)
        content = {arm: content_hash(game, spec.get("params")) for arm, spec in self.exp.arms.items()}
        return {"address": self.exp.address, "run_dir": self.run_dir,
                "expected": {"code": code_fingerprint(), "content": content}}

    def execute(self) -> Path:
        exp = self.exp
        # Made before the run folder: a missing ray or a wrong address changes nothing.
        chosen = make_backend(self.backend_kind, self.jobs, **self._backend_options())
        if not self._open_run():  # resuming a run that is already complete: nothing to play
            return self.run_dir
        started = datetime.now(UTC).isoformat(timespec="seconds")
        wall0 = time.perf_counter()
        writer = TableWriter(self.run_dir, list(exp.arms), exp.players)
        planned = self.planned_blocks()
        live = LiveState(planned)
        stop = "blocks"
        buffer: dict[int, list[GameResult]] = {}
        next_commit = next_block = self._replay(writer, live)  # 0, or the blocks a resumed run reloaded
        chunk = 1
        with chosen as backend:
            capacity = max(2, 2 * backend.workers)
            pending: dict[Future, list[int]] = {}
            measured = False
            first_costs: dict[int, float] = dict(self.first_costs)  # CPU s of blocks 0 and 1: chunk size
            try:
                while True:
                    deadline_hit = (self.max_minutes is not None
                                    and time.perf_counter() - wall0 > 60 * self.max_minutes)
                    if deadline_hit and stop == "blocks":
                        stop = "budget"
                    stopping = stop != "blocks" or (self.sprt is not None and self.sprt.state != "continue")
                    while not stopping and len(pending) < capacity and next_block < planned:
                        if not measured and next_block >= 2 and pending:
                            break  # size chunks from the CPU cost of the first two blocks
                        blocks = list(range(next_block, min(planned, next_block + chunk)))
                        next_block = blocks[-1] + 1
                        pending[self._ship(backend, blocks)] = blocks  # less the games in the block cache
                    if not pending:
                        break
                    done, _ = wait(list(pending), return_when=FIRST_COMPLETED)
                    for future in done:
                        blocks = pending.pop(future)
                        for block, found in self._arrived(blocks, future.result()).items():
                            buffer[block] = found
                            if block < 2:  # kept apart: block 0 may be committed before 1 arrives
                                first_costs[block] = self.first_costs[block]  # games played, not reused
                    if not measured and len(first_costs) == min(2, planned):
                        per_block = sum(first_costs.values()) / len(first_costs)
                        target = getattr(backend, "chunk_cpu_s", CHUNK_CPU_S)  # 0.5 s local, 5 s Ray
                        chunk = max(1, math.ceil(target / per_block)) if per_block > 0 else 8
                        measured = True
                    while next_commit in buffer:
                        if self.sprt is not None and self.sprt.state != "continue":
                            buffer.clear()
                            break
                        self._commit(next_commit, buffer.pop(next_commit), writer, live)
                        next_commit += 1
                    if self.progress:
                        self.progress(live)
            except KeyboardInterrupt:
                stop = "interrupted"
                for future in list(pending):
                    future.cancel()
                for future, blocks in list(pending.items()):
                    if future.cancelled():
                        continue
                    try:
                        results = future.result()
                    except Exception:  # noqa: BLE001 - a worker lost during shutdown: its blocks are dropped
                        continue
                    buffer.update(self._arrived(blocks, results))
                while next_commit in buffer:
                    self._commit(next_commit, buffer.pop(next_commit), writer, live)
                    next_commit += 1
        if self.sprt is not None and stop == "blocks" and self.sprt.state != "continue":
            stop = self.sprt.state
        records = self._records()
        writer.finish(records, series=bool(exp.telemetry))
        self.parquet = [path.name for path in parquet.write_run(self.run_dir, TABLES)]
        wall = time.perf_counter() - wall0
        metrics_json = self._metrics(stop, wall)
        write_json(self.run_dir / "metrics.json", metrics_json)
        write_metrics_csv(self.run_dir / "metrics.csv", metrics_json)
        write_json(self.run_dir / "manifest.json", self._manifest(started, wall, backend, stop))
        shutil.rmtree(self.run_dir / ".columns", ignore_errors=True)  # the spilled per-block values
        if self.cache is not None:
            self.cache.flush()
        self.checkpoint.finish(stop, len(self.committed), complete=stop not in RESUMABLE_STOPS)
        return self.run_dir

    def _commit(self, block: int, results: list[GameResult], writer: TableWriter, live: LiveState) -> None:
        by_arm: dict[tuple[str, int], list[GameResult]] = {}
        for result in results:
            by_arm.setdefault((result.game["arm"], result.game["players"]), []).append(result)
        for (arm, n), group in by_arm.items():
            group.sort(key=lambda r: r.game["rotation"])
            column = self.columns.get((arm, n))
            if column is None:
                spill = self.run_dir / ".columns" / f"{len(self.columns):03d}"
                column = self.columns[(arm, n)] = metrics.Column(spill=spill)
            column.add(block, metrics.block_sums(group))
            column.add_games(group)
            for result in group:
                r = result.game["rotation"]
                writer.write("games", arm, n, block, r, [result.game])
                writer.write("seats", arm, n, block, r, result.seats)
                writer.write("timing", arm, n, block, r, [result.timing])
                if result.series:
                    writer.write("series", arm, n, block, r, result.series)
                self.notable.add(result.game)
                self.cpu_s += result.timing["cpu_s"]
                self.game_s += result.timing.get("game_s", 0.0)
                self.lab_s += result.timing.get("lab_s", 0.0)
                self.games += 1
                self.unfinished += bool(result.game["unfinished"])
        self.committed.append(block)
        self._keep(block, results)
        live.done, live.games = len(self.committed), self.games
        if self.sprt is not None and self.sprt_key is not None:
            n = self.exp.players[0]
            treated = self.columns[(self.sprt_arm, n)].last(self.sprt_key)
            control = self.columns[(self.exp.control, n)].last(self.sprt_key)
            if treated is not None and control is not None:
                d = treated - control
                if math.isfinite(d):
                    self.sprt.update(d)
            live.llr = f"LLR {self.sprt.llr:+.2f} [{self.sprt.lower:.2f}, {self.sprt.upper:.2f}]"
        # Live intervals at most twice a second: each reads the whole column (spilled part too).
        if self.progress and (time.perf_counter() - self.live_at >= 0.5 or len(self.committed) == live.planned):
            self.live_at = time.perf_counter()
            self._live_estimates(live)

    def _live_estimates(self, live: LiveState) -> None:
        key = self.sprt_key or (("seat_win_share", "0") if self.exp.type == "seats" else ("actions", None))
        for (arm, _n), column in self.columns.items():
            values = column.column(key)
            if values is None:
                continue
            finite = [v for v in values if math.isfinite(v)]
            if len(finite) > 1:
                est = stats.block_t(finite, self.exp.confidence)
                half = (est.high - est.low) / 2 if est.high is not None and est.low is not None else float("nan")
                live.estimates[arm] = f"{key[0]}{'[' + key[1] + ']' if key[1] else ''} {est.value:.3f} ± {half:.3f}"

    # ---- resume and the block cache (LAB.md §8) ---------------------------------------------
    def _keep_setup(self, named: bool, resume: bool, cache: bool | str | Path | None) -> None:
        """Where the checkpoint and the block cache are.  The cache sits beside the runs
        (``<out_dir>/.cache``) when the lab names the run folder, or beside a resumed run; a run
        put in a folder of the caller's choosing (tests, notebooks) uses one only when asked
        (``cache=True`` or a folder), so two such runs stay two independent plays."""
        self.resuming = resume
        self.checkpoint = Checkpoint(self.run_dir)
        if cache is None:
            cache = resume or not named
        folder = None
        if cache is True:
            folder = self.run_dir.parent / CACHE_FOLDER
        elif cache:
            folder = Path(cache)
        self.cache = BlockCache(folder) if folder is not None else None
        self.content: dict[str, str] = {}  # arm -> content hash, for the cache keys
        self.series: dict[tuple[str, int], str] = {}  # (arm, players) -> the cache series of its blocks
        self.first_costs: dict[int, float] = {}  # CPU s played in blocks 0 and 1 (they size the chunks)
        self.in_flight: dict[int, list[tuple[str, int, list[GameResult] | None, int]]] = {}
        self.fresh: dict[int, dict[tuple[str, int], str]] = {}  # block -> groups played, with their cache key
        self.from_cache: dict[int, list[tuple[str, int]]] = {}  # block -> groups taken from the cache
        self.replaying = False
        self.resumed_blocks = 0
        self.games_reused = 0

    def _open_run(self) -> bool:
        """Create the run folder and its checkpoint; or, resuming, check the checkpoint (a changed
        experiment or code is refused, changing nothing) and clear what the killed run half-wrote.
        False when the resumed run is already complete."""
        identity = fingerprint_data(self.exp)
        if self.resuming:
            meta = self.checkpoint.check(self.fp, identity, code_fingerprint())
            if meta.get("complete"):
                return False
            self.checkpoint.clear_partial()
            return True
        self.run_dir.mkdir(parents=True, exist_ok=False)
        (self.run_dir / "experiment.toml").write_text(to_toml(self.exp), encoding="utf-8")
        self.checkpoint.start(self.fp, identity, self.exp.to_dict(), code_fingerprint(), self.planned_blocks())
        return True

    def _replay(self, writer: TableWriter, live: LiveState) -> int:
        """Resuming: commit the checkpoint's blocks again, in order (tables, columns, notable games,
        the sequential test), and return the first block still to play."""
        if not self.resuming:
            return 0
        self.replaying = True
        block = 0
        try:
            for block_, results, cached in self.checkpoint.blocks():
                if block_ != block or block >= self.planned_blocks():
                    break
                if self.sprt is not None and self.sprt.state != "continue":
                    break
                self._commit(block, results, writer, live)
                groups = set(cached)
                self.games_reused += sum((r.game["arm"], r.game["players"]) in groups for r in results)
                if block < 2:
                    self.first_costs[block] = sum(r.timing["cpu_s"] for r in results
                                                  if (r.game["arm"], r.game["players"]) not in groups)
                block += 1
        finally:
            self.replaying = False
        self.resumed_blocks = block
        return block

    def _ship(self, backend: Any, blocks: list[int]) -> Future:
        """Submit the games of ``blocks`` to the backend, less every arm x players of a block that
        the block cache holds (those are kept aside for :meth:`_arrived`)."""
        tasks: list[GameTask] = []
        for block in blocks:
            groups: list[tuple[str, int, list[GameResult] | None, int]] = []
            fresh: dict[tuple[str, int], str] = {}
            by_group: dict[tuple[str, int], list[GameTask]] = {}
            for task in self.plan.block_tasks(block):
                by_group.setdefault((task.arm, task.players), []).append(task)
            for (arm, n), group in by_group.items():
                found = None
                if self.cache is not None:
                    key = group_key(group, self._content(arm))
                    found = self.cache.get(self._series(arm, n), block, key, arm, len(group))
                    if found is None:
                        fresh[(arm, n)] = key
                if found is None:
                    tasks.extend(group)
                groups.append((arm, n, found, len(group)))
            self.in_flight[block] = groups
            self.fresh[block] = fresh
        if tasks:
            return backend.submit(play_many, tasks)
        future: Future = Future()  # every game of these blocks came from the cache
        future.set_result([])
        return future

    def _arrived(self, blocks: list[int], results: list[GameResult]) -> dict[int, list[GameResult]]:
        """The games of each block in the plan's order: played ones from ``results``, the others
        from the cache."""
        played = iter(results)
        out: dict[int, list[GameResult]] = {}
        for block in blocks:
            rows: list[GameResult] = []
            cached: list[tuple[str, int]] = []
            cpu = 0.0
            for arm, n, found, count in self.in_flight.pop(block):
                if found is not None:
                    rows.extend(found)
                    cached.append((arm, n))
                else:
                    games = [next(played) for _ in range(count)]
                    cpu += sum(r.timing["cpu_s"] for r in games)
                    rows.extend(games)
            self.from_cache[block] = cached
            if block < 2:
                self.first_costs[block] = cpu
            out[block] = rows
        return out

    def _series(self, arm: str, players: int) -> str:
        """The cache's name for every block of one arm x players: the key of its block 0."""
        if (arm, players) not in self.series:
            tasks = [t for t in self.plan.block_tasks(0) if (t.arm, t.players) == (arm, players)]
            self.series[(arm, players)] = group_key(tasks, self._content(arm))
        return self.series[(arm, players)]

    def _content(self, arm: str) -> str:
        if arm not in self.content:
            self.content[arm] = content_hash(get_game(self.exp.game), self.exp.arms[arm].get("params"))
        return self.content[arm]

    def _keep(self, block: int, results: list[GameResult]) -> None:
        """A block just committed: into the checkpoint, and its played games into the cache."""
        if self.replaying:
            return
        cached = self.from_cache.pop(block, [])
        fresh = self.fresh.pop(block, {})
        groups = set(cached)
        self.games_reused += sum((r.game["arm"], r.game["players"]) in groups for r in results)
        texts = [game_json(r) for r in results]  # made once, for the checkpoint and the cache
        if self.cache is not None:
            for (arm, n), key in fresh.items():
                self.cache.add(self._series(arm, n), block, key,
                               [t for r, t in zip(results, texts, strict=True)
                                if r.game["arm"] == arm and r.game["players"] == n])
        self.checkpoint.add(block, texts, cached)

    def _keep_manifest(self) -> dict[str, Any]:
        """The manifest's account of reuse: games reloaded by a resume, games taken from the cache."""
        return {
            "resume": {"blocks": self.resumed_blocks} if self.resuming else None,
            "cache": None if self.cache is None else {
                "folder": str(self.cache.folder), "games_reused": self.games_reused,
                "games_played": self.games - self.games_reused, "entries_found": self.cache.hits,
                "entries_missed": self.cache.misses, "entries_written": self.cache.stored},
        }

    # ---- records, metrics and manifest ------------------------------------------------------
    def _records(self) -> dict[tuple[str, int, int, int], str]:
        if self.exp.records == "none" or not self.committed:
            self.notable_rows: list[dict[str, Any]] = []
            return {}
        folder = self.run_dir / "records"
        folder.mkdir(exist_ok=True)
        names: dict[tuple[str, int, int, int], str] = {}
        self.notable_rows = []
        blocks = sorted(self.committed)
        for reason, arm, n, block, rotation in self.notable.chosen(blocks, self.plan.rotations, self.fp):
            key = (arm, n, block, rotation)
            if key not in names:
                # Every game can be regenerated from (arm, block, rotation): play it again, recorded.
                result = play(self.plan.task(arm, n, block, rotation, record=True))
                slug = "".join(c if c.isalnum() else "-" for c in arm).strip("-")
                names[key] = f"{slug}-{n}p-b{block}-r{rotation}.json"
                write_json(folder / names[key], result.record)
            self.notable_rows.append({"reason": reason, "arm": arm, "block": block, "rotation": rotation,
                                      "players": n, "record": f"records/{names[key]}"})
        return names

    def _metrics(self, stop: str, wall: float) -> dict[str, Any]:
        exp = self.exp
        game = get_game(exp.game)
        keys = ContentIndex(shipped_content(game)[0]).keys if "usage" in exp.metrics or "legal" in exp.metrics else []
        rotations = max(self.plan.rotations.values())
        # A matrix's arms are pairings and a luck run's are replicates: differences between them
        # are not questions (no deltas), and a luck run's own metrics are replicate 0's, one game
        # per seed, so their intervals count seeds, not replicates of a seed.
        columns, control = self.columns, exp.control or ""
        if exp.type in ("matrix", "luck"):
            control = ""
        if exp.type == "luck":
            columns = {k: v for k, v in self.columns.items() if k[0] == exp.control}
        est = metrics.compute(columns, list(exp.arms), control, rotations, exp.confidence,
                              seeds.pick_seed(self.fp, "bootstrap"), exp.resamples, exp.families, keys)
        verdicts = _verdicts(exp, est.estimates)
        vrfs = [d["extra"].get("vrf") for d in est.deltas if d["metric"] == "actions" and d["extra"].get("vrf")]
        sweep = None
        if exp.sweep:
            sweep = {"knobs": list(exp.sweep), "values": {arm: _knob_values(spec.get("params", {}), list(exp.sweep))
                                                          for arm, spec in exp.arms.items()}}
            est.estimates.extend(self._elasticities(game))
        screen = None
        if exp.sensitivity:  # LAB.md §4 sensitivity: ±δ effects, elasticities, BH over the knobs
            from .sensitivity import analyse

            screen = analyse(self.columns, exp, seeds.pick_seed(self.fp, "sensitivity"))
        matrix_block = luck_block = None
        if exp.type == "matrix":  # LAB.md §4 matrix: cells, ratings, transitivity, skill expression
            from . import matrix

            n = exp.players[0]
            data = matrix.gather(self.columns, {a: self.plan.lineups[(a, n)] for a in exp.arms}, exp.bots, n,
                                 self.plan.rotations[n])
            rows, matrix_block = matrix.summarise(data, exp.confidence, seeds.pick_seed(self.fp, "matrix"),
                                                  exp.resamples)
            est.estimates.extend(rows)
        if exp.type == "luck":  # LAB.md §4 luck: seed ICC, winner entropy, decided-by-seed
            from . import luck

            luck_block = []
            for n in exp.players:
                rows, found = luck.summarise(luck.gather(self.columns, list(exp.arms), n), len(exp.arms),
                                             exp.confidence, seeds.pick_seed(self.fp, "luck"), exp.resamples)
                est.estimates.extend(rows)
                luck_block.append(found)
        lineup = exp.bots
        return {
            "schema": 1,
            "experiment": {"name": exp.name, "type": exp.type, "game": exp.game, "title": exp.title or game.title,
                           "question": exp.question, "players": exp.players, "arms": list(exp.arms),
                           "control": exp.control, "lineup": lineup, "blocks": len(self.committed),
                           "seed": exp.seed, "targets": exp.targets, "sweep": sweep, "lang": exp.lang},
            "estimates": est.estimates,
            "deltas": est.deltas,
            "verdicts": verdicts,
            "sprt": None if self.sprt is None else {**self.sprt.to_json(), "metric": exp.sprt["metric"],
                                                     "arm": self.sprt_arm},
            "sensitivity": screen,
            "matrix": matrix_block,
            "luck": luck_block,
            "notable": getattr(self, "notable_rows", []),
            "dead_content": est.extra.get("dead_content", []),
            "health": {"games": self.games, "unfinished": self.unfinished, "cpu_s": round(self.cpu_s, 3),
                       "wall_s": round(wall, 3), "games_per_s": round(self.games / wall, 3) if wall else None,
                       "lab_overhead": round(self.lab_s / self.game_s, 4) if self.game_s else None,
                       "cap_hits": 0, "games_played": self.games - self.games_reused,
                       "games_reused": self.games_reused},
            "method": {"blocks": len(self.committed), "rotations": rotations > 1,
                       "pairing_factor": vrfs[0] if vrfs else None, "confidence": exp.confidence,
                       "families": exp.families, "bots": sorted({b for lu in self.plan.lineups.values() for b in lu}),
                       "stop": stop},
        }

    def _elasticities(self, game: Any) -> list[dict[str, Any]]:
        """``elasticity[knob->m]`` per knob of the sweep, over the arms that differ from the
        control in that knob only (the control included, at its effective value)."""
        exp = self.exp
        paths = list(exp.sweep or {})
        effective = {arm: _knob_values(effective_content(game, spec.get("params")), paths)
                     for arm, spec in exp.arms.items()}
        base = effective[exp.control or next(iter(exp.arms))]
        out = []
        for knob in paths:
            arm_x = {arm: float(v[knob]) for arm, v in effective.items()
                     if isinstance(v[knob], int | float) and not isinstance(v[knob], bool)
                     and all(v[other] == base[other] for other in paths if other != knob)}
            for n in exp.players:
                out.extend(metrics.elasticity(self.columns, knob, arm_x, n, exp.confidence))
        return out

    def _manifest(self, started: str, wall: float, backend: Any, stop: str) -> dict[str, Any]:
        exp = self.exp
        game = get_game(exp.game)
        return {
            "fingerprint": self.fp, "ludoteca": ludoteca.__version__, "git": _git(),
            "python": sys.version.split()[0], "platform": platform.platform(), "cpus": os.cpu_count(),
            "backend": backend.kind, "workers": backend.workers,
            # Ray only: its version, address or local start, temp folder, and the nodes that played
            **({"ray": backend.manifest()} if hasattr(backend, "manifest") else {}),
            "arms": {arm: {"content_hash": content_hash(game, spec.get("params")), "params": spec.get("params", {}),
                           "options": spec.get("options", {}), "lineup": spec.get("lineup"), "version": game.version}
                     for arm, spec in exp.arms.items()},
            "game": exp.game, "seed": exp.seed, "blocks": len(self.committed), "planned_blocks": self.planned_blocks(),
            "lineup": exp.bots, "players": exp.players,
            "lineups": {f"{arm}/{n}": lu for (arm, n), lu in self.plan.lineups.items()},
            "rotations": {str(n): r for n, r in self.plan.rotations.items()},
            "seed_plan": {"block": "int(sha256(f'{seed}/block/{b}').hexdigest()[:12], 16)",
                          "bot": "int(sha256(f'{seed}/bot/{b}/{entry}').hexdigest()[:12], 16)"},
            "started": started, "ended": datetime.now(UTC).isoformat(timespec="seconds"),
            "wall_s": round(wall, 3), "cpu_s": round(self.cpu_s, 3), "games": self.games, "stop": stop,
            "command": self.command,
            "robust": "not run: --robust arrives with the next lab issue" if exp.robust else None,
            # Parquet copies of the tables, when pyarrow is installed (the ``parquet`` extra)
            "parquet": self.parquet,
            **self._keep_manifest(),  # resume: blocks reloaded; cache: games reused and played
        }


def _unused(path: Path) -> Path:
    """``path``, or ``path-2``, ``path-3``...: the same experiment run twice in one second (the
    second from the block cache, in no time) gets a folder of its own."""
    candidate, n = path, 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.name}-{n}")
    return candidate


def _knob_values(params: dict[str, Any], paths: list[str]) -> dict[str, Any]:
    out = {}
    for where in paths:
        node: Any = params
        for part in where.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        out[where] = node
    return out


def _verdicts(exp: Experiment, estimates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each target against each arm's interval: met, missed, or unclear (the interval straddles)."""
    out = []
    for target, rule in exp.targets.items():
        metric, _, key = target.partition("[")
        key = key.rstrip("]") or None
        for row in estimates:
            if row["metric"] != metric or row["key"] != key:
                continue
            low = row["low"] if row["low"] is not None else row["value"]
            high = row["high"] if row["high"] is not None else row["value"]
            (kind, bound), = rule.items()
            if kind == "max":
                verdict = "met" if high <= bound else "missed" if low > bound else "unclear"
            elif kind == "min":
                verdict = "met" if low >= bound else "missed" if high < bound else "unclear"
            else:
                a, b = bound
                verdict = ("met" if a <= low and high <= b else "missed" if high < a or low > b else "unclear")
            out.append({"target": target, "arm": row["arm"], "players": row["players"], "rule": rule,
                        "value": row["value"], "low": row["low"], "high": row["high"], "verdict": verdict,
                        "robust": None})
    return out


def run(exp: Experiment, backend: str | None = None, jobs: int | str | None = None, out: str | Path | None = None,
        run_dir: str | Path | None = None, max_minutes: float | None = None,
        progress: Callable[[LiveState], None] | None = None, command: str | None = None,
        resume: str | Path | None = None, cache: bool | str | Path | None = None) -> Path:
    """Run ``exp`` and return its run folder (``out``: the parent folder, else ``exp.out_dir``).

    ``resume``: a run folder to finish (its checkpoint must hold this very experiment; only the
    missing blocks are played).  ``cache``: False to play every game, True or a folder to reuse
    the block cache; by default it is used (``<out_dir>/.cache``) unless ``run_dir`` is given."""
    if out is not None:
        exp.out_dir = str(out)
    if resume is not None:
        run_dir = resume
    runner = Runner(exp, Path(run_dir) if run_dir else None, backend, jobs, max_minutes, progress, command,
                    resume=resume is not None, cache=cache)
    return runner.execute()
