"""The bot matrix (LAB.md §3 ``matrix``, ``rating``, ``skill_expression``; §4 ``matrix``).

Does skill win, and are the bot tiers ordered?  Every level plays every other: arm "A vs B"
seats one A with n−1 B's, and every block plays all its seat rotations on one seed.  From the
per-block win shares (shared wins count 1/k) this module makes:

- the matrix: A's win share alone against B's, with a block-t interval per cell (rotations
  inside a block share the deal, so blocks, not games, are the independent units);
- ratings on the Elo scale: the maximum-likelihood fit of "P(A wins) = γ_A / (γ_A + (n−1)γ_B)",
  which is Bradley–Terry at 2 players and the first-place part of Plackett–Luce at n, with a
  percentile bootstrap over blocks;
- a transitivity check: every triple of levels whose head-to-head edges form a cycle;
- skill expression: (p − 1/n)/(1 − 1/n) per cell, headed by the top level against the bottom.

Why our own fit and not ``openskill``: openskill updates ratings game after game, so its
numbers depend on the order of the games, and its sigma assumes independent games; the lab's
games come in correlated blocks and must not depend on arrival order.  The fit below uses only
the block totals, and its interval comes from resampling whole blocks.  Why one virtual fair
game per pairing: when a level wins every game against another (normal against random in most
games here), the unregularised maximum is at infinity; one game shared at the fair rate keeps
the ratings finite and moves them only a little when real games are many.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import stats
from .lineup import check_spec

#: Separates the two levels of an arm's name: "hard vs random".
VS = " vs "
#: Natural-log ratings to the Elo scale: 400 · log10(e^θ).
ELO = 400.0 / math.log(10.0)
#: Virtual games per pairing, shared at the fair rate (keeps ratings finite on a whitewash).
PSEUDO_GAMES = 1.0
#: Newton steps for the rating fit (it converges in 6-10 from zero; the rest is margin).
NEWTON_STEPS = 50
#: The first level listed is rated 0: ratings are differences, so one level anchors them.
ANCHOR = 0


def check_levels(levels: Sequence[str], players: Sequence[int]) -> list[str]:
    """The levels of a matrix, checked: at least two different bot specs, one player count."""
    levels = [str(level).strip() for level in levels]
    if len(set(levels)) < 2:
        raise ValueError(f"bots.lineup: a matrix needs at least two different levels, e.g. random,easy,normal,hard; "
                         f"got {', '.join(levels) or 'none'}")
    if len(set(levels)) != len(levels):
        twice = sorted({level for level in levels if levels.count(level) > 1})
        raise ValueError(f"bots.lineup: each level once in a matrix; {', '.join(twice)} listed twice")
    for level in levels:
        try:
            check_spec(level)
        except ValueError as exc:
            raise ValueError(f"bots.lineup: {exc}") from None
    if len(players) != 1:
        raise ValueError(f"experiment.players: a matrix takes one player count (one matrix per count); "
                         f"got {', '.join(str(p) for p in players)}")
    return levels


def matrix_arms(levels: Sequence[str], players: int,
                base: Mapping[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """One arm per pairing: "A vs B" seats one A with players−1 B's (the line-up [A, B]).

    At 2 players one arm per unordered pair gives both cells (A's share and B's are the two
    entries of one table), so the later level listed goes first: "hard vs random".  At 3+
    players "A among B's" and "B among A's" are different tables, so every ordered pair."""
    base = dict(base or {})
    base.pop("lineup", None)
    arms: dict[str, dict[str, Any]] = {}
    if players == 2:
        pairs = [(levels[j], levels[i]) for i, j in itertools.combinations(range(len(levels)), 2)]
    else:
        pairs = [(a, b) for a in levels for b in levels if a != b]
    for a, b in pairs:
        arms[f"{a}{VS}{b}"] = {**base, "lineup": [a, b]}
    return arms


@dataclass(frozen=True)
class MatrixData:
    """Per-block win shares of every cell: ``cells[(a, b)]`` is a's share alone against b's.

    ``arms`` lists each arm as (a, b, column of a's per-block share): the comparisons the
    rating fit uses; ``games`` is the number of games an arm plays per block (its rotations)."""

    levels: list[str]
    players: int
    blocks: np.ndarray
    cells: dict[tuple[str, str], np.ndarray]
    arms: list[tuple[str, str, np.ndarray]]
    games: int


def gather(columns: Mapping[tuple[str, int], Any], lineups: Mapping[str, Sequence[str]], levels: Sequence[str],
           players: int, games: int) -> MatrixData:
    """The matrix's per-block data from the runner's columns (``metrics.Column`` per arm and
    player count) and each arm's seat line-up before rotation."""
    per_arm: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray | None]] = {}
    common: np.ndarray | None = None
    for arm in lineups:
        column = columns.get((arm, players))
        if column is None:
            continue
        blocks, first = column.sorted_values(("entry_win_share", "0"))
        second = column.sorted_values(("entry_win_share", "1"))[1] if players == 2 else None
        per_arm[arm] = (blocks, first, second)
        common = blocks if common is None else np.intersect1d(common, blocks, assume_unique=True)
    if common is None:
        common = np.array([], dtype=np.int64)
    cells: dict[tuple[str, str], np.ndarray] = {}
    arms: list[tuple[str, str, np.ndarray]] = []
    for arm, (blocks, first, second) in per_arm.items():
        a, b = lineups[arm][0], lineups[arm][1]
        index = np.searchsorted(blocks, common)
        cells[(a, b)] = first[index]
        arms.append((a, b, first[index]))
        if second is not None:
            cells[(b, a)] = second[index]
    return MatrixData(list(levels), players, common, cells, arms, games)


