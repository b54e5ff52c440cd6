"""Standard AI-research interfaces over any Ludoteca game (docs/interop.md).

* :mod:`ludoteca.interop.pettingzoo`: ``env(game, players=..., options=...)``, an AEC env.
* :mod:`ludoteca.interop.pettingzoo_parallel`: ``parallel_env(...)``, the same game with every
  seat the game waits for acting in one step (Dice Hospital's simultaneous activation).
* :mod:`ludoteca.interop.gymnasium`: ``env(game, seat=0, opponents="normal")``, one agent
  against Ludoteca bots or, for self-play, policies (:mod:`ludoteca.interop.opponents`), with
  ``action_masks()`` for maskable PPO.
* :mod:`ludoteca.interop.openspiel`: importing it registers ``ludoteca_<id>`` with pyspiel;
  :mod:`ludoteca.interop.openspiel_bots` has the IS-MCTS bot ``evaluate_bots`` can run.

They need the optional ``rl`` extra (``pip install -e '.[rl]'``); this package itself and
:mod:`ludoteca.interop.core` need only numpy.
"""

from .core import Adapter, final_rewards, missing_interop, require_interop

__all__ = ["Adapter", "final_rewards", "missing_interop", "require_interop"]
