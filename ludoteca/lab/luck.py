"""How much does the deal decide?  (LAB.md §3 ``seed_icc``, ``seed_entropy``, ``decided_by_seed``.)

A ``luck`` experiment plays S seeds (the blocks) x R replicates (the arms ``rep0``..``rep{R-1}``):
every replicate of a seed deals the same game (same game seed) but gives the bots their own
randomness (``seeds.bot_seed(..., replicate=r)``), with the same bot in every seat.  If the
seed decided everything, the R replicates of a seed would end alike; if it decided nothing,
they would look like R fresh games.

- ``seed_icc[s]``: the one-way random-effects ICC of seat s's win share on the seed,
  (MSB − MSW)/(MSB + (R−1)·MSW); the headline is the mean over seats.  Percentile bootstrap
  over seeds.
- ``seed_entropy``: the mean over seeds of H(winner-seat distribution)/log2 n: 1 = any seat may
  win a seed's game, 0 = the seed names the winner.  Bootstrap over seeds.
- ``decided_by_seed``: the share of seeds where one seat wins at least 90% of the replicates
  (shared wins count 1/k), with a Wilson interval.

Why the replicate check: a bot without randomness (a greedy bot in a game with no hidden
information and no ties to break) plays every replicate identically; its ICC would be 1 and
mean nothing.  When no seed's replicates differ at all, the lab says so instead of a number.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import stats as _st

from . import stats

#: One seat winning at least this share of a seed's replicates: the seed decided the game.
DECIDED = 0.9
#: The arms of a luck experiment are named REP + replicate number.
REP = "rep"


def replicate_arms(reps: int, base: Mapping[str, Any] | None = None, where: str = "luck.reps") -> dict[str, dict]:
    """The R arms of a luck experiment: the same rules (``base``), replicate numbers 0..R−1."""
    if isinstance(reps, bool) or not isinstance(reps, int) or reps < 2:
        raise ValueError(f"{where}: a luck experiment needs at least 2 replicates per seed (bot randomness "
                         f"to compare against the deal); got {reps!r}")
    base = dict(base or {})
    return {f"{REP}{r}": {**base, "replicate": r} for r in range(reps)}


def check_experiment(arms: Mapping[str, Mapping[str, Any]], lineups: Sequence[Sequence[str]], blocks: int | None,
                     sprt: Any) -> None:
    """A luck experiment: at least 2 distinct replicates, 2 seeds, one bot in every seat, no SPRT."""
    replicates = [spec.get("replicate", 0) for spec in arms.values()]
    if len(arms) < 2 or len(set(replicates)) != len(replicates):
        raise ValueError("luck.reps: a luck experiment needs at least 2 replicates per seed, each with its own "
                         "replicate number; write [luck] reps = 10")
    if blocks is None or blocks < 2:
        raise ValueError(f"experiment.blocks: a luck experiment needs at least 2 seeds; got {blocks!r}")
    if sprt:
        raise ValueError("stats.sprt: a luck experiment plays a fixed number of seeds; remove [stats.sprt]")
    for lineup in lineups:
        if len(set(lineup)) != 1:
            raise ValueError(f"bots.lineup: luck measures the deal with the same bot in every seat; "
                             f"got {', '.join(lineup)}")


@dataclass(frozen=True)
class LuckData:
    """``shares[seed, replicate, seat]``; ``varied[seed]``: whether its replicates differed at all."""

    players: int
    seeds: np.ndarray
    shares: np.ndarray
    varied: np.ndarray
    dropped: int  # seeds left out because a replicate was unfinished


def gather(columns: Mapping[tuple[str, int], Any], arms: Sequence[str], players: int) -> LuckData:
    """The seeds x replicates x seats table from the runner's columns (one game per block and arm)."""
    present = [arm for arm in arms if (arm, players) in columns]
    common: np.ndarray | None = None
    for arm in present:
        blocks, _ = columns[(arm, players)].sorted_values(("actions", None))
        common = blocks if common is None else np.intersect1d(common, blocks, assume_unique=True)
    if common is None or not present:
        return LuckData(players, np.array([], dtype=np.int64), np.zeros((0, 0, players)), np.zeros(0, bool), 0)
    shares = np.empty((len(common), len(present), players))
    fingerprints = np.empty((len(common), len(present), players + 1))
    for r, arm in enumerate(present):
        column = columns[(arm, players)]
        blocks, actions = column.sorted_values(("actions", None))
        index = np.searchsorted(blocks, common)
        fingerprints[:, r, players] = actions[index]
        for s in range(players):
            shares[:, r, s] = column.sorted_values(("seat_win_share", str(s)))[1][index]
            fingerprints[:, r, s] = column.sorted_values(("score", str(s)))[1][index]
    finished = np.isfinite(shares).all(axis=(1, 2))
    # Replicates differ when any replicate's length or final scores differ from the first's.
    same = np.isclose(fingerprints, fingerprints[:, :1, :], equal_nan=True).all(axis=(1, 2))
    return LuckData(players, common[finished], shares[finished], ~same[finished], int((~finished).sum()))


