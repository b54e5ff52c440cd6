"""The normal bot's look-ahead read from the board (``lookahead.py``): what it shares between
copies of a board must stay true for each copy, and its rarer verdicts (a Rat Hot player
showing too many rats, the game's end) must be reached and equal the clone-and-play path.
(Its values on ordinary positions are compared in ``tests/bots/test_greedy_values.py``.)"""

from __future__ import annotations

import random
from typing import Any

import ludoteca
from ludoteca.bots import make
from ludoteca.bots.values import chain_value
from ludoteca.games.dschunke.heuristic import DECIDED
from ludoteca.games.dschunke.lookahead import SpotReader

GAME = ludoteca.game("dschunke")


def reference(state: Any, seat: int, budget: int) -> list[tuple[float, float]]:
    values = []
    for action in state.legal_actions(seat):
        child = state.clone()
        child.apply(seat, action)
        values.append(chain_value(child, seat, budget, 1))
    return values


def hook_and_reference(state: Any, seat: int) -> tuple[list, list]:
    budget = 400 // len(state.legal_actions(seat, copy=False))
    return GAME.greedy_values(state, seat, budget, 1), reference(state, seat, budget)


def test_copies_share_the_memo_and_a_placement_starts_a_new_one() -> None:
    state = GAME.new(2, seed=3)
    copy = state.clone()
    assert copy.board.memo is state.board.memo
    reader = SpotReader.of(state.board, state.content, state.rat_hot)
    assert SpotReader.of(copy.board, copy.content, copy.rat_hot) is reader
    state.apply(0, state.legal_actions(0)[0])
    assert state.board.memo is not copy.board.memo
    assert SpotReader.of(copy.board, copy.content, copy.rat_hot) is reader


def test_a_reader_stays_true_for_the_copies_of_a_board_laid_on_after() -> None:
    """The reader is made on one board and kept in the memo every copy shares; that board may
    be laid on later, and the copies must still read their own position."""
    rng = random.Random(4)
    state = GAME.new(2, seed=4)
    for _ in range(12):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    while state.phase != "place":
        state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[0])
    seat = state.to_move[0]
    kept = state.clone()
    GAME.greedy_values(state, seat, 1, 1)      # the reader is made on ``state``'s own board
    state.apply(seat, state.legal_actions(seat)[0])
    hook, expected = hook_and_reference(kept, seat)
    assert hook == expected


def test_rat_hot_losses_and_the_end_of_the_game_are_valued_as_played() -> None:
    losses = ends = 0
    for seed in range(6):
        state = GAME.new(2, seed=seed, options={"rules": "rat-hot", "params": {"rat_hot": {"rat_limit": 2}}}
                         if seed % 2 else {"tie_break": "goods"})
        bots = [make("normal", seed=seed + s) for s in (0, 1)]
        while not state.is_over:
            seat = state.to_move[0]
            if len(state.legal_actions(seat, copy=False)) > 1 and (state.rat_hot or len(state.pile) < 2):
                det = state.determinize(seat, random.Random(seed))
                hook, expected = hook_and_reference(det, seat)
                assert hook == expected
                losses += (0.0, -DECIDED) in hook
                ends += any(outcome != 1.0 for outcome, _ in hook) and not state.rat_hot
            state.apply(seat, bots[seat].choose(state, seat))
    assert losses > 0 and ends > 0
