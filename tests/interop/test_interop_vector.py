"""The batched vector env: N tables in one call, each the very game a single env would deal.

Why compare with the single env rather than check numbers: the batched env exists to be the
same N envs, faster.  Table ``i`` seeded ``s + i`` must give exactly what a single env reset
with ``s + i`` gives for the same actions (observations, masks, rewards, ends), including
across the same-step autoreset.
"""

from __future__ import annotations

import numpy as np
import pytest

from ludoteca import IllegalAction
from ludoteca.engine import registry
from ludoteca.interop.gymnasium import env
from ludoteca.interop.vector import vector_env

GAMES = registry.all_games()


def pick(rng: np.random.Generator, mask: np.ndarray) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(legal.size)])


@pytest.mark.parametrize("game_id", GAMES)
def test_each_table_is_the_single_env_with_its_seed(game_id):
    tables = 3
    batch = vector_env(game_id, tables, opponents="random")
    singles = [env(game_id, opponents="random") for _ in range(tables)]
    obs, info = batch.reset(seed=40)
    expected = [single.reset(seed=40 + i) for i, single in enumerate(singles)]
    for row, (single_obs, single_info) in enumerate(expected):
        assert np.array_equal(obs[row], single_obs)
        assert np.array_equal(info["action_mask"][row], single_info["action_mask"])
    rng = np.random.default_rng(5)
    ended, _step = 0, 0
    while ended < tables:                   # until each table's first game (at least) has ended
        _step += 1
        assert _step < 5_000, f"{game_id}: fewer than {tables} games ended in 5,000 steps"
        actions = [pick(rng, mask) for mask in info["action_mask"]]
        obs, rewards, terms, truncs, info = batch.step(actions)
        assert not truncs.any()
        for row, single in enumerate(singles):
            s_obs, s_reward, s_term, _s_trunc, s_info = single.step(actions[row])
            assert rewards[row] == s_reward and terms[row] == s_term
            if s_term:                      # the batch dealt the next game at once
                ended += 1
                assert info["_final_obs"][row]
                assert np.array_equal(info["final_obs"][row], s_obs)
                assert info["final_info"][row]["scores"] == s_info["scores"]
                s_obs, s_info = single.reset()
            else:
                assert "final_obs" not in info or not info["_final_obs"][row]
            assert np.array_equal(obs[row], s_obs), f"{game_id} table {row} step {_step}"
            assert np.array_equal(info["action_mask"][row], s_info["action_mask"])


def test_spaces_are_the_single_envs_batched():
    batch = vector_env("immunity", 4, opponents="random")
    single = env("immunity", opponents="random")
    assert batch.single_observation_space == single.observation_space
    assert batch.single_action_space == single.action_space
    assert batch.observation_space.shape == (4, *single.observation_space.shape)
    obs, info = batch.reset(seed=1)
    assert obs in batch.observation_space
    assert info["action_mask"].shape == (4, single.action_space.n) and info["action_mask"].dtype == bool
    assert np.array_equal(batch.action_masks(), info["action_mask"])


def test_copy_false_hands_out_the_batch_itself_and_copy_true_does_not():
    shared = vector_env("herbalism", 2, opponents="random", copy=False)
    obs, _info = shared.reset(seed=2)
    assert obs is shared.observations
    own = vector_env("herbalism", 2, opponents="random")
    obs, _info = own.reset(seed=2)
    assert obs is not own.observations and np.array_equal(obs, own.observations)


def test_an_illegal_number_raises_naming_the_table_and_steps_no_table():
    batch = vector_env("dschunke", 3, opponents="random", illegal_action="raise")
    _obs, info = batch.reset(seed=3)
    rng = np.random.default_rng(0)
    actions = [pick(rng, mask) for mask in info["action_mask"]]
    actions[2] = int(np.flatnonzero(~info["action_mask"][2])[0])
    versions = [table.state_.version for table in batch.tables]
    with pytest.raises(IllegalAction, match=r"table 2: action number \d+ is not legal.*no table was stepped"):
        batch.step(actions)
    assert [table.state_.version for table in batch.tables] == versions


def test_an_illegal_number_loses_that_table_only_by_default():
    batch = vector_env("immunity", 2, opponents="random")
    _obs, info = batch.reset(seed=4)
    actions = [pick(np.random.default_rng(0), info["action_mask"][0]),
               int(np.flatnonzero(~info["action_mask"][1])[0])]
    _obs, rewards, terms, _truncs, info = batch.step(actions)
    assert terms.tolist() == [False, True]
    assert rewards[1] == -1.0
    assert info["final_info"][1]["illegal_action"] is True
    assert info["action_mask"][1].any()           # table 1 was dealt a new game


@pytest.mark.parametrize(("arguments", "problem"), [
    ({"num_envs": 0}, "num_envs must be a whole number of tables, 1 or more; got 0"),
    ({"num_envs": True}, "num_envs must be a whole number"),
    ({"num_envs": 2, "seat": 5}, "seat must be 0..1; got 5"),
    ({"num_envs": 2, "opponents": "no-such-bot"}, "unknown bot 'no-such-bot'"),
])
def test_bad_arguments_are_refused_by_name(arguments, problem):
    with pytest.raises(ValueError, match=problem):
        vector_env("immunity", **arguments)


def test_bad_steps_are_refused_and_change_nothing():
    batch = vector_env("immunity", 2, opponents="random")
    with pytest.raises(RuntimeError, match="call reset"):
        batch.step([0, 0])
    _obs, _info = batch.reset(seed=1)
    versions = [table.state_.version for table in batch.tables]
    with pytest.raises(ValueError, match=r"one action number per table, shape \(2,\); got shape \(3,\)"):
        batch.step([0, 0, 0])
    with pytest.raises(ValueError, match="one seed per table"):
        batch.reset(seed=[1, 2, 3])
    assert [table.state_.version for table in batch.tables] == versions


def test_reset_seeds_replay():
    one, two = (vector_env("dice-hospital", 2, opponents="random") for _ in range(2))
    assert np.array_equal(one.reset(seed=9)[0], two.reset(seed=9)[0])
    assert np.array_equal(one.reset(seed=[9, 10])[0], two.reset(seed=9)[0])
