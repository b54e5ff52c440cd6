"""The normal bot's judgement of a Dschunke position: the score difference as the view shows it.

Live scores already weigh everything that counts at the end (visible groups, visible rats and
Rat Hot's spice bonus), so the heuristic only adds what scores cannot show: a Rat Hot loss.
It reads only documented view keys (``scores``, ``seats[*].lost``).
"""

from __future__ import annotations

from typing import Any

#: The value of a decided Rat Hot game (3 visible rats): beyond any score difference.
DECIDED = 1000.0


def evaluate(view: dict[str, Any], seat: int) -> float:
    """Higher is better for ``seat`` (a two-player game: my score minus theirs)."""
    seats = view["seats"]
    if seats[seat]["lost"]:
        return -DECIDED
    if seats[1 - seat]["lost"]:
        return DECIDED
    scores = view["scores"]
    return float(scores[seat] - scores[1 - seat])
