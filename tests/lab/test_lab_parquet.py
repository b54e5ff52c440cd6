"""The run's tables as Parquet, when pyarrow is installed: every row and value of the JSON Lines."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from ludoteca.lab import api, parquet
from ludoteca.lab.experiment import Experiment

pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow is not installed (the 'parquet' extra)")


def test_a_run_writes_parquet_tables_equal_to_its_json_lines(tmp_path: Path) -> None:
    exp = Experiment(game="immunity", players=[3], bots=["random"], blocks=4, type="seats", records="none")
    run = api.run(exp, jobs=1, run_dir=tmp_path / "run")
    folder = run.path
    assert run.manifest["parquet"] == ["games.parquet", "seats.parquet", "timing.parquet"]
    for table in ("games", "seats", "timing"):
        with gzip.open(folder / f"{table}.jsonl.gz", "rt", encoding="utf-8") as lines:
            rows = [json.loads(line) for line in lines]
        read = pq.read_table(folder / f"{table}.parquet").to_pylist()
        assert len(read) == len(rows) == (4 if table != "seats" else 12)  # identical bots: one rotation
        kinds = parquet.column_kinds(rows)
        for got, row in zip(read, rows, strict=True):
            for name, value in row.items():
                expected = json.dumps(value, sort_keys=True) if kinds[name] == "json" and value is not None else value
                assert got[name] == expected, (table, name)


def test_column_kinds_keep_every_value_meaning() -> None:
    rows = [{"a": 1, "b": 1, "c": None, "d": "x", "e": True, "f": [1]}, {"a": 2, "b": 2.5, "c": None, "d": 3,
                                                                        "e": False, "f": None}]
    assert parquet.column_kinds(rows) == {"a": "int", "b": "float", "c": "text", "d": "json", "e": "bool",
                                          "f": "json"}
