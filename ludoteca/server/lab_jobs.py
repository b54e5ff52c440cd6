"""The lab page's working side: one lab run at a time in a process of its own, its progress sent
to the owner's pages, and a one-process pool that writes reports and diffs.

Why a spawned process and not a thread of the server: a run plays hundreds of games on the
lab's own worker pool (``runner.run`` with ``jobs``) and then computes statistics and plots
(numpy, scipy, matplotlib).  In a fresh interpreter none of that touches the event loop that
serves the tables, none of it is imported into the server, and the lab's workers are forked
from a small single-threaded process instead of a server holding threads, sockets and a
database pool.  The process reports back over a pipe, read by one thread that hands each
message to the event loop.  Stopping sends it SIGINT, which the lab treats as Ctrl-C: the games
in flight finish and everything played so far is written (stop reason "interrupted").
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

log = logging.getLogger("ludoteca.server")

SPAWN = multiprocessing.get_context("spawn")
#: The fastest the lab process reports progress (the last block is always reported).
PROGRESS_EVERY = 0.25
#: States in which a job holds the lab (a second request is refused).
ACTIVE = ("starting", "running", "stopping", "writing")
#: Messages a page may fall behind by before older ones are dropped (each carries the whole state).
QUEUE = 32


# ---- in the lab process ---------------------------------------------------------------------------
def take_ctrl_c() -> None:
    """Make SIGINT raise KeyboardInterrupt in this process, whatever it inherited.

    Why: Stop sends the lab process SIGINT.  A spawned process inherits an *ignored* SIGINT
    (and a blocked one) from the server, and a server started in the background by a script
    ignores it (a non-interactive shell starts background commands that way; Python then
    leaves it ignored).  Without this, Stop would do nothing there and the run play on."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def run_dir_for(exp: Any) -> Path:
    """The run folder, named as the lab's command line names it (name, time, fingerprint)."""
    from ludoteca.lab.runner import fingerprint

    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    slug = "".join(c if c.isalnum() else "-" for c in exp.name.lower()).strip("-") or exp.game
    base = Path(exp.out_dir) / f"{slug}-{stamp}-{fingerprint(exp)[:8]}"
    path, n = base, 1
    while path.exists():
        n += 1
        path = base.with_name(f"{base.name}-{n}")
    return path


def play(exp: Any, lang: str, conn: Any) -> None:
    """The lab process: run ``exp``, write its report, say how it went on ``conn``."""
    take_ctrl_c()
    last = 0.0

    def progress(live: Any) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= PROGRESS_EVERY or live.done >= live.planned:
            last = now
            conn.send({"kind": "progress", "done": live.done, "planned": live.planned, "games": live.games})

    try:
        from ludoteca.lab import runner
        from ludoteca.lab.report import write_report

        run_dir = run_dir_for(exp)
        conn.send({"kind": "started", "run": run_dir.name})
        path = runner.run(exp, run_dir=run_dir, progress=progress, command="ludoteca serve --lab (the lab page)")
        conn.send({"kind": "writing"})
        write_report(path, lang)
        manifest = json.loads((path / "manifest.json").read_text(encoding="utf-8"))
        conn.send({"kind": "done", "games": manifest.get("games"), "blocks": manifest.get("blocks"),
                   "stop": manifest.get("stop")})
    except KeyboardInterrupt:  # stopped before the runner could catch it (starting up)
        conn.send({"kind": "stopped"})
    except Exception as exc:  # noqa: BLE001 - told to the page, which shows it in words
        conn.send({"kind": "failed", "detail": f"{type(exc).__name__}: {exc}"[:500]})
    finally:
        conn.close()


def write_report(run: str, lang: str) -> str:
    """In the pool: (re)write a run's report.html."""
    from ludoteca.lab.report import write_report as write

    return str(write(Path(run), lang))


def write_diff(run_a: str, run_b: str, out: str, lang: str) -> str:
    """In the pool: diff.html (and diff.json) of two runs, into ``out``."""
    from ludoteca.lab.diff import diff

    return str(diff(Path(run_a), Path(run_b), out=Path(out), lang=lang))


# ---- in the server --------------------------------------------------------------------------------
class Busy(Exception):
    """A lab run is already going on."""


@dataclass
class Job:
    """What the page shows of the current (or last) run."""

    game: str
    game_title: str
    type: str
    players: int
    bots: str
    planned_games: int
    state: str = "starting"
    run: str | None = None
    planned: int = 0
    done: int = 0
    games: int = 0
    stop: str | None = None
    detail: str | None = None
    started: str = field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))

    def public(self) -> dict[str, Any]:
        return asdict(self)