# ---- ratings ---------------------------------------------------------------------------------

def fit_ratings(wins: np.ndarray, games: np.ndarray, pairs: Sequence[tuple[int, int]], levels: int,
                players: int) -> np.ndarray:
    """Maximum-likelihood ratings (natural log scale, level ``ANCHOR`` at 0) for K data sets at once.

    ``wins``/``games`` have shape (K, arms): the win share a level earned alone against
    players−1 copies of another (``pairs[arm]`` = (alone, others)) and the games played.  The
    model is logit P(alone wins) = θ_alone − θ_other − log(players−1): a logistic regression
    with an offset, concave, so Newton's method from zero converges; it runs on all K resamples
    of a bootstrap at once.  ``PSEUDO_GAMES`` fair games are added to every arm."""
    wins = np.atleast_2d(np.asarray(wins, dtype=float)) + PSEUDO_GAMES / players
    games = np.atleast_2d(np.asarray(games, dtype=float)) + PSEUDO_GAMES
    design = np.zeros((len(pairs), levels))
    for arm, (i, j) in enumerate(pairs):
        design[arm, i] += 1.0
        design[arm, j] -= 1.0
    free = [k for k in range(levels) if k != ANCHOR]
    d = design[:, free]  # arms x free levels
    offset = math.log(players - 1)
    theta = np.zeros((len(wins), len(free)))
    for _ in range(NEWTON_STEPS):
        z = theta @ d.T - offset
        p = 1.0 / (1.0 + np.exp(-z))
        grad = (wins - games * p) @ d
        weight = games * p * (1.0 - p)
        hess = np.einsum("ka,ai,aj->kij", weight, d, d)
        step = np.linalg.solve(hess, grad[..., None])[..., 0]
        theta += np.clip(step, -5.0, 5.0)
        if np.max(np.abs(step)) < 1e-10:
            break
    out = np.zeros((len(wins), levels))
    out[:, free] = theta
    return out


def _totals(data: MatrixData) -> tuple[np.ndarray, np.ndarray, list[tuple[int, int]]]:
    """Per block and arm: wins and games (a block with no finished game counts none)."""
    shares = np.column_stack([column for _, _, column in data.arms]) if data.arms else np.zeros((0, 0))
    finite = np.isfinite(shares)
    wins = np.where(finite, shares, 0.0) * data.games
    games = finite * float(data.games)
    pairs = [(data.levels.index(a), data.levels.index(b)) for a, b, _ in data.arms]
    return wins, games, pairs


