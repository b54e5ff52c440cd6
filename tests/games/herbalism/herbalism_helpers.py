"""Shared helpers for the Herbalism tests: build exact positions and check a log's history."""

from __future__ import annotations

import random
from typing import Any

from ludoteca.games.herbalism import GAME

COLOURS = ("red", "yellow", "green", "blue")
TOTALS = (2, 3, 4, 5)
ADVANCED = {"actions": "advanced"}
AMY, BOB, CHRISTINA = 0, 1, 2


def position(hands: list[list[int]], cure: list[int], start: int = 0,
             options: dict[str, Any] | None = None, seed: int = 0):
    """A fresh round with exactly these hands ([red, yellow, green, blue] counts) and cure."""
    state = GAME.new(len(hands), seed=seed, options=options)
    totals = [sum(h[c] for h in hands) + cure[c] for c in range(4)]
    assert totals == list(TOTALS), f"the 14 ingredient cards are 2/3/4/5, got {totals}"
    state.hands = [list(h) for h in hands]
    state.cure = list(cure)
    state.log = [{"k": "deal", "hands": [list(h) for h in hands], "cure": list(cure)}]
    state.start_player = state.active = start
    state.beliefs = {}
    return state


def play(state, *steps):
    """Apply (seat, action) pairs; returns the events of the last one."""
    events = []
    for seat, action in steps:
        events = state.apply(seat, action)
    return events


def move(card: str) -> dict[str, Any]:
    return {"type": "move", "card": card}


def act(card: str) -> dict[str, Any]:
    return {"type": "action", "card": card}


def random_prefix(players: int, seed: int, length: int, options: dict[str, Any] | None = None):
    state = GAME.new(players, seed=seed, options=options)
    rng = random.Random(seed * 7919 + length)
    for _ in range(length):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def check_history(state) -> None:
    """Replay the round log with its full details: every announced count, hand-over, check and
    legal choice must follow from the deal, and it must end at the current hands and cure."""
    k = state.content
    idx = {c: i for i, c in enumerate(k.colours)}
    deal = state.log[0]
    hands = [list(h) for h in deal["hands"]]
    cure = list(deal["cure"])
    for c in range(4):
        assert sum(h[c] for h in hands) + cure[c] == k.totals[c]
    assert all(sum(h) == k.hand_size[state.players] for h in hands)
    for e in state.log[1:]:
        kind = e["k"]
        if kind in ("inquiring", "feeding"):
            a, b, x = e["by"], e["target"], idx[e["colour"]]
            y = idx[e["counted" if kind == "inquiring" else "returned"]]
            pair = k.pairs[k.medicines.index(e["medicine"])]
            assert (pair is None and x == y) or (pair is not None and {x, y} == set(pair))
            assert hands[a][x] >= 1
            hands[a][x] -= 1
            hands[b][x] += 1
            assert hands[b][y] == e["count"]
            if kind == "feeding":
                hands[a][y] += hands[b][y]
                hands[b][y] = 0
        elif kind == "brewing":
            a, b, cards = e["by"], e["target"], e["cards"]
            pair = k.pairs[k.medicines.index(e["medicine"])]
            if pair is None:
                if sum(cards) == 0:
                    assert max(hands[b]) <= 1 or state.options["brewing_pair_optional"]
                else:
                    assert sorted(cards) == [0, 0, 0, 2] and hands[b][cards.index(2)] >= 2
            else:
                assert cards == [1 if c in pair and hands[b][c] else 0 for c in range(4)]
            for c in range(4):
                hands[b][c] -= cards[c]
                hands[a][c] += cards[c]
            assert e["count"] == sum(cards)
        elif kind == "appealing":
            a, b = e["by"], e["target"]
            pair = k.pairs[k.medicines.index(e["medicine"])]
            allowed = range(4) if pair is None else pair
            if e["colour"] is None:
                assert e["count"] == 0 and not any(hands[b][c] for c in allowed)
            else:
                x = idx[e["colour"]]
                assert x in allowed and hands[b][x] == e["count"] > 0
                hands[a][x] += hands[b][x]
                hands[b][x] = 0
        elif kind == "check":
            assert e["cure"] == cure
            assert k.matches(cure, k.medicines.index(e["card"])) == e["correct"]
        elif kind == "reveal":
            assert e["cure"] == cure
    assert all(min(h) >= 0 for h in hands)
    assert hands == state.hands and cure == state.cure
