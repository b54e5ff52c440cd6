"""The GSPRT of LAB.md §5: its formula, its bookkeeping, and its error rates on simulated streams."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

from ludoteca.lab.sprt import GSPRT, bounds, llr

STREAMS = 2000


def test_bounds_are_walds() -> None:
    """"H1 when LLR ≥ ln((1−β)/α), H0 when LLR ≤ ln(β/(1−α))" — ±2.944 at α = β = 0.05."""
    lower, upper = bounds(0.05, 0.05)
    assert upper == pytest.approx(2.944439, abs=1e-6) and lower == pytest.approx(-2.944439, abs=1e-6)


def test_llr_is_the_formula_of_lab_md() -> None:
    """LLR = k·(δ1 − δ0)·(2d̄ − δ0 − δ1)/(2s²): k = 100, d̄ = 0.03, s² = 0.25, δ = 0..0.02 → 0.32."""
    assert llr(100, 0.03, 0.25, 0.0, 0.02) == pytest.approx(100 * 0.02 * 0.04 / 0.5)


def test_update_tracks_mean_variance_trace_and_waits_for_burn_in() -> None:
    data = [0.1, -0.2, 0.4, 0.0, 0.3]
    test = GSPRT(0.0, 0.05, burn_in=3)
    states = [test.update(d) for d in data]
    assert states == ["continue"] * 5 and test.n == 5
    assert test.mean == pytest.approx(np.mean(data)) and test.var == pytest.approx(np.var(data, ddof=1))
    assert [n for n, _ in test.trace] == [3, 4, 5]
    assert test.llr == pytest.approx(llr(5, np.mean(data), np.var(data, ddof=1), 0.0, 0.05))
    out = test.to_json()
    assert out["state"] == "continue" and out["trace"][-1] == [5, test.llr] and out["upper"] == test.upper


def test_cap_and_decided_state_stick() -> None:
    capped = GSPRT(0.0, 1.0, burn_in=2, max_blocks=4)
    assert [capped.update(d) for d in (0.4, 0.6, 0.5, 0.5)][-1] == "cap"
    decided = GSPRT(0.0, 1.0, burn_in=2)
    assert [decided.update(d) for d in (1.0, 1.0)] == ["continue", "H1"]
    assert decided.update(-50.0) == "H1" and decided.n == 2
    assert math.isfinite(decided.llr)  # zero variance is pinned to the bound, JSON-safe


def test_bad_settings_are_named() -> None:
    with pytest.raises(ValueError, match="delta0 and delta1 must differ"):
        GSPRT(0.1, 0.1)
    with pytest.raises(ValueError, match="alpha and beta"):
        GSPRT(0.0, 0.1, alpha=0.0)
    with pytest.raises(ValueError, match="max_blocks"):
        GSPRT(0.0, 0.1, burn_in=50, max_blocks=10)


def _bernoulli(rng: np.random.Generator, p: float, shape: tuple[int, int]) -> np.ndarray:
    return (rng.random(shape) < p).astype(float)


def _normal(rng: np.random.Generator, mean: float, shape: tuple[int, int]) -> np.ndarray:
    return rng.normal(mean, 1.0, shape)


def _decide(x: np.ndarray, delta0: float, delta1: float, burn_in: int = 50) -> tuple[np.ndarray, np.ndarray]:
    """Vectorised GSPRT over many streams (rows): the decision ("H0"/"H1"/"") and the stopping n.

    Uses the module's own llr() and bounds(), so it tests the same formula the class applies.
    """
    lower, upper = bounds(0.05, 0.05)
    k = np.arange(1, x.shape[1] + 1)
    s1, s2 = np.cumsum(x, axis=1), np.cumsum(x * x, axis=1)
    var = np.where(k > 1, (s2 - s1 * s1 / k) / np.maximum(k - 1, 1), 0.0)
    value = llr(k, s1 / k, var, delta0, delta1)
    value[:, : burn_in - 1] = 0.0
    horizon = x.shape[1]
    up, down = value >= upper, value <= lower
    first_up = np.where(up.any(axis=1), up.argmax(axis=1), horizon)
    first_down = np.where(down.any(axis=1), down.argmax(axis=1), horizon)
    decision = np.where(first_up < first_down, "H1", np.where(first_down < first_up, "H0", ""))
    return decision, np.minimum(first_up, first_down) + 1


@pytest.mark.parametrize(("name", "make", "delta0", "delta1", "horizon"),
                         [("bernoulli", _bernoulli, 0.50, 0.53, 12000), ("normal", _normal, 0.0, 0.1, 8000)])
def test_error_rates_are_nominal_on_2000_simulated_streams(name, make, delta0, delta1, horizon) -> None:
    """Type-I error (H1 accepted when δ = δ0) and type-II error (H0 accepted when δ = δ1) within
    ±0.02 of α = β = 0.05 (LAB.md §10), over 2,000 seeded streams each, in seconds of CPU."""
    start = time.process_time()
    rng = np.random.default_rng(2026)
    rates = {}
    for truth, wrong in ((delta0, "H1"), (delta1, "H0")):
        decisions = []
        for _ in range(STREAMS // 100):
            stream = make(rng, truth, (100, horizon))
            decision, stop = _decide(stream, delta0, delta1)
            decisions.append(decision)
        decisions = np.concatenate(decisions)
        assert np.mean(decisions == "") < 0.005, f"{name}: streams undecided at the horizon"
        rates[wrong] = float(np.mean(decisions == wrong))
    assert rates["H1"] == pytest.approx(0.05, abs=0.02), f"{name} type I {rates['H1']}"
    assert rates["H0"] == pytest.approx(0.05, abs=0.02), f"{name} type II {rates['H0']}"
    assert time.process_time() - start < 30


def test_the_class_decides_like_the_vectorised_form() -> None:
    """40 streams fed block by block to GSPRT stop at the same n with the same decision."""
    rng = np.random.default_rng(5)
    streams = _bernoulli(rng, 0.515, (40, 12000))
    decision, stop = _decide(streams, 0.5, 0.53)
    for row, want, n in zip(streams, decision, stop, strict=True):
        test = GSPRT(0.5, 0.53)
        for d in row:
            if test.update(d) != "continue":
                break
        assert (test.state, test.n) == (want, n)
