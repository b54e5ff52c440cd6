"""``expert`` cures a won game (its setting ``own_chain``).

"Answer on the right card +3"; the game ends at the end of a round in which someone reaches 6
(docs/games/herbalism.md).  A player with 5 points who knows the cure wins by curing now,
whatever the other replies.  IS-MCTS also tries the wrong answers below "cure" and values
curing below waiting; with its own chain played as its ranking plays it, it cures.  ``hard``
(plain IS-MCTS) does not: with ``hard:own_chain=1`` it cured here too, but then ``expert``
was no longer measurably stronger than ``hard`` at 3 players (docs/bots.md)."""

from __future__ import annotations

import random

import pytest
from herbalism_helpers import GAME

from ludoteca.bots import make_spec
from ludoteca.games.herbalism import heuristic

CURING = {"type": "action", "card": "curing"}


def _blue_cure_known_to_bob():
    """2 players, seed 2, 26 seeded random moves that never cure.  The round's hand-overs tell
    Bob (seat 1) where every blue card is: none with him, three with Amy; blue has five cards,
    so the cure is the other two, the identical pair.  Bob has moved and picks his action."""
    state = GAME.new(2, seed=2)
    rng = random.Random(2)
    for _ in range(26):
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, rng.choice([a for a in legal if a != CURING]))
    assert state.phase == "action" and state.to_move == (1,) and CURING in state.legal_actions(1)
    assert state.hands == [[2, 0, 0, 3], [0, 3, 4, 0]] and state.cure == [0, 0, 0, 2]
    return state


def test_the_cure_is_certain_to_both_judgements():
    state = _blue_cure_known_to_bob()
    assert heuristic.cure_odds(state.view(1), 1)[0]["identical-pair"] == 1.0
    assert heuristic.sharp_cure_odds(state, 1)[0]["identical-pair"] == 1.0


@pytest.mark.parametrize("level", ["expert", "hard:own_chain=1", "normal"])
def test_a_bot_with_five_points_cures_when_it_knows_the_cure(level: str) -> None:
    """Six seeds each.  ``hard`` as shipped cured with none of them (it fed or appealed)."""
    for seed in range(3, 9):
        state = _blue_cure_known_to_bob()
        state.scores = [0, 5]
        bot = make_spec(level, seed=seed)
        assert bot.choose(state, 1) == CURING, (level, seed)
        state.apply(1, CURING)
        assert bot.choose(state, 1) == {"type": "answer", "card": "identical-pair"}

