"""Thirty-One's observation writer: the encoding written straight from the state.

The smallest writer a game can have (docs/authoring.md): it reads from the state the same
facts the view would show, and the one ``encoding.fill`` writes them.  It rewrites all 384
numbers every time, since a hand of three cards leaves nothing worth keeping between writes;
the bigger games keep their board and rewrite only what a move changed.  Whatever it reads, the
cross-game writer test holds it to ``encode(view(seat))`` at every position.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .encoding import OBSERVATION_SIZE, Facts, fill


class Writer:
    """One seat's observation (``seat=None``: a spectator's)."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)

    def write(self, state: Any) -> np.ndarray:
        seat = self.seat
        hand = state.hands[seat] if seat is not None else None
        over = state.phase == "over"
        fill(self.out, Facts(
            players=state.players, seat=seat, to_move=state.to_move,
            hand=hand, hand_value=state.content.hand_value(hand) if hand is not None else 0,
            must_keep=state.taken if seat is not None and seat == state.current else None,
            discard=state.discard, known=state.known,
            knocked=[state.knocker == s for s in range(state.players)],
            held=[len(h) for h in state.hands], scores=state.totals, phase=state.phase,
            stock=len(state.stock), turn=state.turns + (0 if over else 1),
            turn_limit=state.content.turn_limit, round=state.round, rounds=state.options["rounds"]))
        return self.out
