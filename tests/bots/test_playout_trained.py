"""The playout search guided by a game's trained policy (``playout``'s ``trained=1``).

What must hold: the guide plays in a world exactly what ``learned`` would play there (the
same network, observation and numbering, reached by the cheaper path: the observation writer
and only the legal rows of the head); its first candidate at the root is ``learned``'s move;
where no policy fits the table, ``trained=1`` is the plain playout search, move for move.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from bots_positions import positions

import ludoteca
from ludoteca.bots import make, make_spec
from ludoteca.bots.learned import LearnedBot
from ludoteca.bots.levels import LEVELS
from ludoteca.bots.playout import PlayoutBot
from ludoteca.bots.policy import Policy, guide_for, policy_for, trained_options
from ludoteca.interop.core import Adapter

SMALL = {"samples": 4, "width": 3, "horizon": 2, "chain_depth": 1}  # one link: Dice Hospital's hints look eight deep


def test_best_of_picks_what_best_picks_from_the_mask():
    """Random observations and legal sets: the place ``best_of`` gives holds the number ``best``
    gives over the mask."""
    policy = policy_for(ludoteca.game("immunity"))
    rng = np.random.default_rng(3)
    for _ in range(50):
        observation = rng.random(1037, dtype=np.float32)
        numbers = sorted(rng.choice(3370, size=int(rng.integers(1, 40)), replace=False).tolist())
        rng.shuffle(numbers)
        mask = np.zeros(3370, bool)
        mask[numbers] = True
        assert numbers[policy.best_of(observation, numbers)] == policy.best(observation, mask)


def test_best_of_breaks_ties_by_the_lowest_number_then_the_first_place():
    """Equal logits: the lowest number, as ``best`` (argmax over the mask) does; one number
    given to two actions: the first of them, as ``learned``'s ``numbers.index`` does."""
    flat = Policy([(np.zeros((2, 2), np.float32), np.zeros(2, np.float32))],
                  (np.zeros((5, 2), np.float32), np.zeros(5, np.float32)), {"players": [2]})
    assert flat.best_of(np.zeros(2, np.float32), [4, 2, 3]) == 1
    assert flat.best_of(np.zeros(2, np.float32), [3, 1, 1]) == 1


@pytest.mark.parametrize("players", [2, 3])
def test_the_guide_plays_in_a_world_what_learned_plays_from_the_view(players):
    """In a determinization, each seat to move: the guide's move (writer, legal rows) is the
    masked argmax over the encoded view, decoded, which is what ``learned`` plays."""
    game = ludoteca.game("immunity")
    guide = guide_for(game, players)
    policy, adapter = policy_for(game), Adapter(game, players=players)
    checked = 0
    for state in positions("immunity", count=6, seed=21, players=players):
        seat = state.to_move[0]
        world = state.determinize(seat, random.Random(checked))
        moves = world.legal_actions(seat, copy=False)
        mask = adapter.legal_mask(world, seat).astype(bool)
        expected = adapter.decode(world, seat, policy.best(adapter.encoded_view(world, seat), mask))
        assert moves[guide.move(world, seat, moves)] == expected
        checked += 1
    assert checked == 6


def test_the_first_candidate_is_learneds_move():
    """At the root the policy proposes what the ``learned`` bot would play at 2 players."""
    for index, state in enumerate(positions("immunity", count=4, seed=8)):
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            continue
        bot = PlayoutBot(seed=index, trained=1, samples=1, width=1)
        assert bot.choose(state.clone(), seat) == LearnedBot(seed=index).choose(state.clone(), seat)


@pytest.mark.parametrize("game_id", [g for g in ludoteca.games() if g != "immunity"])
def test_without_a_policy_trained_is_the_plain_search(game_id):
    """No game but Immunity ships a policy: ``trained=1`` chooses exactly what 0 chooses."""
    for index, state in enumerate(positions(game_id, count=2, seed=31)):
        seat = state.to_move[0]
        ours = PlayoutBot(seed=index, trained=1, **SMALL).choose(state.clone(), seat)
        assert ours == PlayoutBot(seed=index, **SMALL).choose(state.clone(), seat)


def test_other_options_than_the_trained_defaults_get_greedy_playouts():
    """A table with another rule option than the policy was trained with: no guide."""
    game = ludoteca.game("immunity")
    state = game.new(2, seed=4, options={"at_least_one": "literal"})
    assert not trained_options(state)
    seat = state.to_move[0]
    ours = PlayoutBot(seed=2, trained=1, **SMALL).choose(state.clone(), seat)
    assert ours == PlayoutBot(seed=2, **SMALL).choose(state.clone(), seat)
    assert trained_options(game.new(2, seed=4))


def test_the_same_seed_replays_the_same_decision():
    state = positions("immunity", count=1, seed=12, players=3)[0]
    seat = state.to_move[0]
    first = make_spec("playout:trained=1:samples=6:width=3:horizon=0", seed=9)
    second = make_spec("playout:trained=1:samples=6:width=3:horizon=0", seed=9)
    assert first.choose(state.clone(), seat) == second.choose(state.clone(), seat)
    assert first.last["playouts"] == second.last["playouts"] > 0


