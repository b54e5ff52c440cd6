"""OpenSpiel's own random_sim_test (serialisation included) for every game and player count,
explicit chance nodes, the information-state tensor, resampling, serialisation of states and
an OpenSpiel algorithm playing through the adapter."""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest

import ludoteca
import ludoteca.interop.openspiel as lo
from ludoteca.engine import registry
from ludoteca.engine.state import CountingRandom
from ludoteca.interop.chance import MAX_CHANCE_OUTCOMES, ChanceScript, NeedChance

# Every game at every player count it takes.
CASES = [(g, n) for g in registry.all_games()
         for n in range(ludoteca.game(g).min_players, ludoteca.game(g).max_players + 1)]


def test_every_game_is_registered():
    names = set(pyspiel.registered_names())
    assert {lo.short_name(g) for g in ludoteca.games()} <= names
    assert lo.short_name("dice-hospital") == "ludoteca_dice_hospital"


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_openspiel_random_sim_test_passes_with_serialisation(game_id, players):
    # serialize=True: serialize_game_and_state round-trips at every step, which needs the
    # explicit chance nodes (with sampled chance pyspiel asks for an RNG state Python games
    # cannot give).  lo.register: examples are not in ludoteca.games(), so registration on
    # import skips them.
    game = pyspiel.load_game(lo.register(game_id), {"players": players})
    chance = game.get_type().chance_mode
    stochastic = ludoteca.game(game_id).hidden_information
    assert chance == (pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if stochastic
                      else pyspiel.GameType.ChanceMode.DETERMINISTIC)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_sampled_chance_is_still_offered():
    game = pyspiel.load_game("ludoteca_immunity", {"players": 3, "seed": 4, "chance": "sampled"})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.max_chance_outcomes() == 0
    assert not game.new_initial_state().is_chance_node()
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_an_unknown_chance_mode_is_refused_by_name():
    with pytest.raises(ValueError, match="'chance' must be one of explicit, sampled; got 'dice'"):
        pyspiel.load_game("ludoteca_immunity", {"chance": "dice"})


def _play(state, steps, seed=0):
    """Play ``steps`` player moves at random; chance nodes draw by their probabilities."""
    rng = np.random.default_rng(seed)
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        if moves == steps:
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
        moves += 1
    return state


class Recording(CountingRandom):
    """The engine's own generator, writing down every whole-number draw it makes."""

    def __init__(self, seed):
        super().__init__(seed)
        self.log = []

    def _randbelow(self, n):
        value = super()._randbelow(n)
        if n > 1:
            self.log.append((n, value))
        return value


