"""What one seat sees: ``view(state, seat)``, every key documented in docs/games/herbalism.md.

Why a module of its own: the board, the terminal, the heuristic and the RL encoder all read
these keys and nothing else, so this is the one place that decides what a seat may know.
Public per-seat facts are under ``seats``; the seat's own hand is ``hand`` (absent for a
spectator); what it learned this round, redacted for it, is ``knowledge``.
"""

from __future__ import annotations

from typing import Any, Protocol

from .content import Content
from .knowledge import sheet


class Table(Protocol):
    """The state data a view reads (``HerbalismState``; typed loosely so this module does not
    import the state)."""

    content: Content
    cards: tuple[str, ...]
    options: dict[str, Any]
    round: int
    start_player: int
    active: int
    phase: str
    hands: list[list[int]]
    pharmacist: list[int]
    marker_card: list[int]
    marker_side: list[str]
    predictions: list[list[str]]
    prediction_pool: list[int]
    pending: dict[str, Any]
    log: list[dict[str, Any]]
    last_round: dict[str, Any] | None

    @property
    def scores(self) -> list[int]: ...


def view(state: Table, seat: int | None) -> dict[str, Any]:
    """``seat``'s view (None: a spectator); fresh lists and dicts, never the state's own."""
    names = state.content.medicines
    scores = list(state.scores)
    seats = []
    for s, score in enumerate(scores):
        where, marker = state.pharmacist[s], state.marker_card[s]
        seats.append({
            "score": score,
            "hand_size": sum(state.hands[s]),
            "pharmacist": names[where] if where >= 0 else None,
            "cure_marker": {"card": names[marker], "side": state.marker_side[s]} if marker >= 0 else None,
            "predictions": list(state.predictions[s]),
        })
    result: dict[str, Any] = {
        "phase": state.phase,
        "scores": scores,
        "seats": seats,
        "round": state.round,
        "target": state.options["target"],
        "predictions": bool(state.options["predictions"]),
        "start_player": state.start_player,
        "active": state.active,
        "colours": list(state.content.colours),
        "ingredients": list(state.content.totals),
        "medicines": list(names),
        "action_cards": list(state.cards),
        "prediction_pool": list(state.prediction_pool),
        "scoring": _scoring(state.content),
        "pending": _pending(state.pending),
        "knowledge": sheet(state.log, seat),
        "last_round": None if state.last_round is None else {
            key: (list(v) if isinstance(v, list) else v) for key, v in state.last_round.items()},
    }
    if seat is not None:
        result["hand"] = list(state.hands[seat])
    return result


def _pending(pending: dict[str, Any]) -> dict[str, Any]:
    """The step in progress, copied (its lists are the state's)."""
    return {key: (list(v) if isinstance(v, list) else v) for key, v in pending.items()}


def _scoring(content: Content) -> dict[str, int]:
    """The points of a round (content, or the game's ``params``), for the heuristic and the
    terminal's explanations."""
    return {"answer_right": content.answer_right, "follow_right": content.follow_right,
            "follow_wrong": content.follow_wrong, "prediction_right": content.prediction_right,
            "prediction_wrong": content.prediction_wrong, "floor": content.floor}
