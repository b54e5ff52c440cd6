"""A level that some games play with another kind of bot (``Game.bot_levels``).

Why: which search is strongest within a level's CPU budget is a fact about the game.  In
Dschunke a flat search with greedy playouts (``playout``) beats the IS-MCTS of ``hard`` nine
games in ten at the same CPU, while in Immunity and Herbalism it is no stronger.  A game may
therefore name, per level, the kind and settings it plays that level with; every other game
keeps the level's definition in ``levels.py``.

A bot is made before it sees a position, so when any game redefines a level, ``make`` returns
a :class:`PerGameLevel`: on each decision it plays the bot of the game it is shown, made once
per game.  Settings given to ``make`` go to whichever kind plays if that kind takes them all
(the server's CPU cap, ``seconds``, fits both searches); settings only the level's own kind
takes (``iterations``, a search knob) mean that kind was asked for, and it plays everywhere.
Anything else read from the bot (a setting, a statistic) is the level's own bot's.

A game's bot may also serve only some tables: one that has ``serves(state, seat)`` and answers
False (the playout search guided by a trained policy, at a table whose options the policy was
not trained with) leaves that decision to the level as ``levels.py`` defines it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from ludoteca.engine import Action, State

Definition = tuple[str, dict[str, Any]]


class PerGameLevel:
    """The level ``name``: a game's own definition where it has one, else ``default``.

    ``build(kind, seed, settings)`` makes a bot of a kind (``make``'s own maker); ``kinds``
    maps kind names to their classes, to tell which settings a kind takes."""

    def __init__(self, name: str, seed: int, default: Definition, given: dict[str, Any],
                 build: Callable[[str, int, dict[str, Any]], Any], kinds: dict[str, type]) -> None:
        self.name = name
        self._seed = seed
        self._default = default
        self._given = given
        self._build = build
        self._kinds = kinds
        self._bots: dict[str, Any] = {}
        #: The level's own bot, for games that keep the level as ``levels.py`` defines it.
        self._own = self._make(default)
        #: The last decision's statistics, as the bot that made it recorded them.
        self.last: dict[str, float] = {}

    def _make(self, definition: Definition) -> Any:
        kind, settings = definition
        bot = self._build(kind, self._seed, {**settings, **self._given})
        bot.name = self.name
        return bot

    def definition(self, game: Any) -> Definition:
        """(kind, settings) this level plays ``game`` with, before the settings given to ``make``."""
        found = game.bot_levels.get(self.name)
        if found is None or not self._takes(found[0], self._given):
            return self._default
        return found

    def _takes(self, kind: str, settings: dict[str, Any]) -> bool:
        accepted = inspect.signature(self._kinds[kind].__init__).parameters
        return all(key in accepted for key in settings)

    def bot_for(self, game: Any) -> Any:
        """The bot this level plays ``game`` with (made on first use, then kept)."""
        definition = self.definition(game)
        if definition is self._default:
            return self._own
        bot = self._bots.get(game.id)
        if bot is None:
            bot = self._bots[game.id] = self._make(definition)
        return bot

    def choose(self, state: State, seat: int) -> Action:
        bot = self.bot_for(state.game)
        serves = getattr(bot, "serves", None)
        if serves is not None and not serves(state, seat):
            bot = self._own   # this table is outside what the game's own bot was made for
        action = bot.choose(state, seat)
        self.last = getattr(bot, "last", {})
        return action

    def __getattr__(self, attribute: str) -> Any:
        # Only reached for what this class does not define: the level's own bot's settings.
        if attribute.startswith("__") or attribute == "_own":
            raise AttributeError(attribute)
        return getattr(self._own, attribute)
