"""RL game length: ``GAME.max_game_length`` is the most actions any legal game can take.

Why play games when the bound is argued from the rules (immunity/length.py): OpenSpiel truncates
a game at this number, so one too low cuts real games short.  Random games (and greedy ones,
which never end a part while something else is legal) at every player count and under params
that lengthen the game check the total and every part of it against the argument's counts; built
positions show that the per-part counts are reached, so they are not loose by construction.
"""

import random
from collections import Counter
from typing import Any

import pytest
from immunity_helpers import blank, enter, infect, play

from ludoteca.games.immunity import GAME, length
from ludoteca.games.immunity.content import content_for

CELLS = ("neutrophil", "eosinophil", "nk_cell", "macrophage", "t_lymphocyte", "b_lymphocyte",
         "erythrocyte", "adipocyte")
#: A longer game: the longest life line, a small hand limit with big draws (many discards),
#: free cells starting at 0 (many purchases).
LONG: dict[str, Any] = {"params": {
    "rules": {"life_line": ["childhood"] * 4 + ["adult"] * 12 + ["old"] * 4, "hand_limit": 2,
              "draw_medical": 4, "draw_pathogen": 4},
    "cells": {cell: {"cost": 0, "start": 0} for cell in CELLS}}}
CASES = [(n, None) for n in range(2, 6)] + [(3, LONG), (5, LONG), (4, {**LONG, "cell_cap": "per_turn"})]
#: Which count of the argument an action type falls under.
KIND = {"done": "close", "medical": "close", "discard": "discard", "buy": "buy", "clear": "clear",
        "clear_tumour": "clear", "spread": "place", "spread_card": "place", "expose": "place"}


