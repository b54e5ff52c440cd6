"""Every game's observation writer gives exactly ``encode(view(seat))``, never more.

Why this is the leak test for writers: a writer reads the state itself, not the view, so its
own code cannot be trusted to hide what the view hides.  ``encode(view(seat))`` is a function
of the view alone; a writer equal to it number for number, at every position of random games
at every player count, for every seat and for a spectator, shows nothing the view hides.  The
check builds the reference from the view here and never asks the writer how it works.

The second half hands writers states out of order (another game, a clone, a restored copy, an
earlier position, a jump of several moves), which an incremental writer must notice.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import ludoteca
from ludoteca.engine.observation import Follow

WRITERS = [g for g in [*ludoteca.games(), "thirty-one"]
           if callable(getattr(ludoteca.game(g), "observation_writer", None))]
CASES = [(g, p) for g in WRITERS
         for p in range(ludoteca.game(g).min_players, ludoteca.game(g).max_players + 1)]


def reference(game, state, seat) -> np.ndarray:
    """The definition: the game's encoding of the seat's view, as float32."""
    return np.asarray(game.encode(state.view(seat)), dtype=np.float32)


def writers_for(game, players, options=None):
    options = game.resolve_options(options)
    return {seat: game.observation_writer(players, options, seat) for seat in [*range(players), None]}


def assert_same(game, state, seat, written, where) -> None:
    expected = reference(game, state, seat)
    assert written.dtype == np.float32, f"{where}: the writer gave {written.dtype}, not float32"
    assert written.shape == expected.shape, f"{where}: shape {written.shape}, encode gives {expected.shape}"
    differ = np.flatnonzero(written != expected)
    assert differ.size == 0, (f"{where}, seat {seat}: {differ.size} numbers differ from encode(view), "
                              f"first at {int(differ[0])}: {written[differ[0]]} != {expected[differ[0]]}")


def test_every_shipped_game_has_a_writer():
    """Issue 20: the envs' observation is written in place for every game."""
    assert sorted(WRITERS) == sorted([*ludoteca.games(), "thirty-one"])


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_writer_equals_encoded_view_at_every_position(game_id, players):
    game = ludoteca.game(game_id)
    writers = writers_for(game, players)
    for seed in range(3):
        state = game.new(players, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while True:
            for seat, writer in writers.items():
                assert_same(game, state, seat, writer.write(state), f"{game_id} {players}p seed {seed} step {steps}")
            if state.is_over:
                break
            seat = min(state.to_move)
            state.apply_trusted(seat, rng.choice(state.legal_actions(seat, copy=False)))
            steps += 1


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_writer_follows_states_handed_out_of_order(game_id, players):
    """Interleaved games, clones, restored copies, earlier positions and jumps of several
    moves: each write still equals the encoded view."""
    game = ludoteca.game(game_id)
    writers = writers_for(game, players)
    rng = random.Random(7)
    a, b = game.new(players, seed=11), game.new(players, seed=12)
    history = []
    for step in range(400):
        live = [s for s in (a, b) if not s.is_over]
        if not live:
            break
        state = rng.choice(live)
        for _ in range(rng.choice((1, 1, 1, 2, 5))):  # sometimes several moves between writes
            if state.is_over:
                break
            seat = min(state.to_move)
            state.apply_trusted(seat, rng.choice(state.legal_actions(seat, copy=False)))
        if rng.random() < 0.1:
            history.append(state.clone())
        handed = state
        roll = rng.random()
        if roll < 0.05 and history:
            handed = rng.choice(history)                       # an earlier position
        elif roll < 0.1:
            handed = game.from_json(state.to_json())           # a restored copy
        elif roll < 0.15:
            handed = state.clone()
        for seat, writer in writers.items():
            assert_same(game, handed, seat, writer.write(handed), f"{game_id} {players}p step {step}")


@pytest.mark.parametrize("game_id", WRITERS)
def test_writer_honours_params(game_id):
    """A game whose numbers a designer changes writes the same as its encoding with them."""
    game = ludoteca.game(game_id)
    variants = list(getattr(game, "variants", {}).values())
    for options in variants[:3]:
        players = game.min_players if game.min_players > 1 else min(2, game.max_players)
        writers = writers_for(game, players, options)
        state = game.new(players, seed=3, options=options)
        rng = random.Random(3)
        while not state.is_over:
            for seat, writer in writers.items():
                assert_same(game, state, seat, writer.write(state), f"{game_id} {options}")
            seat = min(state.to_move)
            state.apply_trusted(seat, rng.choice(state.legal_actions(seat, copy=False)))


def test_follow_sees_continuations_and_nothing_else():
    game = ludoteca.game("thirty-one")
    state = game.new(2, seed=1)
    follow = Follow()
    assert follow.since(state) is None                  # first sight: rebuild
    assert follow.since(state) == []                    # nothing played since
    seat = min(state.to_move)
    action = state.legal_actions(seat, copy=False)[0]
    state.apply_trusted(seat, action)
    moved = follow.since(state)
    assert moved is not None and len(moved) == 1 and moved[0][0] == seat
    assert follow.since(state.clone()) is None          # another object, even an equal one
    assert follow.since(state) is None                  # and back: the clone was seen last
    follow.forget()
    assert follow.since(state) is None
