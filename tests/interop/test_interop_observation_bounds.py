"""Every game's observation has finite bounds (``Game.observation_bounds``, derived by each game
from its rules and content), and the envs' observation spaces are those bounds: a learner can
scale its inputs, and Gymnasium's and PettingZoo's checkers see a bounded ``Box``.  The bounds
are checked here against every observation of seeded random games at every player count (each
game's own test adds a designer's params change); they are never sampled, so a bound that is
too tight fails here by game, index and value."""

from __future__ import annotations

import random

import numpy as np
import pytest

import ludoteca
from ludoteca.engine import registry
from ludoteca.interop import Adapter
from ludoteca.interop.gymnasium import env as gym_env
from ludoteca.interop.pettingzoo import env as zoo_env

GAMES = registry.all_games()


def counts(game_id: str) -> list[int]:
    g = ludoteca.game(game_id)
    return list(range(g.min_players, g.max_players + 1))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_bounds_every_number_of_its_observation(game_id: str) -> None:
    game = ludoteca.game(game_id)
    assert callable(getattr(game, "observation_bounds", None)), f"{game_id} declares no observation_bounds"
    for players in counts(game_id):
        adapter = Adapter(game_id, players=players)
        low, high = adapter.observation_low, adapter.observation_high
        assert np.isfinite(low).all() and np.isfinite(high).all() and (low <= high).all()
        state, rng = adapter.new_state(seed=players), random.Random(players)
        while True:
            for seat in [None, *range(players)]:
                observation = adapter.observation(state, seat)
                outside = np.flatnonzero((observation < low) | (observation > high))
                assert not outside.size, (f"{game_id}, {players} players, seat {seat}: number {outside[0]} is "
                                          f"{observation[outside[0]]}, outside [{low[outside[0]]}, {high[outside[0]]}]")
            if state.is_over:
                break
            mover = rng.choice(state.to_move)
            state.apply(mover, rng.choice(state.legal_actions(mover)))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_envs_spaces_are_the_games_bounds(game_id: str) -> None:
    e = gym_env(game_id, opponents="random")
    adapter = e.adapter  # the env's player count (bounds may depend on it)
    assert np.array_equal(e.observation_space.low, adapter.observation_low)
    assert np.array_equal(e.observation_space.high, adapter.observation_high)
    observation, _info = e.reset(seed=1)
    assert e.observation_space.contains(observation)
    zoo = zoo_env(game_id, players=adapter.players)
    agent = zoo.possible_agents[0]
    assert np.array_equal(zoo.observation_space(agent)["observation"].high, adapter.observation_high)
    assert np.array_equal(zoo.state_space.low, adapter.observation_low)
    if adapter.planes is not None:
        planes = gym_env(game_id, opponents="random", observation="planes")
        observation, _info = planes.reset(seed=2)
        assert planes.observation_space.contains(observation)
        assert np.isfinite(planes.observation_space["planes"].high).all()
