"""A generalised sequential probability ratio test: stop playing when the answer is known.

Why this model (LAB.md §5, after fishtest's normalised ``update_SPRT``): the lab's quantity is a
per-block mean difference d_b of any metric (a win share, a length), whose variance is unknown.
After k blocks with running mean d̄ and sample variance s² of the d_b,

    LLR = k · (δ1 − δ0) · (2·d̄ − δ0 − δ1) / (2·s²)

which is the normal log-likelihood ratio of H1: δ = δ1 against H0: δ = δ0 with s² plugged in.
H1 is accepted when LLR ≥ ln((1−β)/α), H0 when LLR ≤ ln(β/(1−α)) (Wald's bounds, ±2.944 at
α = β = 0.05). The test waits for a burn-in so that s² is worth plugging in.

>>> t = GSPRT(0.0, 1.0, burn_in=2)
>>> [t.update(d) for d in (1.0, 1.2, 0.9)][-1]
'H1'
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

STATES = ("continue", "H0", "H1", "cap")


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's (lower, upper) LLR bounds for error rates α (type I) and β (type II)."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def llr(k: Any, mean: Any, var: Any, delta0: float, delta1: float) -> Any:
    """The LLR of LAB.md §5 for k blocks of mean ``mean`` and variance ``var``.

    Works on floats and numpy arrays alike, so the class and the vectorised simulations in
    the tests share one formula. A zero variance (all d_b equal) gives ±inf: the data are
    then as decisive as they can be; exactly at the midpoint it gives 0.
    """
    if not any(isinstance(v, np.ndarray) for v in (k, mean, var)):
        num = k * (delta1 - delta0) * (2 * mean - delta0 - delta1)
        if var > 0:
            return float(num / (2 * var))
        return math.copysign(math.inf, num) if num != 0 else 0.0
    num = np.asarray(k * (delta1 - delta0) * (2 * mean - delta0 - delta1), dtype=float)
    den = np.asarray(2 * var, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.where(den > 0, num / np.where(den > 0, den, 1.0), np.sign(num) * np.inf)
    return float(out) if out.ndim == 0 else out


class GSPRT:
    """Sequential test on per-block differences; feed it one difference per finished block.

    ``update`` returns "continue", "H0" (δ0 holds), "H1" (δ1 holds) or "cap" (``max_blocks``
    reached undecided). Once decided, further updates are ignored and the state is returned,
    so a runner finishing blocks in flight can keep calling it.
    """

    def __init__(self, delta0: float, delta1: float, alpha: float = 0.05, beta: float = 0.05,
                 burn_in: int = 50, max_blocks: int | None = None) -> None:
        if not (0 < alpha < 1 and 0 < beta < 1 and alpha + beta < 1):
            raise ValueError(f"sprt: alpha and beta must be in (0, 1) with alpha + beta < 1, got {alpha}, {beta}")
        if delta0 == delta1:
            raise ValueError(f"sprt: delta0 and delta1 must differ, both are {delta0}")
        if burn_in < 2:
            raise ValueError(f"sprt: burn_in must be at least 2 blocks (a variance needs two), got {burn_in}")
        if max_blocks is not None and max_blocks < burn_in:
            raise ValueError(f"sprt: max_blocks ({max_blocks}) is below burn_in ({burn_in})")
        self.delta0, self.delta1 = float(delta0), float(delta1)
        self.alpha, self.beta = float(alpha), float(beta)
        self.burn_in, self.max_blocks = int(burn_in), max_blocks
        self.lower, self.upper = bounds(alpha, beta)
        self.n = 0
        self.llr = 0.0
        self.state = "continue"
        self.trace: list[tuple[int, float]] = []
        self._mean = 0.0
        self._m2 = 0.0  # Welford's sum of squared deviations: stable over thousands of blocks

    @property
    def mean(self) -> float:
        """Running mean d̄ of the per-block differences (biased toward the boundary once stopped)."""
        return self._mean

    @property
    def var(self) -> float:
        """Running sample variance s² of the per-block differences."""
        return self._m2 / (self.n - 1) if self.n > 1 else 0.0

    def update(self, d: float) -> str:
        """Add one block's difference and return the state after it."""
        if self.state != "continue":
            return self.state
        d = float(d)
        if not math.isfinite(d):
            raise ValueError(f"sprt: a block difference must be a finite number, got {d}")
        self.n += 1
        delta = d - self._mean
        self._mean += delta / self.n
        self._m2 += delta * (d - self._mean)
        if self.n >= self.burn_in:
            value = llr(self.n, self._mean, self.var, self.delta0, self.delta1)
            # An infinite LLR (zero variance) is pinned to the bound it crosses: same decision, JSON-safe.
            self.llr = min(max(value, self.lower), self.upper) if math.isinf(value) else value
            self.trace.append((self.n, self.llr))
            if self.llr >= self.upper:
                self.state = "H1"
            elif self.llr <= self.lower:
                self.state = "H0"
        if self.state == "continue" and self.max_blocks is not None and self.n >= self.max_blocks:
            self.state = "cap"
        return self.state

    def to_json(self) -> dict[str, Any]:
        """Everything the report needs: settings, bounds, final LLR, state and the LLR trace."""
        return {"delta0": self.delta0, "delta1": self.delta1, "alpha": self.alpha, "beta": self.beta,
                "burn_in": self.burn_in, "max_blocks": self.max_blocks, "lower": self.lower,
                "upper": self.upper, "n": self.n, "llr": self.llr, "state": self.state,
                "mean": self._mean, "var": self.var, "trace": [[n, v] for n, v in self.trace]}
