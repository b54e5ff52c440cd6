"""Experiment: Herbalism bots with exact cure odds from the belief filter (contextvar switch)."""
import contextvars, sys, json, time
import ludoteca
from collections import defaultdict
from ludoteca.games.herbalism import heuristic as H, belief as B

SHARP = contextvars.ContextVar("sharp", default=False)
_CUR = {}
_orig_cure_odds = H.cure_odds
_orig_eval_state = H.evaluate_state

def exact_cure_odds(state, seat):
    _, steps, final = B._final(state, seat)
    content = state.content
    colours, medicines = list(content.colours), list(content.medicines)
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

def patched_cure_odds(view, seat):
    st = _CUR.get("state")
    if SHARP.get() and st is not None:
        return exact_cure_odds(st, seat)
    return _orig_cure_odds(view, seat)

def patched_eval_state(state, seat):
    _CUR["state"] = state
    try:
        return _orig_eval_state(state, seat)
    finally:
        _CUR["state"] = None

H.cure_odds = patched_cure_odds
H.evaluate_state = patched_eval_state
import ludoteca
# make the game use evaluate_state through the module attribute


from ludoteca.bots import make_spec
from ludoteca.bots.arena import _bot_seed, line_up, seating, wilson
from ludoteca.engine import game as get_game

class Sharp:
    def __init__(self, inner):
        self.inner = inner
    def choose(self, state, seat):
        tok = SHARP.set(True)
        try:
            return self.inner.choose(state, seat)
        finally:
            SHARP.reset(tok)

def build(spec, seed):
    if spec.startswith("sharp+"):
        return Sharp(make_spec(spec[6:], seed=seed))
    return make_spec(spec, seed=seed)

if __name__ == "__main__":
    gid, a, b, n, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    players = int(sys.argv[6]) if len(sys.argv) > 6 else 2
    bots = [a, b]
    wins = {a: 0.0, b: 0.0}; seats = {a: 0, b: 0}; think = {a: [], b: []}
    for index in range(n):
        lineup = line_up(bots, players)
        entries = seating(bots, players, index)
        state = get_game(gid).new(players, seed=seed + index)
        sb = [build(lineup[entries[s]], _bot_seed(seed, index, s)) for s in range(players)]
        while not state.is_over:
            s = state.to_move[0]
            t0 = time.process_time()
            act = sb[s].choose(state, s)
            think[lineup[entries[s]]].append(time.process_time() - t0)
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
        print(json.dumps({"bot": label, "share": round(wins[label] / seats[label], 3),
                          "ms_mean": round(1000 * sum(t) / len(t), 2), "ms_max": round(1000 * max(t), 1)}), flush=True)