def ratings(data: MatrixData, seed: int, resamples: int = 2000,
            confidence: float = 0.95) -> tuple[list[stats.Estimate], stats.Estimate]:
    """Each level's rating (Elo scale) with a percentile bootstrap over blocks, and the rating
    spread (strongest − weakest) with its own bootstrap interval."""
    wins, games, pairs = _totals(data)
    n_levels, n_blocks = len(data.levels), len(data.blocks)
    point = fit_ratings(wins.sum(axis=0), games.sum(axis=0), pairs, n_levels, data.players)[0] * ELO
    if n_blocks < 2:
        rows = [stats.Estimate(float(v), None, None, n_blocks, "bootstrap") for v in point]
        return rows, stats.Estimate(float(np.ptp(point)), None, None, n_blocks, "bootstrap")
    rng = np.random.default_rng(seed)
    boot = np.empty((resamples, n_levels))
    step = 500  # resamples per batch: (500, blocks) indexes at a time
    for start in range(0, resamples, step):
        idx = rng.integers(0, n_blocks, size=(min(step, resamples - start), n_blocks))
        boot[start:start + len(idx)] = fit_ratings(wins[idx].sum(axis=1), games[idx].sum(axis=1), pairs,
                                                   n_levels, data.players) * ELO
    lo, hi = 0.5 - confidence / 2, 0.5 + confidence / 2
    rows = []
    for k in range(n_levels):
        low, high = np.quantile(boot[:, k], [lo, hi])
        rows.append(stats.Estimate(float(point[k]), float(low), float(high), n_blocks, "bootstrap", None, None,
                                   {"se": float(boot[:, k].std(ddof=1)), "resamples": float(resamples),
                                    "anchor": 1.0 if k == ANCHOR else 0.0}))
    spread = np.ptp(boot, axis=1)
    low, high = np.quantile(spread, [lo, hi])
    return rows, stats.Estimate(float(np.ptp(point)), float(low), float(high), n_blocks, "bootstrap", None, None,
                                {"se": float(spread.std(ddof=1)), "resamples": float(resamples)})


# ---- cells, edges, transitivity, skill expression ----------------------------------------------

def _clipped(est: stats.Estimate, low: float, high: float) -> stats.Estimate:
    """A block-t interval kept inside the range the quantity can take (a share in [0, 1]): with
    few blocks the t interval of a share near 0 or 1 would otherwise reach past it."""
    def clip(x: float | None) -> float | None:
        return None if x is None else min(high, max(low, x))

    return stats.Estimate(est.value, clip(est.low), clip(est.high), est.n, est.method, est.p, est.p_adj,
                          dict(est.extra))


def cell_estimates(data: MatrixData, confidence: float = 0.95) -> dict[tuple[str, str], stats.Estimate]:
    """A's win share alone against B's, block-t over blocks (clipped to [0, 1]), per cell played."""
    out = {}
    for key, values in data.cells.items():
        finite = values[np.isfinite(values)]
        if len(finite):
            out[key] = _clipped(stats.block_t(finite, confidence), 0.0, 1.0)
    return out


def edges(data: MatrixData, confidence: float = 0.95) -> dict[tuple[str, str], stats.Estimate]:
    """Head-to-head edge of a over b: per block, a's share against b's minus b's against a's
    (at 2 players 2p − 1), block-t.  Antisymmetric, so one per unordered pair (a listed first)."""
    out = {}
    for a, b in itertools.combinations(data.levels, 2):
        if (a, b) not in data.cells or (b, a) not in data.cells:
            continue
        d = data.cells[(a, b)] - data.cells[(b, a)]
        d = d[np.isfinite(d)]
        if len(d):
            out[(a, b)] = _clipped(stats.block_t(d, confidence), -1.0, 1.0)
    return out


