"""``reward="dense"``: every step, each seat's reward is the change of its live score, so a
game's rewards add up to its score change (docs/interop.md, "Rewards"), in all three envs that
take a reward mode."""

from __future__ import annotations

import numpy as np
import pytest

from ludoteca.engine import registry
from ludoteca.interop.gymnasium import env as gym_env
from ludoteca.interop.pettingzoo import env as aec_env
from ludoteca.interop.pettingzoo_parallel import parallel_env

GAMES = registry.all_games()


@pytest.mark.parametrize("game_id", GAMES)
def test_aec_dense_rewards_are_the_score_changes_of_every_step(game_id):
    e = aec_env(game_id, players=2 if game_id != "dice-hospital" else 3, reward="dense")
    e.reset(seed=7)
    state = e.game_state
    last = [float(s) for s in state.scores]
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(e.action_space(agent).sample(obs["action_mask"]))
        now = [float(s) for s in state.scores]
        assert [e.rewards[f"seat_{s}"] for s in range(len(now))] == [a - b for a, b in zip(now, last, strict=True)]
        last = now
        for a in totals:
            totals[a] += e.rewards[a]
    start = [float(s) for s in e.adapter.new_state(seed=state.seed).scores]
    assert [totals[f"seat_{s}"] for s in range(len(start))] == pytest.approx(
        [float(score) - begin for score, begin in zip(state.scores, start, strict=True)])


def test_parallel_dense_rewards_add_up_to_the_score_changes():
    e = parallel_env("dice-hospital", players=3, reward="dense")
    observations, _ = e.reset(seed=2)
    start = [float(s) for s in e.game_state.scores]
    totals = np.zeros(3)
    while e.agents:
        actions = {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in e.agents
                   if observations[a]["action_mask"].any()}
        observations, rewards, *_ = e.step(actions)
        totals += [rewards[f"seat_{s}"] for s in range(3)]
    assert totals.tolist() == pytest.approx([float(s) - b for s, b in zip(e.game_state.scores, start, strict=True)])
    assert any(totals)  # the game's scores moved


def test_gymnasium_dense_reward_is_the_seats_score_change_over_each_step():
    e = gym_env("immunity", players=3, seat=1, opponents="random", reward="dense")
    _obs, info = e.reset(seed=3)
    before = float(e.game_state.scores[1])
    total, terminated = 0.0, False
    while not terminated:
        _obs, reward, terminated, _truncated, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
        now = float(e.game_state.scores[1])
        assert reward == pytest.approx(now - before)
        total, before = total + reward, now
    assert e.observation_space.shape == e.adapter.observation(e.game_state, 1).shape
    assert total != 0


def test_an_unknown_reward_mode_is_refused_by_name():
    with pytest.raises(ValueError, match="reward must be one of rank, win, score, dense; got 'points'"):
        aec_env("dschunke", reward="points")
