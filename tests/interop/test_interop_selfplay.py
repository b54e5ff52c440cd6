"""Self-play in the Gymnasium env: opponents played by a policy callable or a model's
``predict``, seeing only their own seat's observation and mask (docs/interop.md)."""

from __future__ import annotations

import numpy as np
import pytest

import ludoteca
from ludoteca.interop.core import Adapter
from ludoteca.interop.gymnasium import env


class Recorder:
    """A policy that plays the highest legal number and remembers what it was shown."""

    def __init__(self) -> None:
        self.shown: list[tuple[np.ndarray, np.ndarray]] = []

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        self.shown.append((observation.copy(), mask.copy()))
        return int(np.flatnonzero(mask)[-1])


def play(e, seed: int) -> float:
    _obs, info = e.reset(seed=seed)
    while True:
        _obs, reward, terminated, _truncated, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
        if terminated:
            return reward


def test_a_policy_opponent_sees_only_its_own_seat_and_its_moves_are_played():
    policy = Recorder()
    e = env("immunity", players=3, seat=0, opponents=policy)
    adapter = Adapter("immunity", players=3)
    play(e, seed=5)
    assert policy.shown, "the opponents never moved"
    # Replay the game: every time seat 1 or 2 moved, the policy had been shown exactly that
    # seat's encoding and mask, and the move played was its highest legal number.
    state = ludoteca.game("immunity").new(3, seed=e.game_state.seed, options=e.game_state.options)
    shown = iter(policy.shown)
    for seat, action in e.game_state.record()["actions"]:
        if seat != 0:
            observation, mask = next(shown)
            assert np.array_equal(observation, adapter.observation(state, seat))  # its view, no other
            assert np.array_equal(mask, adapter.legal_mask(state, seat).astype(bool))
            assert state.action_index(action) == int(np.flatnonzero(mask)[-1])
        state.apply(seat, action)
    assert next(shown, None) is None


class FrozenModel:
    """Stands in for a saved MaskablePPO: ``predict`` with ``action_masks``, returning an array."""

    def __init__(self) -> None:
        self.calls = 0

    def predict(self, observation, state=None, episode_start=None, deterministic=False, action_masks=None):
        assert deterministic is True and action_masks is not None
        self.calls += 1
        return np.array(int(np.flatnonzero(action_masks)[0])), None


class UnmaskedModel:
    """A model whose ``predict`` takes no mask (Stable-Baselines3's PPO): it may choose badly."""

    def predict(self, observation, state=None, episode_start=None, deterministic=False):
        return np.array([0]), None


def test_a_model_with_predict_plays_the_other_seats():
    model = FrozenModel()
    e = env("dschunke", seat=1, opponents=model)
    reward = play(e, seed=3)
    assert model.calls > 0 and e.game_state.is_over and reward in (-1.0, 0.0, 1.0)


def test_an_illegal_choice_of_an_opponent_policy_names_its_seat():
    e = env("dschunke", seat=1, opponents=UnmaskedModel())
    with pytest.raises(ludoteca.IllegalAction, match="the opponent policy in seat 0 chose an illegal action"):
        e.reset(seed=3)


def test_one_policy_per_other_seat_and_a_clear_error_for_anything_else():
    e = env("herbalism", players=3, opponents=[Recorder(), "random"])
    assert play(e, seed=1) in (-1.0, -0.5, 0.0, 0.5, 1.0)
    with pytest.raises(ValueError, match="an opponent is a bot name, an object with choose"):
        env("herbalism", players=3, opponents=[Recorder(), 42])
