"""The pieces the bots value positions with: canonical action keys and rewards in [0, 1]."""

from __future__ import annotations

import json
import random

from bots_positions import positions

import ludoteca
from ludoteca.bots.values import Rewards, Squash, action_key, heuristic, look_ahead, relative


def test_action_key_ignores_key_order_and_matches_json_meaning():
    a = {"type": "place", "tile": 3, "x": 0, "y": 1, "dir": "E"}
    b = {"dir": "E", "y": 1, "x": 0, "tile": 3, "type": "place"}
    assert action_key(a) == action_key(b)
    assert action_key(a) != action_key({**a, "x": 1})
    with_list = {"type": "treat", "dice": [1, 2]}
    assert action_key(with_list) == json.dumps(with_list, sort_keys=True)


def test_squash_maps_to_the_open_unit_interval_and_keeps_order():
    squash = Squash()
    values = [squash(x) for x in (3.0, -3.0, 0.0, 30.0, -30.0)]
    assert values[2] == 0.5
    assert values[0] > 0.5 > values[1]
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values[3] > values[0] and values[4] < values[1]


def test_relative_value_is_against_the_mean_of_the_others():
    assert relative([4.0, 1.0, 1.0], 0) == 3.0
    assert relative([4.0, 1.0, 1.0], 1) == -1.5
    assert relative([7.0], 0) == 7.0


def test_rewards_of_a_finished_game_follow_the_winners():
    """Finished: 0.8 x win share (shared wins 1/k) + 0.2 x squashed score margin."""
    game = ludoteca.game("dschunke")
    state = game.new(2, seed=5)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    rewards = Rewards(0)(state)
    for seat, reward in enumerate(rewards):
        share = 1 / len(state.winners) if seat in state.winners else 0.0
        assert 0.8 * share <= reward <= 0.8 * share + 0.2


def test_two_player_rewards_are_complementary_mid_game():
    for game_id in ludoteca.games():
        game = ludoteca.game(game_id)
        if not game.min_players <= 2 <= game.max_players:
            continue
        state = positions(game_id, count=1, seed=3, players=2)[0]
        mine, theirs = Rewards(0)(state)
        assert 0.0 <= mine <= 1.0 and abs(mine + theirs - 1.0) < 1e-12


def test_sharp_values_are_the_plain_ones_where_a_game_offers_no_sharper_judgement():
    """``sharp`` asks for ``Game.evaluate_sharp``; a game without one judges as always.  Dice
    Hospital and Dschunke have a ``greedy_values`` hook, which ``sharp`` bypasses (the hook
    computes the plain judgement): playing each action on a clone must give the same values."""
    for game_id in ("dice-hospital", "dschunke", "immunity"):
        game = ludoteca.game(game_id)
        state = game.new(2, seed=4)
        rng = random.Random(4)
        for _ in range(12):
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            det = state.determinize(seat, random.Random(1))
            assert heuristic(det, seat, sharp=True) == heuristic(det, seat)
            assert look_ahead(det, seat, legal, 400, 1, sharp=True) == look_ahead(det, seat, legal, 400, 1)
            state.apply(seat, rng.choice(legal))


def test_sharp_values_use_the_games_sharper_judgement():
    """Herbalism offers one (the exact cure odds): ``heuristic(..., sharp=True)`` is it."""
    game = ludoteca.game("herbalism")
    state = game.new(3, seed=2)
    rng = random.Random(2)
    differs = 0
    for _ in range(40):
        seat = state.to_move[0]
        for s in range(3):
            assert heuristic(state, s, sharp=True) == game.evaluate_sharp(state, s)
            differs += heuristic(state, s, sharp=True) != heuristic(state, s)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over:
            break
    assert differs > 0
