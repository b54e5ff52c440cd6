"""Random-playout speed of two commits, side by side: for a machine too noisy for absolute figures.

    .venv/bin/python benchmarks/ab_bench.py 4f84ffc dschunke --option rules=rat-hot --pairs 8
    .venv/bin/python benchmarks/ab_bench.py HEAD~3 immunity --players 2

Why: ``ludoteca bench`` figures only compare across days on a quiet machine.  This checks the
other commit out into a temporary git worktree and runs ``ludoteca.bench.run`` for each commit
in turn, each in a fresh process with that tree first on ``sys.path``, ``--pairs`` times; it
prints every pair and the ratio of the medians.  Both trees use this checkout's virtualenv.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
import json, sys
tree, game, players, options, seconds = sys.argv[1:6]
sys.path.insert(0, tree)
import ludoteca
assert ludoteca.__file__.startswith(tree), f"imported {ludoteca.__file__}, not the tree {tree}"
from ludoteca.bench import run
print(run(game, int(players), seconds=float(seconds), options=json.loads(options) or None).actions_per_s)
"""


def actions_per_s(tree: Path, game: str, players: int, options: dict, seconds: float) -> float:
    out = subprocess.run([sys.executable, "-c", CHILD, str(tree), game, str(players), json.dumps(options),
                          str(seconds)], check=True, capture_output=True, text=True, cwd=tempfile.gettempdir())
    return float(out.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="the commit to compare this checkout with (e.g. HEAD~1, a hash)")
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per run")
    parser.add_argument("--pairs", type=int, default=8)
    args = parser.parse_args()
    options = dict(pair.split("=", 1) for pair in args.option)
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), args.base], check=True)
        try:
            pairs = [(actions_per_s(base, args.game, args.players, options, args.seconds),
                      actions_per_s(ROOT, args.game, args.players, options, args.seconds))
                     for _ in range(args.pairs)]
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=True)
    for before, after in pairs:
        print(f"{args.base}: {before:>9,.0f}   this checkout: {after:>9,.0f}   ratio {after / before:.2f}")
    before, after = (statistics.median(side) for side in zip(*pairs, strict=True))
    print(f"medians: {before:,.0f} -> {after:,.0f} actions/s, ratio {after / before:.2f}")


if __name__ == "__main__":
    main()