class LabJobs:
    """The one lab run at a time, its watchers, and the pool for reports and diffs."""

    def __init__(self) -> None:
        self.job: Job | None = None
        self.process: Any = None
        self.watchers: set[asyncio.Queue] = set()
        self.pool: ProcessPoolExecutor | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    def busy(self) -> bool:
        return self.job is not None and self.job.state in ACTIVE

    async def start(self, exp: Any, games: int, lang: str, game_title: str) -> Job:
        """Start ``exp`` in the lab process; :class:`Busy` when a run is going on."""
        if self.busy():
            raise Busy
        job = Job(game=exp.game, game_title=game_title, type=exp.type, players=exp.players[0], bots=exp.bots[0],
                  planned_games=games, planned=exp.blocks or 0)
        self.job = job  # taken before the first await: a second request now finds the lab busy
        self.loop = asyncio.get_running_loop()
        parent, child = SPAWN.Pipe(duplex=False)
        process = SPAWN.Process(target=play, args=(exp, lang, child), name="ludoteca-lab", daemon=False)
        try:
            await asyncio.to_thread(process.start)
        except Exception as exc:
            job.state, job.detail = "failed", f"the lab process did not start: {exc}"
            self._broadcast()
            raise
        finally:
            child.close()
        self.process = process
        threading.Thread(target=self._pump, args=(parent, process, job), name="ludoteca-lab-pipe", daemon=True).start()
        self._broadcast()
        return job

    def stop(self) -> bool:
        """Ask the run to stop (as Ctrl-C would): what was played is kept.  False when none runs."""
        if not self.busy() or self.process is None or self.process.pid is None or not self.process.is_alive():
            return False
        assert self.job is not None
        if self.job.state in ("starting", "running"):
            self.job.state = "stopping"
            os.kill(self.process.pid, signal.SIGINT)
            self._broadcast()
        return True

    # -- messages from the lab process, handed to the loop by the pipe thread -------------------
    def _pump(self, conn: Any, process: Any, job: Job) -> None:
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):
                break
            self._to_loop(self._on_message, job, message)
        conn.close()
        process.join()
        self._to_loop(self._on_exit, job, process.exitcode)

    def _to_loop(self, fn: Any, *args: Any) -> None:
        try:
            assert self.loop is not None
            self.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # the server is shutting down: nobody is watching any more
            pass

    def _on_message(self, job: Job, message: dict[str, Any]) -> None:
        kind = message.get("kind")
        if kind == "started":
            job.run = message.get("run")
            if job.state == "starting":
                job.state = "running"
        elif kind == "progress":
            job.done, job.planned, job.games = message["done"], message["planned"], message["games"]
        elif kind == "writing":
            job.state = "writing"
        elif kind == "done":
            job.state, job.stop = "done", message.get("stop")
            job.games = message.get("games") or job.games
            job.done = message.get("blocks") or job.done
        elif kind == "stopped":
            job.state = "stopped"
        elif kind == "failed":
            job.state, job.detail = "failed", message.get("detail")
            log.warning("a lab run failed: %s", job.detail)
        self._broadcast()

    def _on_exit(self, job: Job, code: int | None) -> None:
        if job.state in ACTIVE:
            job.state, job.detail = "failed", f"the lab process ended unexpectedly (exit code {code})"
            log.warning("the lab process ended unexpectedly (exit code %s)", code)
            self._broadcast()
        if self.job is job:
            self.process = None

    # -- watchers ------------------------------------------------------------------------------------
    def watch(self) -> asyncio.Queue:
        queue: asyncio.Queue = asyncio.Queue(QUEUE)
        self.watchers.add(queue)
        queue.put_nowait(self.message())
        return queue

    def unwatch(self, queue: asyncio.Queue) -> None:
        self.watchers.discard(queue)

    def message(self) -> dict[str, Any]:
        return {"type": "lab_job", "job": self.job.public() if self.job else None}

    def _broadcast(self) -> None:
        message = self.message()
        for queue in list(self.watchers):
            if queue.full():  # a slow page: the older states are stale anyway
                queue.get_nowait()
            queue.put_nowait(message)

    # -- reports and diffs ----------------------------------------------------------------------------
    async def in_pool(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in the lab's pool process (started on first use)."""
        if self.pool is None:
            self.pool = ProcessPoolExecutor(1, mp_context=SPAWN)
        return await asyncio.wrap_future(self.pool.submit(fn, *args))

    async def close(self) -> None:
        """At shutdown: stop a run as Ctrl-C would (what was played is written), then the pool."""
        process = self.process
        if process is not None and process.is_alive():
            os.kill(process.pid, signal.SIGINT)
            await asyncio.to_thread(process.join, 15)
            if process.is_alive():
                process.terminate()
                await asyncio.to_thread(process.join, 5)
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
