"""Loading a game's content file: TOML beside the rules, so designers edit numbers, not code."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any


def load_toml(package: str, name: str) -> dict[str, Any]:
    """Parse ``name`` shipped inside ``package``; a syntax error names the file and line."""
    source = resources.files(package).joinpath(name)
    try:
        return tomllib.loads(source.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{package}/{name}: {exc}") from exc


class ContentError(ValueError):
    """Content data that breaks the game's schema; the message names the entry."""


def require(condition: bool, message: str) -> None:
    if not condition:
        raise ContentError(message)
