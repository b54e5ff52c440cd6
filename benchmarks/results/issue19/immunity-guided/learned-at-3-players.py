"""Screen: Immunity's trained policy (served at 2 players only) forced to play at 3 players.

    .venv/bin/python benchmarks/results/issue19/immunity-guided/learned-at-3-players.py GAMES SEED

One ``learned`` seat against two ``normal`` bots, seats rotated, by the match script beside
issue 19's results: the shipped policy with its served player counts widened to 2-5 for this
process only (the ``learned`` level itself still serves 2 players).
"""

import runpy
import sys
from pathlib import Path

from ludoteca.bots import policy
from ludoteca.engine import game as get_game

shipped = policy.policy_for(get_game("immunity"))
shipped.players = frozenset({2, 3, 4, 5})
games, seed = sys.argv[1], sys.argv[2]
sys.argv = ["match", "immunity", "learned", "normal", games, seed, "3"]
runpy.run_path(str(Path(__file__).parents[1] / "playout-match-script.py"), run_name="__main__")
