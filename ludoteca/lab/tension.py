"""Tension metrics of one game on the ``score`` oracle (LAB.md §3), computed in the worker.

Why in the worker: they need the whole trajectory of values, which is large; the parent only
ever receives these few numbers per game.  ``values[t][s]`` is seat *s*'s oracle value at
checkpoint *t* (t = 1..T in the spec, 0-based here); the leader set is the argmax.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: The fractions of the game at which ``leader_wins@f`` looks at the leader.
LEADER_FRACTIONS = (0.25, 0.5, 0.75)


def score_oracle(scores: Sequence[float]) -> list[float]:
    """Public scores normalised to [0, 1] by the min-max over seats (all 0.5 when level)."""
    low, high = min(scores), max(scores)
    if high == low:
        return [0.5] * len(scores)
    return [(x - low) / (high - low) for x in scores]


def leaders(values: Sequence[float]) -> frozenset[int]:
    best = max(values)
    return frozenset(s for s, v in enumerate(values) if v == best)


def margin(scores: Sequence[float], winners: Sequence[int]) -> float | None:
    """x_winner - x_second: the winner's score over the best other seat; 0 on a shared win."""
    if not winners:
        return None
    if len(winners) > 1:
        return 0.0
    others = [x for s, x in enumerate(scores) if s not in winners]
    return float(scores[winners[0]] - max(others)) if others else 0.0


def summarise(values: Sequence[Sequence[float]], winners: Sequence[int]) -> dict[str, object]:
    """lead_changes, decided_at, drama, comeback, leader_at and stability of one finished game."""
    empty = {"lead_changes": None, "decided_at": None, "drama": None, "comeback": None,
             "leader_at": None, "stability": None}
    if not values or not winners:
        return empty
    won = set(winners)
    sets = [leaders(v) for v in values]
    count = len(values)
    lead_changes = sum(1 for t in range(1, count) if sets[t] != sets[t - 1])
    open_at = [t for t in range(count) if not (sets[t] & won)]
    # t* = 1 + the last (1-based) checkpoint at which no winner led; 0 if a winner always led.
    decided_at = min(1.0, (open_at[-1] + 2) / count) if open_at else 0.0
    gaps = [max(values[t]) - sum(values[t][w] for w in won) / len(won) for t in open_at]
    drama = sum(gaps) / len(gaps) if gaps else 0.0
    middle = values[_at_fraction(0.5, count)]
    comeback = any(all(middle[w] < middle[s] for s in range(len(middle)) if s != w) for w in won)
    leader_at = {f"{f:g}": bool(sets[_at_fraction(f, count)] & won) for f in LEADER_FRACTIONS}
    seats = len(values[0])
    variances = []
    for s in range(seats):
        column = [v[s] for v in values]
        mean = sum(column) / count
        variances.append(sum((x - mean) ** 2 for x in column) / count)
    return {"lead_changes": lead_changes, "decided_at": decided_at, "drama": drama,
            "comeback": comeback, "leader_at": leader_at, "stability": sum(variances) / seats}


def _at_fraction(fraction: float, count: int) -> int:
    """The 0-based index of checkpoint ceil(f·T) (at least the first)."""
    return max(1, math.ceil(fraction * count)) - 1
