"""The balance lab's optional hooks for Dschunke (docs/lab.md; ``Game.progress`` and friends).

A round is one turn of each player, red's then green's.  The number of turns follows from how
many strips have been drawn: with the ``one-strip`` opening red's first turn draws one strip
and every later turn two (green's last draws the odd one left); with ``two-strips`` every turn
draws two.  Cheap on purpose: no view is built.
"""

from __future__ import annotations

from typing import Any

from . import scoring
from .content import COLOURS


def turns_for(strips_drawn: int, opening: str) -> int:
    """How many turns have drawn ``strips_drawn`` strips."""
    if strips_drawn <= 0:
        return 0
    if opening == "one-strip":
        return 1 + strips_drawn // 2  # the opening strip, then two a turn (the last may be one)
    return (strips_drawn + 1) // 2


def progress(state: Any) -> tuple[int, int]:
    """(round now, rounds planned): 11 of 11 at the end of a default game of 42 strips."""
    total = len(state.content.tiles)
    opening = state.options["opening"]
    turn_now = turns_for(total - len(state.pile), opening)
    return (turn_now + 1) // 2, (turns_for(total, opening) + 1) // 2


def telemetry(state: Any, seat: int) -> dict[str, float]:
    """Per seat: the live score, visible rats and goods, groups of two or more, and Rat Hot's
    points scored in play."""
    board, colour = state.board, COLOURS[seat]
    return {
        "score": float(state.scores[seat]),
        "rats": float(scoring.visible_rats(board, colour)),
        "goods": float(scoring.visible_goods(board, colour)),
        "groups": float(sum(1 for crate, _ in scoring.groups(board) if crate.startswith(colour + " "))),
        "bonus": float(state.bonus[seat]),
    }


def content_keys(action: dict[str, Any]) -> list[str]:
    """A laid strip is the content an action uses (``tiles.<id>``, its index in content.toml's
    ``tiles``); a pick only orders two strips and uses none."""
    return [f"tiles.{action['tile']}"] if action.get("type") == "place" else []
