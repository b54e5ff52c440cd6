"""Random-playout benchmarks: the figures in docs/performance.md come from here.

CPU time (``time.process_time``) is used, so the figures are for one core even when the
machine is busy with other work.
"""

from __future__ import annotations

import random
import time
import tracemalloc
from dataclasses import dataclass
from typing import Any

from .engine import game as get_game


@dataclass
class BenchResult:
    game: str
    players: int
    games: int
    actions: int
    seconds: float
    peak_kib: float
    path: str = "trusted"

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds

    @property
    def us_per_action(self) -> float:
        return 1e6 * self.seconds / max(1, self.actions)


#: How a playout hands its actions to the engine: ``trusted`` is the path bots, replays and
#: the interop adapters take (an action straight from the engine's own legal list, not judged
#: again); ``checked`` is the path of an action from outside (matched against the legal list).
PATHS = ("trusted", "checked")


def playout(state: Any, rng: random.Random, max_steps: int = 1_000_000, path: str = "trusted") -> int:
    """Play random legal actions to the end; simultaneous seats are picked at random."""
    steps = 0
    trusted = path == "trusted"
    while not state.is_over:
        movers = state.to_move
        seat = movers[0] if len(movers) == 1 else rng.choice(movers)
        if trusted:
            state.apply_trusted(seat, rng.choice(state.legal_actions(seat, copy=False)))
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"{state!r} did not end within {max_steps} actions")
    return steps


def run(game_id: str, players: int, seconds: float = 3.0, seed: int = 0,
        options: dict[str, Any] | None = None, progress: Any = None, path: str = "trusted") -> BenchResult:
    """Random games for about ``seconds`` of CPU time; then one traced game for peak memory."""
    if path not in PATHS:
        raise ValueError(f"path must be one of {', '.join(PATHS)}; got {path!r}")
    game = get_game(game_id)
    rng = random.Random(seed)
    games = actions = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        state = game.new(players, seed=seed + games, options=options)
        actions += playout(state, rng, path=path)
        games += 1
        elapsed = time.process_time() - start
        if progress is not None:
            progress(min(elapsed, seconds))
    tracemalloc.start()
    playout(game.new(players, seed=seed, options=options), random.Random(seed), path=path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return BenchResult(game_id, players, games, actions, elapsed, peak / 1024, path)
