"""``lab tune``: search the knobs for values that meet the designer's targets, then confirm.

Why a (μ + λ) evolutionary search and not NTBEA or Optuna: the knobs are a small discrete grid
(each knob's declared values), the objective is cheap to state but noisy to measure, and the
lab pairs every candidate on the same block batch, which turns a noisy objective into a
deterministic function of the candidate (common random numbers).  On such a function an
elitist evolution needs no model of the landscape, never re-plays a candidate (results are
cached, so the budget counts distinct candidates), and is a dozen lines that are easy to
check; NTBEA's bandit model pays off when each evaluation is a single noisy game, which is
not the case here.  Children stay close to their parents (one or two grid steps on one or
two knobs), so the search walks from the shipped content outwards, and ties are broken
towards fewer changes from the control: a designer prefers the smallest edit that works.

Because the search picks the best of many candidates on the same blocks, its own numbers
are optimistic (the winner's curse); the confirmation replays the best candidate(s) against
the control on fresh seeds (another seed plan), with intervals and target verdicts.
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from . import metrics, seeds
from .experiment import RULE_KEYS, Experiment
from .knobs import knobs as list_knobs
from .knobs import set_path
from .sensitivity import select

#: Values tried for a knob holding fractional numbers (its declared range cut evenly).
FRACTIONAL_STEPS = 11
#: Parents kept (μ) and children made (λ) per generation.
MU, LAMBDA = 4, 8
#: Metrics measured per seat, content key or entry: a target names one, e.g. ``score[0]``.
KEYED = frozenset({"seat_win_share", "seat_advantage", "score", "decisions", "decision_density", "usage",
                   "entry_win_share", "turn_order_win_share", "leader_wins", "branching", "win_when_used",
                   "restriction_value", "binding_rate", "changed_rate"})
#: Metrics the lab reports without an interval to judge a target by.
UNJUDGED = frozenset({"dead_content"})


@dataclass
class Space:
    """The grid searched: per knob its values in increasing order, and the control's index."""

    knobs: list[str]
    values: dict[str, list[float]]
    control: dict[str, float]
    whole: dict[str, bool] = field(default_factory=dict)

    def start(self) -> tuple[int, ...]:
        """The grid point nearest the control (the control itself when its values are on the grid)."""
        return tuple(int(np.argmin([abs(v - self.control[k]) for v in self.values[k]])) for k in self.knobs)

    def point(self, index: Sequence[int]) -> dict[str, float]:
        return {k: self.values[k][i] for k, i in zip(self.knobs, index, strict=True)}

    def size(self) -> int:
        return math.prod(len(v) for v in self.values.values())


def parse_range(text: str) -> tuple[str, float, float]:
    """``cells.neutrophil.cost=1..4`` -> ("cells.neutrophil.cost", 1.0, 4.0)."""
    knob, _, bounds = text.partition("=")
    low, sep, high = bounds.partition("..")
    try:
        if not knob.strip() or not sep:
            raise ValueError
        return knob.strip(), float(low), float(high)
    except ValueError:
        raise ValueError(f"--range: write KNOB=LOW..HIGH, e.g. cells.neutrophil.cost=1..4; got {text!r}") from None


def space(game_id: str, patterns: Sequence[str] | None, ranges: Sequence[str] = ()) -> Space:
    """The grid of the selected knobs: their declared values, or the narrower ``--range`` given."""
    paths = select(game_id, patterns)
    found = {k.path: k for k in list_knobs(game_id)}
    narrowed: dict[str, tuple[float, float]] = {}
    for text in ranges:
        knob, low, high = parse_range(text)
        if knob not in paths:
            raise ValueError(f"--range {text}: {knob} is not one of the knobs searched ({', '.join(paths)})")
        if low > high:
            raise ValueError(f"--range {text}: the low end is above the high end")
        k = found[knob]
        if (k.low is not None and low < k.low) or (k.high is not None and high > k.high):
            raise ValueError(f"--range {text}: outside the declared range {k.low:g}..{k.high:g} of {knob}")
        narrowed[knob] = (low, high)
    values: dict[str, list[float]] = {}
    for path in paths:
        k = found[path]
        low, high = narrowed.get(path, (k.low, k.high))
        if low is None or high is None:
            raise ValueError(f"--knobs: {path} declares no range; give one with --range {path}=LOW..HIGH")
        if k.kind == "whole":
            grid = [float(v) for v in range(math.ceil(low), math.floor(high) + 1)]
        else:
            grid = [float(v) for v in np.round(np.linspace(low, high, FRACTIONAL_STEPS), 12)]
        if len(grid) < 2:
            raise ValueError(f"--knobs: {path} can take only {grid[0]:g} in its range, so there is nothing to "
                             f"search; leave it out or widen --range")
        values[path] = grid
    return Space(paths, values, {p: float(found[p].value) for p in paths},
                 {p: found[p].kind == "whole" for p in paths})


