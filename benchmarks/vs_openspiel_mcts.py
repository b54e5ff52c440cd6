"""Ludoteca's bot levels against OpenSpiel's Python MCTS and IS-MCTS, through the OpenSpiel
adapter, at equal CPU time per decision (or at equal iterations), in one run.

    .venv/bin/python benchmarks/vs_openspiel_mcts.py [GAME ...] [--ours hard] [--theirs mcts,ismcts]
        [--matches 20] [--equal cpu] [--jobs 1]

Both sides play the same ``ludoteca_<id>`` pyspiel game, 2 players, seats alternating between
matches.  OpenSpiel's bot calls ``step`` on the pyspiel state; Ludoteca's gets the Ludoteca
state underneath, and its action is played as the adapter's number for it.

**Equal CPU time** (the default): before the matches, Ludoteca's level decides on a few
positions sampled from seeded random games, and OpenSpiel's bot runs a fixed number of
simulations on the same positions; both are timed in CPU seconds of this process.  OpenSpiel's
bot then gets the simulations that fit in the level's mean CPU time per decision (at least 2).
The CPU actually spent per decision in the matches is printed for both sides, so the reader
can check the match was even; where it was not (a match's positions can cost more than the
sampled ones), ``--simulations N`` gives OpenSpiel's bot N simulations without calibrating.
``--equal iterations --iterations N`` gives both N instead
(Ludoteca's side is then ``ismcts`` with N iterations, not a level).

The opponents, stated plainly because they differ in what they may see:
* ``mcts``: ``mcts.MCTSBot(game, uct_c=2, sims, RandomRolloutEvaluator(1))``.  It searches the
  TRUE state: the other seat's hidden information and the order of every face-down pile (it
  cheats by construction).  Every draw is a chance node it samples.
* ``ismcts``: ``ismcts.ISMCTSBot(game, RandomRolloutEvaluator(1), uct_c=2, sims,
  allow_inconsistent_action_sets=True)``: information-set MCTS that resamples the hidden part
  with the adapter's ``resample_from_infostate`` (``determinize``), as Ludoteca's search does.
  Inconsistent action sets are allowed because which actions are legal can depend on the
  hidden cards.
* Ludoteca: ``ludoteca.bots.make(LEVEL)``, which sees only its seat.

Result per match for Ludoteca: 1 win, 0.5 shared result, 0 loss (from the rank returns),
reported as a score rate with its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import ludoteca
from ludoteca.interop import missing_interop

#: OpenSpiel's simulations timed per calibration position.
CALIBRATION_SIMULATIONS = 20


def wilson(points: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = points / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Contest:
    """One line of the comparison: which bots, how strong OpenSpiel's is, under which chance."""

    game_id: str
    ours: str            # a level or bot spec for ludoteca.bots.make
    theirs: str          # "mcts" or "ismcts"
    simulations: int     # OpenSpiel's budget per decision
    chance: str = "explicit"


def load(game_id: str, seed: int, chance: str):
    import pyspiel

    import ludoteca.interop.openspiel as lo

    return pyspiel.load_game(lo.short_name(game_id), {"players": 2, "seed": seed, "chance": chance})


def their_bot(kind: str, game, simulations: int, rng):
    from open_spiel.python.algorithms import ismcts, mcts

    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    if kind == "mcts":
        return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng)
    return ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng,
                            allow_inconsistent_action_sets=True)


def our_bot(spec: str, seed: int):
    from ludoteca.bots import make_spec

    return make_spec(spec, seed=seed)


def positions(game_id: str, count: int, chance: str) -> list:
    """Pyspiel states at spread-out depths of seeded random games, each with a real choice."""
    import numpy as np

    found = []
    for index in range(count * 10):
        if len(found) == count:
            break
        rng = np.random.RandomState(index)
        state = load(game_id, 5000 + index, chance).new_initial_state()
        depth = 4 + 9 * (index % 4)
        while not state.is_terminal() and depth > 0:
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
                continue
            state.apply_action(int(rng.choice(state.legal_actions())))
            depth -= 1
        while not state.is_terminal() and state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            found.append(state)
    return found


def calibrate(game_id: str, ours: str, theirs: str, chance: str, count: int = 4) -> tuple[float, float]:
    """(our CPU s per decision, their CPU s per simulation) on the same sampled positions."""
    import numpy as np

    ours_spent = theirs_spent = 0.0
    sampled = positions(game_id, count, chance)
    for index, state in enumerate(sampled):
        player = state.current_player()
        bot = our_bot(ours, index)
        start = time.process_time()
        bot.choose(state.ludoteca_state, player)
        ours_spent += time.process_time() - start
        rng = np.random.RandomState(index)
        theirs_bot = their_bot(theirs, state.get_game(), CALIBRATION_SIMULATIONS, rng)
        start = time.process_time()
        theirs_bot.step(state.clone())
        theirs_spent += time.process_time() - start
    return ours_spent / len(sampled), theirs_spent / (len(sampled) * CALIBRATION_SIMULATIONS)


