"""Where games run: a local process pool (the default) or inline in this process (jobs = 1).

Why a pluggable backend with one pure task function (:func:`ludoteca.lab.play.play_many`):
the same chunks give the same rows on any backend, so a Ray backend (a later issue) only has
to ship chunks and return results.  Workers ignore Ctrl-C: the parent decides to stop, lets
the chunks in flight finish, and writes everything.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

#: A chunk should cost at least this much CPU, so dispatch (0.1-0.3 ms a task) stays negligible.
CHUNK_CPU_S = 0.5


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class InlineBackend:
    """Runs each chunk at once, in this process: for tests, debugging and ``--jobs 1``."""

    kind = "inline"
    workers = 1

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

    def __init__(self, jobs: int | None = None) -> None:
        self.workers = jobs or os.cpu_count() or 1
        self.pool: ProcessPoolExecutor | None = None

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        assert self.pool is not None, "use the backend as a context manager"
        return self.pool.submit(fn, *args)

    def __enter__(self) -> LocalBackend:
        self.pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_ignore_sigint)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)


def make_backend(kind: str, jobs: int | str | None) -> InlineBackend | LocalBackend:
    """The backend for ``kind`` and ``jobs`` ("auto" or None: every CPU; 1: inline)."""
    count = None if jobs in (None, "auto") else int(jobs)
    if kind == "inline" or count == 1:
        return InlineBackend()
    if kind != "local":
        raise ValueError(f"backend {kind!r} is not available in this version; use local")
    return LocalBackend(count)
