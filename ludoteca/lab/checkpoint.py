"""Resume (LAB.md §8): a run's committed blocks, saved under ``<run>/checkpoint/`` as they are committed.

Why a checkpoint beside the tables rather than the tables themselves: the part files are appended
row by row, so a SIGKILL can cut one in the middle of a row, and nothing says which blocks they
hold in full.  The checkpoint is written only as whole files (a temporary file, flushed to disk,
then renamed), each holding consecutive committed blocks.  Blocks are committed in block order,
so whenever a run is killed the checkpoint holds blocks 0..k-1 exactly.  A resumed run throws
away everything the killed one half-wrote, commits those k blocks again (which rebuilds the part
files, the per-block columns, the notable games and the sequential test in the same order), and
plays only blocks k onwards: its tables equal an uninterrupted run's.

``checkpoint.json`` records the experiment's fingerprint (and what went into it, so a refusal can
say what changed) and the code fingerprint.  When a run ends normally its block files are deleted
and ``checkpoint.json`` stays, marked complete (a few kB): the tables are then the record, and a
resume of it only says that it is complete.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .play import GameResult

SCHEMA = 1
FOLDER = "checkpoint"
META = "checkpoint.json"
#: Committed blocks are written at most this often (seconds) ...
FLUSH_S = 0.2
#: ... or when this many are waiting, whichever comes first: a few files a second, not one per block.
FLUSH_BLOCKS = 256
#: ... and at least every this share of the planned blocks, so a killed run loses at most that
#: share of its plan however fast its blocks are played.
FLUSH_SHARE = 0.1
#: What a killed run may leave half-written in its folder; a resume deletes these and rebuilds
#: them (and rewrites the tables, metrics, manifest and report) from the checkpoint.
PARTIAL = (".parts", ".columns", "records")
_BLOCK_FILE = re.compile(r"blocks-(\d+)-(\d+)\.jsonl\.gz")


# ---- one game's rows as JSON (shared with the block cache) -----------------------------------
def game_json(result: GameResult) -> str:
    """The rows of one game as JSON text, made once per game for the checkpoint and the block cache
    (``record`` is never kept: records are played again)."""
    return json.dumps({"game": result.game, "seats": result.seats, "timing": result.timing,
                       "series": result.series}, separators=(",", ":"), ensure_ascii=False)


def result_from_json(data: dict[str, Any], arm: str | None = None) -> GameResult:
    """A game's rows back; with ``arm``, every row names that arm (a cached game reused by an arm
    of another name: the block cache's key leaves the name out)."""
    result = GameResult(data["game"], data["seats"], data["timing"], data.get("series") or [])
    if arm is not None:
        for row in (result.game, result.timing, *result.seats, *result.series):
            row["arm"] = arm
    return result


def atomic_write(path: Path, data: bytes, durable: bool = True) -> None:
    """Write ``path`` whole or not at all: a temporary file in the same folder, renamed over it.
    ``durable`` also flushes it to the disk first, so a power cut cannot leave an empty file
    behind a rename that did happen."""
    tmp = path.with_name(f".tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}-{path.name}")
    try:
        with tmp.open("wb") as out:
            out.write(data)
            if durable:
                out.flush()
                os.fsync(out.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _json_bytes(data: Any) -> bytes:
    return (json.dumps(data, indent=1, ensure_ascii=False, default=str) + "\n").encode("utf-8")


# ---- what differs between two experiments ---------------------------------------------------
def _flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(data, dict) and data:
        out: dict[str, Any] = {}
        for key, value in data.items():
            out.update(_flatten(value, f"{prefix}.{key}" if prefix else str(key)))
        return out
    return {prefix: data}


def _shown(value: Any) -> str:
    text = "(none)" if value is None else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:37] + "..."


