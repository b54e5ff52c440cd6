"""Usage: capped-match-script.py GAME A B GAMES SEED PLAYERS CAP: A vs B, seats rotated, through
``arena.play_game`` with at most CAP actions a game (an unfinished game counts for nobody)."""

import sys

from ludoteca.bots.arena import play_game, wilson

gid, a, b = sys.argv[1], sys.argv[2], sys.argv[3]
games, seed, players, cap = (int(x) for x in sys.argv[4:8])
won, seats, unfinished = 0.0, 0, 0
for index in range(games):
    result = play_game(gid, players, [a, b], index, seed, max_actions=cap)
    for seat, entry in enumerate(result["entries"]):
        if entry == 0:
            seats += 1
            won += result["shares"][seat]
    unfinished += result["unfinished"]
    lo, hi = wilson(won, seats)
    print(f"{index + 1} {a}: {won:.1f}/{seats} = {won / seats:.3f} [{lo:.3f},{hi:.3f}] unfinished {unfinished}",
          flush=True)