def icc(shares: np.ndarray) -> np.ndarray:
    """One-way ICC of the last two axes' table (..., seeds, replicates), for any leading axes:
    (MSB − MSW)/(MSB + (R−1)·MSW); 0 where the table has no variance at all (as
    ``stats.icc_oneway``, which it equals on one table)."""
    seeds, reps = shares.shape[-2], shares.shape[-1]
    means = shares.mean(axis=-1)
    grand = means.mean(axis=-1, keepdims=True)
    msb = reps * ((means - grand) ** 2).sum(axis=-1) / (seeds - 1)
    msw = ((shares - means[..., None]) ** 2).sum(axis=(-2, -1)) / (seeds * (reps - 1))
    denom = msb + (reps - 1) * msw
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denom == 0, 0.0, (msb - msw) / np.where(denom == 0, 1.0, denom))


def winner_entropy(shares: np.ndarray) -> np.ndarray:
    """Per seed (shares: seeds x replicates x seats): H(winner-seat distribution)/log2 n."""
    players = shares.shape[-1]
    dist = shares.mean(axis=-2)
    return _st.entropy(dist, base=2, axis=-1) / math.log2(players)


def decided(shares: np.ndarray, at: float = DECIDED) -> np.ndarray:
    """Per seed: whether one seat won at least ``at`` of the replicates."""
    return shares.mean(axis=-2).max(axis=-1) >= at - 1e-12


def _row(metric: str, key: str | None, players: int, est: stats.Estimate, reference: float | None) -> dict[str, Any]:
    return {"metric": metric, "arm": "luck", "players": players, "key": key, **est.to_json(), "reference": reference}


def summarise(data: LuckData, replicates: int, confidence: float = 0.95, seed: int = 0,
              resamples: int = 2000) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """(estimate rows for metrics.json, the ``luck`` block the report and CLI show)."""
    n, seeds = data.players, len(data.seeds)
    block: dict[str, Any] = {"players": n, "seeds": seeds, "replicates": replicates, "dropped_seeds": data.dropped,
                             "varied_seeds": int(data.varied.sum()), "decided_at": DECIDED}
    if seeds < 2:
        block["status"] = "too_few_seeds"
        return [], block
    if not data.varied.any():
        # Every replicate of every seed played the same game: the bots add no randomness here.
        block["status"] = "identical"
        return [], block
    block["status"] = "ok"
    rows: list[dict[str, Any]] = []

    def seat_icc(s: int) -> Any:
        return lambda stack: icc(stack[..., s])

    per_seat = []
    for s in range(n):
        est = stats.bootstrap(data.shares, seat_icc(s), seed=seed, resamples=resamples, confidence=confidence,
                              vectorised=True)
        per_seat.append(est)
    mean = stats.bootstrap(data.shares, lambda stack: icc(np.moveaxis(stack, -1, 0)).mean(axis=0), seed=seed,
                           resamples=resamples, confidence=confidence, vectorised=True)
    rows.append(_row("seed_icc", None, n, mean, 0.0))
    rows += [_row("seed_icc", str(s), n, est, 0.0) for s, est in enumerate(per_seat)]
    entropy = winner_entropy(data.shares)
    rows.append(_row("seed_entropy", None, n, stats.bootstrap(entropy, lambda stack: stack.mean(axis=1), seed=seed,
                                                              resamples=resamples, confidence=confidence,
                                                              vectorised=True), 1.0))
    count = int(decided(data.shares).sum())
    rows.append(_row("decided_by_seed", None, n, stats.wilson(count, seeds, confidence), 0.0))
    block["decided_seeds"] = count
    block["estimates"] = {r["metric"] + ("" if r["key"] is None else f"[{r['key']}]"): r for r in rows}
    return rows, block