def differences(old: dict[str, Any], new: dict[str, Any], limit: int = 6) -> list[str]:
    """``path: old -> new`` for every setting that differs (at most ``limit``, then a count)."""
    a, b = _flatten(old), _flatten(new)
    found = [f"{key}: {_shown(a.get(key))} -> {_shown(b.get(key))}" for key in sorted(set(a) | set(b))
             if a.get(key) != b.get(key)]
    if len(found) > limit:
        found = found[:limit] + [f"and {len(found) - limit} more"]
    return found


# ---- the checkpoint of one run folder -------------------------------------------------------
class Checkpoint:
    """The ``checkpoint/`` folder of one run: :meth:`start` a new one or :meth:`check` an old one,
    :meth:`add` blocks as they are committed, :meth:`blocks` to read them back."""

    def __init__(self, run_dir: Path) -> None:
        self.run_dir = Path(run_dir)
        self.folder = self.run_dir / FOLDER
        self.waiting: list[tuple[int, str]] = []  # (block, its line), not yet written
        self.flushed_at = time.perf_counter()
        self.flush_blocks = FLUSH_BLOCKS

    def _plan(self, planned: int) -> None:
        self.flush_blocks = max(1, min(FLUSH_BLOCKS, int(planned * FLUSH_SHARE)))

    # -- the header -----------------------------------------------------------------------
    def read_meta(self) -> dict[str, Any]:
        """``checkpoint.json``; a folder without one cannot be resumed (ValueError naming it)."""
        path = self.folder / META
        if not self.run_dir.is_dir():
            raise ValueError(f"--resume {self.run_dir}: no such run folder")
        if not path.is_file():
            raise ValueError(f"--resume {self.run_dir}: this folder has no checkpoint ({FOLDER}/{META}), so there "
                             f"is nothing to resume; is it a lab run folder made by this version? Start a new run "
                             f"without --resume")
        try:
            meta = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ValueError(f"--resume {self.run_dir}: its checkpoint {path} cannot be read ({exc})") from None
        if not isinstance(meta, dict) or meta.get("schema") != SCHEMA or "fingerprint" not in meta:
            raise ValueError(f"--resume {self.run_dir}: its checkpoint {path} is not one this version can resume")
        return meta

    def start(self, fingerprint: str, identity: dict[str, Any], experiment: dict[str, Any], code: str,
              planned: int) -> None:
        """A new run: the header that says which experiment (and code) the blocks belong to."""
        self._plan(planned)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._write_meta({"schema": SCHEMA, "fingerprint": fingerprint, "code": code, "planned": planned,
                          "complete": False, "blocks": None, "stop": None, "identity": identity,
                          "experiment": experiment})

    def _write_meta(self, meta: dict[str, Any]) -> None:
        atomic_write(self.folder / META, _json_bytes(meta))

    def check(self, fingerprint: str, identity: dict[str, Any], code: str) -> dict[str, Any]:
        """The header, if this run may be resumed by an experiment of ``fingerprint`` on this code;
        else a ValueError naming what changed.  Reads only: a refusal changes nothing."""
        meta = self.read_meta()
        if meta["fingerprint"] != fingerprint:
            now = json.loads(json.dumps(identity, default=str))  # as the header holds it
            changed = differences(meta.get("identity") or {}, now)
            what = "; ".join(changed) if changed else "the settings that make up the fingerprint"
            raise ValueError(f"--resume {self.run_dir}: this experiment is not the one the run was started with "
                             f"(fingerprint {meta['fingerprint'][:12]}, now {fingerprint[:12]}); changed: {what}. "
                             f"Resume with the run's own experiment (ludoteca lab run --resume {self.run_dir}), "
                             f"or start a new run without --resume")
        if meta.get("code") != code:
            raise ValueError(f"--resume {self.run_dir}: the code that plays games (engine, games, bots) changed "
                             f"since this run started (code fingerprint {str(meta.get('code'))[:12]}, now "
                             f"{code[:12]}), so its blocks would not match new ones; start a new run")
        self._plan(int(meta.get("planned") or FLUSH_BLOCKS / FLUSH_SHARE))
        return meta

    # -- the blocks -----------------------------------------------------------------------
    def add(self, block: int, games: list[str], cached: list[tuple[str, int]]) -> None:
        """A committed block: its games as :func:`game_json` texts, in commit order, and ``cached``,
        its (arm, players) groups that came from the block cache."""
        self.waiting.append((block, f'{{"block":{block},"cached":{json.dumps([list(c) for c in cached])},'
                                    f'"results":[{",".join(games)}]}}\n'))
        if len(self.waiting) >= self.flush_blocks or time.perf_counter() - self.flushed_at >= FLUSH_S:
            self.flush()

    def flush(self) -> None:
        """Write the waiting blocks as one file, ``blocks-<first>-<last>.jsonl.gz``."""
        self.flushed_at = time.perf_counter()
        if not self.waiting:
            return
        first, last = self.waiting[0][0], self.waiting[-1][0]
        data = gzip.compress("".join(line for _, line in self.waiting).encode("utf-8"), compresslevel=1, mtime=0)
        atomic_write(self.folder / f"blocks-{first:07d}-{last:07d}.jsonl.gz", data)
        self.waiting.clear()

    def blocks(self) -> Iterator[tuple[int, list[GameResult], list[tuple[str, int]]]]:
        """The saved blocks 0, 1, 2, ... in order, as (block, results, cached groups).  At the
        first gap or unreadable file (a disk that lost a write) it stops and deletes that file and
        every later one: those blocks are simply played again."""
        files = sorted((int(m[1]), int(m[2]), path) for path in self.folder.glob("blocks-*.jsonl.gz")
                       if (m := _BLOCK_FILE.fullmatch(path.name)))
        expected = 0
        for index, (first, last, path) in enumerate(files):
            saved = self._read(path) if first == expected else None
            if saved is None or [s["block"] for s in saved] != list(range(first, last + 1)):
                for _first, _last, later in files[index:]:
                    later.unlink(missing_ok=True)
                return
            for s in saved:
                yield s["block"], [result_from_json(r) for r in s["results"]], [(a, n) for a, n in s["cached"]]
            expected = last + 1

    @staticmethod
    def _read(path: Path) -> list[dict[str, Any]] | None:
        try:
            return [json.loads(line) for line in gzip.decompress(path.read_bytes()).decode("utf-8").splitlines()]
        except (OSError, EOFError, ValueError):
            return None

    def clear_partial(self) -> None:
        """Before a resume: delete what the interrupted run half-wrote (part files, spilled columns,
        records) and the checkpoint's temporary files; every table, the metrics and the manifest
        are rewritten at the end."""
        for name in PARTIAL:
            shutil.rmtree(self.run_dir / name, ignore_errors=True)
        for tmp in self.folder.glob(".tmp-*"):
            tmp.unlink(missing_ok=True)

    def finish(self, stop: str, blocks: int, complete: bool) -> None:
        """The run ended: write the waiting blocks; when it is complete (not interrupted, not out of
        time), delete the block files and mark the header complete."""
        self.flush()
        if not complete:
            return
        meta = self.read_meta()
        meta.update(complete=True, blocks=blocks, stop=stop)
        self._write_meta(meta)
        for path in self.folder.glob("blocks-*.jsonl.gz"):
            path.unlink(missing_ok=True)


def experiment_of(run_dir: str | Path) -> Any:
    """The exact experiment a run was started with, from its checkpoint (for ``lab run --resume
    RUN`` without a file: the run's ``experiment.toml`` is for reading, and does not keep a sweep's
    or a restriction's recipe)."""
    from .experiment import Experiment

    meta = Checkpoint(Path(run_dir)).read_meta()
    try:
        return Experiment(**meta["experiment"]).validate()
    except (TypeError, KeyError) as exc:
        raise ValueError(f"--resume {run_dir}: the experiment in its checkpoint cannot be read by this version "
                         f"({exc}); give the experiment file: ludoteca lab run EXPERIMENT.toml --resume "
                         f"{run_dir}") from None
