"""A fingerprint of the code that plays games: the engine, the games, their content and the bots.

Why a hash of the source and not the version number: a block of games is only worth reusing
(the block cache) or trusting from another machine (a Ray node) if the very same rules code,
content files and bot code produced it, and a version number does not move on every edit.
The web client, the server and the lab's own reporting cannot change a game's result, so they
are left out: editing a report label keeps every cached game.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

import ludoteca

#: The parts of the package whose files decide what a game does.
PLAYING_PARTS = ("engine", "games", "bots")
#: The lab modules that turn a task into a game row.
LAB_PLAYING_FILES = ("play.py", "seeds.py", "tension.py", "gamedata.py", "lineup.py")
SUFFIXES = (".py", ".toml", ".json")


def _playing_files(root: Path) -> list[Path]:
    files = [path for part in PLAYING_PARTS for path in (root / part).rglob("*")
             if path.suffix in SUFFIXES and path.is_file() and "__pycache__" not in path.parts]
    files += [root / "lab" / name for name in LAB_PLAYING_FILES]
    return sorted(files)


@cache
def code_fingerprint() -> str:
    """sha256 over the relative path and bytes of every file that decides a game's outcome."""
    root = Path(ludoteca.__file__).resolve().parent
    digest = hashlib.sha256()
    for path in _playing_files(root):
        digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()