def play_match(contest: Contest, match: int) -> dict:
    import numpy as np

    game = load(contest.game_id, 1000 + match, contest.chance)
    ours = match % 2
    mine = our_bot(contest.ours, match)
    rng = np.random.RandomState(match)
    theirs = their_bot(contest.theirs, game, contest.simulations, rng)
    state = game.new_initial_state()
    spent = {"ludoteca": [0.0, 0], "openspiel": [0.0, 0]}
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        player = state.current_player()
        if len(state.legal_actions()) == 1:
            state.apply_action(state.legal_actions()[0])
            continue
        start = time.process_time()
        if player == ours:
            core = state.ludoteca_state
            number = game.adapter.numbers.index(core, mine.choose(core, player))
            who = "ludoteca"
        else:
            number = theirs.step(state)
            who = "openspiel"
        spent[who][0] += time.process_time() - start
        spent[who][1] += 1
        state.apply_action(number)
    result = state.returns()[ours]
    return {"points": 1.0 if result > 0 else (0.5 if result == 0 else 0.0), "spent": spent}


def report(contest: Contest, results: list[dict], wall: float) -> str:
    points = sum(r["points"] for r in results)
    wins = sum(r["points"] == 1.0 for r in results)
    ties = sum(r["points"] == 0.5 for r in results)
    low, high = wilson(points, len(results))
    per = {who: sum(r["spent"][who][0] for r in results) / max(1, sum(r["spent"][who][1] for r in results))
           for who in ("ludoteca", "openspiel")}
    return (f"| {contest.game_id} | {contest.ours} | OpenSpiel {contest.theirs} ({contest.simulations} simulations) "
            f"| {len(results)} | {points / len(results):.3f} | [{low:.3f}, {high:.3f}] | {wins} / {ties} / "
            f"{len(results) - wins - ties} | {per['ludoteca']:.3f} | {per['openspiel']:.3f} | {wall / 60:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=["dice-hospital", "dschunke", "herbalism", "immunity"])
    parser.add_argument("--ours", default="hard", help="Ludoteca levels or bot specs, comma-separated")
    parser.add_argument("--theirs", default="mcts,ismcts", help="OpenSpiel bots: mcts, ismcts")
    parser.add_argument("--matches", type=int, default=20, help="matches per line (seats alternate)")
    parser.add_argument("--equal", choices=["cpu", "iterations"], default="cpu")
    parser.add_argument("--iterations", type=int, default=50, help="with --equal iterations: both bots' budget")
    parser.add_argument("--simulations", type=int, default=None,
                        help="give OpenSpiel's bots exactly this many simulations instead of calibrating "
                             "(to even the CPU out when a match's positions cost more than the sampled ones)")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--chance", choices=["explicit", "sampled"], default="explicit",
                        help="OpenSpiel's chance: nodes it samples, or each state's own generator (it sees the dice)")
    args = parser.parse_args()
    random.seed(0)
    print("| game | Ludoteca | against | matches | Ludoteca's score | 95% interval | wins / shared / losses "
          "| Ludoteca CPU s/decision | OpenSpiel CPU s/decision | minutes |")
    print("|---|---|---|---:|---:|---|---|---:|---:|---:|")
    for game_id in args.games:
        if game_id not in ludoteca.games():
            print(f"{game_id}: not available (not a registered game)")
            continue
        missing = missing_interop(ludoteca.game(game_id))
        if missing:
            print(f"{game_id}: not available (missing the interop contract: {', '.join(missing)})")
            continue
        for ours in args.ours.split(","):
            for theirs in args.theirs.split(","):
                if args.equal == "iterations":
                    contest = Contest(game_id, f"ismcts:iterations={args.iterations}", theirs, args.iterations,
                                      args.chance)
                elif args.simulations is not None:
                    contest = Contest(game_id, ours, theirs, max(2, args.simulations), args.chance)
                else:
                    mine, per_simulation = calibrate(game_id, ours, theirs, args.chance)
                    contest = Contest(game_id, ours, theirs, max(2, round(mine / per_simulation)), args.chance)
                start = time.perf_counter()
                with ProcessPoolExecutor(args.jobs) as pool:
                    results = list(pool.map(play_match, [contest] * args.matches, range(args.matches)))
                print(report(contest, results, time.perf_counter() - start), flush=True)


if __name__ == "__main__":
    main()
