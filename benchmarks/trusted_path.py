"""The gain of the trusted path: the same random games played twice, once with every action
judged again (``apply``: matched against the legal list, type and value) and once on the
trusted path (``apply_trusted``: the engine's own legal action, as bots, replays and the
interop adapters play).

Why this script beside ``ludoteca bench --path both``: on a shared machine the load drifts
between two long runs.  Here both paths replay identical games (same seeds, same choices)
in alternating short rounds, and the best round of each path is kept, so the ratio holds
even while other work runs.

    .venv/bin/python benchmarks/trusted_path.py --games 40 --rounds 5
"""

from __future__ import annotations

import argparse
import random
import time

import ludoteca
from ludoteca.bench import playout


def timed(game: ludoteca.Game, players: int, seeds: range, path: str) -> tuple[float, int]:
    """CPU seconds and actions for the games of ``seeds`` on ``path``."""
    states = [game.new(players, seed=seed) for seed in seeds]
    start = time.process_time()
    actions = sum(playout(state, random.Random(seed), path=path) for state, seed in zip(states, seeds, strict=True))
    return time.process_time() - start, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per round and path")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds; the best of each path is kept")
    parser.add_argument("--game", action="append", help="a game id (repeatable); every game if omitted")
    args = parser.parse_args()
    print(f"{'game':<14} {'players':>7} {'actions':>8} {'checked µs':>11} {'trusted µs':>11} {'gain':>6}")
    for game_id in args.game or ludoteca.games():
        game = ludoteca.game(game_id)
        for players in range(game.min_players, game.max_players + 1):
            seeds = range(args.games)
            best = {"checked": float("inf"), "trusted": float("inf")}
            counts = {}
            for _ in range(args.rounds):
                for path in ("checked", "trusted"):
                    seconds, actions = timed(game, players, seeds, path)
                    best[path] = min(best[path], seconds)
                    counts[path] = actions
            if counts["checked"] != counts["trusted"]:
                raise SystemExit(f"{game_id}: the two paths played different games ({counts})")
            checked, trusted = (1e6 * best[p] / counts[p] for p in ("checked", "trusted"))
            print(f"{game_id:<14} {players:>7} {counts['trusted']:>8} {checked:>11.1f} {trusted:>11.1f} "
                  f"{1 - trusted / checked:>6.0%}")


if __name__ == "__main__":
    main()
