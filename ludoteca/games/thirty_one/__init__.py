"""Thirty-One (Scat), the traditional card game, as the worked example of docs/authoring.md.

Every file plays one role of the package layout: game.py (metadata and delegations), state.py
(the rules), phases.py (the turn structure), view.py (what a seat sees), labels.py (words in
en/es/fr), terminal.py, heuristic.py, encoding.py, content.toml + content.py.  It is marked
``example = True``: playable by id and covered by every test suite, but not in the lobby.
"""

from .game import GAME

__all__ = ["GAME"]
