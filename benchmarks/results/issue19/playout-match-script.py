"""Usage: match.py GAME A B GAMES SEED [PLAYERS]: A vs B, seats rotated, per-decision CPU."""

import json
import sys
import time

from ludoteca.bots import make_spec
from ludoteca.bots.arena import _bot_seed, line_up, seating, wilson
from ludoteca.engine import game as get_game

gid, a, b, n, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
players = int(sys.argv[6]) if len(sys.argv) > 6 else 2
bots = [a, b]
wins = {a: 0.0, b: 0.0}
seats = {a: 0, b: 0}
think = {a: [], b: []}
over = {a: 0, b: 0}
for index in range(n):
    lineup = line_up(bots, players)
    entries = seating(bots, players, index)
    state = get_game(gid).new(players, seed=seed + index)
    sb = [make_spec(lineup[entries[s]], seed=_bot_seed(seed, index, s)) for s in range(players)]
    while not state.is_over:
        s = state.to_move[0]
        t0 = time.process_time()
        act = sb[s].choose(state, s)
        dt = time.process_time() - t0
        label = lineup[entries[s]]
        think[label].append(dt)
        if getattr(sb[s], "last", {}).get("overruled"):
            over[label] += 1
        state.apply(s, act)
    w = state.winners
    for s in range(players):
        label = lineup[entries[s]]
        seats[label] += 1
        wins[label] += 1 / len(w) if s in w else 0.0
    lo, hi = wilson(wins[a], seats[a])
    print(f"{index + 1} {a}: {wins[a]:.1f}/{seats[a]} = {wins[a] / seats[a]:.3f} [{lo:.3f},{hi:.3f}]", flush=True)
for label in bots:
    t = think[label]
    lo, hi = wilson(wins[label], seats[label])
    print(
        json.dumps(
            {
                "game": gid,
                "bot": label,
                "vs": [x for x in bots if x != label],
                "seed": seed,
                "games": n,
                "share": round(wins[label] / seats[label], 3),
                "ci": [round(lo, 3), round(hi, 3)],
                "ms_mean": round(1000 * sum(t) / len(t), 1),
                "ms_max": round(1000 * max(t), 1),
                "decisions": len(t),
                "overruled": over[label],
            }
        ),
        flush=True,
    )
