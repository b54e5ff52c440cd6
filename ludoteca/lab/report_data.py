"""Reading a run folder for the report and the diff: metrics.json, manifest.json, game columns.

Why separate: the report and the diff read the same files with the same checks, and only the
few game columns the charts need are kept (a 100,000-game table is never held as dicts).
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

SCHEMA = 1
#: The game columns the charts use; everything else in games.jsonl.gz is skipped.
GAME_COLUMNS = ("actions", "decided_at", "rounds")


@dataclass
class RunData:
    """One run folder as the report needs it."""

    path: Path
    metrics: dict[str, Any]
    manifest: dict[str, Any] | None
    #: (arm, players) -> column -> values of finished and unfinished games alike
    games: dict[tuple[str, int], dict[str, np.ndarray]] = field(default_factory=dict)

    @property
    def experiment(self) -> dict[str, Any]:
        return self.metrics.get("experiment") or {}


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FileNotFoundError(f"{path}: not found; is this a lab run folder?") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not valid JSON ({exc})") from None


def load_run(run_dir: Path | str, games: bool = True) -> RunData:
    """Load a run folder; a missing or foreign metrics.json is an error that names the file."""
    path = Path(run_dir)
    if not path.is_dir():
        raise FileNotFoundError(f"{path}: not a folder; pass a lab run folder (runs/<name>-<date>-<id>)")
    metrics = _read_json(path / "metrics.json")
    if not isinstance(metrics, dict) or metrics.get("schema") != SCHEMA:
        found = metrics.get("schema") if isinstance(metrics, dict) else type(metrics).__name__
        raise ValueError(f"{path / 'metrics.json'}: schema {found!r}; this report reads schema {SCHEMA}")
    for key in ("experiment", "estimates"):
        if key not in metrics:
            raise ValueError(f"{path / 'metrics.json'}: missing {key!r}")
    manifest = _read_json(path / "manifest.json") if (path / "manifest.json").exists() else None
    data = RunData(path, metrics, manifest)
    if games:
        data.games = read_game_columns(path)
    return data


def read_game_columns(path: Path) -> dict[tuple[str, int], dict[str, np.ndarray]]:
    """The chart columns per (arm, players), from games.parquet when pyarrow reads it, else JSONL."""
    parquet, jsonl = path / "games.parquet", path / "games.jsonl.gz"
    lists: dict[tuple[str, int], dict[str, list[float]]] = {}

    def add(arm: str, players: int, row: dict[str, Any]) -> None:
        cols = lists.setdefault((arm, int(players)), {c: [] for c in GAME_COLUMNS})
        for c in GAME_COLUMNS:
            v = row.get(c)
            cols[c].append(np.nan if v is None else float(v))

    if parquet.exists():
        try:
            import pyarrow.parquet as pq
        except ImportError:
            pq = None
        if pq is not None:
            table = pq.read_table(parquet, columns=["arm", "players", *[c for c in GAME_COLUMNS
                                                                       if c in pq.read_schema(parquet).names]])
            for row in table.to_pylist():
                add(row["arm"], row["players"], row)
            return _arrays(lists)
    if jsonl.exists():
        with gzip.open(jsonl, "rt", encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    row = json.loads(line)
                    add(row["arm"], row["players"], row)
    return _arrays(lists)


def _arrays(lists: dict[tuple[str, int], dict[str, list[float]]]) -> dict[tuple[str, int], dict[str, np.ndarray]]:
    return {k: {c: np.asarray(v, dtype=float) for c, v in cols.items()} for k, cols in lists.items()}


def estimates(data: RunData, metric: str, players: int | None = None) -> list[dict[str, Any]]:
    """The estimate rows of one metric (optionally one player count), in file order."""
    return [e for e in data.metrics.get("estimates", [])
            if e.get("metric") == metric and (players is None or e.get("players") == players)]


def player_counts(data: RunData) -> list[int]:
    """Player counts present in the estimates (or declared in the experiment)."""
    found = sorted({int(e["players"]) for e in data.metrics.get("estimates", []) if e.get("players") is not None})
    return found or [int(p) for p in data.experiment.get("players", [])]


def arms(data: RunData) -> list[str]:
    """Arms in the experiment's order, control first."""
    declared = list(data.experiment.get("arms") or [])
    seen = [e["arm"] for e in data.metrics.get("estimates", [])]
    return list(dict.fromkeys(declared + seen))


#: At most this many telemetry quantities get a fan chart (the report stays short and small).
MAX_SERIES = 8


def read_series(path: Path) -> dict[tuple[str, int], dict[str, dict[int, list[float]]]]:
    """Per (arm, players): quantity ("score" and each telemetry key) -> checkpoint -> values over
    games and seats, streamed from series.jsonl.gz (absent unless telemetry was asked for)."""
    out: dict[tuple[str, int], dict[str, dict[int, list[float]]]] = {}
    source = Path(path) / "series.jsonl.gz"
    if not source.exists():
        return out
    with gzip.open(source, "rt", encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            row = json.loads(line)
            per = out.setdefault((row["arm"], int(row["players"])), {})
            t = int(row["checkpoint"])
            values = {"score": row.get("score"), **(row.get("telemetry") or {})}
            for q, v in values.items():
                if isinstance(v, int | float) and not isinstance(v, bool):
                    if q not in per and len(per) >= MAX_SERIES + 1:
                        continue
                    per.setdefault(q, {}).setdefault(t, []).append(float(v))
    return out
