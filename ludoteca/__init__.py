"""Ludoteca: modern board games with the rules enforced.

>>> import ludoteca
>>> "dschunke" in ludoteca.games()
True
>>> state = ludoteca.game("dschunke").new(players=2, seed=1)
>>> state.to_move
(0,)
"""

from .engine import Game, IllegalAction, RecordError, State, game, games

__all__ = ["Game", "IllegalAction", "RecordError", "State", "game", "games"]
__version__ = "0.1.0"
