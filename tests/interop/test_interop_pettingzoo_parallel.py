"""The Parallel PettingZoo env: PettingZoo's parallel_api_test and state_test for every game and
player count, and the step semantics docs/interop.md promises (the seats to act act together,
a missing or illegal action changes nothing, the others' actions are ignored)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, state_test
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

import ludoteca
from ludoteca.engine import registry
from ludoteca.interop.core import final_rewards
from ludoteca.interop.pettingzoo import env
from ludoteca.interop.pettingzoo_parallel import parallel_env

CASES = [(g, n) for g in registry.all_games()
         for n in range(ludoteca.game(g).min_players, ludoteca.game(g).max_players + 1)]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_parallel_api_test_and_state_test_pass(game_id, players):
    with warnings.catch_warnings():
        # Observations are not bounded yet (docs/interop.md says so); everything else must pass.
        warnings.filterwarnings("ignore", message="Environment's (maximum|minimum) state space value is")
        parallel_api_test(parallel_env(game_id, players=players), num_cycles=100_000)
        # state_test steps with unmasked random numbers: the wrapper makes an illegal one a loss,
        # as PettingZoo's own board games do.
        state_test(TerminateIllegalWrapper(env(game_id, players=players), illegal_reward=-1),
                   parallel_env(game_id, players=players), num_cycles=10)


def masked(observations, agents):
    return {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in agents
            if observations[a]["action_mask"].any()}


def to_activation(e, seed: int = 3):
    """Play the first legal numbers until Dice Hospital waits for several seats at once."""
    observations, _ = e.reset(seed=seed)
    while len(e.game_state.to_move) < 2:
        observations, *_ = e.step(masked(observations, e.agents))
    return observations


def test_the_seats_to_act_all_act_in_one_step():
    """Dice Hospital's activation: "all players activate their hospitals at the same time"
    (rule book, phase 6).  One step takes every waiting seat's move."""
    e = parallel_env("dice-hospital", players=3)
    observations = to_activation(e)
    waiting = sorted(e.game_state.to_move)
    before = e.game_state.clone()
    actions = masked(observations, e.agents)
    assert sorted(int(a.split("_")[1]) for a in actions) == waiting
    e.step(actions)
    expected = before
    for seat in waiting:  # the same moves through the engine, one seat after the other
        expected.apply(seat, e.adapter.decode(expected, seat, actions[f"seat_{seat}"]))
    assert e.game_state.to_json() == expected.to_json()


def test_a_missing_or_illegal_action_raises_and_changes_nothing():
    e = parallel_env("dice-hospital", players=3)
    observations = to_activation(e)
    waiting = sorted(e.game_state.to_move)
    before = e.game_state.to_json()
    actions = masked(observations, e.agents)
    last = f"seat_{waiting[-1]}"
    with pytest.raises(ludoteca.IllegalAction, match=f"{last} is to act and was given no action"):
        e.step({a: n for a, n in actions.items() if a != last})
    assert e.game_state.to_json() == before
    illegal = int(np.flatnonzero(observations[last]["action_mask"] == 0)[0])
    with pytest.raises(ludoteca.IllegalAction, match=f"action number {illegal} is not legal for seat {waiting[-1]}"):
        e.step({**actions, last: illegal})  # the seats before it were legal: still nothing applied
    assert e.game_state.to_json() == before


def test_the_actions_of_agents_not_to_act_are_ignored():
    e = parallel_env("dschunke")
    observations, _ = e.reset(seed=1)
    assert e.game_state.to_move == (0,) and not observations["seat_1"]["action_mask"].any()
    e.step({**masked(observations, e.agents), "seat_1": -12345})
    assert e.game_state.version == 1


def test_the_end_gives_every_agent_its_rank_reward_and_empties_the_agents():
    e = parallel_env("immunity", players=3)
    observations, _ = e.reset(seed=4)
    while e.agents:
        agents = list(e.agents)
        observations, rewards, terminations, truncations, infos = e.step(masked(observations, agents))
        assert set(rewards) == set(agents) and not any(truncations.values())
        if e.agents:
            assert set(rewards.values()) == {0.0} and not any(terminations.values())
    state = e.game_state
    assert [rewards[f"seat_{s}"] for s in range(3)] == final_rewards(state, "rank")
    assert all(terminations.values()) and infos["seat_0"] == {"scores": state.scores, "winners": state.winners}
    with pytest.raises(RuntimeError, match="the game is over"):
        e.step({})


def test_reset_with_a_seed_deals_the_same_game():
    a, b = parallel_env("herbalism", players=3), parallel_env("herbalism", players=3)
    first, _ = a.reset(seed=9)
    second, _ = b.reset(seed=9)
    for agent in a.possible_agents:
        assert np.array_equal(first[agent]["observation"], second[agent]["observation"])
    assert a.game_state.to_json() == b.game_state.to_json()
