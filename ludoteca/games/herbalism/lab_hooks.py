"""The balance lab's optional hooks for Herbalism (``Game.progress``, ``seat_order``,
``telemetry``, ``content_keys``), read straight from the state: no view is built.

Why these numbers: a round ends when a cure is found or every marker is used, so the lab's
checkpoints are the rounds; a game has no fixed number of rounds, so the planned count is the
fewest rounds the game can still last (it grows as the game goes on)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from .content import Content


class Table(Protocol):
    """The state data the hooks read (``HerbalismState``)."""

    content: Content
    options: dict[str, Any]
    players: int
    round: int
    first_player: int
    hands: list[list[int]]
    last_round: dict[str, Any] | None

    @property
    def scores(self) -> list[int]: ...

    @property
    def is_over(self) -> bool: ...


def progress(state: Table) -> tuple[int, int]:
    """(this round, the fewest rounds the game can last): the leader needs ``target - score``
    more points, and a round brings at most a right answer plus two right predictions."""
    if state.is_over:
        return state.round, state.round
    content = state.content
    most = content.answer_right + (2 * content.prediction_right if state.options["predictions"] else 0)
    needed = max(0, state.options["target"] - max(state.scores))
    rounds_left = max(1, -(-needed // most))  # this round counts as the first of them
    return state.round, state.round + rounds_left - 1


def seat_order(state: Table) -> list[int]:
    """Round 1's order of play: its (random) start player, then clockwise."""
    return [(state.first_player + i) % state.players for i in range(state.players)]


def telemetry(state: Table, seat: int) -> dict[str, float]:
    """Public numbers of one seat: its score, its hand size, and what the last round brought it
    (the real change of its score, and 1 if it found the cure)."""
    last = state.last_round
    return {
        "score": float(state.scores[seat]),
        "hand_size": float(sum(state.hands[seat])),
        "last_round_points": float(last["changes"][seat]) if last else 0.0,
        "won_last_round": 1.0 if last and last["winner"] == seat else 0.0,
    }


def content_keys(action: Mapping[str, Any]) -> list[str]:
    """The content an action uses: ``medicines.<card>`` for a pharmacist move and a cure marker,
    ``actions.<card>`` for an action card (the cards of the ``action_sets``),
    ``ingredients.<colour>`` for a card given or handed over and for a prediction's colour.
    A target, a pass or a skipped prediction uses none."""
    kind = action.get("type")
    if kind in ("move", "answer", "follow"):
        return [f"medicines.{action['card']}"]
    if kind == "action":
        return [f"actions.{action['card']}"]
    if kind in ("give", "hand_over", "predict") and action.get("colour") is not None:
        return [f"ingredients.{action['colour']}"]
    return []
