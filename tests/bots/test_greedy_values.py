"""``Game.greedy_values`` (a game's own look-ahead for GreedyBot) gives exactly the numbers of
the bot's reference path: every legal action played on a clone of the determinization and
valued by ``chain_value``, written out here, not taken from the hook.  And GreedyBot with the
hook chooses exactly what it chooses without it, seed for seed.

Positions come from seeded games played by a mix of the normal bot and random moves (so that
odd positions come up too), in Dschunke's two rule sets and some of its options, and in Dice
Hospital at 1-4 players, with and without its variants.  The determinization must come back
unchanged: the hook values every action from the same position."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import ludoteca
from ludoteca.bots import GreedyBot, make
from ludoteca.bots.values import chain_value
from ludoteca.engine import Game, State

CASES = [
    ("dschunke", 2, {}),
    ("dschunke", 2, {"rules": "rat-hot"}),
    ("dschunke", 2, {"rules": "rat-hot", "params": {"rat_hot": {"rat_limit": 2}}, "opening": "two-strips"}),
    ("dschunke", 2, {"tie_break": "goods", "params": {"scoring": {"min_group": 3, "rat_penalty": -2}}}),
    ("dice-hospital", 1, {}),
    ("dice-hospital", 2, {}),
    ("dice-hospital", 3, {}),
    ("dice-hospital", 4, {}),
    ("dice-hospital", 3, {"admissions_panic": True, "national_epidemic": True, "super_resistant_virus": True,
                          "experimental_medicine": True, "events": True}),
    ("dice-hospital", 2, {"blood_bags_between_departments_only": True, "experimental_medicine": True}),
]


def reference(det: State, seat: int, budget: int, depth: int) -> list[tuple[float, float]]:
    """What GreedyBot computed before the hook: a clone per action, then ``chain_value``."""
    values = []
    for action in det.legal_actions(seat):
        child = det.clone()
        child.apply(seat, action)
        values.append(chain_value(child, seat, budget, depth))
    return values


def decisions(game_id: str, players: int, options: dict[str, Any], seed: int,
              every: int = 1) -> Iterator[tuple[State, int]]:
    """Every ``every``-th decision with a real choice of a seeded game, mostly normal play."""
    game = ludoteca.game(game_id)
    state = game.new(players, seed=seed, options=options)
    rng = random.Random(seed)
    bots = [make("normal", seed=seed * 10 + s) for s in range(players)]
    count = 0
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat, copy=False)
        if len(legal) > 1:
            count += 1
            if count % every == 0:
                yield state, seat
        action = rng.choice(legal) if rng.random() < 0.2 else bots[seat].choose(state, seat)
        state.apply(seat, action)


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_the_hook_gives_the_reference_values_on_every_position(game_id: str, players: int, options: dict) -> None:
    game = ludoteca.game(game_id)
    checked = 0
    for seed in range(2):
        rng = random.Random(seed)
        for state, seat in decisions(game_id, players, options, seed, every=1 if game_id == "dschunke" else 3):
            det = state.determinize(seat, rng)
            before = det.to_json()
            budget = 400 // len(state.legal_actions(seat, copy=False))
            values = game.greedy_values(det, seat, budget, 1)
            assert det.to_json() == before, "the hook changed the position it values"
            if values is None:
                continue
            assert values == reference(det, seat, budget, 1), f"{game_id} {det.phase}: the hook's values differ"
            checked += 1
    assert checked >= 40


@pytest.mark.parametrize(("game_id", "players"), [("dschunke", 2), ("dice-hospital", 2)])
def test_the_hook_looks_as_deep_as_asked(game_id: str, players: int) -> None:
    """A search's root ranking looks through longer chains (Dice Hospital's hints: depth 8
    within 4000 positions); the hook then equals the reference too."""
    game = ludoteca.game(game_id)
    checked = 0
    rng = random.Random(3)
    for state, seat in decisions(game_id, players, {}, seed=5, every=3):
        det = state.determinize(seat, rng)
        budget = 4000 // len(state.legal_actions(seat, copy=False))
        values = game.greedy_values(det, seat, budget, 3)
        if values is not None:
            assert values == reference(det, seat, budget, 3)
            checked += 1
        if checked >= 10:
            break
    assert checked >= 10


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_greedy_bot_chooses_the_same_with_and_without_the_hook(game_id: str, players: int, options: dict) -> None:
    game = ludoteca.game(game_id)
    state = game.new(players, seed=11, options=options)
    fast = [make("normal", seed=s) for s in range(players)]
    slow = [make("normal", seed=s) for s in range(players)]
    for bot in slow:
        bot.use_hook = False
    chosen = 0
    while not state.is_over and chosen < 150:
        seat = state.to_move[0]
        action = fast[seat].choose(state, seat)
        assert slow[seat].choose(state, seat) == action
        chosen += len(state.legal_actions(seat, copy=False)) > 1
        state.apply(seat, action)
    assert chosen >= 10  # a Rat Hot game with a rat limit of 2 may end after a few turns


def test_a_game_without_the_hook_leaves_the_bot_on_its_reference_path() -> None:
    state = ludoteca.game("dschunke").new(2, seed=1)
    assert Game.greedy_values(state.game, state, 0, 400, 1) is None
    assert isinstance(make("normal"), GreedyBot) and GreedyBot.use_hook


@pytest.mark.parametrize(("game_id", "players"), [("dschunke", 2), ("dice-hospital", 2), ("dice-hospital", 3)])
def test_the_searchs_root_ranking_takes_the_hook_and_chooses_the_same(game_id: str, players: int,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """IS-MCTS ranks its root actions by the same look-ahead (Dice Hospital's hints: through a
    whole activation, 4,000 positions): with equal values the ranking, and so the whole
    search, is the same, seed for seed."""
    spots = []
    for state, seat in decisions(game_id, players, {}, seed=5, every=7):
        spots.append((state.clone(), seat))
        if len(spots) == 6:
            break
    with_hook = [make("ismcts", seed=i, iterations=40).choose(state, seat) for i, (state, seat) in enumerate(spots)]
    monkeypatch.setattr(type(ludoteca.game(game_id)), "greedy_values", lambda *args: None)
    without = [make("ismcts", seed=i, iterations=40).choose(state, seat) for i, (state, seat) in enumerate(spots)]
    assert len(spots) == 6 and with_hook == without
