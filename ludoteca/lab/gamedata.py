"""A game's content as the lab sees it: the data file, its ranges, its keys and its hash.

Why here and not in each game: the lab measures every game through the contract, and the
contract says content is data in ``content.toml`` beside the game (docs/authoring.md §5), with
``options["params"]`` laid over it by :func:`ludoteca.engine.params.override`.  So the lab
reads the same file through the engine's loader; a game without one simply has no knobs.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.engine import Game
from ludoteca.engine.content import RANGES_TABLE, load_toml
from ludoteca.engine.params import Ranges, override

CONTENT_FILE = "content.toml"


def content_package(game: Game) -> str | None:
    """The package holding the game's ``content.toml``, or None when it has none."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        if resources.files(package).joinpath(CONTENT_FILE).is_file():
            return package
    except (ModuleNotFoundError, TypeError):
        return None
    return None


@cache
def _shipped(game_id: str, package: str) -> tuple[dict[str, Any], dict[str, Any]]:
    data = load_toml(package, CONTENT_FILE)
    ranges = data.pop(RANGES_TABLE, {})
    return data, ranges


def shipped_content(game: Game) -> tuple[dict[str, Any], Ranges]:
    """The shipped content (without ``[ranges]``) and its ranges; empty for a game without a file."""
    package = content_package(game)
    if package is None:
        return {}, {}
    data, ranges = _shipped(game.id, package)
    return json.loads(json.dumps(data)), dict(ranges)


def effective_content(game: Game, params: Mapping[str, Any] | None, where: str = "params") -> dict[str, Any]:
    """The content after ``params``, checked by the engine's ``override`` (errors name ``where``)."""
    data, ranges = shipped_content(game)
    if not params:
        return data
    if not data:
        raise ValueError(f"{where}: {game.id} has no content file, so it has no knobs to change")
    try:
        # The path must start "params" for the engine to find the declared ranges; the error is
        # then re-rooted at ``where`` (e.g. ``arms.neutrophil_3.params.cells.neutrofil``).
        return override(data, params, path="params", ranges=ranges)
    except ValueError as exc:
        text = str(exc)
        raise ValueError(where + text[len("params"):] if text.startswith("params") else text) from None


def content_hash(game: Game, params: Mapping[str, Any] | None) -> str:
    """sha256 of the canonical JSON of the effective content: what the manifest records per arm."""
    text = json.dumps(effective_content(game, params), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ContentIndex:
    """Content keys (``cells.neutrophil``) and the generic match of an action's values to them.

    A key is ``<table>.<entry>`` for every entry of a top-level table that is itself a table
    (a card, a cell, a tile kind).  An action touches a key when one of its values (other than
    its ``type``) is the entry's name; the game's ``content_keys`` hook, when it answers,
    replaces this guess."""

    def __init__(self, content: Mapping[str, Any]) -> None:
        self.by_name: dict[str, list[str]] = {}
        self.keys: list[str] = []
        for table, entries in content.items():
            if not isinstance(entries, Mapping):
                continue
            for name, value in entries.items():
                if isinstance(value, Mapping):
                    key = f"{table}.{name}"
                    self.keys.append(key)
                    self.by_name.setdefault(str(name), []).append(key)
        self.keys.sort()

    def match(self, action: Mapping[str, Any]) -> list[str]:
        found: list[str] = []
        for name, value in action.items():
            if name == "type" or not isinstance(value, str):
                continue
            found.extend(self.by_name.get(value, ()))
        return found
