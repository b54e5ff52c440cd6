"""What the envs' hot path remembers between calls, held to what it stands for (issue 20).

An env step asks the adapter the same questions several times (who acts, the legal numbers,
the mask) and numbers the same actions position after position.  The adapter remembers:

* the game's own action numbers, by each action's ``(key, value)`` pairs
  (``GameNumbers.numbers_of``): they must equal ``State.action_index`` action for action,
  however often a list is seen; an action that cannot be a key is numbered afresh, and a
  numbering whose actions seldom repeat stops remembering;
* the seat to act, per position (``Adapter.to_act``): a move made outside the env, or another
  state object at the same version, must not get a stale answer;
* the mask is marked from the numbers (``Adapter.mark_legal``), number by number for a short
  list and as an array for a long one: both must mark exactly the legal numbers.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import ludoteca
from ludoteca.engine import registry
from ludoteca.interop import Adapter, core
from ludoteca.interop.core import GameNumbers
from ludoteca.interop.pettingzoo import env as aec_env

GAMES = registry.all_games()


def positions(adapter: Adapter, seed: int, limit: int = 150):
    """(state, seat) at every decision of one seeded random game (the same state object)."""
    state = adapter.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return
        seat = min(state.to_move)
        yield state, seat
        state.apply_trusted(seat, rng.choice(state.legal_actions(seat, copy=False)))


@pytest.mark.parametrize("game_id", GAMES)
def test_remembered_numbers_are_the_games_own(game_id):
    """The game's own numbering gives ``action_index`` of every legal action, cold and warm,
    over two games (the second mostly from memory)."""
    adapter = Adapter(game_id, actions="full")
    numbers = adapter.numbers
    assert type(numbers) is GameNumbers
    for seed in (1, 2):
        for state, seat in positions(adapter, seed, limit=60):
            legal = state.legal_actions(seat, copy=False)
            expected = [state.action_index(action) for action in legal]
            assert numbers.numbers_of(state, legal) == expected
            assert numbers.numbers_of(state, legal) == expected   # now from memory
    assert numbers._memo is None or numbers._memo, "nothing was remembered"


def test_remembering_stops_where_actions_seldom_repeat():
    """Dschunke's full numbering gives every spot of every strip its own number: its legal
    lists are mostly new actions, so the numbering stops remembering (and stays right)."""
    adapter = Adapter("dschunke", actions="full")
    for state, seat in positions(adapter, seed=1, limit=40):
        legal = state.legal_actions(seat, copy=False)
        assert adapter.numbers.numbers_of(state, legal) == [state.action_index(a) for a in legal]
    assert adapter.numbers._memo is None
    small = Adapter("herbalism", players=2)     # a few dozen distinct actions: remembered
    for seed in range(4):
        for state, seat in positions(small, seed=seed):
            small.numbers.numbers_of(state, state.legal_actions(seat, copy=False))
    assert small.numbers._memo


def test_actions_that_cannot_be_keys_are_numbered_each_time():
    """Dice Hospital lists some actions holding a list (unhashable): they are numbered by the
    game every time, and everything else in their list still is right."""
    adapter = Adapter("dice-hospital", players=2)
    found = 0
    for seed in range(6):
        for state, seat in positions(adapter, seed, limit=400):
            legal = state.legal_actions(seat, copy=False)
            if not any(isinstance(v, list) for action in legal for v in action.values()):
                continue
            found += 1
            expected = [state.action_index(action) for action in legal]
            assert adapter.numbers.numbers_of(state, legal) == expected
            assert adapter.numbers.numbers_of(state, legal) == expected
        if found:
            break
    assert found, "no Dice Hospital action with a list value came up: pick another example"


def test_the_memory_of_numbers_is_bounded(monkeypatch):
    monkeypatch.setattr(core, "MEMO_LIMIT", 8)
    adapter = Adapter("herbalism", players=3)
    longest = 0
    for state, seat in positions(adapter, seed=4):
        legal = state.legal_actions(seat, copy=False)
        assert adapter.numbers.numbers_of(state, legal) == [state.action_index(a) for a in legal]
        longest = max(longest, len(legal))
        assert len(adapter.numbers._memo) <= 8 + longest   # cleared once past the limit


@pytest.mark.parametrize("game_id", ["dice-hospital", "herbalism", "immunity", "dschunke"])
def test_the_seat_to_act_is_never_stale(game_id):
    """``to_act`` answers per state object and version: a move made on the state outside the
    adapter, and a clone at the same version that then moves differently, both get their own."""
    adapter = Adapter(game_id, players=2)
    state = adapter.new_state(seed=3)
    rng = random.Random(3)
    for _ in range(40):
        if state.is_over:
            break
        assert adapter.to_act(state) == min(state.to_move)
        twin = state.clone()
        assert adapter.to_act(twin) == min(twin.to_move)
        seat = min(twin.to_move)
        twin.apply(seat, rng.choice(twin.legal_actions(seat)))
        assert adapter.to_act(twin) == (min(twin.to_move) if twin.to_move else None)
        seat = min(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))   # outside any env
        assert adapter.to_act(state) == (min(state.to_move) if state.to_move else None)


def test_the_aec_mask_follows_a_move_made_on_the_game_state():
    """The AEC env reads who acts from the state, not from its own last step: after a move
    made on ``game_state`` directly, the mask is the new position's."""
    e = aec_env("herbalism", players=2)
    e.reset(seed=5)
    state = e.game_state
    seat = min(state.to_move)
    agent = e.possible_agents[seat]
    assert e.action_mask(agent).any()
    state.apply(seat, state.legal_actions(seat)[0])
    now = min(state.to_move)
    for other, name in enumerate(e.possible_agents):
        mask = e.observe(name)["action_mask"]
        if other == now:
            expected = sorted(state.action_index(a) for a in state.legal_actions(other))
            assert np.flatnonzero(mask).tolist() == expected
        else:
            assert not mask.any()


@pytest.mark.parametrize("short", [0, 10**9])
@pytest.mark.parametrize("dtype", [np.int8, np.bool_])
@pytest.mark.parametrize("game_id", ["dschunke", "immunity"])
def test_masks_mark_exactly_the_legal_numbers(monkeypatch, game_id, dtype, short):
    """Both ways of marking (number by number, as an array) and both mask types (the AEC env's
    int8, the Gymnasium envs' bool) set exactly the legal numbers."""
    monkeypatch.setattr(core, "SHORT", short)
    adapter = Adapter(game_id, players=2)
    for state, seat in positions(adapter, seed=6, limit=30):
        mask = np.zeros(adapter.num_actions, dtype=dtype)
        adapter.mark_legal(state, seat, mask)
        legal = state.legal_actions(seat, copy=False)
        expected = sorted(set(adapter.numbers.numbers_of(state, legal)))
        assert np.flatnonzero(mask).tolist() == expected
        assert sorted(set(adapter.legal_numbers(state, seat).tolist())) == expected


def test_decode_takes_any_integer_and_refuses_a_bool():
    adapter = Adapter("herbalism", players=2)
    state = adapter.new_state(seed=2)
    seat = min(state.to_move)
    number = int(adapter.legal_numbers(state, seat)[0])
    plain = adapter.decode(state, seat, number)
    assert adapter.decode(state, seat, np.int64(number)) is plain
    assert adapter.decode(state, seat, np.int32(number)) is plain
    with pytest.raises(ludoteca.IllegalAction):
        adapter.decode(state, seat, True)
