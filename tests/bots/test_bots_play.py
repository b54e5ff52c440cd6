"""Every bot returns a legal action in every registered game, and fixed seeds replay exactly."""

from __future__ import annotations

import pytest
from bots_positions import default_players, positions

import ludoteca
from ludoteca.bots import make
from ludoteca.bots.arena import play_game

GAMES = ludoteca.games()
QUICK = {"random": {}, "easy": {}, "normal": {}, "ismcts": {"iterations": 25}, "learned": {"iterations": 25}}


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("name", list(QUICK))
def test_bot_returns_a_legal_action_for_each_seat_to_move(game_id, name):
    """The bot answers for any seat in ``to_move`` (simultaneous decisions included)."""
    for index, state in enumerate(positions(game_id, count=3)):
        before = state.to_json()
        for seat in state.to_move:
            action = make(name, seed=index, **QUICK[name]).choose(state, seat)
            assert action in state.legal_actions(seat)
        assert state.to_json() == before, "a bot must never change the position it is shown"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("name", ["easy", "normal", "ismcts"])
def test_same_seed_same_choices(game_id, name):
    """A bot with a fixed seed and an iteration budget decides identically on the same position."""
    for state in positions(game_id, count=2, seed=11):
        seat = state.to_move[0]
        first = [make(name, seed=5, **QUICK[name]).choose(state.clone(), seat) for _ in range(2)]
        assert first[0] == first[1]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_between_bots_replays_identically(game_id):
    """Arena games are reproducible: same seed, same bots, same record of results."""
    players = default_players(game_id)
    bots = ["ismcts:iterations=4:chain_budget=200", "random"]  # a small look-through: the point is the replay
    one = play_game(game_id, players, bots, index=1, seed=3)
    two = play_game(game_id, players, bots, index=1, seed=3)
    for key in ("seats", "scores", "winners", "actions"):
        assert one[key] == two[key]
    assert sorted(one["seats"][:2]) == ["ismcts:iterations=4:chain_budget=200", "random"]
