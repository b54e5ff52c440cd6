"""The lab's estimators against values computed by hand or printed in textbooks (LAB.md §3, §5)."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from scipy import stats as st

from ludoteca.lab import stats


def test_wilson_matches_newcombe_1998_table() -> None:
    """Newcombe (1998), Stat. Med. 17:857, Table I, method 3 (Wilson score, no correction)."""
    for (k, n), (low, high) in {(81, 263): (0.2553, 0.3662), (15, 148): (0.0624, 0.1605),
                                (0, 20): (0.0, 0.1611), (1, 29): (0.0061, 0.1718)}.items():
        est = stats.wilson(k, n)
        assert est.method == "wilson" and est.n == n and est.value == pytest.approx(k / n)
        assert est.low == pytest.approx(low, abs=5e-5) and est.high == pytest.approx(high, abs=5e-5)


def test_wilson_rejects_more_wins_than_games_and_has_no_interval_without_games() -> None:
    with pytest.raises(ValueError, match="successes <= trials"):
        stats.wilson(5, 3)
    empty = stats.wilson(0, 0)
    assert (empty.low, empty.high, empty.n) == (None, None, 0)


def test_block_t_by_hand() -> None:
    """[1..5]: mean 3, sd √2.5, SE 0.70711, t(0.975, 4) = 2.776445, t = 4.2426 → p = 0.013236."""
    est = stats.block_t([1, 2, 3, 4, 5])
    assert est.value == 3.0 and est.n == 5 and est.method == "block-t"
    assert est.low == pytest.approx(3 - 2.776445 * 0.707107, abs=1e-5)
    assert est.high == pytest.approx(3 + 2.776445 * 0.707107, abs=1e-5)
    assert est.p == pytest.approx(0.013236, abs=1e-5)


def test_block_t_edge_cases_are_exact() -> None:
    one = stats.block_t([0.4])
    assert (one.value, one.low, one.high) == (0.4, None, None)
    flat = stats.block_t([2.0, 2.0, 2.0])
    assert (flat.low, flat.high) == (2.0, 2.0)
    with pytest.raises(ValueError, match="no blocks"):
        stats.block_t([])
    with pytest.raises(ValueError, match="finite"):
        stats.block_t([1.0, float("nan")])


def test_paired_delta_by_hand() -> None:
    """d = [1, 2, 1, 0]: mean 1, sd √(2/3), SE 0.408248; t(0.975, 3) = 3.182446; var of each arm 35/12,
    so SE unpaired = √(35/24) = 1.207615, vrf = 8.75, correlation = (31/12)/(35/12) = 0.885714."""
    est = stats.paired_delta([5, 7, 9, 6], [4, 5, 8, 6])
    assert est.method == "paired-t" and est.value == 1.0 and est.n == 4
    assert est.low == pytest.approx(1 - 3.182446 * 0.408248, abs=1e-5)
    assert est.high == pytest.approx(1 + 3.182446 * 0.408248, abs=1e-5)
    assert est.p == pytest.approx(2 * st.t.sf(1 / 0.408248, 3), rel=1e-5)
    assert est.extra["se_paired"] == pytest.approx(0.408248, abs=1e-6)
    assert est.extra["se_unpaired"] == pytest.approx(1.207615, abs=1e-6)
    assert est.extra["vrf"] == pytest.approx(8.75)
    assert est.extra["correlation"] == pytest.approx(31 / 35)


def test_paired_delta_of_identical_arms_is_exactly_zero() -> None:
    arm = [3.0, 1.5, 7.25, 2.0]
    est = stats.paired_delta(arm, arm)
    assert (est.value, est.low, est.high, est.p) == (0.0, 0.0, 0.0, 1.0)
    assert est.extra["se_paired"] == 0.0 and est.extra["vrf"] is None
    assert json.loads(json.dumps(est.to_json()))["extra"]["vrf"] is None


def test_paired_delta_names_mismatched_blocks() -> None:
    with pytest.raises(ValueError, match="treated has 3 blocks but control has 2"):
        stats.paired_delta([1, 2, 3], [1, 2])


def test_welch_delta_agrees_with_scipy() -> None:
    a, b = [5.1, 6.3, 7.2, 5.9, 6.8], [4.0, 4.4, 6.1, 3.9, 5.0, 4.8]
    est = stats.welch_delta(a, b)
    ref = st.ttest_ind(a, b, equal_var=False)
    ci = ref.confidence_interval(0.95)
    assert est.method == "welch" and est.value == pytest.approx(np.mean(a) - np.mean(b))
    assert est.p == pytest.approx(ref.pvalue, rel=1e-9)
    assert (est.low, est.high) == (pytest.approx(ci.low, rel=1e-9), pytest.approx(ci.high, rel=1e-9))


def test_bootstrap_is_seeded_and_close_to_the_t_interval_for_a_mean() -> None:
    data = np.random.default_rng(7).normal(0.0, 1.0, 400)
    first = stats.bootstrap(list(data), lambda xs: float(np.mean(xs)), seed=11)
    again = stats.bootstrap(list(data), lambda xs: float(np.mean(xs)), seed=11)
    other = stats.bootstrap(list(data), lambda xs: float(np.mean(xs)), seed=12)
    assert first == again and first.low != other.low and first.method == "bootstrap"
    t = stats.block_t(data)
    assert first.high - first.low == pytest.approx(t.high - t.low, rel=0.1)
    assert first.low < first.value < first.high


def test_bootstrap_accepts_arrays_and_constant_blocks_have_no_spread() -> None:
    est = stats.bootstrap(np.array([2.0, 2.0, 2.0]), lambda xs: float(np.max(xs) - np.min(xs)), seed=1, resamples=50)
    assert (est.value, est.low, est.high) == (0.0, 0.0, 0.0)


def test_paired_bootstrap_of_identical_arms_is_zero() -> None:
    blocks = [(x, x) for x in [0.2, 0.5, 0.1, 0.9]]
    est = stats.paired_bootstrap(blocks, lambda bs: max(a for a, _ in bs) - max(b for _, b in bs), seed=3)
    assert (est.value, est.low, est.high, est.p, est.method) == (0.0, 0.0, 0.0, 1.0, "paired-bootstrap")


def test_holm_and_bh_by_hand() -> None:
    """p = [.01, .04, .03, .005]. Holm: sorted ×4, ×3, ×2, ×1 then running max → .02, .03, .06, .06.
    BH: sorted ×4/1, ×4/2, ×4/3, ×4/4 → .02, .02, .04, .04 then running min from the top."""
    p = [0.01, 0.04, 0.03, 0.005]
    assert stats.holm(p) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert stats.bh(p) == pytest.approx([0.02, 0.04, 0.04, 0.02])
    assert stats.holm([0.6, 0.9]) == [1.0, 1.0] and stats.holm([]) == [] and stats.bh([]) == []
    with pytest.raises(ValueError, match="between 0 and 1"):
        stats.holm([1.2])


def test_chi2_uniform_by_hand() -> None:
    """Wins 30/20/10, expected 20: χ² = (100 + 0 + 100)/20 = 10, df 2, p = e^(−5)."""
    chi2, df, p = stats.chi2_uniform([30, 20, 10])
    assert (chi2, df) == (10.0, 2) and p == pytest.approx(math.exp(-5))
    assert stats.chi2_uniform([0, 0]) == (0.0, 1, 1.0)


def test_ols_slope_by_hand() -> None:
    """x = 1..4, y = 2, 4, 5, 8: Sxy = 9.5, Sxx = 5 → slope 1.9, SSE 0.7, SE √(0.35/5), t(0.975, 2) = 4.302653."""
    est = stats.ols_slope([1, 2, 3, 4], [2, 4, 5, 8])
    se = math.sqrt(0.35 / 5)
    assert est.method == "ols" and est.value == pytest.approx(1.9) and est.extra["intercept"] == pytest.approx(0.0)
    assert est.low == pytest.approx(1.9 - 4.302653 * se, abs=1e-5)
    assert est.high == pytest.approx(1.9 + 4.302653 * se, abs=1e-5)
    with pytest.raises(ValueError, match="two different x"):
        stats.ols_slope([1, 1, 1], [1, 2, 3])


def test_icc_oneway_by_hand() -> None:
    """[[1,2],[3,4],[5,6]]: MSB = 16/2 = 8, MSW = 1.5/3 = 0.5, ICC = 7.5/8.5."""
    assert stats.icc_oneway([[1, 2], [3, 4], [5, 6]]) == pytest.approx(7.5 / 8.5)
    assert stats.icc_oneway([[1, 1], [3, 3]]) == 1.0
    assert stats.icc_oneway([[2, 2], [2, 2]]) == 0.0


def test_quantiles_linear() -> None:
    assert stats.quantiles(range(1, 11)) == pytest.approx([1.9, 5.5, 9.1])


def test_estimate_to_json_is_plain() -> None:
    est = stats.Estimate(np.float64(0.5), None, np.float64(0.7), 10, "block-t", extra={"se": np.float64(0.1)})
    out = est.to_json()
    assert out == {"value": 0.5, "low": None, "high": 0.7, "n": 10, "method": "block-t", "p": None,
                   "p_adj": None, "extra": {"se": 0.1}}
    assert type(out["value"]) is float


def test_wilson_bounds_are_exact_at_zero_and_one() -> None:
    """A proportion of 0 (or 1) has its lower (upper) bound exactly there, not 5.6e-17 away:
    the report prints the bound, and "[5.551e-17, 0.56]" reads as nonsense to a designer."""
    from ludoteca.lab import stats

    assert stats.wilson(0, 3).low == 0.0
    assert stats.wilson(3, 3).high == 1.0
    assert 0.0 < stats.wilson(1, 3).low < 1 / 3 < stats.wilson(1, 3).high < 1.0


def _seat_gap_one(blocks: np.ndarray) -> float:
    means = np.asarray(blocks).mean(axis=0)
    return float(means.max() - means.min())


def _seat_gap_stack(stack: np.ndarray) -> np.ndarray:
    means = stack.mean(axis=1)
    return means.max(axis=1) - means.min(axis=1)


def test_vectorised_and_chunked_bootstrap_equal_the_one_call_per_resample_form(monkeypatch) -> None:
    """A vectorised statistic gives the same estimate, bit for bit, as one call per resample;
    so does a resample table drawn in many small chunks instead of one."""
    wins = np.random.default_rng(3).integers(0, 2, (600, 3)).astype(float)
    whole = stats.bootstrap(wins, _seat_gap_one, seed=5, resamples=300)
    assert stats.bootstrap(wins, _seat_gap_stack, seed=5, resamples=300, vectorised=True) == whole
    monkeypatch.setattr(stats, "CHUNK_ENTRIES", 600 * 4 * 7)  # 7 resamples a chunk, 43 chunks
    assert stats._chunk_rows(600, 3, 300) == 7
    assert stats.bootstrap(wins, _seat_gap_stack, seed=5, resamples=300, vectorised=True) == whole
    assert stats.bootstrap(wins, _seat_gap_one, seed=5, resamples=300) == whole
    unpaired = stats.unpaired_bootstrap(wins, wins[:300], _seat_gap_stack, seed=2, resamples=100, vectorised=True)
    assert unpaired.method == "bootstrap-unpaired" and unpaired.value == pytest.approx(
        _seat_gap_one(wins) - _seat_gap_one(wins[:300]))


def test_bootstrap_memory_stays_flat_with_many_blocks() -> None:
    """The index table is drawn a chunk of resamples at a time: 200,000 blocks x 200 resamples
    would be 320 MB as one table; the chunked draw stays near CHUNK_ENTRIES x 8 bytes x 2."""
    import tracemalloc

    blocks = np.random.default_rng(1).random(200_000)
    tracemalloc.start()
    est = stats.bootstrap(blocks, lambda stack: stack.mean(axis=1), seed=1, resamples=200, vectorised=True)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert est.low < est.value < est.high
    assert peak < 4 * stats.CHUNK_ENTRIES * 8, peak


def test_a_vectorised_statistic_must_return_one_value_per_resample() -> None:
    with pytest.raises(ValueError, match="one value per resample"):
        stats.bootstrap(np.ones((5, 2)), lambda stack: stack.sum(), seed=1, resamples=10, vectorised=True)