def _beats(edge: Mapping[tuple[str, str], stats.Estimate], a: str, b: str) -> tuple[int, bool]:
    """(+1 a beats b, −1 b beats a, 0 even) and whether the interval excludes 0."""
    est = edge.get((a, b))
    sign = 1
    if est is None:
        est, sign = edge.get((b, a)), -1
    if est is None:
        return 0, False
    direction = int(np.sign(est.value)) * sign
    clear = est.low is not None and est.high is not None and (est.low > 0 or est.high < 0)
    return direction, clear


def transitivity(levels: Sequence[str], edge: Mapping[tuple[str, str], stats.Estimate]) -> list[dict[str, Any]]:
    """Every triple whose edges form a cycle (a beats b, b beats c, c beats a), by the point
    estimates; ``confirmed`` when all three edges' intervals exclude 0."""
    found = []
    for a, b, c in itertools.combinations(levels, 3):
        ab, ab_clear = _beats(edge, a, b)
        bc, bc_clear = _beats(edge, b, c)
        ca, ca_clear = _beats(edge, c, a)
        if ab != 0 and ab == bc == ca:
            cycle = [a, b, c, a] if ab > 0 else [a, c, b, a]
            found.append({"cycle": cycle, "confirmed": ab_clear and bc_clear and ca_clear})
    return found


def skill_expression(share: stats.Estimate, players: int) -> stats.Estimate:
    """(p − 1/n)/(1 − 1/n): 0 = no edge over the table, 1 = always wins (LAB.md §3); linear in p,
    so p's interval maps onto it."""
    fair = 1.0 / players

    def scale(x: float | None) -> float | None:
        return None if x is None else (x - fair) / (1.0 - fair)

    return stats.Estimate(float(scale(share.value)), scale(share.low), scale(share.high), share.n, share.method)


def _row(metric: str, key: str | None, players: int, est: stats.Estimate, reference: float | None) -> dict[str, Any]:
    return {"metric": metric, "arm": "matrix", "players": players, "key": key, **est.to_json(), "reference": reference}


def summarise(data: MatrixData, confidence: float = 0.95, seed: int = 0,
              resamples: int = 2000) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """(estimate rows for metrics.json, the ``matrix`` block the report and CLI draw)."""
    n, levels = data.players, data.levels
    fair = 1.0 / n
    cells = cell_estimates(data, confidence)
    edge = edges(data, confidence)
    rating_rows, spread = ratings(data, seed, resamples, confidence)
    rows: list[dict[str, Any]] = []
    for (a, b), est in sorted(cells.items(), key=lambda kv: (levels.index(kv[0][0]), levels.index(kv[0][1]))):
        rows.append(_row("matrix", f"{a}{VS}{b}", n, est, fair))
    for (a, b), est in sorted(cells.items(), key=lambda kv: (levels.index(kv[0][0]), levels.index(kv[0][1]))):
        rows.append(_row("skill_expression", f"{a}{VS}{b}", n, skill_expression(est, n), 0.0))
    for level, est in zip(levels, rating_rows, strict=True):
        rows.append(_row("rating", level, n, est, 0.0))
    rows.append(_row("rating_spread", None, n, spread, 0.0))
    ordered = [key for key, est in cells.items() if est.low is not None and est.high is not None
               and (est.low > fair or est.high < fair)]
    violations = transitivity(levels, edge)
    top, bottom = levels[-1], levels[0]
    headline = cells.get((top, bottom))
    by_rating = sorted(levels, key=lambda lv: rating_rows[levels.index(lv)].value)
    block = {
        "players": n, "levels": levels, "fair": fair, "blocks": int(len(data.blocks)), "games_per_block": data.games,
        "cells": [{"a": a, "b": b, **est.to_json()} for (a, b), est in cells.items()],
        "edges": [{"a": a, "b": b, **est.to_json()} for (a, b), est in edge.items()],
        "ratings": [{"level": lv, **est.to_json()} for lv, est in zip(levels, rating_rows, strict=True)],
        "rating_spread": spread.to_json(),
        "rating_model": "Bradley-Terry" if n == 2 else "Plackett-Luce (first place)",
        "anchor": levels[ANCHOR],
        "transitivity": {"triples": math.comb(len(levels), 3), "violations": violations,
                         "confirmed": sum(1 for v in violations if v["confirmed"])},
        "ordered_cells": len(ordered), "cells_played": len(cells),
        "ordered_pairs": sum(1 for est in edge.values() if est.low is not None and est.high is not None
                             and (est.low > 0 or est.high < 0)),
        "pairs": len(edge),
        "order_by_rating": by_rating,
        "order_as_listed": by_rating == levels,
        "skill_expression": None if headline is None else {"top": top, "bottom": bottom,
                                                            **skill_expression(headline, n).to_json()},
    }
    return rows, block


