"""Finding games: every package under ``ludoteca.games`` that exposes ``GAME`` is registered.

Why discovery instead of a list: adding a fifth game is adding one package, nothing else.  Each
game is checked against the authoring contract (:mod:`ludoteca.engine.contract`) as it
registers, so a missing or misspelt hook fails loudly, naming the game and the hook.

Why examples: a game marked ``example = True`` (the teaching game of docs/authoring.md) is
played, tested and found by :func:`game` like any other, but :func:`games` - the public list,
the lobby's - names only the real games.  :func:`all_games` names every one.
"""

from __future__ import annotations

import importlib
import sys
from functools import cache

import ludoteca.games  # noqa: F401  (the packages of games; imported here, never importing back)

from . import contract
from .game import Game

_PACKAGE = sys.modules["ludoteca.games"]  # the module itself: ``ludoteca.games`` may name the function


@cache
def _registry() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for name in _PACKAGE.package_names():
        game_obj = getattr(importlib.import_module(name), "GAME", None)
        if game_obj is None:
            continue
        contract.require(game_obj)
        if game_obj.id in found:
            raise contract.ContractError(f"two game packages use the id {game_obj.id!r}")
        found[game_obj.id] = game_obj
    return dict(sorted(found.items()))


def games() -> list[str]:
    """The ids of the registered games, sorted; examples (``Game.example``) are not listed."""
    return [game_id for game_id, g in _registry().items() if not is_example(g)]


def all_games() -> list[str]:
    """The ids of every registered game, examples included, sorted (what the test suites cover)."""
    return list(_registry())


def is_example(game_obj: Game) -> bool:
    """Whether ``game_obj`` is a teaching example (playable, tested, not listed by :func:`games`)."""
    return getattr(game_obj, "example", False) is True


def game(game_id: str) -> Game:
    """The game called ``game_id``; an unknown id raises ValueError listing the known ones."""
    registry = _registry()
    if game_id not in registry:
        raise ValueError(f"unknown game {game_id!r}; available games: {', '.join(registry)}")
    return registry[game_id]


_PACKAGE.listed_by(games)
