"""How good a position looks to one seat, from its view alone (the greedy bot's evaluation).

Why beliefs and not just scores: the points of a round come only after the curing markers are
checked, several decisions after a marker is placed.  A one-step look-ahead that scored only
points would never cure, and a table of such bots would never end a round.  So a placed marker is
worth its expected points, and keeping it is worth an option value that shrinks as the round
goes on (others may cure first).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

ANSWER_POINTS, FOLLOW_RIGHT, FOLLOW_WRONG = 3.0, 1.0, -1.0
#: What an unplaced marker is worth at the start of a round, and how fast that fades per
#: entry of the knowledge sheet (each action adds one or more).
WAIT_VALUE, WAIT_DECAY = 0.9, 0.04


def cure_beliefs(view: dict[str, Any], seat: int) -> dict[str, float]:
    """Chance that each medicine card is the cure, from the seat's own hand and the checks it saw.

    The cure is two of the cards the seat does not hold; other hands are not modelled."""
    colours, medicines = view["colours"], view["medicines"]
    for entry in view["knowledge"]:
        if entry["k"] in ("check", "reveal") and entry.get("cure") is not None:
            return {m: float(m == _card_for(entry["cure"], colours, medicines)) for m in medicines}
    unknown = [total - held for total, held in zip(view["ingredients"], view["hand"], strict=True)]
    weight: dict[str, float] = dict.fromkeys(medicines, 0.0)
    for a, b in combinations_with_replacement(range(len(colours)), 2):
        ways = unknown[a] * (unknown[a] - 1) / 2 if a == b else unknown[a] * unknown[b]
        if ways > 0:
            cure = [0] * len(colours)
            cure[a] += 1
            cure[b] += 1
            weight[_card_for(cure, colours, medicines)] += ways
    for entry in view["knowledge"]:
        if entry["k"] == "check" and not entry["correct"]:
            weight[entry["card"]] = 0.0
    total = sum(weight.values())
    return {m: (w / total if total else 0.0) for m, w in weight.items()}


def _card_for(cure: list[int], colours: list[str], medicines: list[str]) -> str:
    """The medicine card a cure of these colour counts matches: its pair, or the identical pair."""
    held = [c for c, n in zip(colours, cure, strict=True) for _ in range(n)]
    if held[0] == held[1]:  # the one card whose name is not two colours
        return next(m for m in medicines if not set(m.split("-")) <= set(colours))
    return next(m for m in medicines if set(m.split("-")) == set(held))


def evaluate(view: dict[str, Any], seat: int) -> float:
    """Own score minus the best opponent's, plus this round's expected points from curing."""
    scores = view["scores"]
    best_other = max((s for i, s in enumerate(scores) if i != seat), default=0)
    value = float(scores[seat] - best_other)
    if view["is_over"]:
        return value + (100.0 if seat in view["winners"] else -100.0)
    if "hand" not in view:
        return value
    beliefs = cure_beliefs(view, seat)
    marker = view["seats"][seat]["cure_marker"]
    checked_wrong = any(e["k"] == "check" and e["seat"] == seat and not e["correct"] for e in view["knowledge"])
    if checked_wrong:
        return value
    if marker is None:
        waiting = max(0.0, WAIT_VALUE - WAIT_DECAY * len(view["knowledge"]))
        return value + max(waiting, 0.5 * ANSWER_POINTS * max(beliefs.values(), default=0.0))
    p = beliefs.get(marker["card"], 0.0)
    if marker["side"] == "answer":
        return value + ANSWER_POINTS * p
    return value + FOLLOW_RIGHT * p + FOLLOW_WRONG * (1 - p)