def markdown(metrics: Mapping[str, Any], manifest: Mapping[str, Any] | None = None) -> str:
    """The matrix of a run folder's metrics.json as Markdown tables (what docs/bots.md shows):
    cells with intervals, ratings with intervals, transitivity, skill expression, and the run."""
    block = metrics.get("matrix")
    if not block:
        raise ValueError("metrics.json: no matrix in this run; run `ludoteca lab matrix GAME` first")
    levels = block["levels"]
    cells = {(c["a"], c["b"]): c for c in block["cells"]}

    def shown(row: Mapping[str, Any] | None, digits: int = 2, sign: str = "") -> str:
        if row is None:
            return "—"
        if row.get("low") is None or row.get("high") is None:
            return f"{row['value']:{sign}.{digits}f}"
        return f"{row['value']:{sign}.{digits}f} [{row['low']:{sign}.{digits}f}, {row['high']:{sign}.{digits}f}]"

    lines = [f"| alone ↓ against → | {' | '.join(levels)} |", "|---|" + "---|" * len(levels)]
    for a in levels:
        lines.append(f"| **{a}** | " + " | ".join("·" if a == b else shown(cells.get((a, b))) for b in levels) + " |")
    lines += ["", "| level | rating (Elo scale) | 95% interval |", "|---|---:|---|"]
    for r in block["ratings"]:
        interval = "anchor" if r["extra"].get("anchor") else f"[{r['low']:+.0f}, {r['high']:+.0f}]"
        lines.append(f"| {r['level']} | {r['value']:+.0f} | {interval} |")
    t = block["transitivity"]
    cycles = "; ".join(" > ".join(v["cycle"]) + (" (confirmed)" if v["confirmed"] else " (not confirmed)")
                       for v in t["violations"]) or "none"
    s = block.get("skill_expression")
    health = metrics.get("health", {})
    lines += ["",
              f"- Rating spread (strongest − weakest): {shown(block['rating_spread'], 0)}; "
              f"order by rating: {' < '.join(block['order_by_rating'])}"
              f" ({'as listed' if block['order_as_listed'] else 'not as listed'}).",
              f"- Transitivity: {len(t['violations'])} cycle(s) in {t['triples']} triples ({cycles}); "
              f"{block['ordered_cells']} of {block['cells_played']} cells have an interval excluding the fair share "
              f"{block['fair']:.3g}; {block['ordered_pairs']} of {block['pairs']} pairs have a head-to-head edge "
              f"whose interval excludes 0.",
              (f"- Skill expression ({s['top']} alone against {s['bottom']}): {shown(s)}." if s
               else "- Skill expression: —"),
              f"- {block['blocks']} blocks x {block['games_per_block']} rotations per pairing, "
              f"{health.get('games')} games, {health.get('cpu_s', 0) / 60:.1f} CPU-minutes, "
              f"{health.get('wall_s', 0) / 60:.1f} minutes wall; stop: {metrics.get('method', {}).get('stop')}."]
    if manifest:
        lines.append(f"- Run {manifest.get('started')} to {manifest.get('ended')}: `{manifest.get('command')}`")
    return "\n".join(lines) + "\n"
