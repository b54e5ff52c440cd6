"""The bot levels, defined here and nowhere else: four from weakest to strongest, then
``learned``, which stands outside that order (a trained policy where a game ships one and it
was measured to beat ``hard``: Immunity at 2 players; ``hard`` everywhere else).

Budgets are per decision.  IS-MCTS levels count *iterations* (so a game plays the same on a
fast or a busy machine, and a seed replays exactly) with a wall-clock cap in ``seconds`` that
only bites on a slow or overloaded machine.  The ladder in docs/bots.md measures them.
"""

from __future__ import annotations

from typing import Any

#: level -> (bot kind, keyword arguments for that kind)
LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    # Greedy with mistakes: a random legal action 30% of the time.
    "easy": ("greedy", {"epsilon": 0.3}),
    # One-step look-ahead on the game's own heuristic (through chains of own decisions).
    "normal": ("greedy", {}),
    # IS-MCTS, 300 iterations (0.1-0.7 CPU s, depending on the game), capped at 1 CPU s;
    # like expert, it follows the game's ``search_hints`` (see ludoteca/bots/ismcts.py).
    "hard": ("ismcts", {"iterations": 300, "seconds": 1.0}),
    # IS-MCTS, 1000 iterations, capped at 5 s.
    "expert": ("ismcts", {"iterations": 1000, "seconds": 5.0}),
    # A policy network trained by reinforcement learning, run with numpy (ludoteca/bots/learned.py);
    # hard's settings for its fallback.
    "learned": ("policy", {}),
}
