"""The block cache (LAB.md §8 Reuse): games already played by any run, reused instead of replayed.

Why a cache keyed by what decides a game, and not by run: a sweep's control (the shipped content)
is the same games in every sweep that shares its seed, blocks, players and bots, so the second
sweep should not pay for them again.  An entry is one arm x player count x block: every rotation
of it.  Its key hashes everything that decides those games' rows, taken from the game tasks
themselves: the game, the block and game seeds, the line-up and bot seeds, the player count, the
rotations, the action cap and the flags that add columns (series, records, legal keys, usage), the
arm's options, the hash of the arm's *effective* content (not its params as written), the code
fingerprint (:func:`ludoteca.lab.codehash.code_fingerprint`: engine, games, bots, the lab's game
loop) and the Python version.  The arm's *name* is left out: a control called "shipped" in one
sweep and "base" in another plays the same games; the rows name their arm, so it is rewritten on
the way out.  A changed rule, price or bot misses and is played.

Why packs and not a file per entry: a file costs about a millisecond to create, as much as a
random-bot game.  Entries are grouped by their *series* (the key of the same arm x players at
block 0: same content, code, bots and seed plan) and written a few times a second as one pack,
``<series>/<first>-<last>-<id>.jsonl.gz``, whole (temporary file, rename).  A lookup lists the
series' packs once and reads the pack that covers the block; each line carries the entry's full
key, so a line that does not match exactly is a miss, never a wrong game.  Runs sharing the folder
at the same time at worst both play a block; a pack that cannot be read is a miss.  Nothing is
evicted: delete the folder to reclaim the space.
"""

from __future__ import annotations

import bisect
import dataclasses
import gzip
import hashlib
import json
import re
import sys
import time
import uuid
from collections import OrderedDict
from pathlib import Path

from .checkpoint import FLUSH_S, atomic_write, result_from_json
from .codehash import code_fingerprint
from .play import GameResult, GameTask

#: Bumped when an entry's layout or the meaning of its key changes: old entries then miss.
SCHEMA = 1
#: The cache's folder inside a run's parent folder (``<out_dir>/.cache``).
CACHE_FOLDER = ".cache"
#: Packs kept decoded in memory (blocks are asked for in order, so one per series suffices).
LOADED_PACKS = 8
_PACK = re.compile(r"(\d+)-(\d+)-[0-9a-f]+\.jsonl\.gz")


def group_key(tasks: list[GameTask], content: str) -> str:
    """The key of one arm x players x block: its game tasks (every rotation) without the arm's
    name, with the arm's params replaced by ``content``, the hash of its effective content."""
    games = []
    for task in tasks:
        data = {f.name: getattr(task, f.name) for f in dataclasses.fields(task) if f.name != "arm"}
        options = dict(data["options"])
        options.pop("params", None)  # the content hash stands for them
        data["options"] = options
        data["content"] = content
        games.append(data)
    payload = {"schema": SCHEMA, "code": code_fingerprint(), "python": list(sys.version_info[:2]), "games": games}
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class BlockCache:
    """One cache folder: :meth:`get` an entry's games (renamed to the asking arm), :meth:`add`
    new entries (written by :meth:`flush`, a few times a second and at the end of a run)."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        if self.folder.exists() and not self.folder.is_dir():
            raise ValueError(f"block cache {self.folder}: exists and is not a folder")
        self.hits = 0  # entries found
        self.misses = 0  # entries looked up and not found
        self.stored = 0  # entries written
        self.packs: dict[str, tuple[list[int], list[tuple[int, int, Path]]]] = {}  # series -> sorted packs
        self.loaded: OrderedDict[Path, dict[int, list[tuple[str, str]]]] = OrderedDict()
        self.waiting: dict[str, list[str]] = {}  # series -> lines not yet written
        self.flushed_at = time.perf_counter()

    def _series_folder(self, series: str) -> Path:
        return self.folder / series[:2] / series

    # -- reading ----------------------------------------------------------------------------
    def _index(self, series: str) -> tuple[list[int], list[tuple[int, int, Path]]]:
        if series not in self.packs:
            found = []
            folder = self._series_folder(series)
            if folder.is_dir():
                found = sorted((int(m[1]), int(m[2]), path) for path in folder.iterdir()
                               if (m := _PACK.fullmatch(path.name)))
            self.packs[series] = ([first for first, _, _ in found], found)
        return self.packs[series]

    def _pack(self, path: Path) -> dict[int, list[tuple[str, str]]]:
        """block -> [(key, games JSON)] of one pack; empty when it cannot be read."""
        if path in self.loaded:
            self.loaded.move_to_end(path)
            return self.loaded[path]
        entries: dict[int, list[tuple[str, str]]] = {}
        try:
            for line in gzip.decompress(path.read_bytes()).decode("utf-8").splitlines():
                block, key, games = line.split("\t", 2)
                entries.setdefault(int(block), []).append((key, games))
        except (OSError, EOFError, ValueError):
            entries = {}
        self.loaded[path] = entries
        if len(self.loaded) > LOADED_PACKS:
            self.loaded.popitem(last=False)
        return entries

    def get(self, series: str, block: int, key: str, arm: str, games: int) -> list[GameResult] | None:
        """The ``games`` games of entry ``key`` (block ``block`` of ``series``), their rows naming
        ``arm``; None on a miss."""
        firsts, packs = self._index(series)
        at = bisect.bisect_right(firsts, block)
        for first, last, path in reversed(packs[max(0, at - 8):at]):  # packs rarely overlap
            if not first <= block <= last:
                continue
            for found, text in self._pack(path).get(block, []):
                if found != key:
                    continue
                try:
                    results = [result_from_json(r, arm) for r in json.loads(text)]
                except (ValueError, KeyError, TypeError):
                    continue
                if len(results) == games:
                    self.hits += 1
                    return results
        self.misses += 1
        return None

    # -- writing ----------------------------------------------------------------------------
    def add(self, series: str, block: int, key: str, games: list[str]) -> None:
        """One entry: ``games`` are the JSON texts of its games (as the checkpoint writes them)."""
        self.waiting.setdefault(series, []).append(f"{block}\t{key}\t[{','.join(games)}]\n")
        self.stored += 1
        if time.perf_counter() - self.flushed_at >= FLUSH_S:
            self.flush()

    def flush(self) -> None:
        """Write every series' waiting entries as one pack each.  Not flushed to the disk: a pack
        lost in a crash is only a miss."""
        self.flushed_at = time.perf_counter()
        for series, lines in self.waiting.items():
            first, last = int(lines[0].split("\t", 1)[0]), int(lines[-1].split("\t", 1)[0])
            folder = self._series_folder(series)
            folder.mkdir(parents=True, exist_ok=True)
            data = gzip.compress("".join(lines).encode("utf-8"), compresslevel=1, mtime=0)
            atomic_write(folder / f"{first:07d}-{last:07d}-{uuid.uuid4().hex[:8]}.jsonl.gz", data, durable=False)
        self.waiting.clear()
