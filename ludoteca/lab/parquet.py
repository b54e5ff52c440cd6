"""The run's tables as Parquet as well, when pyarrow is installed (the ``parquet`` extra).

Why beside the JSON Lines and not instead: the gzip'd JSON Lines need nothing to read and stay
the reference (byte-identical across runs); Parquet is for the designer who opens a million
games in pandas, polars or DuckDB, where a typed column store loads in a fraction of the time.

Columns keep their scalar type (whole numbers, numbers, true/false, text); a column holding
lists or mappings (a seat's ``usage``, a game's ``scores``) is stored as its JSON text, one
value per row, so every table has one flat schema whatever the game.  Two passes over the
gzip'd table: the first settles each column's type, the second writes row groups of
:data:`CHUNK` rows, so memory stays flat however many games there are.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

#: Rows per Parquet row group (and per batch held in memory while writing).
CHUNK = 50_000
def available() -> bool:
    """Whether pyarrow can be imported (``pip install 'ludoteca[parquet]'``)."""
    try:
        import pyarrow  # noqa: F401
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        return False
    return True


def _rows(path: Path) -> Iterator[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            yield json.loads(line)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "text"
    return "json"


def column_kinds(rows: Iterable[dict[str, Any]]) -> dict[str, str]:
    """Each column's kind, in the order columns first appear: whole numbers, numbers (whole
    and not), flags or text when every value is one (nulls aside; a column of only nulls is
    text); anything else (lists, mappings, or text mixed with numbers) is JSON text, so that
    no value changes meaning."""
    found: dict[str, set[str]] = {}
    for row in rows:
        for name, value in row.items():
            kinds = found.setdefault(name, set())
            if value is not None:
                kinds.add(_kind(value))
    return {name: _column_kind(kinds) for name, kinds in found.items()}


def _column_kind(kinds: set[str]) -> str:
    if not kinds:
        return "text"
    if kinds <= {"int", "float"}:
        return "int" if kinds == {"int"} else "float"
    return next(iter(kinds)) if len(kinds) == 1 else "json"


def _value(value: Any, kind: str) -> Any:
    if value is None:
        return None
    if kind == "json":
        return json.dumps(value, sort_keys=True)
    if kind == "float":
        return float(value)
    return value


def write_table(source: Path, target: Path) -> int:
    """``source`` (a run's ``<table>.jsonl.gz``) as Parquet at ``target``; returns the rows."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    kinds = column_kinds(_rows(source))
    types = {"bool": pa.bool_(), "int": pa.int64(), "float": pa.float64(), "text": pa.string(),
             "json": pa.string()}
    schema = pa.schema([(name, types[kind]) for name, kind in kinds.items()])
    total = 0
    with pq.ParquetWriter(target, schema) as writer:
        batch: list[dict[str, Any]] = []
        for row in _rows(source):
            batch.append(row)
            if len(batch) == CHUNK:
                total += _write(writer, batch, kinds, schema)
                batch = []
        if batch or not total:
            total += _write(writer, batch, kinds, schema)
    return total


def _write(writer: Any, batch: list[dict[str, Any]], kinds: dict[str, str], schema: Any) -> int:
    import pyarrow as pa

    columns = {name: [_value(row.get(name), kind) for row in batch] for name, kind in kinds.items()}
    writer.write_table(pa.Table.from_pydict(columns, schema=schema))
    return len(batch)


def write_run(run_dir: Path, tables: Iterable[str]) -> list[Path]:
    """Every ``<table>.jsonl.gz`` of ``tables`` in the run folder as ``<table>.parquet``; nothing
    (an empty list) when pyarrow is not installed."""
    if not available():
        return []
    written = []
    for table in tables:
        source = Path(run_dir) / f"{table}.jsonl.gz"
        if source.exists():
            target = source.with_name(f"{table}.parquet")
            write_table(source, target)
            written.append(target)
    return written
