"""The playout bot: flat Monte Carlo over greedy's best moves with greedy playouts (bots/playout.py)."""

from __future__ import annotations

import pytest
from bots_positions import positions

import ludoteca
from ludoteca.bots import make, make_spec
from ludoteca.bots.playout import PlayoutBot, _significant
from ludoteca.engine import State
from ludoteca.games.thirty_one.content import in_order

#: Small budgets: a few short playouts per decision.
QUICK = {"samples": 3, "width": 2, "horizon": 1, "batch": 3}

KNOCK, DRAW = {"type": "knock"}, {"type": "draw"}


def hopeless_knock() -> State:
    """Thirty-One, one round, seat 0 to draw: it holds 28 (A K 7 of hearts), seat 1's hand is
    public (it took every card from the discard pile) and worth 30, the discard pile shows 2♣.

    Greedy's heuristic rewards a knock with a hand above 24, so it knocks (unless its one
    sampled draw happens to complete 31) -- and loses for certain: seat 1 keeps at least 30,
    the knocker is lowest and pays the penalty.  Drawing keeps the one chance (a ten-valued
    heart for 31, a blitz).  Playouts see that; a one-step look-ahead cannot."""
    game = ludoteca.game("thirty-one")
    state = game.new(2, seed=1, options={"rounds": 1})
    mine, theirs = ["A♥", "K♥", "7♥"], ["A♠", "K♠", "9♠"]
    state.hands = [in_order(mine), in_order(theirs)]
    state.known = [[], in_order(theirs)]
    state.discard = ["2♣"]
    state.stock = [card for card in state.content.cards if card not in [*mine, *theirs, "2♣"]]
    state.current, state.phase = 0, "draw"
    return state


def test_the_kind_is_registered_and_specs_build_it():
    bot = make_spec("playout:samples=40:width=3:horizon=4", seed=2)
    assert isinstance(bot, PlayoutBot) and bot.name == "playout"
    assert (bot.samples, bot.width, bot.horizon) == (40, 3, 4)


def test_playouts_find_the_move_the_one_step_greedy_misses():
    state = hopeless_knock()
    assert [make("normal", seed=seed).choose(state, 0) for seed in range(3)] == [KNOCK] * 3
    bot = make("playout", seed=1, samples=16, width=3)
    assert bot.choose(state, 0) == DRAW
    assert bot.last["overruled"]


def test_greedys_choice_stands_unless_the_gain_is_significant():
    state = hopeless_knock()
    bot = make("playout", seed=1, samples=16, width=3, confidence=1e9)
    assert bot.choose(state, 0) == KNOCK  # greedy's choice in the ranking world
    assert not bot.last["overruled"] and bot.last["playouts"] > 0
    # With one candidate there is nothing to compare: greedy's move, no playout.
    lone = make("playout", seed=1, width=1)
    assert lone.choose(state, 0) == KNOCK and lone.last["playouts"] == 0


def test_the_paired_test():
    assert _significant([1.0, 1.0, 1.0], [0.0, 0.0, 0.0], 2.0)
    assert not _significant([1.0, 1.0], [0.0, 0.0], 2.0)  # fewer than three pairs: never
    assert not _significant([1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0], 0.5)
    assert not _significant([0.5, 0.5, 0.5], [0.5, 0.5, 0.5], 0.0)


@pytest.mark.parametrize("game_id", ["dschunke", "immunity"])
def test_same_seed_same_choice_and_the_budget_is_kept_and_recorded(game_id):
    for state in positions(game_id, count=2, seed=11):
        seat = state.to_move[0]
        before = state.to_json()
        bots = [make("playout", seed=5, **QUICK) for _ in range(2)]
        choices = [bot.choose(state.clone(), seat) for bot in bots]
        assert choices[0] == choices[1] and choices[0] in state.legal_actions(seat)
        last = bots[0].last
        assert {**last, "seconds": 0} == {**bots[1].last, "seconds": 0}
        assert last["worlds"] <= QUICK["samples"]
        assert last["playouts"] <= QUICK["samples"] * min(QUICK["width"], len(state.legal_actions(seat)))
        assert last["seconds"] >= 0 and not last["capped"]
        bot = make("playout", seed=5, **QUICK)
        bot.choose(state, seat)
        assert state.to_json() == before, "a bot must never change the position it is shown"


def test_successive_elimination_drops_a_clear_loser_early():
    bot = make("playout", seed=1, samples=32, width=3, batch=4)
    assert bot.choose(hopeless_knock(), 0) == DRAW
    assert bot.last["survivors"] < 3 and bot.last["playouts"] < 32 * 3


def test_the_cpu_cap_stops_the_search_and_says_so():
    bot = make("playout", seed=1, samples=1000, width=3, seconds=1e-6)
    assert bot.choose(hopeless_knock(), 0) in hopeless_knock().legal_actions(0)
    assert bot.last["capped"] and bot.last["playouts"] <= 3


@pytest.mark.parametrize(("budget", "message"), [
    ({"samples": 0}, "samples must be positive"),
    ({"width": 0}, "width must be positive"),
    ({"width": 2.5}, "width must be a whole number"),
    ({"horizon": -1}, "horizon must be positive|horizon must be"),
    ({"horizon": 1.5}, "horizon must be a whole number"),
    ({"batch": 0}, "batch must be positive"),
    ({"drop": -1.0}, "drop must be"),
    ({"confidence": "high"}, "confidence must be a number"),
    ({"seconds": 0}, "seconds must be positive"),
    ({"iterations": 10}, "has no setting iterations"),
])
def test_bad_settings_raise_value_error_naming_the_problem(budget, message):
    with pytest.raises(ValueError, match=message):
        make("playout", **budget)


def test_a_bad_spec_names_the_problem():
    with pytest.raises(ValueError, match="width must be a whole number"):
        make_spec("playout:width=2.5")
