"""``evaluate_state`` (what the bots call on every position they value) equals ``evaluate`` of
the seat's view on every position of seeded games at every player count, determinizations
included, and reads nothing hidden: the piles' order, the dice bag and the administrators
dealt to the other seats may change, the value may not."""

from __future__ import annotations

import random

import pytest

import ludoteca

GAME = ludoteca.game("dice-hospital")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_evaluate_state_is_the_views_evaluation_on_every_position(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for seed in range(2):
        state = GAME.new(players, seed=seed)
        while True:
            for seat in range(players):
                assert GAME.evaluate_state(state, seat) == GAME.evaluate(state.view(seat), seat)
                det = state.determinize(seat, rng)
                assert GAME.evaluate_state(det, seat) == GAME.evaluate(det.view(seat), seat)
                checked += 2
            if state.is_over:
                break
            mover = rng.choice(state.to_move)
            state.apply(mover, rng.choice(state.legal_actions(mover)))
    assert checked > 400


def test_evaluate_state_reads_nothing_hidden() -> None:
    state = GAME.new(3, seed=4)
    rng = random.Random(3)
    for _ in range(60):
        mover = rng.choice(state.to_move)
        state.apply(mover, rng.choice(state.legal_actions(mover)))
    before = GAME.evaluate_state(state, 0)
    state.department_pile.reverse()
    state.specialist_pile.reverse()
    state.event_pile.reverse()
    hands = state.administrator_hands
    hands[1], hands[2] = hands[2], hands[1]
    assert GAME.evaluate_state(state, 0) == before
