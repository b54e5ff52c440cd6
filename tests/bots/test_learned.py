"""The ``learned`` bot: a trained policy network run with numpy, ``hard`` where none serves.

* the numpy forward pass chooses what sb3-contrib's ``MaskablePPO.predict`` chooses (a tiny
  model with the shipped architecture, exported the way ``examples/train_immunity.py`` does);
* Immunity's shipped weights load and play whole games legally at 2-5 players: the policy at
  the player count it serves (2), ``hard`` at the others;
* ``hard`` plays where a game ships no weights, where the weights are absent, and with
  options other than the defaults;
* the per-level properties every bot has (tests/bots/test_bots_fairness.py,
  test_bots_play.py), for this bot: only the seat's knowledge decides, legal moves in every
  game, the same seed the same choice.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from bots_positions import positions
from test_bots_fairness import HIDDEN, SeatOnly, hidden_variants

import ludoteca
from ludoteca.bots import make
from ludoteca.bots import policy as network
from ludoteca.bots.learned import LearnedBot
from ludoteca.bots.policy import Policy, load, policy_for, save, sb3_weights, serves
from ludoteca.interop.core import Adapter
from ludoteca.interop.gymnasium import env

#: A small fallback budget: the fallback's own strength is the ``hard`` tests' business.
QUICK = {"iterations": 20}


def immunity_positions(count: int, seed: int, players: int = 2) -> list:
    return positions("immunity", count=count, seed=seed, players=players)


# ---- the forward pass ---------------------------------------------------------------------
@pytest.mark.parametrize("activation", ["tanh", "relu"])
def test_numpy_forward_pass_chooses_what_the_sb3_model_predicts(tmp_path, activation):
    sb3_contrib = pytest.importorskip(
        "sb3_contrib", reason="sb3-contrib comes with the train extra, which make test installs "
                              "(pip install -e '.[rl,train]' elsewhere)")
    import torch

    torch.set_num_threads(1)
    e = env("immunity", opponents="random")
    activation_fn = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}[activation]
    model = sb3_contrib.MaskablePPO("MlpPolicy", e, n_steps=64, batch_size=32, n_epochs=1, seed=0,
                                    policy_kwargs={"net_arch": [64, 64], "activation_fn": activation_fn})
    model.learn(total_timesteps=64)  # weights moved off their initialisation
    with torch.no_grad():  # logits spread out, so the test tells layers and layouts apart
        model.policy.action_net.weight.mul_(100.0)
    weights, found = sb3_weights(model)
    assert found == activation
    assert sorted(weights) == ["action_bias", "action_weight", "layer0_bias", "layer0_weight",
                               "layer1_bias", "layer1_weight"]
    path = tmp_path / "policy.npz"
    save(path, weights, {"game": "immunity", "players": [2], "activation": found})
    policy = load(path)
    obs, _info = e.reset(seed=3)
    compared, rng = 0, np.random.default_rng(0)
    done = False
    while not done and compared < 60:
        mask = e.action_masks()
        predicted, _ = model.predict(obs, deterministic=True, action_masks=mask)
        assert policy.best(obs, mask) == int(predicted)
        with torch.no_grad():  # torch keeps the logits normalised (minus their log-sum-exp)
            theirs = model.policy.get_distribution(model.policy.obs_to_tensor(obs)[0]).distribution.logits[0].numpy()
        ours = policy.logits(obs)
        assert np.allclose(ours - ours.max(), theirs - theirs.max(), atol=1e-3)
        compared += 1
        obs, _reward, done, _truncated, _info = e.step(int(rng.choice(np.flatnonzero(mask))))
    assert compared >= 30


def test_the_mask_wins_over_the_logits():
    """An illegal number with the highest logit is never played; equal logits: the lowest."""
    head = (np.zeros((4, 2), dtype=np.float32), np.array([5.0, 1.0, 3.0, 3.0], dtype=np.float32))
    policy = Policy([], head, {"players": [2]})
    assert policy.best(np.zeros(2, np.float32), np.array([False, True, True, True])) == 2
    assert policy.best(np.zeros(2, np.float32), np.array([True, True, False, False])) == 0
    with pytest.raises(ValueError, match="no legal action"):
        policy.best(np.zeros(2, np.float32), np.zeros(4, bool))


# ---- the shipped weights ------------------------------------------------------------------
def test_immunity_ships_small_weights_that_fit_its_encoding():
    game = ludoteca.game("immunity")
    policy = policy_for(game)
    assert policy is not None, "ludoteca/games/immunity/learned_policy.npz is missing"
    adapter = Adapter(game, players=2)
    meta = policy.meta
    assert (meta["game"], meta["rules_version"], meta["players"]) == ("immunity", game.version, [2])
    assert (meta["observation_size"], meta["num_actions"]) == (adapter.observation_size, adapter.num_actions)
    assert policy.layers[0][0].shape[1] == adapter.observation_size
    assert policy.head[0].shape[0] == adapter.num_actions
    assert network.weights_path(game).stat().st_size < 1_000_000
    # The observation does not depend on the player count, but the policy was trained and
    # measured at 2 players only: the other counts are hard's.
    assert {n: Adapter(game, players=n).observation_size for n in range(2, 6)} == dict.fromkeys(range(2, 6), 1037)
    assert [serves("immunity", n) for n in range(2, 6)] == [True, False, False, False]


def test_the_policy_plays_what_the_env_would_show_it():
    """At 2 players the bot's move is the masked argmax over the env's observation and mask."""
    game = ludoteca.game("immunity")
    policy, adapter = policy_for(game), Adapter(game, players=2)
    for state in immunity_positions(count=4, seed=5):
        seat = state.to_move[0]
        obs, mask = adapter.observation(state, seat), adapter.legal_mask(state, seat).astype(bool)
        expected = adapter.decode(state, seat, policy.best(obs, mask))
        assert LearnedBot(seed=1).choose(state, seat) == expected


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_whole_immunity_game_is_played_legally(players):
    """The learned bot in seat 0, random bots in the others: the policy at 2 players, never
    hard; hard (a small budget) at 3-5."""
    state = ludoteca.game("immunity").new(players, seed=40 + players)
    bot = LearnedBot(seed=2, **QUICK)
    others = [make("random", seed=seat) for seat in range(players)]
    decisions = 0
    while not state.is_over:
        seat = state.to_move[0]
        if seat == 0:
            action = bot.choose(state, seat)
            decisions += 1
        else:
            action = others[seat].choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    assert decisions > 10
    assert (bot._fallback is None) == (players == 2)


# ---- the fallback ---------------------------------------------------------------------------
def hard_choice(state, seat: int, seed: int) -> dict:
    return make("hard", seed=seed, **QUICK).choose(state.clone(), seat)


@pytest.mark.parametrize("game_id", [g for g in ludoteca.games() if g != "immunity"])
def test_a_game_without_weights_gets_hard(game_id):
    assert network.weights_path(ludoteca.game(game_id)) is None
    for index, state in enumerate(positions(game_id, count=2, seed=13)):
        seat = state.to_move[0]
        assert LearnedBot(seed=index, **QUICK).choose(state.clone(), seat) == hard_choice(state, seat, index)


def test_hard_plays_when_the_weights_are_absent(monkeypatch):
    monkeypatch.setattr(network, "policy_for", lambda game: None)
    assert not serves("immunity", 2)
    for index, state in enumerate(immunity_positions(count=3, seed=17)):
        seat = state.to_move[0]
        bot = LearnedBot(seed=index, **QUICK)
        assert bot.choose(state.clone(), seat) == hard_choice(state, seat, index)
        assert bot._fallback is not None


def test_hard_plays_at_other_player_counts_and_with_other_options():
    changed = ludoteca.game("immunity").new(2, seed=4, options={"cell_cap": "per_turn"})
    rng = random.Random(1)
    while len(changed.legal_actions(changed.to_move[0])) < 2:
        changed.apply(changed.to_move[0], rng.choice(changed.legal_actions(changed.to_move[0])))
    for index, state in enumerate([*immunity_positions(count=2, seed=19, players=3), changed]):
        seat = state.to_move[0]
        bot = LearnedBot(seed=index, **QUICK)
        assert bot.choose(state.clone(), seat) == hard_choice(state, seat, index)
        assert bot._fallback is not None


def test_the_level_is_registered_when_the_bot_factory_knows_it():
    from ludoteca import bots

    if "learned" not in bots.LEVELS:
        pytest.skip("the learned level is not in ludoteca.bots' LEVELS/KINDS yet (see docs/bots.md)")
    bot = make("learned", seed=3)
    assert isinstance(bot, LearnedBot) and bot.name == "learned"


# ---- what every level must do ----------------------------------------------------------------
@pytest.mark.parametrize("game_id", HIDDEN)
def test_changing_what_the_seat_cannot_know_leaves_the_choice_unchanged(game_id):
    """As tests/bots/test_bots_fairness.py for the other bots: the position is shown through
    ``SeatOnly`` (view, legal actions, to_move, determinize for the seat; nothing else), and
    variants that differ only in what the seat cannot know give the same choice."""
    for index, state in enumerate(positions(game_id, count=3, seed=23)):
        seat = state.to_move[0]
        stand_in = state.determinize(seat, random.Random(999))
        choices = [LearnedBot(seed=index, **QUICK).choose(SeatOnly(s, seat, stand_in), seat)
                   for s in [state, *hidden_variants(state, seat)]]
        assert all(choice == choices[0] for choice in choices), choices


def test_the_policy_path_runs_on_the_sealed_position():
    """Immunity at 2 players is the policy's (not hard's): it decides on ``SeatOnly`` too."""
    for index, state in enumerate(immunity_positions(count=3, seed=31)):
        seat = state.to_move[0]
        bot = LearnedBot(seed=index)
        sealed = SeatOnly(state, seat, state.determinize(seat, random.Random(1)))
        assert bot.choose(sealed, seat) in state.legal_actions(seat)
        assert bot._fallback is None


@pytest.mark.parametrize("game_id", ludoteca.games())
def test_legal_for_each_seat_to_move_and_the_same_seed_the_same_choice(game_id):
    for index, state in enumerate(positions(game_id, count=2, seed=11)):
        before = state.to_json()
        for seat in state.to_move:
            first = LearnedBot(seed=5, **QUICK).choose(state.clone(), seat)
            assert first in state.legal_actions(seat)
            assert LearnedBot(seed=5, **QUICK).choose(state.clone(), seat) == first
            assert LearnedBot(seed=index, **QUICK).choose(state, seat) in state.legal_actions(seat)
        assert state.to_json() == before, "a bot must never change the position it is shown"
