"""The normal bot's judgement of a position: ``evaluate(view, seat)``, from the seat's view only.

Own health against the best opponent's, plus defences and minus looming harm.  Health, cells,
infections, tumours and environment sizes are public (``seats``); nothing secret is read, so
a bot using it can never cheat.  The keys are the documented view keys (docs/games/immunity.md).
"""

from __future__ import annotations

from typing import Any


def evaluate(view: dict[str, Any], seat: int) -> float:
    """Higher is better for ``seat``; in units of organ damage."""
    seats = view["seats"]
    me = seats[seat]
    others = [b for i, b in enumerate(seats) if i != seat]
    best_other = max(b["health"] for b in others)
    counters = sum(i["counters"] for i in me["infections"])
    pressure = sum(len(b["environment_1"]) + len(b["environment_2"]) for b in others) / len(others)
    return (me["health"] - best_other
            + 0.5 * me["defence"] + 0.2 * sum(me["cells"].values())
            + 0.3 * (me["oxygen_bonus"] + me["stored_oxygen"]) + 0.3 * len(me["memory"])
            - 0.7 * counters - 0.8 * sum(me["tumours"].values())
            - 0.4 * len(me["environment_1"]) - 0.3 * len(me["environment_2"]) + 0.15 * pressure)
