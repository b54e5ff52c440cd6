"""RL interop placeholder; filled in once the rules are complete."""

from __future__ import annotations

from typing import Any


def num_distinct_actions(options: dict[str, Any]) -> int:
    raise NotImplementedError


def observation_size(players: int, options: dict[str, Any]) -> int:
    raise NotImplementedError


def encode(view: dict[str, Any]) -> list[float]:
    raise NotImplementedError
