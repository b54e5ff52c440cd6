"""CPU time per decision of every bot level, over whole games.

    .venv/bin/python benchmarks/bot_speed.py [GAME ...] [--levels random,easy,normal,hard,expert]
        [--games 4] [--players N] [--seed 0]

For each game and level, the level plays ``--games`` whole games in one seat (rotated game by
game) against ``normal`` in the others, and every one of its decisions with a real choice (two
or more legal actions) is timed in CPU seconds of this process (one core).  Printed per level:
the decisions timed, their mean, median, 90th percentile and maximum in CPU milliseconds, and for the search levels
how many decisions ran out of CPU time before their iteration budget (the cap is a safety net;
a decision it cut short would not replay exactly).  Whole games, not sampled positions: a
sample can miss the slowest kind of decision, a whole game cannot.

Run the same file against an older commit to compare (it imports the ``ludoteca`` next to it):
``git worktree add /tmp/base COMMIT && cp benchmarks/bot_speed.py /tmp/base/benchmarks/``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ludoteca  # noqa: E402
from ludoteca.bots import make, make_spec  # noqa: E402


@dataclass
class Timing:
    """The timed decisions of one level in one game, and how often its CPU cap bit."""

    seconds: list[float] = field(default_factory=list)
    capped: int = 0
    games: int = 0
    game_seconds: float = 0.0

    def row(self) -> str:
        times = sorted(self.seconds)
        if not times:
            return "no decision with a choice"
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        ms = 1000.0
        return (f"{len(times):>9} {statistics.fmean(times) * ms:>9.2f} {statistics.median(times) * ms:>9.2f} "
                f"{p90 * ms:>8.2f} {times[-1] * ms:>8.1f} {self.capped:>7} {self.game_seconds / self.games:>12.3f}")


def time_level(game_id: str, level: str, players: int, games: int, seed: int) -> Timing:
    """Play ``games`` games, ``level`` (a level or a bot spec such as ``ismcts:iterations=50``)
    in seat ``i % players`` of game ``i``, normal elsewhere."""
    game = ludoteca.game(game_id)
    timing = Timing(games=games)
    for index in range(games):
        state = game.new(players, seed=seed + index)
        timed = index % players
        bots = [make_spec(level, seed=(seed + index) * players + s) if s == timed
                else make("normal", seed=(seed + index) * players + s) for s in range(players)]
        while not state.is_over:
            seat = state.to_move[0]
            choices = len(state.legal_actions(seat, copy=False))
            start = time.process_time()
            action = bots[seat].choose(state, seat)
            spent = time.process_time() - start
            if seat == timed:
                timing.game_seconds += spent
                if choices > 1:
                    timing.seconds.append(spent)
                    last = getattr(bots[seat], "last", None) or {}
                    if last.get("capped"):  # the bot's own record: its CPU cap cut the budget short
                        timing.capped += 1
            state.apply(seat, action)
    return timing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games_ids", nargs="*", metavar="GAME", help="game ids (default: the four games)")
    parser.add_argument("--levels", default="random,easy,normal,hard,expert")
    parser.add_argument("--games", type=int, default=4, help="whole games per game and level")
    parser.add_argument("--players", type=int, default=None, help="default: 2 if allowed, else the minimum")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    ids = args.games_ids or ["dice-hospital", "dschunke", "herbalism", "immunity"]
    print(f"{'game':14} {'players':>7} {'level':>7} {'decisions':>9} {'mean ms':>9} {'median ms':>9} "
          f"{'p90 ms':>8} {'max ms':>8} {'capped':>7} {'s per game':>12}")
    for game_id in ids:
        game = ludoteca.game(game_id)
        players = args.players or (2 if game.min_players <= 2 <= game.max_players else game.min_players)
        for level in args.levels.split(","):
            timing = time_level(game_id, level, players, args.games, args.seed)
            print(f"{game_id:14} {players:>7} {level:>7} {timing.row()}", flush=True)


if __name__ == "__main__":
    main()
