"""IS-MCTS speed per game: iterations per second, and how long a ``hard`` decision takes.

    .venv/bin/python benchmarks/ismcts_speed.py [GAME ...] [--positions 6] [--iterations 200]
        [--whole-games 0]

Positions are sampled from seeded random playouts (early, middle and late game).  For each,
an ``ismcts`` bot with a fixed iteration budget reports iterations per CPU second (one core);
then the ``hard`` level decides once, to check it stays within its ``seconds`` cap + 10%
(the cap is CPU time; the wall time is printed too and equals it on an idle machine).

With ``--whole-games K``, ``hard`` also plays K whole games per game against ``normal`` (seats
rotated), and every one of its decisions is timed: the sampled positions may miss the
slowest kind of decision, a whole game cannot.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot_speed import time_level  # noqa: E402  (benchmarks/ is on the path when run as a script)

import ludoteca  # noqa: E402
from ludoteca.bots import LEVELS, make  # noqa: E402


def positions(game_id: str, players: int, count: int, seed: int = 0) -> list:
    """``count`` positions at spread-out depths of seeded random games, each with a real choice."""
    game = ludoteca.game(game_id)
    rng = random.Random(seed)
    found = []
    attempt = 0
    while len(found) < count and attempt < 50 * count:
        attempt += 1
        state = game.new(players, seed=seed + attempt)
        probe = state.clone()
        moves = []
        while not probe.is_over:
            mover = probe.to_move[0]
            action = rng.choice(probe.legal_actions(mover))
            probe.apply(mover, action)
            moves.append((mover, action))
        stop = int(len(moves) * (len(found) % 3 + 0.5) / 3)
        for mover, action in moves[:stop]:
            state.apply(mover, action)
        while not state.is_over and len(state.legal_actions(state.to_move[0])) < 2:
            state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[0])
        if not state.is_over:
            found.append(state)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="game ids (default: all registered)")
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--players", type=int, default=None, help="default: 2 if allowed, else the minimum")
    parser.add_argument("--no-hard", action="store_true", help="skip the hard-level timing")
    parser.add_argument("--whole-games", type=int, default=0, help="whole hard-vs-normal games to time per game")
    args = parser.parse_args()
    hard_cap = LEVELS["hard"][1].get("seconds")
    print(f"{'game':14} {'players':>7} {'it/s median':>12} {'it/s min':>9} {'hard CPU s max':>15} "
          f"{'hard wall s max':>16} {'hard cap':>9} {'within +10%':>11}")
    for game_id in args.games or ludoteca.games():
        game = ludoteca.game(game_id)
        players = args.players or (2 if game.min_players <= 2 <= game.max_players else game.min_players)
        rates, hard_cpu, hard_wall = [], [], []
        for index, state in enumerate(positions(game_id, players, args.positions)):
            seat = state.to_move[0]
            bot = make("ismcts", seed=index, iterations=args.iterations)
            start = time.process_time()
            bot.choose(state, seat)
            rates.append(args.iterations / (time.process_time() - start))
            if not args.no_hard:
                hard = make("hard", seed=index)
                start, wall = time.process_time(), time.perf_counter()
                hard.choose(state, seat)
                hard_cpu.append(time.process_time() - start)
                hard_wall.append(time.perf_counter() - wall)
        worst = max(hard_cpu) if hard_cpu else float("nan")
        worst_wall = max(hard_wall) if hard_wall else float("nan")
        ok = "-" if not hard_cpu or hard_cap is None else ("yes" if worst <= 1.1 * hard_cap else "NO")
        print(f"{game_id:14} {players:>7} {statistics.median(rates):>12.0f} {min(rates):>9.0f} "
              f"{worst:>15.3f} {worst_wall:>16.3f} {hard_cap!s:>9} {ok:>11}", flush=True)
    if args.whole_games:
        whole_games(args.games or ludoteca.games(), args.whole_games, args.players, hard_cap)


def whole_games(game_ids: list[str], games: int, players_arg: int | None, cap: float | None) -> None:
    print(f"\n{'game':14} {'players':>7} {'games':>5} {'decisions':>9} {'hard CPU s median':>18} "
          f"{'p99':>6} {'max':>6} {'hard cap':>9} {'within +10%':>11}")
    for game_id in game_ids:
        game = ludoteca.game(game_id)
        players = players_arg or (2 if game.min_players <= 2 <= game.max_players else game.min_players)
        times = sorted(time_level(game_id, "hard", players, games, seed=0).seconds)
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        ok = "-" if cap is None else ("yes" if times[-1] <= 1.1 * cap else "NO")
        print(f"{game_id:14} {players:>7} {games:>5} {len(times):>9} {statistics.median(times):>18.3f} "
              f"{p99:>6.3f} {times[-1]:>6.3f} {cap!s:>9} {ok:>11}", flush=True)


if __name__ == "__main__":
    main()
