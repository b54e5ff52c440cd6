"""Thirty-One as numbers, for the RL interfaces (``ludoteca.interop``); reads only view keys.

Action numbers (``NUM_ACTIONS`` = 55): 0 draw from the stock, 1 take the discard pile's top
card, 2 knock, ``3 + i`` discard card ``ALL_CARDS[i]`` (the 52 codes suit by suit, ace to
king).  The taken card is not part of its number: only the top card can be taken.

Observation (``OBSERVATION_SIZE`` = 384 floats) from the point of view of ``view["seat"]`` (a
spectator is seen as seat 0 holding nothing); "the seat k after me" counts clockwise:

* ``[0, 52)``: the cards in my hand;
* ``[52, 104)``: the cards in the discard pile; ``[104, 156)``: its top card;
* ``[156, 312)``: for the seats 1, 2, 3 after me, the cards seen taken that they still hold;
* ``[312, 364)``: the card I must keep this turn;
* next 3: the phase (draw, discard, over);
* next 4 (seats 0..3 after me): has knocked; next 4: total score / 50; next 4: cards held / 5;
* last 5: it is my turn, stock / 52, turn / turn limit, round / rounds, my hand's worth / 31.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from .content import ALL_CARDS, ORDER, Content
from .phases import TABLE

FIXED = ("draw", "take", "knock")
NUM_ACTIONS = len(FIXED) + len(ALL_CARDS)
CARDS = len(ALL_CARDS)
SEAT_SLOTS = 4
PHASE_NAMES = list(TABLE)
OBSERVATION_SIZE = 7 * CARDS + len(PHASE_NAMES) + 3 * SEAT_SLOTS + 5


def action_index(action: dict[str, Any]) -> int:
    kind = action["type"]
    if kind == "discard":
        return len(FIXED) + ORDER[action["card"]]
    return FIXED.index(kind)


def index_action(index: int, top: str | None) -> dict[str, Any]:
    """The action numbered ``index``; ``top`` is the discard pile's top card (for "take")."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < NUM_ACTIONS:
        raise ValueError(f"an action number is a whole number from 0 to {NUM_ACTIONS - 1}; got {index!r}")
    if index >= len(FIXED):
        return {"type": "discard", "card": ALL_CARDS[index - len(FIXED)]}
    if FIXED[index] == "take":
        if top is None:
            raise ValueError("action 1 (take) needs a card on the discard pile")
        return {"type": "take", "card": top}
    return {"type": FIXED[index]}


def encode_array(view: dict[str, Any]) -> np.ndarray:
    """The observation of ``view``: the definition every writer is tested against."""
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    you = view["you"]
    seats = view["seats"]
    fill(out, Facts(
        players=view["players"], seat=view["seat"], to_move=view["to_move"],
        hand=you["hand"] if you is not None else None,
        hand_value=you["hand_value"] if you is not None else 0,
        must_keep=you["must_keep"] if you is not None else None,
        discard=view["discard"], known=[s["known"] for s in seats],
        knocked=[s["knocked"] for s in seats], held=[s["cards"] for s in seats],
        scores=view["scores"], phase=view["phase"], stock=view["stock"], turn=view["turn"],
        turn_limit=view["turn_limit"], round=view["round"], rounds=view["rounds"]))
    return out


class Facts(NamedTuple):
    """What the observation says, read from a view (``encode_array``) or straight from the
    state (``observer.py``): one layout, written by :func:`fill`, serves both."""

    players: int
    seat: int | None
    to_move: Sequence[int]
    hand: Sequence[str] | None
    hand_value: int
    must_keep: str | None
    discard: Sequence[str]
    known: Sequence[Sequence[str]]
    knocked: Sequence[bool]
    held: Sequence[int]
    scores: Sequence[float]
    phase: str
    stock: int
    turn: int
    turn_limit: int
    round: int
    rounds: int


def fill(out: np.ndarray, facts: Facts) -> None:
    """Write ``facts`` into ``out`` (zeros where nothing is marked), in the layout above."""
    out[:] = 0.0
    players = facts.players
    me = facts.seat if facts.seat is not None else 0

    def mark(offset: int, cards: Sequence[str]) -> None:
        for card in cards:
            out[offset + ORDER[card]] = 1.0

    if facts.hand is not None:
        mark(0, facts.hand)
        if facts.must_keep:
            mark(6 * CARDS, [facts.must_keep])
    mark(CARDS, facts.discard)
    if facts.discard:
        mark(2 * CARDS, facts.discard[-1:])
    for k in range(1, players):
        mark((2 + k) * CARDS, facts.known[(me + k) % players])
    at = 7 * CARDS
    out[at + PHASE_NAMES.index(facts.phase)] = 1.0
    at += len(PHASE_NAMES)
    for k in range(players):
        seat = (me + k) % players
        out[at + k] = 1.0 if facts.knocked[seat] else 0.0
        out[at + SEAT_SLOTS + k] = facts.scores[seat] / 50
        out[at + 2 * SEAT_SLOTS + k] = facts.held[seat] / 5
    at += 3 * SEAT_SLOTS
    out[at:at + 5] = (
        1.0 if facts.seat is not None and facts.seat in facts.to_move else 0.0,
        facts.stock / CARDS,
        facts.turn / facts.turn_limit,
        facts.round / facts.rounds,
        facts.hand_value / 31,
    )


def encode(view: dict[str, Any]) -> list[float]:
    return encode_array(view).tolist()


def bounds(content: Content, rounds: int) -> tuple[np.ndarray, np.ndarray]:
    """The least and the most each observation number can be with this content and number of
    rounds.  Why: a hand holds at most ``hand_size + 1`` cards (after a draw), so it is worth
    between that many of the lowest card values (if a designer made some negative) and that
    many of the highest, or ``three_of_a_kind``; a round scores a seat its hand's worth, 0, or
    ``-knock_penalty`` for a knocker with the lowest hand, so a total lies between ``rounds``
    times the least and the most of those; the stock never holds more than the deck; the turn
    and the round never pass their limits.  Everything else is a 0/1 mark."""
    held = content.hand_size + 1
    values = list(content.points.values())
    worth_low = held * min(0, *values)
    worth_high = max(content.three_of_a_kind, held * max(0, *values))
    round_low, round_high = min(worth_low, -content.knock_penalty, 0), max(worth_high, -content.knock_penalty, 0)
    low = np.zeros(OBSERVATION_SIZE, dtype=np.float64)
    high = np.ones(OBSERVATION_SIZE, dtype=np.float64)
    at = 7 * CARDS + len(PHASE_NAMES) + SEAT_SLOTS
    low[at:at + SEAT_SLOTS], high[at:at + SEAT_SLOTS] = rounds * round_low / 50, rounds * round_high / 50
    high[at + SEAT_SLOTS:at + 2 * SEAT_SLOTS] = held / 5
    at += 2 * SEAT_SLOTS
    high[at + 1] = len(content.cards) / CARDS
    low[at + 4], high[at + 4] = worth_low / 31, worth_high / 31
    return low, high