# ---- the objective ---------------------------------------------------------------------------

def check_targets(targets: Mapping[str, Mapping[str, Any]]) -> None:
    """Every target names a metric the lab measures and a rule it understands."""
    if not targets:
        raise ValueError("--target: give at least one, e.g. --target seat_gap:max=0.05")
    for name, rule in targets.items():
        metric, _, key = name.partition("[")
        if metric not in metrics.METRIC_IDS or metric in UNJUDGED:
            raise ValueError(f"--target {name}: unknown metric; known: seat_gap, actions, rounds, comeback_rate, "
                             f"margin, seat_win_share[0], score[0], ... (docs/lab.md)")
        if metric in KEYED and not key.rstrip("]"):
            raise ValueError(f"--target {name}: {metric} is measured per seat or key; name one, e.g. {metric}[0]")
        if not isinstance(rule, Mapping) or len(rule) != 1 or next(iter(rule)) not in RULE_KEYS:
            raise ValueError(f"--target {name}: write metric:max=x, metric:min=x or metric:between=a,b")
        (kind, bound), = rule.items()
        if kind == "between" and (not isinstance(bound, Sequence) or len(bound) != 2 or bound[0] > bound[1]):
            raise ValueError(f"--target {name}: between needs two numbers, low first; got {bound!r}")


def miss(value: float, rule: Mapping[str, Any]) -> float:
    """How far ``value`` is outside one target, as a share of the target's own size (0 inside):
    a band's width, or the bound's magnitude (1 for a bound of 0).  Summed over the targets, so
    a seat gap 0.05 over a 0.05 cap weighs as much as a length 70 actions outside 150..220."""
    (kind, bound), = rule.items()
    if not math.isfinite(value):
        return math.inf
    if kind == "max":
        return max(0.0, value - bound) / (abs(bound) or 1.0)
    if kind == "min":
        return max(0.0, bound - value) / (abs(bound) or 1.0)
    low, high = bound
    return max(0.0, low - value, value - high) / ((high - low) or abs(low) or 1.0)


def distance(values: Mapping[str, float], targets: Mapping[str, Mapping[str, Any]]) -> float:
    return float(sum(miss(values[name], rule) for name, rule in targets.items()))


def measure(column: metrics.Column, players: int, names: Sequence[str]) -> dict[str, float]:
    """The point value of each target metric on one candidate's batch (means over its blocks;
    seat_gap as max − min of the seat means)."""
    out: dict[str, float] = {}
    for name in names:
        metric, _, key = name.partition("[")
        key = key.rstrip("]") or None
        if metric == "seat_gap":
            shares = [_mean(column, ("seat_win_share", str(s))) for s in range(players)]
            out[name] = max(shares) - min(shares)
        else:
            out[name] = _mean(column, (metric, key))
    return out


def _mean(column: metrics.Column, key: metrics.Key) -> float:
    values = column.column(key)
    if values is None:
        return math.nan
    finite = values[np.isfinite(values)]
    return float(finite.mean()) if len(finite) else math.nan


# ---- the search ------------------------------------------------------------------------------

@dataclass
class Evaluation:
    index: tuple[int, ...]
    distance: float
    generation: int
    steps: int  # grid steps away from the control: the tie-break towards small edits
    measured: dict[str, float] = field(default_factory=dict)


