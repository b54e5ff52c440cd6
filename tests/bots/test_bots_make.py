"""The bot factory: every level and kind, and clear errors for bad names and budgets."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.bots import (
    LEVELS,
    GreedyBot,
    ISMCTSBot,
    LearnedBot,
    PerGameLevel,
    PlayoutBot,
    RandomBot,
    make,
    make_spec,
    names,
)
from ludoteca.bots.ismcts import DEFAULTS


def test_levels_are_the_four_weakest_first_then_learned():
    """Issue 6: levels easy, normal, hard, expert, defined in one table, weakest to strongest;
    issue 21: then ``learned``, outside that order (a trained policy where one serves)."""
    assert list(LEVELS) == ["easy", "normal", "hard", "expert", "learned"]
    assert names() == ["easy", "normal", "hard", "expert", "learned", "random", "greedy", "ismcts", "policy",
                       "playout"]


@pytest.mark.parametrize(("name", "cls"), [("random", RandomBot), ("greedy", GreedyBot), ("easy", GreedyBot),
                                           ("normal", GreedyBot), ("hard", ISMCTSBot), ("expert", ISMCTSBot),
                                           ("learned", LearnedBot), ("policy", LearnedBot)])
def test_make_builds_each_name(name, cls):
    bot = make(name, seed=3)
    if isinstance(bot, PerGameLevel):  # a level some game redefines: the level's own bot elsewhere
        bot = bot.bot_for(ludoteca.game("herbalism"))
    assert isinstance(bot, cls)
    assert bot.name == name


def test_level_settings_come_from_the_table_and_can_be_overridden():
    hard = make("hard")
    kind, settings = LEVELS["hard"]
    assert kind == "ismcts"
    assert (hard.iterations, hard.seconds) == (settings["iterations"], settings["seconds"])
    quick = make("hard", iterations=10, seconds=None)
    assert (quick.iterations, quick.seconds) == (10, None)
    assert make("easy").epsilon > make("normal").epsilon == 0


def test_ismcts_budget_in_iterations_or_seconds():
    assert make("ismcts", iterations=500).iterations == 500
    assert make("ismcts", seconds=1.0).seconds == 1.0


@pytest.mark.parametrize(("name", "budget", "message"), [
    ("grandmaster", {}, "unknown bot 'grandmaster'"),
    ("random", {"iterations": 5}, "has no setting iterations"),
    ("greedy", {"seconds": 1.0}, "has no setting seconds"),
    ("ismcts", {}, "needs a budget"),
    ("ismcts", {"iterations": 0}, "iterations must be positive"),
    ("ismcts", {"iterations": 2.5}, "iterations must be a whole number"),
    ("ismcts", {"seconds": -1}, "seconds must be positive"),
    ("ismcts", {"seconds": "fast"}, "seconds must be a number"),
    ("hard", {"iterations": True}, "iterations must be a number"),
    ("easy", {"epsilon": 1.5}, "epsilon is a probability"),
    ("hard", {"depth": 3}, "has no setting depth"),
])
def test_bad_names_and_budgets_raise_value_error_naming_the_problem(name, budget, message):
    with pytest.raises(ValueError, match=message):
        make(name, **budget)


def test_bad_seed_is_refused():
    with pytest.raises(ValueError, match="seed must be a whole number"):
        make("random", seed="x")


def test_make_spec_parses_settings():
    bot = make_spec("ismcts:iterations=30:exploration=0.5", seed=2)
    assert (bot.iterations, bot.exploration, bot.name) == (30, 0.5, "ismcts")
    with pytest.raises(ValueError, match="settings are key=value"):
        make_spec("ismcts:30")
    with pytest.raises(ValueError, match="iterations must be a number"):
        make_spec("ismcts:iterations=lots")


def test_a_games_search_hints_tune_the_search_and_given_settings_win():
    """Dice Hospital declares how deep its activation chains run; the same bot object goes
    back to the defaults in a game without hints, and a setting given to ``make`` wins.
    (``expert``: Dice Hospital plays ``hard`` with a bot of its own, so ``hard`` is not one
    object across the two games.)"""

    hospital, junk = ludoteca.game("dice-hospital"), ludoteca.game("dschunke")
    bot = make("expert", iterations=5, seed=1)
    state = hospital.new(2, seed=3)
    bot.choose(state, state.to_move[0])
    assert {k: getattr(bot, k) for k in DEFAULTS} == {**DEFAULTS, **hospital.search_hints}
    state = junk.new(2, seed=3)
    bot.choose(state, state.to_move[0])
    assert {k: getattr(bot, k) for k in DEFAULTS} == {**DEFAULTS, **junk.search_hints}
    mine = make("expert", iterations=5, chain_depth=2, confidence=0.5)
    state = hospital.new(2, seed=3)
    mine.choose(state, state.to_move[0])
    assert (mine.chain_depth, mine.confidence, mine.chain_budget) == (2, 0.5, hospital.search_hints["chain_budget"])


def test_every_games_search_hints_name_known_settings_with_sane_values():

    for game_id in ludoteca.games():
        hints = ludoteca.game(game_id).search_hints
        assert set(hints) <= set(DEFAULTS), (game_id, sorted(set(hints) - set(DEFAULTS)))
        assert all(isinstance(v, (int, float)) and v > 0 for v in hints.values()), (game_id, hints)
        assert all(isinstance(hints[k], int) for k in ("chain_depth", "chain_budget") if k in hints), game_id


def test_a_game_may_play_a_level_with_its_own_kind_of_bot():
    """Dschunke plays ``hard`` and ``expert`` with greedy playouts (``Game.bot_levels``); a game
    that keeps IS-MCTS (Herbalism) plays it, and the same bot object serves both."""
    dschunke, herbalism = ludoteca.game("dschunke"), ludoteca.game("herbalism")
    assert all(kind == "ismcts" for kind, _ in herbalism.bot_levels.values())
    for level in ("hard", "expert"):
        bot = make(level, seed=5)
        kind, settings = dschunke.bot_levels[level]
        own = bot.bot_for(dschunke)
        assert kind == "playout" and isinstance(own, PlayoutBot) and own.name == level
        assert (own.samples, own.width, own.horizon) == (settings["samples"], settings["width"], settings["horizon"])
        assert isinstance(bot.bot_for(herbalism), ISMCTSBot)
        assert bot.iterations == LEVELS[level][1]["iterations"]  # the level's own settings read through
    state = dschunke.new(2, seed=3)
    seat = state.to_move[0]
    first = make("hard", seed=5).choose(state.clone(), seat)
    bot = make("hard", seed=5)
    assert bot.choose(state.clone(), seat) == first  # a seed replays
    assert "capped" in bot.last and bot.last["playouts"] > 0


@pytest.mark.parametrize("players", [2, 3])
def test_immunity_plays_hard_and_expert_as_the_search_its_policy_guides(players):
    """Immunity's ``hard`` and ``expert`` are playout searches guided by its trained policy,
    with their own budgets; a real decision plays out whole games (``horizon`` 0) by the
    policy, within the budget, at 2 and at 3 players."""
    immunity = ludoteca.game("immunity")
    budgets = {}
    for level in ("hard", "expert"):
        kind, settings = immunity.bot_levels[level]
        assert kind == "playout" and settings["trained"] == 1 and settings["horizon"] == 0
        own = make(level, seed=2).bot_for(immunity)
        assert isinstance(own, PlayoutBot) and own.trained and own.samples == settings["samples"]
        budgets[level] = settings["samples"] * settings["width"]
    assert budgets["hard"] < budgets["expert"]
    state = immunity.new(players, seed=4)
    seat = state.to_move[0]
    while len(state.legal_actions(seat)) < 2:
        state.apply(seat, state.legal_actions(seat)[0])
        seat = state.to_move[0]
    # The CPU cap is a safety net, not the budget: raised here, so that a slow or busy machine
    # (a 1 s cap bit on a 2-core VM running the suite on both cores) cannot end the decision
    # before its worlds are played.
    bot = make("hard", seed=2, seconds=60.0)
    bot.choose(state, seat)
    assert 0 < bot.last["playouts"] <= budgets["hard"] and not bot.last["capped"]


def test_dice_hospital_plays_hard_as_a_smaller_search_than_levels_py_and_expert_as_defined():
    """Dice Hospital's ``hard`` is IS-MCTS at 25 iterations (the search was as strong at 100
    as at 1000, so ``hard`` at 300 was no weaker than ``expert``); it keeps the game's search
    hints, ``expert`` keeps ``levels.py``'s 1000, and a budget given to ``make`` still wins."""
    hospital = ludoteca.game("dice-hospital")
    assert hospital.bot_levels == {"hard": ("ismcts", {"iterations": 25, "seconds": 1.0})}
    hard, expert = make("hard", seed=3).bot_for(hospital), make("expert", seed=3).bot_for(hospital)
    assert isinstance(hard, ISMCTSBot) and (hard.iterations, hard.seconds) == (25, 1.0)
    assert isinstance(expert, ISMCTSBot) and expert.iterations == LEVELS["expert"][1]["iterations"] == 1000
    assert make("hard", seed=3, iterations=300).bot_for(hospital).iterations == 300
    state = hospital.new(2, seed=5)
    seat = state.to_move[0]
    while len(state.legal_actions(seat)) < 2:
        state.apply(seat, state.legal_actions(seat)[0])
        seat = state.to_move[0]
    bot = make("hard", seed=3, seconds=60.0)  # the cap a safety net (above): the budget is iterations
    bot.choose(state.clone(), seat)
    assert bot.last["iterations"] == 25 and not bot.last["capped"]
    assert bot.bot_for(hospital).chain_depth == hospital.search_hints["chain_depth"]


