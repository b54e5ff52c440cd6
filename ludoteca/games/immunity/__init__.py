"""Immunity: the immune system against pathogens over one life (2-5 players).

>>> from ludoteca.games.immunity import GAME
>>> state = GAME.new(players=3, seed=7)
>>> state.view(0)["turn"], state.view(0)["phase"]
(1, 'start')
"""

from .game import GAME

__all__ = ["GAME"]
