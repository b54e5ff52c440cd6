"""The normal bot's look-ahead (``lookahead.py``) reads a seat's smallest steps (activation
steps, patients laid in beds) as what they change of the heuristic's facts (``step_facts``)
instead of playing them; here every such step of seeded games is also played, and the facts
must agree.  (The look-ahead's values as a
whole are compared with the bot's clone-and-play path in ``tests/bots/test_greedy_values.py``.)"""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.games.dice_hospital.heuristic import facts
from ludoteca.games.dice_hospital.lookahead import reaches_beyond, scratch, step_facts

GAME = ludoteca.game("dice-hospital")


@pytest.mark.parametrize("players", [1, 2, 4])
def test_each_small_step_changes_the_facts_as_step_facts_says(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new(players, seed=players)
    read_steps = played_steps = 0
    while not state.is_over:
        mover = rng.choice(state.to_move)
        if state.phase in ("activate", "place"):
            hospital = state.hospitals[mover]
            here = facts(hospital)
            for action in state.legal_actions(mover):
                expected = step_facts(state, hospital, here, action)
                if expected is None or reaches_beyond(state, mover, action):
                    played_steps += 1
                    continue
                child = state.clone()
                child.apply(mover, action)
                assert tuple(facts(child.hospitals[mover])) == tuple(expected), action
                read_steps += 1
        state.apply(mover, rng.choice(state.legal_actions(mover)))
    assert read_steps > 100 and played_steps > 10


def test_a_scratch_position_leaves_the_one_it_copies_unchanged() -> None:
    """Scratch positions share all but the acting seat's hospital and the dice bag: playing
    every step of an activation on them must leave the position they came from as it was."""
    rng = random.Random(8)
    state = GAME.new(3, seed=8)
    tried = 0
    while not state.is_over and tried < 300:
        mover = rng.choice(state.to_move)
        if state.phase in ("activate", "place"):
            before = state.to_json()
            for action in state.legal_actions(mover):
                if not reaches_beyond(state, mover, action):
                    scratch(state, mover)._apply(mover, action)
                    tried += 1
            assert state.to_json() == before
        state.apply(mover, rng.choice(state.legal_actions(mover)))
    assert tried >= 300
