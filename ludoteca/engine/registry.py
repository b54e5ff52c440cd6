"""Finding games: every package under ``ludoteca.games`` that exposes ``GAME`` is registered.

Why discovery instead of a list: adding a fifth game is adding one package, nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from .game import Game


@cache
def _registry() -> dict[str, Game]:
    import ludoteca.games as package

    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        game_obj = getattr(module, "GAME", None)
        if isinstance(game_obj, Game):
            found[game_obj.id] = game_obj
    return dict(sorted(found.items()))


def games() -> list[str]:
    """The ids of every registered game, sorted."""
    return list(_registry())


def game(game_id: str) -> Game:
    """The game called ``game_id``; an unknown id raises ValueError listing the known ones."""
    registry = _registry()
    if game_id not in registry:
        raise ValueError(f"unknown game {game_id!r}; available games: {', '.join(registry)}")
    return registry[game_id]
