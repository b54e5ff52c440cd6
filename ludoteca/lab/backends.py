"""Where games run: a local process pool (the default) or inline in this process (jobs = 1).

Why a pluggable backend with one pure task function (:func:`ludoteca.lab.play.play_many`):
the same chunks give the same rows on any backend, so the Ray backend (ray_backend.py) only
has to ship chunks and return results.  Workers ignore Ctrl-C: the parent decides to stop, lets
the chunks in flight finish, and writes everything.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

#: A chunk should cost at least this much CPU, so dispatch (0.1-0.3 ms a task) stays negligible.
#: Each backend says its own as ``chunk_cpu_s`` (Ray's tasks cost more to dispatch: 5 s).
CHUNK_CPU_S = 0.5


#: Linux's prctl option that sends a signal to a process when its parent dies.
PR_SET_PDEATHSIG = 1


def _ignore_sigint(parent: int | None = None) -> None:
    """A worker's start: Ctrl-C is the parent's to handle, and a parent killed outright (a
    ``kill -9``, the machine's out-of-memory killer) takes its workers with it instead of
    leaving them asleep forever, adopted by init.

    ``parent`` is the pid the worker was started from: a parent that died between the fork and
    the ``prctl`` sends no signal (the kernel asks only from then on), so the worker checks it
    is still its parent's and ends at once if not.  A forked worker holds the pool's pipes
    itself, so it would otherwise never see them close."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        # no prctl here: the workers still end when the pool shuts down normally
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if parent is not None and os.getppid() != parent:
        os._exit(1)


class InlineBackend:
    """Runs each chunk at once, in this process: for tests, debugging and ``--jobs 1``."""

    kind = "inline"
    workers = 1
    chunk_cpu_s = CHUNK_CPU_S

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller through the future
            future.set_exception(exc)
        return future

    def __enter__(self) -> InlineBackend:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None


class LocalBackend:
    """A ``ProcessPoolExecutor`` of ``jobs`` workers (default: every CPU)."""

    kind = "local"
    chunk_cpu_s = CHUNK_CPU_S

    def __init__(self, jobs: int | None = None) -> None:
        self.workers = jobs or os.cpu_count() or 1
        self.pool: ProcessPoolExecutor | None = None

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        assert self.pool is not None, "use the backend as a context manager"
        return self.pool.submit(fn, *args)

    def __enter__(self) -> LocalBackend:
        self.pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_ignore_sigint,
                                        initargs=(os.getpid(),))
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)


#: The backends a run can ask for (``--backend``, ``[backend] kind``).
KINDS = ("local", "inline", "ray")


def make_backend(kind: str, jobs: int | str | None, **ray_options: Any) -> Any:
    """The backend for ``kind`` and ``jobs`` ("auto" or None: every CPU; 1: inline, unless Ray was
    asked for).  Ray is imported only here and only for ``kind == "ray"``, never implied by the
    environment; ``ray_options`` (address, run_dir, expected) go to :class:`RayBackend`."""
    count = None if jobs in (None, "auto") else int(jobs)
    if kind == "ray":
        from .ray_backend import RayBackend

        return RayBackend(count, **ray_options)
    if kind not in KINDS:
        raise ValueError(f"backend {kind!r} is unknown; use one of {', '.join(KINDS)}")
    if kind == "inline" or count == 1:
        return InlineBackend()
    return LocalBackend(count)
