"""The lab's estimators: every number the lab reports comes with an interval from here.

Why one module: the runner, the metrics, the report and the diff must agree on how an interval
is made (LAB.md §3 and §5), so there is exactly one block-t, one Wilson, one bootstrap. The
distribution maths (t, normal and chi-squared quantiles) is scipy's, never hand-written.

Blocks are the unit of independence: callers pass one value per block (a block mean, or a
per-block difference), and the functions here treat those values as i.i.d.

>>> wilson(8, 10).low  # doctest: +ELLIPSIS
0.49...
>>> paired_delta([1.0, 2.0], [1.0, 2.0]).to_json()["high"]
0.0
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np
from scipy import stats as _st

T = TypeVar("T")


@dataclass(frozen=True)
class Estimate:
    """A value with its interval: what every metric, delta and slope of the lab returns.

    ``low``/``high`` are None when no interval can be made (fewer than two blocks); ``n`` counts
    blocks (or trials for Wilson); ``method`` names the estimator so the report can say how.
    """

    value: float
    low: float | None
    high: float | None
    n: int
    method: str
    p: float | None = None
    p_adj: float | None = None
    extra: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Plain floats (numpy scalars converted), None kept, so json.dumps never chokes."""
        return {"value": _plain(self.value), "low": _plain(self.low), "high": _plain(self.high),
                "n": int(self.n), "method": self.method, "p": _plain(self.p), "p_adj": _plain(self.p_adj),
                "extra": {str(k): _plain(v) for k, v in self.extra.items()}}

    def with_p_adj(self, p_adj: float | None) -> Estimate:
        """A copy carrying the family-adjusted p (Holm/BH) computed once all members are known."""
        return Estimate(self.value, self.low, self.high, self.n, self.method, self.p, p_adj, dict(self.extra))


def _plain(x: Any) -> Any:
    """A JSON-safe number: None and non-finite values become None (JSON has no NaN)."""
    if x is None:
        return None
    x = float(x)
    return x if math.isfinite(x) else None


def _values(values: Sequence[float], what: str) -> np.ndarray:
    arr = np.asarray(values, dtype=float)
    if arr.ndim != 1:
        raise ValueError(f"{what}: expected a flat sequence of numbers, got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{what}: every value must be a finite number")
    return arr


def _check_confidence(confidence: float) -> float:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1 (exclusive), got {confidence}")
    return confidence


def _t_interval(value: float, se: float, df: float, n: int, confidence: float, method: str,
                extra: dict[str, float] | None = None) -> Estimate:
    """mean ± t·SE with a two-sided p against 0; a zero SE gives a zero-width interval exactly."""
    extra = dict(extra or {})
    extra["se"] = se
    if se == 0.0:
        return Estimate(value, value, value, n, method, 1.0 if value == 0.0 else 0.0, None, extra)
    tq = float(_st.t.ppf(0.5 + confidence / 2, df))
    p = float(2 * _st.t.sf(abs(value / se), df))
    return Estimate(value, value - tq * se, value + tq * se, n, method, p, None, extra)


def block_t(values: Sequence[float], confidence: float = 0.95) -> Estimate:
    """Mean of per-block values with a Student-t interval (LAB.md §3 "Block mean") and p vs 0.

    Why t and not z: block counts can be small (a 20-block smoke run), where z is too narrow.
    """
    _check_confidence(confidence)
    arr = _values(values, "block_t")
    n = len(arr)
    if n == 0:
        raise ValueError("block_t: no blocks to estimate from")
    value = float(arr.mean())
    if n == 1:
        return Estimate(value, None, None, 1, "block-t")
    se = float(arr.std(ddof=1) / math.sqrt(n))
    return _t_interval(value, se, n - 1, n, confidence, "block-t")


