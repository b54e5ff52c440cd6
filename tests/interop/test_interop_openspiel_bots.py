"""OpenSpiel's Python search bots through ``evaluate_bots`` on a Ludoteca game (docs/interop.md,
"OpenSpiel's bots"): OpenSpiel's own ISMCTSBot stops at ``restart_at``; ours plays."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

from ludoteca.interop.openspiel_bots import ISMCTSBot


def bots(game, ismcts_class):
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    return [ismcts_class(game, evaluator, 2.0, 5, random_state=np.random.RandomState(1)),
            mcts.MCTSBot(game, 2.0, 5, evaluator, random_state=np.random.RandomState(2))]


def test_openspiels_own_ismcts_bot_stops_at_restart_at():
    """The reason ISMCTSBot exists: if OpenSpiel ever adds restart_at, this fails and the
    subclass (and its paragraph in docs/interop.md) can go."""
    game = pyspiel.load_game("ludoteca_dschunke", {"seed": 7})
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        evaluate_bots.evaluate_bots(game.new_initial_state(), bots(game, ismcts.ISMCTSBot), np.random.RandomState(3))


def test_evaluate_bots_plays_a_whole_game_with_ludotecas_ismcts_bot_and_openspiels_mcts():
    game = pyspiel.load_game("ludoteca_dschunke", {"seed": 7})
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots(game, ISMCTSBot), np.random.RandomState(3))
    assert len(returns) == 2 and sum(returns) == 0 and set(returns) <= {-1.0, 0.0, 1.0}
