"""Stable-Baselines3's own check_env for every game and player count, and whole masked games
through SB3's vectorised wrapper."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import ludoteca
from ludoteca.engine import registry
from ludoteca.interop.gymnasium import env

env_checker = pytest.importorskip(
    "stable_baselines3.common.env_checker",
    reason="Stable-Baselines3 comes with the train extra, which make test installs "
           "(pip install -e '.[rl,train]' elsewhere)")

CASES = [(g, n) for g in registry.all_games()
         for n in range(ludoteca.game(g).min_players, ludoteca.game(g).max_players + 1)]


def sb3_warnings(e):
    """SB3's check_env with its SB3-specific warnings on; returns every warning it gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        env_checker.check_env(e, warn=True)
    return [str(w.message) for w in caught]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_sb3_check_env_passes_without_a_warning(game_id, players):
    """Seat 0, and the last seat, whose opponents move before its first decision in reset().
    The check also steps 10 random numbers through SB3's VecCheckNan, which warns on NaN or inf."""
    for seat in sorted({0, players - 1}):
        assert sb3_warnings(env(game_id, players=players, seat=seat, opponents="random")) == []


def test_sb3_check_env_on_dschunke_planes_warns_only_that_they_are_not_an_image():
    """The planes are three-dimensional, so SB3 takes them for an image and says an image for
    its CnnPolicy must be uint8 in [0, 255].  They are not one: 12 channels of heights and
    counts within the bounds the rules give, for a policy of one's own (examples/dschunke_policy.py)
    or SB3's MultiInputPolicy, which flattens a float Box (the next test trains one)."""
    messages = sb3_warnings(env("dschunke", opponents="random", observation="planes"))
    assert len(messages) == 2
    assert all("your observation planes is an image" in m or "your observation space planes is an image" in m
               for m in messages)


@pytest.fixture
def one_torch_thread():
    """torch on one thread, as examples/train_dschunke.py keeps it: make test runs 3 workers on
    2 cores, and torch's default thread per core then spins against the other workers (a
    64-step MaskablePPO update: 10 s of CPU instead of 0.5 s on the loaded test machine)."""
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


def test_maskable_ppo_trains_on_dschunke_planes(one_torch_thread):
    sb3_contrib = pytest.importorskip("sb3_contrib", reason="sb3-contrib comes with the train extra, which "
                                      "make test installs (pip install -e '.[rl,train]' elsewhere)")
    e = env("dschunke", opponents="random", observation="planes")
    model = sb3_contrib.MaskablePPO("MultiInputPolicy", e, n_steps=16, batch_size=16, n_epochs=1,
                                    policy_kwargs={"net_arch": [16]}, seed=0)
    model.learn(total_timesteps=16)
    obs, _info = e.reset(seed=1)
    action, _state = model.predict(obs, action_masks=e.action_masks(), deterministic=True)
    assert e.action_masks()[int(action)]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_masked_games_through_sb3_vec_env(game_id, players):
    """SB3's checker steps random numbers, nearly all illegal, so its episodes end at once with
    the illegal-action loss.  Here legal numbers, from the mask as MaskablePPO reads it
    (env_method("action_masks")), play whole games through DummyVecEnv, which resets after
    each one, and VecCheckNan, which raises on NaN or inf."""
    from stable_baselines3.common.vec_env import DummyVecEnv, VecCheckNan

    vec = VecCheckNan(DummyVecEnv([lambda: env(game_id, players=players, seat=players - 1,
                                                opponents="random")]), raise_exception=True)
    vec.seed(players)
    obs = vec.reset()
    space = vec.observation_space
    rng = np.random.default_rng(0)
    games = 0
    while games < 2:
        mask = vec.env_method("action_masks")[0]
        assert mask.dtype == bool and mask.any()
        obs, rewards, dones, infos = vec.step(np.array([rng.choice(np.flatnonzero(mask))]))
        assert space.contains(obs[0]) and np.isfinite(rewards).all()
        if dones[0]:
            games += 1
            assert "winners" in infos[0] and "terminal_observation" in infos[0]
            assert space.contains(infos[0]["terminal_observation"])
