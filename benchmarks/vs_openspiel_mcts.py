"""Ludoteca's ISMCTSBot against OpenSpiel's MCTSBot through the OpenSpiel adapter, at equal
iterations, side by side in one run.

    .venv/bin/python benchmarks/vs_openspiel_mcts.py --matches 20 --iterations 50

Both bots play the same ``ludoteca_<id>`` pyspiel game: OpenSpiel's bot calls ``step`` on the
pyspiel state; Ludoteca's bot gets the Ludoteca state underneath and its action is played
as ``action_index(action)``.  Seats alternate between matches.

Set-up, stated plainly because it is not a like-for-like contest:
* OpenSpiel: ``mcts.MCTSBot(game, uct_c=2, max_simulations=N, RandomRolloutEvaluator(1))``.
  It searches the TRUE state: the other seats' hidden information and the order of every
  face-down pile.  It cheats by construction.  With ``--chance sampled`` it also sees the
  future dice (each state then carries its own generator); with ``explicit`` (the default)
  every draw is a chance node it samples.
* Ludoteca: ``ludoteca.bots.make("ismcts", iterations=N)``: information-set MCTS over
  ``determinize(seat, rng)`` (no peeking), progressive widening ranked by the game's
  heuristic, and heuristic evaluation instead of random rollouts.
* Result per match for Ludoteca: 1 win, 0.5 shared result, 0 loss (from the rank returns);
  the score rate is reported with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

import ludoteca
from ludoteca.interop import missing_interop


def wilson(points: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = points / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_match(game_id: str, match: int, iterations: int, chance: str = "explicit") -> dict:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    import ludoteca.interop.openspiel as lo
    from ludoteca import bots

    game = pyspiel.load_game(lo.short_name(game_id), {"players": 2, "seed": 1000 + match, "chance": chance})
    ours = match % 2
    ismcts = bots.make("ismcts", seed=match, iterations=iterations)
    rng = np.random.RandomState(match)
    theirs = mcts.MCTSBot(game, 2.0, iterations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    spent = {"ludoteca": [0.0, 0], "openspiel": [0.0, 0]}
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        player = state.current_player()
        start = time.perf_counter()
        if player == ours:
            core = state.ludoteca_state
            number = core.action_index(ismcts.choose(core, player))
            who = "ludoteca"
        else:
            number = theirs.step(state)
            who = "openspiel"
        spent[who][0] += time.perf_counter() - start
        spent[who][1] += 1
        state.apply_action(number)
    result = state.returns()[ours]
    return {"points": 1.0 if result > 0 else (0.5 if result == 0 else 0.0), "spent": spent}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["dschunke", "dice-hospital"])
    parser.add_argument("--matches", type=int, default=20, help="matches per game (seats alternate)")
    parser.add_argument("--iterations", type=int, default=50, help="iterations per decision, both bots")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--chance", choices=["explicit", "sampled"], default="explicit",
                        help="OpenSpiel's chance: nodes it samples, or each state's own generator (it sees the dice)")
    args = parser.parse_args()
    try:
        from ludoteca import bots
        bots.make("ismcts", iterations=1)
    except ValueError as exc:
        print(f"Ludoteca's ISMCTS bot is not available: {exc}")
        return
    print(f"ISMCTS (Ludoteca) vs MCTSBot (OpenSpiel, sees the true state), {args.iterations} "
          f"iterations each, {args.matches} matches per game, 2 players")
    for game_id in args.games:
        if game_id not in ludoteca.games():
            print(f"{game_id}: not available (not a registered game)")
            continue
        missing = missing_interop(ludoteca.game(game_id))
        if missing:
            print(f"{game_id}: not available (missing the interop contract: {', '.join(missing)})")
            continue
        start = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play_match, [game_id] * args.matches, range(args.matches),
                                    [args.iterations] * args.matches, [args.chance] * args.matches))
        points = sum(r["points"] for r in results)
        wins = sum(r["points"] == 1.0 for r in results)
        ties = sum(r["points"] == 0.5 for r in results)
        low, high = wilson(points, len(results))
        per = {who: sum(r["spent"][who][0] for r in results) / max(1, sum(r["spent"][who][1] for r in results))
               for who in ("ludoteca", "openspiel")}
        print(f"{game_id}: Ludoteca ISMCTS scores {points / len(results):.2f} "
              f"(95% CI {low:.2f}-{high:.2f}; {wins} wins, {ties} shared, "
              f"{len(results) - wins - ties} losses); seconds per decision: ISMCTS "
              f"{per['ludoteca']:.3f}, OpenSpiel MCTS {per['openspiel']:.3f}; "
              f"{time.perf_counter() - start:.0f}s")


if __name__ == "__main__":
    main()
