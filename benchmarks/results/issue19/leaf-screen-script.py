"""The screening script of issue 19's leaf settings (docs/bots.md, "Leaf settings").

    nice -n 10 .venv/bin/python benchmarks/results/issue19/leaf-screen-script.py \
        GAME PLAYERS GAMES SEED "hard:leaf_greedy=6:iterations=80" [normal]

Plays the line-up [SPEC, OPPONENT] with ``ludoteca.bots.arena.run`` (seats rotated, one job),
writes each game's result line to /tmp/search-exp/, and prints SPEC's win share, its Wilson 95%
interval and its mean CPU per call (forced moves included).
"""

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from ludoteca.bots.arena import Summary, run  # noqa: E402

game, players, games, seed, spec = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
opponent = sys.argv[6] if len(sys.argv) > 6 else "normal"
out_dir = Path("/tmp/search-exp")
out_dir.mkdir(exist_ok=True)
summary = Summary(players)
start = time.time()
with open(out_dir / f"{game}-{players}-{seed}-{spec.replace(':', '_')}.jsonl", "w") as out:
    for result in run(game, [spec, opponent], players, games, 1, seed):
        summary.add(result)
        out.write(json.dumps(result) + "\n")
        out.flush()
stats = summary.by_bot[spec]
low, high = stats.interval
print(f"{game} {players}p seed={seed} games={games} {spec} vs {opponent}: {stats.win_rate:.3f} "
      f"[{low:.3f}, {high:.3f}] cpu/dec={stats.seconds_per_decision * 1000:.1f}ms wall={time.time() - start:.0f}s")
