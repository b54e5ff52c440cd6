"""Dschunke's observation writer (observer.py) writes exactly ``encode_array(view(seat))``.

The cross-game test (tests/interop/test_interop_observation_writers.py) plays short random
games; these cover what they seldom reach: strips laid outside the 41 x 41 window (the float32
sums there), strips set aside, determinized states (a record without actions), several moves
between writes, and every option that changes the numbers.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from ludoteca.games.dschunke import GAME, encoding

SEATS = (0, 1, None)
OPTIONS = [{}, {"rules": "rat-hot"}, {"opening": "two-strips"},
           {"rules": "dschunke", "params": {"scoring": {"rat_penalty": 10, "min_group": 2}}},
           {"rules": "rat-hot", "params": {"rat_hot": {"pair_points": 10, "larger_points": 20, "rat_limit": 20}}}]


def writers(options):
    resolved = GAME.resolve_options(options)
    return {seat: GAME.observation_writer(2, resolved, seat) for seat in SEATS}


def check(state, writer, seat, where=""):
    written = writer.write(state)
    expected = encoding.encode_array(state.view(seat))
    assert written.dtype == np.float32 and written.shape == expected.shape
    differ = np.flatnonzero(written != expected)
    assert differ.size == 0, f"{where} seat {seat}: {differ.size} numbers differ, first at {int(differ[0])}"
    return written


def farthest(state, seat, rng):
    """The placement farthest from the start strip (leaves the window within a few turns)."""
    legal = state.legal_actions(seat)
    places = [a for a in legal if a["type"] == "place"]
    if not places:
        return rng.choice(legal)
    return max(places, key=lambda a: (abs(a["x"]) + abs(a["y"]), rng.random()))


@pytest.mark.parametrize("options", OPTIONS)
def test_writing_every_position_of_a_game_equals_the_encoded_view(options):
    for seed in range(2):
        state, rng, seats = GAME.new(2, seed=seed, options=options), random.Random(seed), writers(options)
        while True:
            for seat, writer in seats.items():
                check(state, writer, seat, f"{options} seed {seed} v{state.version}")
            if state.is_over:
                break
            seat = state.to_move[0]
            state.apply_trusted(seat, rng.choice(state.legal_actions(seat, copy=False)))


@pytest.mark.parametrize("rules", ["dschunke", "rat-hot"])
def test_strips_laid_outside_the_window_are_summed_as_the_view_sums_them(rules):
    """Most strips go as far out as they can: cells leave the window, the outside sums
    (float32 running totals, order-sensitive) are kept bit for bit, also by a writer that sees
    only every third position."""
    options = {"rules": rules}
    state, rng, seats = GAME.new(2, seed=2, options=options), random.Random(2), writers(options)
    sparse = GAME.observation_writer(2, GAME.resolve_options(options), 0)
    outside_seen = 0
    while True:
        for seat, writer in seats.items():
            written = check(state, writer, seat, f"{rules} v{state.version}")
        outside_seen = max(outside_seen, int(np.count_nonzero(written[encoding.OUTSIDE:encoding.HAND])))
        if state.version % 3 == 0:
            check(state, sparse, 0, f"{rules} sparse v{state.version}")
        if state.is_over:
            break
        seat = state.to_move[0]
        action = farthest(state, seat, rng) if rng.random() < 0.8 else rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
    assert outside_seen > 0


def test_out_of_order_states_are_written_afresh():
    """Clones, restored copies, determinized samples (their record holds no actions), and a
    determinized sample played on: each write equals the encoded view."""
    state, rng = GAME.new(2, seed=9), random.Random(9)
    seats = writers({})
    history = []
    while not state.is_over:
        seat = state.to_move[0]
        state.apply_trusted(seat, rng.choice(state.legal_actions(seat, copy=False)))
        history.append(state.clone())
        sample = state.determinize(seat, random.Random(state.version))
        handed = [state, GAME.from_json(state.to_json()), sample, rng.choice(history), state]
        for other in handed:
            for seat_, writer in seats.items():
                check(other, writer, seat_, f"v{state.version}")
        if not sample.is_over:
            mover = sample.to_move[0]
            sample.apply_trusted(mover, sample.legal_actions(mover, copy=False)[0])
            for seat_, writer in seats.items():
                check(sample, writer, seat_, f"sample v{sample.version}")


def test_strips_set_aside_are_flagged():
    """A strip with no legal spot is set aside (it hardly ever happens in play): flagged
    both when the writer starts afresh and when the set-aside list grows while it follows."""
    state, rng = GAME.new(2, seed=4), random.Random(4)
    for _ in range(12):
        seat = state.to_move[0]
        state.apply_trusted(seat, rng.choice(state.legal_actions(seat, copy=False)))
    data = state.to_json()
    data["state"]["set_aside"] = [data["state"]["pile"].pop(0)]
    restored = GAME.from_json(data)
    seats = writers({})
    for seat, writer in seats.items():
        check(restored, writer, seat, "restored")
    restored.set_aside.append(restored.pile.pop(0))  # as a draw with no legal spot would
    mover = restored.to_move[0]
    restored.apply_trusted(mover, restored.legal_actions(mover, copy=False)[0])
    for seat, writer in seats.items():
        written = check(restored, writer, seat, "grown")
        aside = encoding.flag_at(42, encoding.SET_ASIDE, 0)
        assert written[aside:aside + 42].sum() == 2


def test_the_array_is_the_writers_own_and_each_write_overwrites_it():
    state = GAME.new(2, seed=1)
    writer = writers({})[0]
    first = writer.write(state)
    seat = state.to_move[0]
    state.apply_trusted(seat, state.legal_actions(seat, copy=False)[0])
    assert writer.write(state) is first
    assert first.shape == (GAME.observation_size(2, {}),) and first.dtype == np.float32
