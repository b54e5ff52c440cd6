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

from typing import Any

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
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    players = view["players"]
    me = view["seat"] if view["seat"] is not None else 0
    you = view["you"]

    def mark(offset: int, cards: list[str]) -> None:
        for card in cards:
            out[offset + ORDER[card]] = 1.0

    if you is not None:
        mark(0, you["hand"])
        if you["must_keep"]:
            mark(6 * CARDS, [you["must_keep"]])
    mark(CARDS, view["discard"])
    if view["discard"]:
        mark(2 * CARDS, view["discard"][-1:])
    for k in range(1, players):
        mark((2 + k) * CARDS, view["seats"][(me + k) % players]["known"])
    at = 7 * CARDS
    out[at + PHASE_NAMES.index(view["phase"])] = 1.0
    at += len(PHASE_NAMES)
    for k in range(players):
        seat = (me + k) % players
        out[at + k] = 1.0 if view["seats"][seat]["knocked"] else 0.0
        out[at + SEAT_SLOTS + k] = view["scores"][seat] / 50
        out[at + 2 * SEAT_SLOTS + k] = view["seats"][seat]["cards"] / 5
    at += 3 * SEAT_SLOTS
    out[at:at + 5] = (
        1.0 if view["seat"] is not None and view["seat"] in view["to_move"] else 0.0,
        view["stock"] / CARDS,
        view["turn"] / view["turn_limit"],
        view["round"] / view["rounds"],
        (you["hand_value"] if you is not None else 0) / 31,
    )
    return out


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
