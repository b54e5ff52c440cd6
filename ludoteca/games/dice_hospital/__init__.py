"""Dice Hospital (Alley Cat Games, 2018): treat patient dice in your hospital for 8 rounds."""

from .game import GAME

__all__ = ["GAME"]
