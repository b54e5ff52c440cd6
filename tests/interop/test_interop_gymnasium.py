"""Gymnasium's own check_env for every game and player count, and the single-agent semantics."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ludoteca
from ludoteca.engine import registry
from ludoteca.interop.gymnasium import env

CASES = [(g, n) for g in registry.all_games()
         for n in range(ludoteca.game(g).min_players, ludoteca.game(g).max_players + 1)]
# The one warning Gymnasium's checker may give, and why it is no fault: the options fix some
# observation numbers (an absent seat's slots, Rat Hot's counters under the standard rules), so
# the bounds each game derives from its rules say low == high there.
CONSTANT_NUMBERS = "A Box observation space maximum and minimum values are equal."


def checked(call, *args, allowed=(CONSTANT_NUMBERS,), **kwargs):
    """``call(*args, **kwargs)``; any warning other than the ``allowed`` ones fails the test."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call(*args, **kwargs)
    unexpected = [str(w.message) for w in caught if not any(a in str(w.message) for a in allowed)]
    assert not unexpected
    return result


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_gymnasium_check_env_passes(game_id, players):
    """Seat 0, and the last seat, whose opponents move before its first decision in reset()."""
    for seat in sorted({0, players - 1}):
        e = env(game_id, players=players, seat=seat, opponents="random")
        checked(check_env, e, skip_render_check=True)


def _episode(e, seed):
    obs, info = e.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        mask = e.action_masks()
        assert mask.dtype == bool and mask.any() and np.array_equal(mask, info["action_mask"])
        action = int(np.random.default_rng(steps).choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = e.step(action)
        total += reward
        steps += 1
        assert not truncated
        if terminated:
            return total, info


def test_an_episode_ends_with_the_seats_rank_reward():
    e = env("dschunke", seat=1, opponents="random")
    total, info = _episode(e, seed=3)
    winners = info["winners"]
    assert total == (0.0 if len(winners) == 2 else (1.0 if 1 in winners else -1.0))
    assert not e.action_masks().any()


def test_an_illegal_action_loses_by_default_or_raises_on_request():
    e = env("dschunke", opponents="random")
    e.reset(seed=1)
    _obs, reward, terminated, _trunc, info = e.step(0)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    strict = env("dschunke", opponents="random", illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(ludoteca.IllegalAction):
        strict.step(0)


def test_default_opponents_work_whatever_levels_exist():
    e = env("dschunke")          # "normal", or "random" with a warning if there is no such level
    e.reset(seed=0)
    assert e.action_masks().any()


def test_opponents_are_checked():
    with pytest.raises(ValueError, match="one bot per other seat"):
        env("dschunke", opponents=["random", "random"])
    with pytest.raises(ValueError, match="unknown bot"):
        env("dschunke", opponents="grandmaster")


def test_gymnasium_make_knows_every_game_and_its_render_modes():
    """Registered ids make the env; with a spec, check_env also tries every render mode."""
    import gymnasium

    from ludoteca.interop.gymnasium import env_id

    made = checked(gymnasium.make, env_id("dschunke"), opponents="random", render_mode="ansi")
    checked(check_env, made.unwrapped)
    made.reset(seed=1)
    assert "dschunke" in made.render()
    assert {env_id(g) for g in ludoteca.games()} <= set(gymnasium.registry)


def test_dschunke_board_planes_for_convolutional_policies():
    """observation="planes": the board as 12 x 41 x 41 planes (channel, y+20, x+20) beside the
    other features, the same numbers as the vector; the start strip's three crates show in
    the height plane at (-1, 0), (0, 0) and (1, 0)."""
    e = env("dschunke", opponents="random", observation="planes")
    checked(check_env, e, skip_render_check=True)
    obs, _info = e.reset(seed=4)
    assert obs["planes"].shape == (12, 41, 41) and obs["planes"].dtype == np.float32
    vector = e.adapter.observation(e.game_state, e.seat)
    assert np.array_equal(np.concatenate([obs["planes"].ravel(), obs["features"]]), vector)
    assert e.observation_space["features"].shape == (vector.size - 12 * 41 * 41,)
    assert all(obs["planes"][0, 20, 20 + x] > 0 for x in (-1, 0, 1))
    assert obs["planes"][0, 20 + 5, 20].item() == 0  # nothing laid five rows down yet


def test_planes_for_a_game_without_them_and_an_unknown_kind_are_refused_by_name():
    with pytest.raises(ValueError, match="Immunity has no board planes in its observation; use 'vector'"):
        env("immunity", opponents="random", observation="planes")
    with pytest.raises(ValueError, match="observation must be 'vector' or 'planes'; got 'image'"):
        env("dschunke", opponents="random", observation="image")
