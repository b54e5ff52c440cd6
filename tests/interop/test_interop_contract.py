"""The per-game interop contract, checked for every registered game, and the shared adapter.

A game that does not provide the contract fails here by name (on purpose: the RL interfaces
cannot serve it)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import ludoteca
from ludoteca.engine import registry
from ludoteca.interop import Adapter, final_rewards, missing_interop, require_interop
from ludoteca.interop.core import numberings

GAMES = registry.all_games()  # examples included: they are games like any other


def _random_positions(game_id: str, players: int, seed: int, limit: int = 400, actions: str | None = None):
    """Yield (state, seat) at every decision of one seeded random game."""
    adapter = Adapter(game_id, players=players, actions=actions)
    state = adapter.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return
        seat = adapter.seat_to_act(state)
        yield adapter, state, seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("game_id", GAMES)
def test_game_provides_the_interop_contract(game_id):
    """Every registered game offers num_distinct_actions, observation_size, encode,
    action_index and index_action (docs/interop.md, 'The per-game contract')."""
    assert missing_interop(ludoteca.game(game_id)) == []


NUMBERINGS = [(g, name) for g in GAMES for name in numberings(ludoteca.game(g))]


@pytest.mark.parametrize(("game_id", "actions"), NUMBERINGS)
def test_action_numbers_round_trip_and_masks_match_legal_actions(game_id, actions):
    """In every numbering a game offers, every legal action gets a distinct number in range
    (or a shared one, which gives back the first legal action holding it), the number gives
    the action back, and the mask has exactly the legal numbers set."""
    game = ludoteca.game(game_id)
    for players in range(game.min_players, game.max_players + 1):
        for adapter, state, seat in _random_positions(game_id, players, seed=players, actions=actions):
            legal = state.legal_actions(seat)
            numbers = [adapter.numbers.index(state, a) for a in legal]
            plain = [n for n in numbers if n not in adapter.numbers.shared]
            assert len(set(plain)) == len(plain)
            assert all(0 <= n < adapter.num_actions for n in numbers)
            for action, number in zip(legal, numbers, strict=True):
                first = legal[numbers.index(number)]
                assert adapter.numbers.action(state, number) == first
                assert number in adapter.numbers.shared or first == action
            mask = adapter.legal_mask(state, seat)
            assert mask.dtype == np.int8 and mask.shape == (adapter.num_actions,)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(set(numbers))


@pytest.mark.parametrize("game_id", GAMES)
def test_encoding_has_the_declared_size_for_every_seat(game_id):
    """encode(view(seat)) has exactly observation_size finite numbers, for each seat and a
    spectator, at every step of a random game."""
    game = ludoteca.game(game_id)
    players = game.max_players
    for step, (adapter, state, _seat) in enumerate(_random_positions(game_id, players, seed=5)):
        if step % 5:
            continue
        for seat in [*range(players), None]:
            obs = adapter.observation(state, seat)
            assert obs.shape == (adapter.observation_size,) and obs.dtype == np.float32
            assert np.isfinite(obs).all()


def test_a_game_without_the_contract_is_refused_by_name():
    class Bare(ludoteca.Game):
        id = "bare"
        title = "Bare"
        min_players = max_players = 2
        state_class = ludoteca.State

    assert missing_interop(Bare()) == ["Game.num_distinct_actions", "Game.observation_size",
                                       "Game.encode", "State.action_index", "State.index_action"]
    with pytest.raises(NotImplementedError, match="bare does not provide the RL interop contract"):
        require_interop(Bare())


def test_decode_refuses_an_illegal_number():
    adapter = Adapter("dschunke")
    state = adapter.new_state(seed=1)
    with pytest.raises(ludoteca.IllegalAction, match="action number 0 is not legal for seat 0"):
        adapter.decode(state, 0, 0)   # number 0 is 'pick strip 0'; red opens with a lone strip


class _Finished:
    """Just what final_rewards reads from a finished state."""

    def __init__(self, scores, winners):
        self.players, self.scores, self.winners, self.is_over = len(scores), scores, winners, True


def test_rank_rewards_order_winners_then_scores_and_sum_to_zero():
    """rank: (seats beaten - seats above) / (n - 1); winners (tie-breaks, sudden losses)
    finish above everyone else whatever the scores say."""
    assert final_rewards(_Finished([10, 7], [0])) == [1.0, -1.0]
    assert final_rewards(_Finished([7, 7], [0, 1])) == [0.0, 0.0]
    assert final_rewards(_Finished([3, 9], [0])) == [1.0, -1.0]          # e.g. Rat Hot's 3 rats
    four = final_rewards(_Finished([10, 5, 5, 1], [0]))
    assert four == [1.0, 0.0, 0.0, -1.0] and sum(four) == 0
    assert final_rewards(_Finished([12], [0])) == [12.0]                 # solo: the score
    assert final_rewards(_Finished([10, 5, 1], [0]), "win") == [1.0, 0.0, 0.0]
    assert final_rewards(_Finished([10, 5, 1], [0]), "score") == [10.0, 5.0, 1.0]


def test_decode_without_a_mask_uses_index_action_and_still_checks_legality():
    """A fresh adapter (no legal map built) decodes through index_action, and refuses a
    number whose action is not legal now."""
    for actions in ("full", "compact"):
        state = Adapter("dschunke", actions=actions).new_state(seed=1)
        legal = state.legal_actions(0)
        number = Adapter("dschunke", actions=actions).numbers.index(state, legal[-1])
        assert Adapter("dschunke", actions=actions).decode(state, 0, number) == legal[-1]
        with pytest.raises(ludoteca.IllegalAction):
            Adapter("dschunke", actions=actions).decode(state, 0, number + 4 * 12)   # a spot further on
        with pytest.raises(ludoteca.IllegalAction, match="must be an integer"):
            Adapter("dschunke", actions=actions).decode(state, 0, "seven")