def _rank(e: Evaluation) -> tuple[float, int, tuple[int, ...]]:
    return (e.distance, e.steps, e.index)


def search(grid: Space, evaluate: Callable[[list[dict[str, float]]], list[tuple[float, dict[str, float]]]],
           budget: int, seed: int, mu: int = MU, lam: int = LAMBDA,
           progress: Callable[[int, int, Evaluation], None] | None = None) -> list[Evaluation]:
    """A (μ + λ) evolution over the grid; returns every evaluation, best first.

    ``evaluate`` gets a generation's new candidates (knob -> value) and returns for each its
    distance from the targets and the measured values.  ``budget`` counts distinct candidates
    (the control included); the search also stops when no new candidate can be made."""
    if budget < 1:
        raise ValueError(f"--budget: must be at least 1 candidate; got {budget}")
    rng = np.random.default_rng(seed)
    start = grid.start()
    sizes = [len(grid.values[k]) for k in grid.knobs]
    seen: dict[tuple[int, ...], Evaluation] = {}
    # The first generation is the control and children of it: the search walks outwards from
    # the shipped content, so the edits it proposes stay small unless the targets need more.
    batch = [start]
    control = [Evaluation(start, math.inf, 0, 0)]
    tries = 0
    while len(batch) < min(lam, budget, grid.size()) and tries < 100 * lam:
        tries += 1
        candidate = _child(control, sizes, rng)
        if candidate not in batch:
            batch.append(candidate)
    generation = 0
    while batch:
        results = evaluate([grid.point(c) for c in batch])
        for c, (d, measured) in zip(batch, results, strict=True):
            steps = sum(abs(a - b) for a, b in zip(c, start, strict=True))
            seen[c] = Evaluation(c, d, generation, steps, measured)
            if progress:
                progress(len(seen), budget, min(seen.values(), key=_rank))
        if len(seen) >= budget:
            break
        parents = sorted(seen.values(), key=_rank)[:mu]
        generation += 1
        want = min(lam, budget - len(seen))
        # First, the best so far with one changed knob put back to the control's value: edits
        # that do not help are dropped (a dead knob never stays changed for nothing).
        best = parents[0].index
        batch = [r for r in (tuple(start[i] if j == i else v for j, v in enumerate(best))
                             for i in range(len(best)) if best[i] != start[i]) if r not in seen][:max(1, lam // 2)]
        batch = batch[:want]
        tries = 0
        while len(batch) < want and tries < 200 * lam:
            tries += 1
            child = _child(parents, sizes, rng)
            if child not in seen and child not in batch:
                batch.append(child)
    return sorted(seen.values(), key=_rank)


def _child(parents: list[Evaluation], sizes: list[int], rng: np.random.Generator) -> tuple[int, ...]:
    """Uniform crossover of two elites (half the time), then one or two knobs moved one or two
    grid steps (a fifth of the moves jump anywhere on the knob's grid)."""
    a = parents[int(rng.integers(0, len(parents)))].index
    if len(parents) > 1 and rng.random() < 0.5:
        b = parents[int(rng.integers(0, len(parents)))].index
        a = tuple(x if rng.random() < 0.5 else y for x, y in zip(a, b, strict=True))
    child = list(a)
    k = len(sizes)
    moved = rng.choice(k, size=min(k, 1 + int(rng.random() < 0.3)), replace=False)
    for i in moved:
        if rng.random() < 0.2:
            child[i] = int(rng.integers(0, sizes[i]))
        else:
            step = int(rng.choice([-2, -1, 1, 2], p=[0.15, 0.35, 0.35, 0.15]))
            child[i] = min(sizes[i] - 1, max(0, child[i] + step))
    return tuple(child)


# ---- evaluating candidates on a block batch ---------------------------------------------------

def _params(base: Mapping[str, Any], point: Mapping[str, float], grid: Space) -> dict[str, Any]:
    """``base`` params with the point's knobs set (whole-number knobs as ints, as the content has them)."""
    params = json.loads(json.dumps(dict(base)))
    for knob, value in point.items():
        set_path(params, knob, int(value) if grid.whole.get(knob, False) else float(value))
    return params


class BatchEvaluator:
    """Plays candidates on the same block batch (the search's seed plan) and scores them.

    Why not a Runner per generation: a run folder, records and every metric per generation
    would cost more than the games of a small batch; here only the games and the target
    metrics are computed, with the runner's own tasks and seed plan."""

    def __init__(self, exp: Experiment, targets: Mapping[str, Mapping[str, Any]], grid: Space,
                 backend: Any, games_done: Callable[[int], None] | None = None) -> None:
        self.exp, self.targets, self.grid, self.backend = exp, dict(targets), grid, backend
        self.games_done = games_done
        self.games = 0
        self.cpu_s = 0.0

    def __call__(self, points: list[dict[str, float]]) -> list[tuple[float, dict[str, float]]]:
        from .play import play_many
        from .runner import Plan

        exp = self.exp
        arms = {f"c{i}": {"params": _params(exp.arms[exp.control or "shipped"].get("params", {}), p, self.grid)}
                for i, p in enumerate(points)}
        batch = Experiment(game=exp.game, players=exp.players, bots=exp.bots, seed=exp.seed, blocks=exp.blocks,
                           arms=arms, type="tune", metrics=["outcome", "length", "tension"], records="none",
                           max_actions=exp.max_actions).validate()
        plan = Plan.of(batch)
        futures = []
        blocks = list(range(batch.blocks or 1))
        for arm in arms:
            for n in batch.players:
                for start in range(0, len(blocks), 4):
                    tasks = [plan.task(arm, n, b, r) for b in blocks[start:start + 4] for r in range(plan.rotations[n])]
                    futures.append(self.backend.submit(play_many, tasks))
        columns: dict[tuple[str, int], metrics.Column] = {}
        grouped: dict[tuple[str, int, int], list[Any]] = {}
        for future in futures:
            for result in future.result():
                row = result.game
                grouped.setdefault((row["arm"], row["players"], row["block"]), []).append(result)
                self.cpu_s += result.timing["cpu_s"]
                self.games += 1
                if self.games_done:
                    self.games_done(1)
        for (arm, n, block), group in sorted(grouped.items()):
            group.sort(key=lambda r: r.game["rotation"])
            columns.setdefault((arm, n), metrics.Column()).add(block, metrics.block_sums(group, timing=False))
        out = []
        names = list(self.targets)
        for arm in arms:
            per_n = [measure(columns[(arm, n)], n, names) for n in batch.players]
            # With several player counts a target must hold at each: the values are averaged for
            # display, the distance is the mean of the per-count distances.
            measured = {name: float(np.mean([m[name] for m in per_n])) for name in names}
            out.append((float(np.mean([distance(m, self.targets) for m in per_n])), measured))
        return out


# ---- the whole command -----------------------------------------------------------------------

def confirm_seed(seed: int) -> int:
    """The confirmation's experiment seed: another seed plan, so none of its blocks was searched on."""
    return seeds.pick_seed(str(seed), "tune/confirm")


def changes(grid: Space, point: Mapping[str, float]) -> dict[str, float]:
    return {k: v for k, v in point.items() if v != grid.control[k]}


def run(game_id: str, patterns: Sequence[str] | None, targets: Mapping[str, Mapping[str, Any]], *,
        players: Sequence[int] = (2,), bots: Sequence[str] = ("normal",), ranges: Sequence[str] = (),
        budget: int = 40, batch_blocks: int = 30, confirm_blocks: int = 200, confirm: int = 1,
        seed: int = 2026, jobs: int | str = "auto", out: str | Path = "runs", lang: str = "en",
        progress: Callable[[str, int, int, str], None] | None = None, command: str = "") -> Path:
    """Search, confirm on fresh seeds, and write the run folder (the confirmation's run folder,
    plus ``search.json`` and ``search.csv`` with every candidate evaluated).  Returns its path."""
    from . import api
    from .backends import make_backend

    check_targets(targets)
    if budget < 1:
        raise ValueError(f"--budget: must be at least 1 candidate; got {budget}")
    if batch_blocks < 1 or confirm_blocks < 2:
        raise ValueError("--blocks must be at least 1 and --confirm-blocks at least 2")
    if confirm < 1:
        raise ValueError(f"--confirm: confirm at least 1 candidate; got {confirm}")
    grid = space(game_id, patterns, ranges)
    base = Experiment(game=game_id, players=list(players), bots=list(bots), seed=seed, blocks=batch_blocks,
                      type="tune", records="none").validate()
    with make_backend("local", jobs) as backend:
        evaluator = BatchEvaluator(base, targets, grid, backend)

        def shown(done: int, total: int, best: Evaluation) -> None:
            if progress:
                progress("search", done, total, f"best distance {best.distance:.3g}")

        history = search(grid, evaluator, budget, seeds.pick_seed(str(seed), "tune/search"), progress=shown)
    best = history[:confirm]
    arms: dict[str, dict[str, Any]] = {"control": {}}
    names = []
    for rank, e in enumerate(best, start=1):
        point = grid.point(e.index)
        name = "control" if not changes(grid, point) else f"best{rank}" if confirm > 1 else "best"
        names.append(name)
        if name != "control":
            arms[name] = {"params": _params({}, changes(grid, point), grid)}
    question = "Which values meet the targets? " + ", ".join(f"{k} {_rule(r)}" for k, r in targets.items())
    exp = Experiment(game=game_id, players=list(players), bots=list(bots), seed=confirm_seed(seed),
                     blocks=confirm_blocks, arms=arms, type="tune", targets={k: dict(v) for k, v in targets.items()},
                     name=f"{game_id} tune", question=question, lang=lang, records="none", out_dir=str(out))

    def confirming(live: Any) -> None:
        if progress:
            progress("confirm", live.done, live.planned, " ".join(live.estimates.values()))

    result = api.run(exp, jobs=jobs, progress=confirming, command=command)
    summary = {"knobs": grid.knobs, "values": grid.values, "control": grid.control, "budget": budget,
               "evaluated": len(history), "batch_blocks": batch_blocks, "search_seed": seed,
               "confirm_seed": confirm_seed(seed), "confirm_blocks": confirm_blocks, "mu": MU, "lambda": LAMBDA,
               "method": "(mu + lambda) evolution, paired block batch, cached candidates",
               "search_cpu_s": round(evaluator.cpu_s, 3), "search_games": evaluator.games,
               "confirmed": names, "targets": targets,
               "best": [_row(grid, e) for e in history[:10]]}
    _write_history(result.path, grid, history, summary)
    result.metrics["tune"] = summary
    (result.path / "metrics.json").write_text(json.dumps(result.metrics, indent=1, sort_keys=False) + "\n",
                                              encoding="utf-8")
    api.load(result.path).write_report(lang)
    return result.path


def _rule(rule: Mapping[str, Any]) -> str:
    (kind, bound), = rule.items()
    return f"{kind} {bound[0]:g}..{bound[1]:g}" if kind == "between" else f"{kind} {bound:g}"


def _row(grid: Space, e: Evaluation) -> dict[str, Any]:
    point = grid.point(e.index)
    return {"changes": changes(grid, point), "point": point, "distance": e.distance, "generation": e.generation,
            "steps": e.steps, "measured": e.measured}


def _write_history(folder: Path, grid: Space, history: list[Evaluation], summary: dict[str, Any]) -> None:
    rows = [_row(grid, e) for e in sorted(history, key=lambda e: (e.generation, e.index))]
    (folder / "search.json").write_text(json.dumps({**summary, "history": rows}, indent=1) + "\n", encoding="utf-8")
    names = list(summary["targets"])
    with (folder / "search.csv").open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["generation", *grid.knobs, *names, "distance", "steps"])
        for r in rows:
            writer.writerow([r["generation"], *(r["point"][k] for k in grid.knobs),
                             *(r["measured"].get(n) for n in names), r["distance"], r["steps"]])
