"""Usage: capped.py GAME A B GAMES SEED PLAYERS CAP: arena.play_game with a cap on actions."""
import sys, json
from ludoteca.bots.arena import play_game, wilson
gid, a, b, n, seed, players, cap = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7])
w = 0.0; seats = 0; unf = 0
for i in range(n):
    r = play_game(gid, players, [a, b], i, seed, max_actions=cap)
    for s, e in enumerate(r["entries"]):
        if e == 0:
            seats += 1; w += r["shares"][s]
    unf += r["unfinished"]
    lo, hi = wilson(w, seats)
    print(f"{i+1} {a}: {w:.1f}/{seats} = {w/seats:.3f} [{lo:.3f},{hi:.3f}] unfinished {unf}", flush=True)