def _play(players: int, options: Any, seed: int, greedy: bool) -> tuple[int, Counter, Counter]:
    """A game to the end: (actions applied, actions per (turn, phase, seat, kind), cells bought
    per (seat, cell)).  Greedy: never ``done`` or a medical card while anything else is legal."""
    s = GAME.new(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    applied, parts, bought = 0, Counter(), Counter()
    while not s.is_over:
        seat = s.to_move[0]
        legal = s.legal_actions(seat)
        if greedy:
            legal = [a for a in legal if KIND[a["type"]] != "close"] or legal
        action = rng.choice(legal)
        parts[s.turn, s.phase, seat, KIND[action["type"]]] += 1
        if action["type"] == "buy":
            bought[seat, action["cell"]] += 1
        s.apply(seat, action)
        applied += 1
    return applied, parts, bought


@pytest.mark.parametrize("players, options", CASES)
def test_random_games_never_exceed_the_bound_nor_any_part_its_count(players, options):
    bound = GAME.max_game_length(players, options)
    resolved = GAME.resolve_options(options)
    c = content_for(resolved["params"])
    per_turn = resolved["cell_cap"] == "per_turn"
    discards, clears, buys = length.discards(c), length.clears(c, per_turn), length.buys(c, per_turn)
    for seed in range(3):
        for greedy in (False, True):
            applied, parts, bought = _play(players, options, seed, greedy)
            assert applied <= bound, f"seed {seed}, greedy {greedy}: {applied} actions, bound {bound}"
            for (turn, phase, seat, kind), count in parts.items():
                most = {"close": 1, "place": 1, "discard": discards[turn - 1],
                        "buy": length.buys_per_part(c), "clear": clears[turn - 1]}[kind]
                assert count <= most, (seed, greedy, turn, phase, seat, kind, count, most)
            for (seat, cell), count in bought.items():
                assert count <= buys[cell], (seed, greedy, seat, cell, count, buys[cell])


def test_the_longer_params_make_longer_games_and_a_longer_bound():
    """LONG is a real lengthening: every game under it is longer than every shipped one."""
    shipped = max(_play(3, None, seed, False)[0] for seed in range(3))
    longer = min(_play(3, LONG, seed, False)[0] for seed in range(3))
    assert longer > shipped
    assert GAME.max_game_length(3, LONG) > GAME.max_game_length(3)


def test_the_bound_is_the_sum_of_the_argument_for_pinned_content():
    """Environment cards off and no cells, then one cell of each type: the bound by hand.

    Three turns, set-up hand 4, draws 4 a turn, hand limit 7: hands of 8, 11, 11 discard 1, 4
    and 4.  A seat: 3 turns x (5 parts closed + spread + exposure) + 9 discards = 30."""
    rules = {"life_line": ["adult"] * 3, "environment_cards": 0, "hand_limit": 7, "setup_medical": 2,
             "setup_pathogen": 2, "draw_medical": 2, "draw_pathogen": 2, "max_cells_per_type": 0}
    bare = {"params": {"rules": rules, "cells": {cell: {"start": 0} for cell in CELLS}}}
    assert GAME.max_game_length(3, bare) == 3 * 30
    # One cell a type: two that die when they clear (bought again after each death: at most once
    # a turn, 3), two that clear and live (bought once), four that never act (bought once);
    # each turn's phase 3 at most one clear per acting type.
    acting = {"clear": 1, "clears_tumours": 0, "start": 0}
    cells = {"neutrophil": {**acting, "clears": ["bacterium"], "dies_on_use": True},
             "eosinophil": {**acting, "clears": ["parasite"], "dies_on_use": True},
             "nk_cell": {**acting, "clears": ["virus"], "dies_on_use": False},
             "macrophage": {**acting, "clears": ["fungus"], "dies_on_use": False},
             **{cell: {"clear": 0, "clears_tumours": 0, "start": 0} for cell in CELLS[4:]}}
    one = {"params": {"rules": {**rules, "max_cells_per_type": 1}, "cells": cells}}
    assert GAME.max_game_length(3, one) == 3 * (30 + (3 + 3 + 1 + 1 + 4) + 3 * 4)


def test_the_bound_follows_the_options():
    base = GAME.max_game_length(2)
    assert GAME.max_game_length(4) == 2 * base  # every seat counts the same
    assert GAME.max_game_length(2, GAME.variants["literal"]) > base  # cells capped per turn pile up
    raised = [{"rules": {"life_line": ["adult"] * 20}}, {"rules": {"hand_limit": 3}},
              {"rules": {"draw_pathogen": 5}}, {"rules": {"max_cells_per_type": 5}},
              {"cells": {"macrophage": {"start": 0}}}, {"cells": {"macrophage": {"dies_on_use": True}}}]
    for params in raised:
        assert GAME.max_game_length(2, {"params": params}) > base, params
    lowered = [{"rules": {"life_line": ["adult"] * 4}}, {"rules": {"hand_limit": 20}},
               {"cells": {"eosinophil": {"clear": 0}}}]
    for params in lowered:
        assert GAME.max_game_length(2, {"params": params}) < base, params
    # Only the numbers move it: an option that changes which actions are legal does not.
    assert GAME.max_game_length(2, {"contagion": "compulsory", "exposure_order": "by_damage"}) == base


def test_a_phase_2_can_take_every_purchase_the_count_allows():
    """Free cells starting at 0: the first phase 2 buys the cap of every type, then ``done``."""
    options = {"params": {"cells": {cell: {"cost": 0, "start": 0} for cell in CELLS}}}
    s = GAME.new(players=2, seed=3, options=options)
    while s.phase != "preparation":
        play(s, {"type": "done"} if {"type": "done"} in s.legal_actions(s.to_move[0])
             else s.legal_actions(s.to_move[0])[0])
    seat = s.to_move[0]
    buys = 0
    while s.to_move == (seat,) and s.phase == "preparation":
        legal = [a for a in s.legal_actions(seat) if a["type"] == "buy"]
        if not legal:
            break
        play(s, legal[0])
        buys += 1
    assert buys == length.buys_per_part(s.content) == 3 * len(CELLS)


def test_a_phase_1_can_take_every_discard_the_count_allows():
    """No environment cards, hand limit 0: the first phase 1 discards the whole hand of 20."""
    rules = {"environment_cards": 0, "hand_limit": 0, "setup_medical": 5, "setup_pathogen": 5,
             "draw_medical": 5, "draw_pathogen": 5}
    s = GAME.new(players=2, seed=4, options={"params": {"rules": rules}})
    seat = s.to_move[0]
    play(s, {"type": "done"})
    discards = 0
    while s.to_move == (seat,) and s.step == "discard":
        play(s, s.legal_actions(seat)[0])
        discards += 1
    assert discards == length.discards(s.content)[0] == 20


def test_a_phase_3_can_take_every_clear_the_count_allows():
    """Three of each of the 4 acting cells against enough infections: 12 clears, then ``done``."""
    s = blank(players=2)
    for cell in ("neutrophil", "eosinophil", "nk_cell", "macrophage"):
        s.cells[0][cell] = 3
    for pathogen in ("salmonella", "staphylococcus", "tapeworm", "influenza"):
        infect(s, 0, pathogen, counters=6)
    enter(s, 3, queue=[0])
    clears = 0
    while any(a["type"] in ("clear", "clear_tumour") for a in s.legal_actions(0)):
        play(s, next(a for a in s.legal_actions(0) if a["type"] in ("clear", "clear_tumour")))
        clears += 1
    assert clears == length.clears(s.content, per_turn_cap=False)[s.turn - 1] == 12
    play(s, {"type": "done"})
    assert s.phase != "response" or s.to_move != (0,)
