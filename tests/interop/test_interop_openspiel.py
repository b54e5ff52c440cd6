"""OpenSpiel's own random_sim_test for every game and player count, plus resampling,
serialisation of states and an OpenSpiel algorithm playing through the adapter."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

import ludoteca
import ludoteca.interop.openspiel as lo
from ludoteca.engine import registry

# Every game at its default player count (2 where allowed), and solo Dice Hospital, whose
# utility differs (general-sum score).  More seats multiply the per-step checks (every
# player's observation, strings and a fresh initial state per tensor-size query), so larger
# tables are left to PettingZoo's api_test, which covers every count.
CASES = [(g, lo.default_players(ludoteca.game(g))) for g in registry.all_games()]
CASES += [(g, 1) for g in registry.all_games() if ludoteca.game(g).min_players == 1]


def test_every_game_is_registered():
    names = set(pyspiel.registered_names())
    assert {lo.short_name(g) for g in ludoteca.games()} <= names
    assert lo.short_name("dice-hospital") == "ludoteca_dice_hospital"


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_openspiel_random_sim_test_passes(game_id, players):
    # serialize=False: pyspiel has no RNG-state hook for Python games with sampled chance
    # (SerializeGameAndState raises "GetRNGState unimplemented"); states serialise, see below.
    # lo.register: examples are not in ludoteca.games(), so registration on import skips them.
    game = pyspiel.load_game(lo.register(game_id), {"players": players, "seed": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def _advance(state, steps, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_resample_from_infostate_keeps_what_the_player_knows():
    game = pyspiel.load_game("ludoteca_dschunke", {"seed": 1})
    state = _advance(game.new_initial_state(), 9)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for player in (0, 1):
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)
        assert other.current_player() == state.current_player()
        assert other.history() == state.history()
        assert str(other) != str(state)                   # the pile order was redrawn
        assert str(game.deserialize_state(other.serialize())) == str(other)
        _advance(other, 3)                                # and it plays on


def test_states_serialise_and_clone_exactly():
    game = pyspiel.load_game("ludoteca_dschunke", {"seed": 2, "options": '{"rules": "rat-hot"}'})
    state = _advance(game.new_initial_state(), 7)
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    twin = state.clone()
    _advance(twin, 20, seed=5)
    _advance(state, 20, seed=5)
    assert str(twin) == str(state)


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="JSON object"):
        pyspiel.load_game("ludoteca_dschunke", {"options": "{nope"})


def test_openspiel_mcts_plays_through_the_adapter():
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("ludoteca_dschunke", {"seed": 3})
    bot = mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