@pytest.mark.parametrize("value", [2, 0.5, -1])
def test_trained_is_zero_or_one(value):
    with pytest.raises(ValueError, match="trained"):
        make("playout", trained=value)


def test_a_level_a_game_plays_guided_leaves_other_tables_to_the_levels_own_bot(monkeypatch):
    """A game that plays ``hard`` as the guided search: at its trained defaults that search
    plays; at a table with another rule option (no guide) the level as ``levels.py`` defines
    it plays instead, not a search without its guide."""
    game = ludoteca.game("immunity")
    monkeypatch.setattr(type(game), "bot_levels", {"hard": ("playout", {"trained": 1, **SMALL})})
    default = positions("immunity", count=1, seed=14)[0]
    seat = default.to_move[0]
    level = make("hard", seed=5)
    assert level.choose(default.clone(), seat) == PlayoutBot(seed=5, trained=1, **SMALL).choose(default.clone(), seat)
    assert "playouts" in level.last
    literal = game.new(2, seed=4, options={"at_least_one": "literal"})
    seat = literal.to_move[0]
    while len(literal.legal_actions(seat)) < 2:
        literal.apply(seat, literal.legal_actions(seat)[0])
        seat = literal.to_move[0]
    kind, settings = LEVELS["hard"]
    own = make(kind, seed=5, **settings)
    level = make("hard", seed=5)
    assert level.choose(literal.clone(), seat) == own.choose(literal.clone(), seat)
    assert "playouts" not in level.last and level.last["iterations"] == own.last["iterations"]


def test_the_ranking_starts_with_best_of_and_orders_by_logit():
    policy = policy_for(ludoteca.game("immunity"))
    rng = np.random.default_rng(5)
    for _ in range(20):
        observation = rng.random(1037, dtype=np.float32)
        numbers = rng.choice(3370, size=int(rng.integers(2, 30)), replace=False).tolist()
        ranking = policy.ranking(observation, numbers)
        assert sorted(ranking) == list(range(len(numbers)))
        assert ranking[0] == policy.best_of(observation, numbers)
        logits = policy.logits(observation)
        assert [logits[numbers[p]] for p in ranking] == sorted((logits[n] for n in numbers), reverse=True)


def test_proposals_put_the_policys_best_moves_first():
    """``proposals=2``: the policy's two best moves are the first two candidates searched."""
    game = ludoteca.game("immunity")
    guide = guide_for(game, 2)
    for index, state in enumerate(positions("immunity", count=3, seed=19)):
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if len(legal) < 3:
            continue
        bot = PlayoutBot(seed=index, trained=1, proposals=2, samples=2, width=3, horizon=1)
        bot.choose(state.clone(), seat)
        det = state.determinize(seat, random.Random(0))
        top = guide.root(state, det, seat, legal)[:2]
        assert list(bot.last["means"])[:2] == top


@pytest.mark.parametrize("value", [0, 1.5, -2])
def test_proposals_is_a_positive_whole_number(value):
    with pytest.raises(ValueError, match="proposals"):
        make("playout", trained=1, proposals=value)


def test_worlds_are_budgeted_for_a_player_count_and_fewer_at_larger_tables():
    """``samples_players=3``: 12 worlds at 2 and 3 players, 12*3/4 = 9 at 4, 12*3/5 = 7.2 -> 7
    at 5; never below 2; without the setting, 12 everywhere."""
    assert [PlayoutBot(samples=12, samples_players=3).worlds(n) for n in (2, 3, 4, 5)] == [12, 12, 9, 7]
    assert PlayoutBot(samples=3, samples_players=2).worlds(5) == 2
    assert [PlayoutBot(samples=12).worlds(n) for n in (2, 5)] == [12, 12]
    state = positions("immunity", count=1, seed=6, players=5)[0]
    bot = PlayoutBot(seed=1, trained=1, samples=6, width=2, horizon=1, samples_players=3, batch=2, drop=0)
    bot.choose(state.clone(), state.to_move[0])
    assert bot.last["candidates"] == 2 and bot.last["worlds"] == round(6 * 3 / 5) == 4


@pytest.mark.parametrize("trained", [0, 1])
def test_the_worlds_come_from_the_decisions_own_random_base(trained):
    """World ``n`` of a decision is seeded ``base + 1 + n``, ``base`` the 60 bits the bot's own
    generator gives for that decision: fresh worlds at every decision, the same for every
    candidate.  (A candidate's index once took ``base``'s place, so every decision replayed
    the same few seeds.)"""
    state = positions("immunity", count=1, seed=9)[0]
    seat = state.to_move[0]
    bot = PlayoutBot(seed=4, trained=trained, samples=3, width=2, horizon=1, drop=0)
    seeds = []
    real = bot._playout

    def recording(state, me, action, seed, rewards):
        seeds.append(seed)
        return real(state, me, action, seed, rewards)

    bot._playout = recording
    bot.choose(state.clone(), seat)
    base = random.Random(4).getrandbits(60)
    assert bot.last["candidates"] == 2
    assert sorted(seeds) == sorted([base + 1 + n for n in range(3)] * 2)
