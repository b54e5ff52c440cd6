"""PettingZoo's own api_test for every game and player count, plus the reward and dead-step
semantics documented in docs/interop.md."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test, seed_test

import ludoteca
from ludoteca.engine import registry
from ludoteca.interop.pettingzoo import env

CASES = [(g, n) for g in registry.all_games()
         for n in range(ludoteca.game(g).min_players, ludoteca.game(g).max_players + 1)]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_api_test_passes(game_id, players):
    api_test(env(game_id, players=players), num_cycles=100_000)


def test_pettingzoo_seed_test_passes():
    seed_test(lambda: env("dschunke"), num_cycles=200)


def _play_out(e, seed):
    """Random masked play; returns (final rewards seen by last(), agents in removal order)."""
    e.reset(seed=seed)
    seen, removed = {}, []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            seen[agent] = reward
            removed.append(agent)
            e.step(None)
        else:
            assert reward == 0
            e.step(e.action_space(agent).sample(obs["action_mask"]))
    return seen, removed


def test_rewards_arrive_once_at_the_end_and_each_agent_takes_one_dead_step():
    e = env("dschunke")
    seen, removed = _play_out(e, seed=4)
    state = e.game_state
    assert state.is_over and e.agents == []
    assert sorted(removed) == ["seat_0", "seat_1"]
    winners = state.winners
    expected = {f"seat_{s}": (0.0 if len(winners) == 2 else (1.0 if s in winners else -1.0)) for s in (0, 1)}
    assert seen == expected


def test_reset_with_a_seed_deals_the_same_game():
    a, b = env("dschunke"), env("dschunke")
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.game_state == b.game_state


def test_an_illegal_number_raises_and_changes_nothing():
    e = env("dschunke")
    e.reset(seed=1)
    before = e.game_state.to_json()
    with pytest.raises(ludoteca.IllegalAction, match="not legal for seat 0"):
        e.step(0)
    assert e.game_state.to_json() == before


def test_only_the_agent_to_act_has_a_mask():
    e = env("dschunke")
    e.reset(seed=1)
    assert e.observe("seat_0")["action_mask"].sum() > 0
    assert e.observe("seat_1")["action_mask"].sum() == 0
    assert e.state().shape == e.observe("seat_0")["observation"].shape


@pytest.mark.parametrize("game_id", registry.all_games())
def test_simultaneous_decisions_are_asked_in_seat_order(game_id):
    """The agent selected is always the lowest seat among those the game waits for."""
    players = ludoteca.game(game_id).max_players
    e = env(game_id, players=players)
    e.reset(seed=2)
    several = 0
    for agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        pending = e.game_state.to_move
        several += len(pending) > 1
        assert agent == f"seat_{min(pending)}"
        e.step(e.action_space(agent).sample(obs["action_mask"]))
    if game_id == "dice-hospital":
        assert several > 0          # its activation really is simultaneous
