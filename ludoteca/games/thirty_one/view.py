"""What one seat of Thirty-One sees (docs/games/thirty-one.md, "View keys").

Public to everyone: the discard pile, how many cards each hand and the stock hold, the cards
each seat was seen taking from the discard pile (and still holds), the knock, the scores and
the hands shown at the last showdown.  Only in a seat's own view: its hand (under ``you``).
Nobody sees the stock's order.
"""

from __future__ import annotations

from typing import Any


def view(state: Any, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator) of a :class:`ThirtyOneState` ``state``.

    ``state`` is typed loosely because state.py imports this module (the imports run one way)."""
    content = state.content
    last = state.round_scores[-1] if state.round_scores else None
    seats = []
    for s in range(state.players):
        shown = state.shown[s] if state.shown else []
        seats.append({
            "cards": len(state.hands[s]),
            "known": list(state.known[s]),
            "knocked": state.knocker == s,
            "round_scores": [scores[s] for scores in state.round_scores],
            "last_hand": list(shown),
            "last_value": content.hand_value(shown) if shown else None,
            "last_score": last[s] if last else None,
        })
    you = None
    if seat is not None:
        hand = state.hands[seat]
        you = {
            "hand": list(hand),
            "hand_value": content.hand_value(hand),
            "must_keep": state.taken if seat == state.current else None,
        }
    return {
        "phase": state.phase,
        "round": state.round,
        "rounds": state.options["rounds"],
        "turn": state.turns + (0 if state.phase == "over" else 1),
        "turn_limit": content.turn_limit,
        "stock": len(state.stock),
        "discard": list(state.discard),
        "knocker": state.knocker,
        "scores": list(state.totals),
        "seats": seats,
        "you": you,
    }
