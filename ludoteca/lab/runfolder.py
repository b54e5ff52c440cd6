"""The run folder of LAB.md §6.1: tables streamed to disk, then metrics, manifest and records.

Why part files: the parent must not hold rows (a million games), and the final tables must be
sorted by (arm, players, block, rotation) so two runs give byte-identical files.  Blocks are
committed in block order, so appending each arm's rows to its own part file keeps every part
sorted; the final table is the parts concatenated in arm order, gzip'd with a zero mtime.
"""

from __future__ import annotations

import csv
import gzip
import json
import shutil
from pathlib import Path
from typing import Any, TextIO

TABLES = ("games", "seats", "timing", "series")


def dumps(row: Any) -> str:
    return json.dumps(row, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class TableWriter:
    """Part files per (arm, players) and table; :meth:`finish` writes the sorted gz tables."""

    def __init__(self, run_dir: Path, arms: list[str], players: list[int]) -> None:
        self.run_dir = run_dir
        self.parts_dir = run_dir / ".parts"
        self.parts_dir.mkdir(parents=True, exist_ok=True)
        self.order = [(a, n) for a in arms for n in players]
        self.files: dict[tuple[str, str, int], TextIO] = {}

    def _part(self, table: str, arm: str, players: int) -> TextIO:
        key = (table, arm, players)
        if key not in self.files:
            index = self.order.index((arm, players))
            self.files[key] = (self.parts_dir / f"{table}-{index:04d}.jsonl").open("a", encoding="utf-8")
        return self.files[key]

    def write(self, table: str, arm: str, players: int, block: int, rotation: int, rows: list[dict]) -> None:
        out = self._part(table, arm, players)
        for row in rows:
            out.write(f"{block}\t{rotation}\t{dumps(row)}\n")

    def finish(self, records: dict[tuple[str, int, int, int], str], series: bool) -> None:
        """Concatenate the parts into ``<table>.jsonl.gz``; fill ``record`` in notable game rows."""
        for handle in self.files.values():
            handle.close()
        for table in TABLES:
            if table == "series" and not series:
                continue
            target = self.run_dir / f"{table}.jsonl.gz"
            with target.open("wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz:
                for index, (arm, players) in enumerate(self.order):
                    part = self.parts_dir / f"{table}-{index:04d}.jsonl"
                    if not part.exists():
                        continue
                    with part.open(encoding="utf-8") as lines:
                        for line in lines:
                            block, rotation, text = line.split("\t", 2)
                            name = records.get((arm, players, int(block), int(rotation))) if table == "games" else None
                            if name is not None:
                                text = text.replace('"record":null', f'"record":{json.dumps(name)}', 1)
                            gz.write(text.encode("utf-8"))
        shutil.rmtree(self.parts_dir, ignore_errors=True)


def write_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=1, sort_keys=False, ensure_ascii=False, allow_nan=False) + "\n",
                    encoding="utf-8")


CSV_COLUMNS = ("kind", "metric", "arm", "control", "players", "key", "value", "low", "high", "n", "method",
               "p", "p_adj", "reference", "vrf")


def write_metrics_csv(path: Path, metrics: dict[str, Any]) -> None:
    """metrics.json, flat: one line per estimate and per delta, for spreadsheets."""
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(CSV_COLUMNS)
        for kind in ("estimates", "deltas"):
            for row in metrics[kind]:
                writer.writerow([kind[:-1], row["metric"], row["arm"], row.get("control", ""), row["players"],
                                 row["key"] if row["key"] is not None else "", *(_cell(row.get(k)) for k in
                                 ("value", "low", "high", "n", "method", "p", "p_adj", "reference")),
                                 _cell(row.get("extra", {}).get("vrf"))])


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def read_table(run_dir: Path, table: str) -> list[dict[str, Any]]:
    """All rows of one table (for small runs and tests; large runs should stream)."""
    path = Path(run_dir) / f"{table}.jsonl.gz"
    if not path.exists():
        return []
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]
