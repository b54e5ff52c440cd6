"""The Python API of the lab: ``lab.run`` returns a :class:`Run` that reads its folder.

The command line uses exactly these functions, so what a notebook gets is what the CLI prints.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import runner
from .experiment import Experiment
from .runfolder import read_table
from .stats import Estimate

#: Plug-in metrics registered with :func:`metric` (computed by a later issue's report hooks).
PLUGINS: dict[str, dict[str, Any]] = {}


class Run:
    """A finished run folder: its metrics, deltas, tables and report."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if not (self.path / "metrics.json").exists():
            raise ValueError(f"{self.path}: not a lab run folder (no metrics.json)")
        self.metrics = json.loads((self.path / "metrics.json").read_text(encoding="utf-8"))
        self.manifest = json.loads((self.path / "manifest.json").read_text(encoding="utf-8"))

    def _find(self, kind: str, metric: str, arm: str | None, key: str | None, players: int | None,
              control: str | None = None) -> Estimate:
        rows = [r for r in self.metrics[kind] if r["metric"] == metric and r["key"] == key
                and (arm is None or r["arm"] == arm) and (players is None or r["players"] == players)
                and (control is None or r.get("control") == control)]
        if not rows:
            raise ValueError(f"no {kind[:-1]} {metric!r} (key {key!r}, arm {arm!r}) in {self.path}")
        r = rows[0]
        return Estimate(r["value"], r["low"], r["high"], r["n"], r["method"], r["p"], r["p_adj"], r["extra"])

    def metric(self, metric: str, arm: str | None = None, key: str | None = None,
               players: int | None = None) -> Estimate:
        """One estimate, e.g. ``run.metric("seat_win_share", arm="shipped", key="0")``."""
        return self._find("estimates", metric, arm or self.metrics["experiment"]["control"], key, players)

    def delta(self, metric: str, arm: str, control: str | None = None, key: str | None = None,
              players: int | None = None) -> Estimate:
        """The paired difference arm - control of one metric."""
        return self._find("deltas", metric, arm, key, players, control)

    def games(self) -> list[dict[str, Any]]:
        return read_table(self.path, "games")

    def seats(self) -> list[dict[str, Any]]:
        return read_table(self.path, "seats")

    def write_report(self, lang: str = "en") -> Path:
        from .report import write_report

        return write_report(self.path, lang)

    def __repr__(self) -> str:
        return f"<lab.Run {self.path}>"


def run(exp: Experiment, backend: str | None = None, jobs: int | str | None = None,
        out: str | Path | None = None, run_dir: str | Path | None = None, max_minutes: float | None = None,
        progress: Callable[[runner.LiveState], None] | None = None, command: str | None = None,
        resume: str | Path | None = None, cache: bool | str | Path | None = None) -> Run:
    """Run ``exp`` (validated first; nothing is played if it is wrong) and return the :class:`Run`.

    ``resume=path`` finishes an interrupted run in its own folder, playing only the blocks its
    checkpoint lacks (a different experiment is refused, naming what changed); ``cache=False``
    plays every game instead of reusing the block cache (docs/lab.md, "Resume and reuse")."""
    return Run(runner.run(exp, backend, jobs, out, run_dir, max_minutes, progress, command, resume=resume,
                          cache=cache))


def load(path: str | Path) -> Run:
    return Run(path)


def diff(run_a: Run | str | Path, run_b: Run | str | Path) -> Path:
    """diff.html and diff.json of two runs (LAB.md §6.3), written by the report's diff module."""
    from .diff import diff as write_diff

    a = run_a.path if isinstance(run_a, Run) else Path(run_a)
    b = run_b.path if isinstance(run_b, Run) else Path(run_b)
    return write_diff(a, b)


def metric(name: str, per: str = "game", needs: str = "rows") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a plug-in metric (``@lab.metric("oxygen_wasted", per="seat", needs="series")``)."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        PLUGINS[name] = {"fn": fn, "per": per, "needs": needs}
        return fn

    return register
