"""How many blocks a question needs, before any are played (LAB.md §5 "Sample-size planner").

Why plan: a designer asking for a 2-point change in a 30-point-noisy score needs ~1,800 paired
blocks; running 200 and reading "no detectable change" would be a wrong answer, not a cheap one.

>>> plan_blocks(sigma_delta=30.3, delta=2.0)   # the worked example of LAB.md §5
1802
>>> karsten_blocks(0.04)                        # a win share to ±0.02
2500
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats as _st


def plan_blocks(sigma_delta: float, delta: float, alpha: float = 0.05, power: float = 0.8) -> int:
    """Blocks to detect a paired difference ``delta`` at two-sided level α with the given power.

    n ≈ (z_{1−α/2} + z_{power})² · σ_Δ² / δ², with σ_Δ the sd of per-block differences.
    """
    if sigma_delta < 0 or not math.isfinite(sigma_delta):
        raise ValueError(f"plan: sigma_delta must be a finite number ≥ 0, got {sigma_delta}")
    if delta == 0 or not math.isfinite(delta):
        raise ValueError(f"plan: delta (the smallest change worth detecting) must be non-zero, got {delta}")
    if not 0 < alpha < 1 or not 0 < power < 1:
        raise ValueError(f"plan: alpha and power must be between 0 and 1, got {alpha} and {power}")
    z = float(_st.norm.ppf(1 - alpha / 2) + _st.norm.ppf(power))
    return max(2, math.ceil((z * sigma_delta / delta) ** 2))


def karsten_blocks(width: float) -> int:
    """Blocks for a 95% interval of total width ``width`` on a proportion: Karsten's 4/L².

    It assumes the worst case p = 0.5 (sd 0.5), so it never under-plans a win share.
    """
    if not 0 < width <= 1:
        raise ValueError(f"plan: the interval width must be in (0, 1], got {width}")
    return math.ceil(4 / width**2)


def pilot_sigma(differences: Sequence[float]) -> float:
    """σ_Δ from a pilot: the sample sd of its per-block differences (or per-block values)."""
    arr = np.asarray(differences, dtype=float)
    if arr.ndim != 1 or len(arr) < 2:
        raise ValueError(f"plan: a pilot needs at least 2 blocks, got {arr.size}")
    return float(arr.std(ddof=1))


@dataclass(frozen=True)
class Plan:
    """A plan as printed by `ludoteca lab plan`: blocks, games and the CPU they will cost."""

    blocks: int
    games: int
    cpu_minutes: float
    wall_minutes: float

    def to_json(self) -> dict[str, float]:
        return {"blocks": self.blocks, "games": self.games, "cpu_minutes": self.cpu_minutes,
                "wall_minutes": self.wall_minutes}


def plan(blocks: int, games_per_block: int, cpu_s_per_game: float, jobs: int = 1) -> Plan:
    """The cost of ``blocks`` blocks, from the CPU s per game measured in a pilot."""
    if blocks < 1 or games_per_block < 1 or jobs < 1 or cpu_s_per_game < 0:
        raise ValueError("plan: blocks, games per block and jobs must be ≥ 1 and CPU s per game ≥ 0, got "
                         f"{blocks}, {games_per_block}, {jobs}, {cpu_s_per_game}")
    games = blocks * games_per_block
    cpu_min = games * cpu_s_per_game / 60
    return Plan(blocks, games, cpu_min, cpu_min / jobs)
