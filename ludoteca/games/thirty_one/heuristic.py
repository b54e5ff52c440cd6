"""The normal bot's judgement of a Thirty-One position, from one seat's own view.

Reads only documented view keys (``scores``, ``you.hand_value``, ``knocker``, ``phase``), so a
bot using it cannot cheat.  Why these terms: the totals decide the game; the hand's worth is
what this round will add; a knock is worth it only with a hand above what a hand usually ends
at (``KNOCK_PAR``), and the greedy bot weighs a knock against drawing through this term.
"""

from __future__ import annotations

from typing import Any

#: About what a hand is worth at the showdown between two normal bots (mean 23.4 over 40
#: one-round games, seeds 0-39): knocking below it usually leaves the knocker lowest.
KNOCK_PAR = 24


def evaluate(view: dict[str, Any], seat: int) -> float:
    scores = view["scores"]
    lead = scores[seat] - max(score for other, score in enumerate(scores) if other != seat)
    if view["phase"] == "over" or view["you"] is None:
        return float(lead)
    value = view["you"]["hand_value"]
    knock = value - KNOCK_PAR if view["knocker"] == seat else 0
    return float(lead + value + knock)