def wilson(successes: float, trials: int, confidence: float = 0.95) -> Estimate:
    """Wilson score interval for a proportion; fractional successes (shared wins) allowed.

    Why Wilson: it stays inside [0, 1] and keeps its coverage near 0 and 1, where the normal
    interval fails (a seat that wins 2 games in 200). No trials gives value 0 and no interval.
    """
    _check_confidence(confidence)
    if trials < 0 or successes < 0 or successes > trials:
        raise ValueError(f"wilson: need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return Estimate(0.0, None, None, 0, "wilson")
    z = float(_st.norm.ppf(0.5 + confidence / 2))
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    # At p = 0 or 1 the bound is exactly 0 or 1; floating point would leave 5.6e-17 behind.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Estimate(p, low, high, int(trials), "wilson")


def paired_delta(treated: Sequence[float], control: Sequence[float], confidence: float = 0.95) -> Estimate:
    """Treated − control on the same blocks: the mean of per-block differences with a t interval.

    ``extra`` reports what the pairing bought: ``se_paired``, ``se_unpaired`` (as if the arms
    were independent), ``vrf`` = (se_unpaired/se_paired)² (None when the paired SE is 0) and the
    between-arm ``correlation`` (None when an arm is constant). Identical arms give exactly 0.
    """
    _check_confidence(confidence)
    a = _values(treated, "paired_delta treated")
    b = _values(control, "paired_delta control")
    if len(a) != len(b):
        raise ValueError(f"paired_delta: treated has {len(a)} blocks but control has {len(b)}; "
                         "a paired difference needs the same blocks in both arms")
    n = len(a)
    if n == 0:
        raise ValueError("paired_delta: no blocks to estimate from")
    d = a - b
    value = float(d.mean())
    if n == 1:
        return Estimate(value, None, None, 1, "paired-t",
                        extra={"se_paired": None, "se_unpaired": None, "vrf": None, "correlation": None})
    se_paired = float(d.std(ddof=1) / math.sqrt(n))
    se_unpaired = float(math.sqrt((a.var(ddof=1) + b.var(ddof=1)) / n))
    vrf = (se_unpaired / se_paired) ** 2 if se_paired > 0 else None
    corr = float(np.corrcoef(a, b)[0, 1]) if a.std() > 0 and b.std() > 0 else None
    extra = {"se_paired": se_paired, "se_unpaired": se_unpaired, "vrf": vrf, "correlation": corr}
    est = _t_interval(value, se_paired, n - 1, n, confidence, "paired-t", extra)
    est.extra.pop("se")
    return est


def welch_delta(treated: Sequence[float], control: Sequence[float], confidence: float = 0.95) -> Estimate:
    """Treated − control from independent samples (Welch–Satterthwaite t): the unpaired diff.

    Used when two runs do not share a seed plan, so no block can be matched.
    """
    _check_confidence(confidence)
    a = _values(treated, "welch_delta treated")
    b = _values(control, "welch_delta control")
    if len(a) < 2 or len(b) < 2:
        raise ValueError(f"welch_delta: each side needs at least 2 blocks, got {len(a)} and {len(b)}")
    value = float(a.mean() - b.mean())
    va, vb = a.var(ddof=1) / len(a), b.var(ddof=1) / len(b)
    se = float(math.sqrt(va + vb))
    df = (va + vb) ** 2 / (va**2 / (len(a) - 1) + vb**2 / (len(b) - 1)) if se > 0 else float(len(a) + len(b) - 2)
    return _t_interval(value, se, df, len(a) + len(b), confidence, "welch", {"df": float(df)})


#: The resample index table is drawn at most this many entries at a time (8 bytes each, plus the
#: gathered blocks of the chunk): a chunk of resamples, never resamples x blocks at once, so
#: 10^6 blocks cost tens of MB, not the 16 GB of a whole table (LAB.md §10: parent <= 300 MB).
CHUNK_ENTRIES = 1_000_000


def _chunk_rows(n: int, width: int, resamples: int) -> int:
    """Resamples per chunk: as many as fit in :data:`CHUNK_ENTRIES`, at least one.

    A table that fits in one chunk is drawn exactly as one whole table. Chunks of an even
    number of indexes keep numpy's buffered 32-bit draws aligned, so a chunked stream matches
    the whole-table draw too, barring a rare rejected draw (or an odd block count with one
    resample a chunk); either way the result depends only on (blocks, resamples, seed)."""
    rows = max(1, CHUNK_ENTRIES // (n * (1 + width)))
    if rows >= resamples:
        return resamples
    if (rows * n) % 2 and rows > 1:
        rows -= 1
    return rows


def _resample_stats(blocks: Sequence[T], statistic: Callable[..., Any], seed: int, resamples: int,
                    vectorised: bool = False) -> np.ndarray:
    """The statistic on ``resamples`` bootstrap resamples of the blocks (a seeded numpy RNG).

    Indexes are drawn a chunk of resamples at a time (:func:`_chunk_rows`). An ndarray of
    blocks is indexed directly; with ``vectorised`` the statistic gets a whole chunk at once,
    an array of shape (resamples in chunk, blocks, ...), and returns one value per resample
    (no Python call per resample). Other sequences are passed as lists, one resample a call.
    """
    n = len(blocks)
    rng = np.random.default_rng(seed)
    arr = blocks if isinstance(blocks, np.ndarray) else None
    if vectorised and arr is None:
        arr = np.asarray(blocks)
    width = int(np.prod(arr.shape[1:])) if arr is not None else 1
    rows = _chunk_rows(n, width, resamples)
    items = list(blocks) if arr is None else None
    out = np.empty(resamples, dtype=float)
    for start in range(0, resamples, rows):
        idx = rng.integers(0, n, size=(min(rows, resamples - start), n))
        stop = start + len(idx)
        if vectorised:
            assert arr is not None
            # take() is fancy indexing without its overhead: same values, ~3x faster on 10^6 rows.
            out[start:stop] = _one_per_resample(statistic(arr.take(idx, axis=0)), len(idx))
        elif arr is not None:
            out[start:stop] = [statistic(arr.take(row, axis=0)) for row in idx]
        else:
            assert items is not None
            out[start:stop] = [statistic([items[i] for i in row]) for row in idx]
    return out


def _point(blocks: Sequence[T], statistic: Callable[..., Any], vectorised: bool) -> float:
    """The statistic on the sample itself (a vectorised one sees it as a single resample)."""
    if vectorised:
        return float(_one_per_resample(statistic(np.asarray(blocks)[None]), 1)[0])
    return float(statistic(blocks))


def _one_per_resample(values: Any, k: int) -> np.ndarray:
    """A vectorised statistic's answer as k floats, or a clear error naming the shape."""
    arr = np.asarray(values, dtype=float)
    if arr.shape != (k,):
        raise ValueError(f"bootstrap: a vectorised statistic must return one value per resample "
                         f"(shape ({k},)), got shape {arr.shape}")
    return arr


def _bootstrap(blocks: Sequence[T], statistic: Callable[..., Any], seed: int, resamples: int,
               confidence: float, method: str, vectorised: bool = False) -> Estimate:
    _check_confidence(confidence)
    if resamples < 1:
        raise ValueError(f"{method}: resamples must be at least 1, got {resamples}")
    n = len(blocks)
    if n == 0:
        raise ValueError(f"{method}: no blocks to resample")
    value = _point(blocks, statistic, vectorised)
    boot = _resample_stats(blocks, statistic, seed, resamples, vectorised)
    lo, hi = np.quantile(boot, [0.5 - confidence / 2, 0.5 + confidence / 2])
    # Two-sided bootstrap p against 0: how often the resampled statistic lands on either side.
    p = float(min(1.0, 2 * min(np.mean(boot <= 0), np.mean(boot >= 0))))
    return Estimate(value, float(lo), float(hi), n, method, p, None,
                    {"se": float(boot.std(ddof=1)) if resamples > 1 else 0.0, "resamples": float(resamples)})


def bootstrap(blocks: Sequence[T], statistic: Callable[..., Any], seed: int,
              resamples: int = 2000, confidence: float = 0.95, vectorised: bool = False) -> Estimate:
    """Percentile bootstrap over blocks for non-linear metrics (max − min, ratios, medians).

    Why over blocks: rotations and arms inside a block share luck, so resampling games would
    understate the spread. ``seed`` fixes the RNG so the report is reproducible. With
    ``vectorised`` the statistic takes a stack of resamples (shape (k, blocks, ...)) and returns
    k values - the fast form for sums and means over 10^5+ blocks.
    """
    return _bootstrap(blocks, statistic, seed, resamples, confidence, "bootstrap", vectorised)


def paired_bootstrap(blocks: Sequence[T], statistic_pair: Callable[..., Any], seed: int,
                     resamples: int = 2000, confidence: float = 0.95, vectorised: bool = False) -> Estimate:
    """Bootstrap of a difference of non-linear statistics, resampling whole blocks of both arms.

    Each block carries both arms' data, and ``statistic_pair`` returns treated − control on a
    resample, so the two arms are resampled together and keep their common luck.
    ``vectorised`` as in :func:`bootstrap`.
    """
    return _bootstrap(blocks, statistic_pair, seed, resamples, confidence, "paired-bootstrap", vectorised)


def _pvalues(pvalues: Sequence[float], what: str) -> np.ndarray:
    p = np.asarray(pvalues, dtype=float)
    if p.ndim != 1 or np.any(~np.isfinite(p)) or np.any((p < 0) | (p > 1)):
        raise ValueError(f"{what}: p-values must be numbers between 0 and 1, got {list(pvalues)}")
    return p


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm step-down adjusted p-values, in input order: family-wise error control (seats, arms)."""
    p = _pvalues(pvalues, "holm")
    m = len(p)
    order = np.argsort(p, kind="stable")
    adj = np.empty(m)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        adj[i] = running
    return [float(x) for x in adj]


def bh(pvalues: Sequence[float]) -> list[float]:
    """Benjamini–Hochberg step-up adjusted p-values (false discovery rate), in input order.

    Why BH for sensitivity screens: with dozens of knobs, family-wise control would miss
    almost every real effect; a controlled share of false alarms is the better trade.
    """
    p = _pvalues(pvalues, "bh")
    m = len(p)
    order = np.argsort(p, kind="stable")
    adj = np.empty(m)
    running = 1.0
    for rank in range(m - 1, -1, -1):
        i = order[rank]
        running = min(running, p[i] * m / (rank + 1))
        adj[i] = running
    return [float(x) for x in adj]


def chi2_uniform(wins: Sequence[float]) -> tuple[float, int, float]:
    """Pearson χ² of win counts per seat against a fair table (expected = total/n): χ², df, p.

    Shared wins enter as fractional counts, which makes the test approximate (LAB.md §3).
    """
    w = _values(wins, "chi2_uniform")
    if len(w) < 2:
        raise ValueError(f"chi2_uniform: need at least 2 seats, got {len(w)}")
    if np.any(w < 0):
        raise ValueError("chi2_uniform: win counts cannot be negative")
    total = float(w.sum())
    df = len(w) - 1
    if total == 0:
        return 0.0, df, 1.0
    expected = total / len(w)
    chi2 = float(((w - expected) ** 2 / expected).sum())
    return chi2, df, float(_st.chi2.sf(chi2, df))


def ols_slope(x: Sequence[float], y: Sequence[float], confidence: float = 0.95) -> Estimate:
    """Least-squares slope of y on x with a t interval: the elasticity of a metric to a knob.

    ``extra`` has the ``intercept`` and the slope's ``se``. Two points give a slope without an
    interval; all-equal x has no slope at all and is an error.
    """
    _check_confidence(confidence)
    xa = _values(x, "ols_slope x")
    ya = _values(y, "ols_slope y")
    if len(xa) != len(ya):
        raise ValueError(f"ols_slope: x has {len(xa)} values but y has {len(ya)}")
    if len(xa) < 2 or np.ptp(xa) == 0:
        raise ValueError("ols_slope: need at least two different x values")
    fit = _st.linregress(xa, ya)
    slope, n = float(fit.slope), len(xa)
    extra = {"intercept": float(fit.intercept)}
    if n == 2:
        return Estimate(slope, None, None, n, "ols", extra=extra)
    return _t_interval(slope, float(fit.stderr), n - 2, n, confidence, "ols", extra)


def icc_oneway(groups: Sequence[Sequence[float]]) -> float:
    """One-way random-effects ICC(1): the share of variance explained by the group (the seed).

    (MSB − MSW)/(MSB + (k−1)·MSW), with k the (adjusted) group size for unequal groups. It can
    be slightly negative by chance; a table with no variance at all gives 0.
    """
    arrs = [_values(g, "icc_oneway group") for g in groups]
    if len(arrs) < 2 or any(len(g) == 0 for g in arrs):
        raise ValueError("icc_oneway: need at least 2 non-empty groups")
    sizes = np.array([len(g) for g in arrs], dtype=float)
    total_n = sizes.sum()
    if total_n <= len(arrs):
        raise ValueError("icc_oneway: need a group with at least 2 values to measure within-group spread")
    grand = np.concatenate(arrs).mean()
    ssb = float(sum(len(g) * (g.mean() - grand) ** 2 for g in arrs))
    ssw = float(sum(((g - g.mean()) ** 2).sum() for g in arrs))
    msb = ssb / (len(arrs) - 1)
    msw = ssw / (total_n - len(arrs))
    k = (total_n - (sizes**2).sum() / total_n) / (len(arrs) - 1)
    denom = msb + (k - 1) * msw
    return 0.0 if denom == 0 else float((msb - msw) / denom)


def quantiles(values: Sequence[float], qs: Sequence[float] = (0.1, 0.5, 0.9)) -> list[float]:
    """The p10/p50/p90 (or any quantiles) shown beside length and time means (linear rule)."""
    arr = _values(values, "quantiles")
    if len(arr) == 0:
        raise ValueError("quantiles: no values")
    if any(not 0 <= q <= 1 for q in qs):
        raise ValueError(f"quantiles: each q must be between 0 and 1, got {list(qs)}")
    return [float(v) for v in np.quantile(arr, list(qs))]


def unpaired_bootstrap(treated: Sequence[T], control: Sequence[T], statistic: Callable[..., Any],
                       seed: int, resamples: int = 2000, confidence: float = 0.95,
                       vectorised: bool = False) -> Estimate:
    """statistic(treated) − statistic(control) from runs without shared blocks: each side is
    resampled on its own (seeded), and the percentile interval taken on the differences.
    ``vectorised`` as in :func:`bootstrap`."""
    _check_confidence(confidence)
    if len(treated) == 0 or len(control) == 0:
        raise ValueError("unpaired_bootstrap: each side needs at least one block")
    if resamples < 1:
        raise ValueError(f"unpaired_bootstrap: resamples must be at least 1, got {resamples}")
    value = _point(treated, statistic, vectorised) - _point(control, statistic, vectorised)
    boot = (_resample_stats(treated, statistic, seed, resamples, vectorised)
            - _resample_stats(control, statistic, seed + 1, resamples, vectorised))
    lo, hi = np.quantile(boot, [0.5 - confidence / 2, 0.5 + confidence / 2])
    p = float(min(1.0, 2 * min(np.mean(boot <= 0), np.mean(boot >= 0))))
    return Estimate(value, float(lo), float(hi), len(treated) + len(control), "bootstrap-unpaired", p, None,
                    {"se": float(boot.std(ddof=1)) if resamples > 1 else 0.0, "resamples": float(resamples)})