@pytest.mark.parametrize("game_id", registry.all_games())
def test_chance_nodes_offer_exactly_the_engines_draws(game_id):
    """Fed what a seeded engine drew, the chance nodes deal the very same game: the nodes ask
    for the same numbers, in the same order, each equally likely."""
    players = lo.default_players(ludoteca.game(game_id))
    recording = Recording(11)
    engine = ludoteca.game(game_id).new(players, seed=11, rng=recording)
    game = pyspiel.load_game(lo.register(game_id), {"players": players})
    state = game.new_initial_state()
    for n, value in recording.log:
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        if n <= MAX_CHANCE_OUTCOMES:
            assert outcomes == [(k, 1.0 / n) for k in range(n)]
            state.apply_action(value)
        else:                                     # split: a block, then a number within it
            size = -(-n // MAX_CHANCE_OUTCOMES)
            state.apply_action(value // size)
            if min(size, n - value // size * size) > 1:
                state.apply_action(value % size)
    assert not state.is_chance_node()
    assert json.loads(str(state))["state"] == engine.to_json()["state"]


def test_a_shuffle_is_one_node_per_card_but_the_last():
    """Dschunke's set-up: "barajándose el resto de mercancías y colocándolas boca abajo" (the
    other 42 goods strips are shuffled and laid face down; rules/dschunke.es.txt): 41 chance
    nodes of 42, 41, ..., 2 equally likely outcomes, then red's first decision."""
    game = pyspiel.load_game("ludoteca_dschunke")
    state = game.new_initial_state()
    counts = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
        counts.append(len(outcomes))
        state.apply_action(0)
    assert counts == list(range(42, 1, -1))
    assert state.current_player() == 0


def _to_decision(state, seed=0):
    """Let chance draw (by its probabilities, seeded) until a player is to move."""
    rng = np.random.default_rng(seed)
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))
    return state


def test_a_clone_holds_no_future_draw():
    """Immunity, each turn: "Cada jugador deberá tirar entonces un dado para determinar el orden"
    (each player then rolls a die to set the order; rules/immunity.es.txt).  Two clones of the
    position before the move that starts a turn stop at the same die, and their rolls are
    whatever chance then chooses: a search that clones the state cannot know them."""
    game = pyspiel.load_game("ludoteca_immunity", {"players": 2})
    state = _to_decision(game.new_initial_state())
    die = [(k, 1 / 6) for k in range(6)]
    turn = json.loads(str(state))["state"]["turn"]
    while True:
        trial = state.clone()
        trial.apply_action(state.legal_actions()[0])
        if trial.is_chance_node() and trial.chance_outcomes() == die:
            break
        state = _to_decision(trial)
    low, high = state.clone(), state.clone()
    for clone, first, second in ((low, 0, 5), (high, 5, 0)):
        clone.apply_action(state.legal_actions()[0])
        clone.apply_action(first)
        assert clone.chance_outcomes() == die
        clone.apply_action(second)
        _to_decision(clone)
    low_state, high_state = json.loads(str(low))["state"], json.loads(str(high))["state"]
    assert low_state["turn"] == high_state["turn"] == turn + 1
    assert (low_state["rolls"], high_state["rolls"]) == ([1, 6], [6, 1])
    assert (low.current_player(), high.current_player()) == (1, 0)   # the highest roll plays first


def test_a_chance_node_serialises_and_a_bad_outcome_changes_nothing():
    game = pyspiel.load_game("ludoteca_dice_hospital", {"players": 2})
    state = _play(game.new_initial_state(), 4)
    rng = random.Random(5)
    while not state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    before = str(state)
    with pytest.raises(ValueError, match="chance outcome .* is not one of 0"):
        state.apply_action(len(state.chance_outcomes()) + 5)
    assert str(state) == before
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert str(again) == str(state) and again.history() == state.history()
    assert again.chance_outcomes() == state.chance_outcomes()


def test_a_large_draw_is_split_into_nodes_with_the_same_distribution():
    """n = 600 > 256: every number below 600 has probability exactly 1/600, reached by one
    path of at most two nodes of at most 256 outcomes."""
    n = 600
    found = {}

    def walk(script, probability):
        rng = ChanceScript(script)
        try:
            value = rng.randrange(n)
        except NeedChance as need:
            assert len(need.probabilities) <= MAX_CHANCE_OUTCOMES
            for k, p in enumerate(need.probabilities):
                walk([*script, k], probability * p)
            return
        assert value not in found
        found[value] = probability

    walk([], 1.0)
    assert sorted(found) == list(range(n))
    assert max(abs(p - 1 / n) for p in found.values()) < 1e-15


def test_a_real_number_draw_is_refused_by_name():
    with pytest.raises(NotImplementedError, match="random.random"):
        ChanceScript().random()


@pytest.mark.parametrize("game_id", registry.all_games())
def test_the_information_state_tensor_is_the_observation_then_own_action_counts(game_id):
    game = pyspiel.load_game(lo.register(game_id), {"players": lo.default_players(ludoteca.game(game_id))})
    assert game.get_type().provides_information_state_tensor
    state = _play(game.new_initial_state(), 12, seed=3)
    size = len(state.observation_tensor(0))
    assert game.information_state_tensor_size() == size + game.num_distinct_actions()
    for player in range(game.num_players()):
        tensor = np.asarray(state.information_state_tensor(player))
        assert list(tensor[:size]) == state.observation_tensor(player)
        own = [a for p, a in ((s.player, s.action) for s in state.full_history()) if p == player]
        expected = np.zeros(game.num_distinct_actions())
        np.add.at(expected, own, 1.0)
        assert np.array_equal(tensor[size:], expected)


def test_the_information_state_tensor_tells_apart_what_the_player_did():
    """Two Dschunke lines that reach one board by different own moves: the observation is the
    same, the information state is not."""
    game = pyspiel.load_game("ludoteca_dschunke")
    state = _play(game.new_initial_state(), 0)
    first = state.information_state_tensor(0)
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_tensor(0) != first


def test_resample_from_infostate_keeps_what_the_player_knows():
    game = pyspiel.load_game("ludoteca_dschunke", {"seed": 1})
    state = _play(game.new_initial_state(), 9)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for player in (0, 1):
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)
        assert other.current_player() == state.current_player()
        assert other.history() == state.history()
        assert str(other) != str(state)                   # the pile order was redrawn
        assert str(game.deserialize_state(other.serialize())) == str(other)
        _play(other, 3)                                # and it plays on


def test_states_serialise_and_clone_exactly():
    game = pyspiel.load_game("ludoteca_dschunke", {"seed": 2, "options": '{"rules": "rat-hot"}'})
    state = _play(game.new_initial_state(), 7)
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    twin = state.clone()
    _play(twin, 20, seed=5)
    _play(state, 20, seed=5)
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
        _to_decision(state)                      # chance draws; the bot decides
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
