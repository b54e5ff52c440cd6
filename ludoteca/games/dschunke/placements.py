"""The legal placements of a strip as one lazy list (see ``ludoteca.engine.actions``).

A strip fits some 400 ways; building each as an action dict at every decision was most of a
random game's time, and an RL env only needs their numbers.  So the list keeps the spots and
builds an action only when one is read; ``encoding.CompactActions`` numbers the spots directly.
"""

from __future__ import annotations

from ludoteca.engine import Action
from ludoteca.engine.actions import ActionList

from .board import DIRS, Spot

#: The direction a strip is laid in along each axis when read forward (E, S) and backward (W, N).
FORWARD = {axis: dirs[0] for axis, dirs in DIRS.items()}
BACKWARD = {axis: dirs[1] for axis, dirs in DIRS.items()}


class Placements(ActionList):
    """The legal placements of strip ``tile``: the ``spots`` forward, then backward when the
    strip reads differently ``both_ways``.  The spots are public so that an action numbering
    (encoding.py) can number them all without building an action per spot."""

    __slots__ = ("both_ways", "spots", "tile")

    def __init__(self, tile: int, spots: list[Spot], both_ways: bool) -> None:
        self.tile, self.spots, self.both_ways = tile, spots, both_ways
        count = len(spots)

        def build(index: int) -> Action:
            x, y, axis = spots[index % count]
            return {"type": "place", "tile": tile, "x": x, "y": y,
                    "dir": FORWARD[axis] if index < count else BACKWARD[axis]}

        super().__init__(2 * count if both_ways else count, build)
