"""Dschunke, Michael Schacht's strip-laying game for two (2003), with the Rat Hot rules as an
option: lay 1x3 strips of crates on the junk's deck, join visible goods of your colour and keep
your rats covered.  Rules: ``state.py``; the pieces: see ``docs/games/dschunke.md``."""

from __future__ import annotations

from .game import GAME

__all__ = ["GAME"]
