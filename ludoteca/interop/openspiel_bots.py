"""OpenSpiel's search bots on Ludoteca's games: the Python ones, ready for ``evaluate_bots``.

>>> import numpy as np, pyspiel
>>> from open_spiel.python.algorithms import evaluate_bots, mcts
>>> from ludoteca.interop.openspiel_bots import ISMCTSBot
>>> game = pyspiel.load_game("ludoteca_dschunke", {"seed": 7})
>>> evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
>>> bots = [ISMCTSBot(game, evaluator, 2.0, 20, random_state=np.random.RandomState(1)),
...         mcts.MCTSBot(game, 2.0, 20, evaluator, random_state=np.random.RandomState(2))]
>>> returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))

Why this module: OpenSpiel's C++ ``pyspiel.MCTSBot`` and ``pyspiel.ISMCTSBot`` end the Python
process with a segmentation fault on their first ``step`` on a game written in Python (both
measured with open_spiel 2.0.2 on ``ludoteca_dschunke``); OpenSpiel's maintainers say Python-only games are
not supported by every algorithm (google-deepmind/open_spiel issue 480).  The Python
``MCTSBot`` and ``ISMCTSBot`` work, but the Python ``ISMCTSBot`` has no ``restart_at``, which
``evaluate_bots`` calls first ("RestartAt(state) not implemented").  :class:`ISMCTSBot` adds it.
"""

from __future__ import annotations

from typing import Any

from open_spiel.python.algorithms import ismcts

import ludoteca.interop.openspiel  # noqa: F401  (registers ludoteca_<id> with pyspiel)


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python IS-MCTS, with ``restart_at``: a new game starts with an empty tree."""

    def restart_at(self, state: Any) -> None:
        self.reset()


__all__ = ["ISMCTSBot"]