def test_a_budget_only_the_level_s_own_kind_takes_asks_for_that_kind_everywhere():
    """``make("hard", iterations=20)`` asks for the IS-MCTS budget, so IS-MCTS plays, in
    Dschunke too; the server's CPU cap (``seconds``) fits both kinds and keeps the game's."""
    dschunke = ludoteca.game("dschunke")
    searched = make("hard", seed=1, iterations=20).bot_for(dschunke)
    assert isinstance(searched, ISMCTSBot) and searched.iterations == 20
    capped = make("hard", seed=1, seconds=0.5).bot_for(dschunke)
    assert isinstance(capped, PlayoutBot) and capped.seconds == 0.5


def test_a_bad_setting_for_a_redefined_level_fails_when_made():
    with pytest.raises(ValueError, match="has no setting depth"):
        make("hard", depth=3)
    with pytest.raises(ValueError, match="seconds must be positive"):
        make("expert", seconds=0)


def test_herbalism_expert_is_hards_search_with_the_sharp_judgement():
    """Herbalism's ``expert`` (``Game.bot_levels``) is IS-MCTS at ``hard``'s 300 iterations,
    judging by the game's ``evaluate_sharp`` and playing its own chain as its ranking does;
    ``hard`` stays as ``levels.py`` defines it; a budget given to ``make`` still wins."""
    herbalism = ludoteca.game("herbalism")
    assert "hard" not in herbalism.bot_levels
    expert = make("expert", seed=2).bot_for(herbalism)
    assert isinstance(expert, ISMCTSBot)
    assert (expert.iterations, expert.sharp, expert.given["own_chain"]) == (300, True, 1)
    hard = make("hard", seed=2).bot_for(herbalism)
    assert (hard.iterations, hard.sharp, hard.given["own_chain"]) == (300, False, None)
    assert make("expert", seed=2, seconds=0.5).bot_for(herbalism).seconds == 0.5
