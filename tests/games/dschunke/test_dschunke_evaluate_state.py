"""``evaluate_state`` (what the bots call on every position they value) equals ``evaluate`` of
the seat's view, on every position of seeded games in both rule sets, and reads nothing
hidden: the pile's order may change, the value may not."""

from __future__ import annotations

import random

import pytest

import ludoteca

GAME = ludoteca.game("dschunke")


@pytest.mark.parametrize("rules", ["dschunke", "rat-hot"])
def test_evaluate_state_is_the_views_evaluation_on_every_position(rules: str) -> None:
    rng = random.Random(5)
    checked = rat_risk_seen = 0
    for seed in range(4):
        options = {"rules": rules, **({"params": {"rat_hot": {"rat_limit": 2}}} if seed == 3 and rules == "rat-hot"
                                      else {})}
        state = GAME.new(2, seed=seed, options=options)
        while True:
            for seat in (0, 1):
                value = GAME.evaluate_state(state, seat)
                assert value == GAME.evaluate(state.view(seat), seat)
                det = state.determinize(seat, rng)
                assert GAME.evaluate_state(det, seat) == GAME.evaluate(det.view(seat), seat)
                rat_risk_seen += value != state.scores[seat] - state.scores[1 - seat]
                checked += 2
            if state.is_over:
                break
            mover = state.to_move[0]
            state.apply(mover, rng.choice(state.legal_actions(mover)))
    assert checked > 300
    if rules == "rat-hot":
        assert rat_risk_seen > 0  # the rats' risk (not just the scores) was compared too


def test_evaluate_state_reads_nothing_hidden() -> None:
    state = GAME.new(2, seed=6, options={"rules": "rat-hot"})
    rng = random.Random(2)
    for _ in range(9):
        mover = state.to_move[0]
        state.apply(mover, rng.choice(state.legal_actions(mover)))
    before = [GAME.evaluate_state(state, seat) for seat in (0, 1)]
    state.pile.reverse()
    assert [GAME.evaluate_state(state, seat) for seat in (0, 1)] == before
