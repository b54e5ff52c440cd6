"""Herbalism (Herboristería), the deduction game of passing ingredient cards to find the cure.

3-4 players, and 2 under the dossier's experimental rules.  See docs/games/herbalism.md.
"""

from .game import GAME

__all__ = ["GAME"]
