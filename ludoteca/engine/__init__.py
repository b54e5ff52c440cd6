"""The engine: the game contract and what every game shares.  No game names here."""

from .errors import IllegalAction, RecordError
from .game import Game
from .i18n import LANGS
from .registry import game, games
from .state import Action, Event, State

__all__ = ["LANGS", "Action", "Event", "Game", "IllegalAction", "RecordError", "State", "game", "games"]
