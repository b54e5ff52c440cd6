"""Screen (2026-12-06, before ``Game.evaluate_sharp`` existed): Herbalism bots judging by the
exact cure odds, switched on for one bot by a context variable.

Usage: sharp-contextvar-screen-script.py GAME A B GAMES SEED [PLAYERS]; a spec ``sharp+SPEC``
is SPEC with the exact odds.  The odds are the belief filter's cure marginal, as
``heuristic.sharp_cure_odds`` now computes them."""

import contextvars
import json
import sys
import time
from collections import defaultdict

import ludoteca  # noqa: F401  (registers the games)
from ludoteca.bots import make_spec
from ludoteca.bots.arena import _bot_seed, line_up, seating, wilson
from ludoteca.engine import game as get_game
from ludoteca.games.herbalism import belief as B
from ludoteca.games.herbalism import heuristic as H

SHARP = contextvars.ContextVar("sharp", default=False)
CURRENT: dict = {}
plain_cure_odds, plain_evaluate_state = H.cure_odds, H.evaluate_state


def exact_cure_odds(state, seat):
    _, steps, final = B._final(state, seat)
    colours, medicines = list(state.content.colours), list(state.content.medicines)
    per = defaultdict(float)
    for w, p in final.items():
        per[tuple(steps.cure_of(w))] += p
    total = sum(per.values())
    weight = dict.fromkeys(medicines, 0.0)
    in_cure = [0.0] * len(colours)
    for cure, p in per.items():
        weight[H._card_for(list(cure), colours, medicines)] += p / total
        for c, n in enumerate(cure):
            if n:
                in_cure[c] += p / total
    return weight, in_cure


def cure_odds(view, seat):
    state = CURRENT.get("state")
    if SHARP.get() and state is not None:
        return exact_cure_odds(state, seat)
    return plain_cure_odds(view, seat)


def evaluate_state(state, seat):
    CURRENT["state"] = state
    try:
        return plain_evaluate_state(state, seat)
    finally:
        CURRENT["state"] = None


H.cure_odds, H.evaluate_state = cure_odds, evaluate_state


class Sharp:
    def __init__(self, inner):
        self.inner = inner

    def choose(self, state, seat):
        token = SHARP.set(True)
        try:
            return self.inner.choose(state, seat)
        finally:
            SHARP.reset(token)


def build(spec, seed):
    return Sharp(make_spec(spec[6:], seed=seed)) if spec.startswith("sharp+") else make_spec(spec, seed=seed)


if __name__ == "__main__":
    gid, a, b, n, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    players = int(sys.argv[6]) if len(sys.argv) > 6 else 2
    bots = [a, b]
    wins, seats, think = {a: 0.0, b: 0.0}, {a: 0, b: 0}, {a: [], b: []}
    for index in range(n):
        lineup, entries = line_up(bots, players), seating(bots, players, index)
        state = get_game(gid).new(players, seed=seed + index)
        seated = [build(lineup[entries[s]], _bot_seed(seed, index, s)) for s in range(players)]
        while not state.is_over:
            s = state.to_move[0]
            t0 = time.process_time()
            action = seated[s].choose(state, s)
            think[lineup[entries[s]]].append(time.process_time() - t0)
            state.apply(s, action)
        for s in range(players):
            label = lineup[entries[s]]
            seats[label] += 1
            wins[label] += 1 / len(state.winners) if s in state.winners else 0.0
        lo, hi = wilson(wins[a], seats[a])
        print(f"{index + 1} {a}: {wins[a]:.1f}/{seats[a]} = {wins[a] / seats[a]:.3f} [{lo:.3f},{hi:.3f}]", flush=True)
    for label in bots:
        t = think[label]
        print(json.dumps({"bot": label, "share": round(wins[label] / seats[label], 3),
                          "ms_mean": round(1000 * sum(t) / len(t), 2), "ms_max": round(1000 * max(t), 1)}), flush=True)
