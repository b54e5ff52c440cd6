"""Median time of ``determinize(seat, rng)`` at random positions, per game and player count.

    .venv/bin/python benchmarks/determinize_speed.py [GAME ...] [--positions N]

Positions come from seeded random play; each is determinized for the seat to move, timed in
CPU time (one core).  The first call of a process (tables built once) is timed separately.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import ludoteca


def positions(game_id: str, players: int, count: int) -> list:
    game = ludoteca.game(game_id)
    found, rng, seed = [], random.Random(0), 0
    while len(found) < count:
        state = game.new(players, seed=seed)
        seed += 1
        length = rng.randint(1, 60)
        for _ in range(length):
            if state.is_over:
                break
            seat = rng.choice(state.to_move)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_over:
            found.append(state)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=ludoteca.games())
    parser.add_argument("--positions", type=int, default=300)
    args = parser.parse_args()
    print(f"{'game':<14} {'players':>7} {'first ms':>9} {'median ms':>10} {'p90 ms':>8} {'p99 ms':>8}")
    for game_id in args.games:
        game = ludoteca.game(game_id)
        for players in range(game.min_players, game.max_players + 1):
            states = positions(game_id, players, args.positions)
            rng = random.Random(1)
            times = []
            for state in states:
                seat = state.to_move[0]
                start = time.process_time()
                state.determinize(seat, rng)
                times.append((time.process_time() - start) * 1000)
            first, rest = times[0], sorted(times[1:])
            p90, p99 = rest[int(0.9 * len(rest))], rest[int(0.99 * len(rest))]
            print(f"{game_id:<14} {players:>7} {first:>9.2f} {statistics.median(rest):>10.3f} {p90:>8.3f} {p99:>8.3f}")


if __name__ == "__main__":
    main()
