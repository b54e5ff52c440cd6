"""Bots: they see a position only through ``view(seat)`` and ``determinize(seat, rng)``."""

from __future__ import annotations

from typing import Any

from .random_bot import RandomBot

__all__ = ["RandomBot", "make"]


def make(name: str, seed: int = 0, **budget: Any) -> Any:
    """A bot by kind or level name, e.g. ``make("random", seed=3)``."""
    if name == "random":
        if budget:
            raise ValueError(f"the random bot takes no budget; got {sorted(budget)}")
        return RandomBot(seed)
    raise ValueError(f"unknown bot {name!r}; known: random")
