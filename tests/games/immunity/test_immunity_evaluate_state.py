"""``evaluate_state`` (what the search bots call) equals ``evaluate`` of the seat's view.

The bots value thousands of positions a decision; reading the state directly saves building
the view, but it must be the very same number on every position, so that it reads nothing a
seat may not see and a bot plays exactly the games it played before."""

from __future__ import annotations

import random

import pytest

import ludoteca

GAME = ludoteca.game("immunity")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_evaluate_state_is_the_views_evaluation_on_every_position(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for seed in range(3):
        state = GAME.new(players, seed=seed, options={"params": {"cells": {"neutrophil": {"cost": 3}}}}
                         if seed == 2 else None)
        while not state.is_over:
            for seat in range(players):
                assert GAME.evaluate_state(state, seat) == GAME.evaluate(state.view(seat), seat)
                det = state.determinize(seat, rng)
                assert GAME.evaluate_state(det, seat) == GAME.evaluate(det.view(seat), seat)
                checked += 2
            mover = state.to_move[0]
            state.apply(mover, rng.choice(state.legal_actions(mover)))
    assert checked > 500


def test_evaluate_state_reads_nothing_hidden() -> None:
    """Another seat's hand and the decks' order may change; the value may not."""
    state = GAME.new(3, seed=4)
    rng = random.Random(1)
    for _ in range(40):
        mover = state.to_move[0]
        state.apply(mover, rng.choice(state.legal_actions(mover)))
    before = GAME.evaluate_state(state, 0)
    state.medical_hands[1], state.medical_hands[2] = state.medical_hands[2], state.medical_hands[1]
    state.pathogen_deck.reverse()
    state.medical_deck.reverse()
    assert GAME.evaluate_state(state, 0) == before
