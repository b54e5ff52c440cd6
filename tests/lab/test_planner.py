"""The sample-size planner against LAB.md §5's worked example and hand arithmetic."""

from __future__ import annotations

import pytest

from ludoteca.lab.planner import karsten_blocks, pilot_sigma, plan, plan_blocks


def test_worked_example_of_lab_md() -> None:
    """"(2.8 × σ_Δ/2)² ≈ (2.8 × 30.3/2)² ≈ 1,800 blocks paired" (z sum is 2.8016)."""
    assert plan_blocks(30.3, 2.0) == 1802
    assert plan_blocks(30.3, -2.0) == 1802
    assert plan_blocks(30.3, 2.0, power=0.9) > 1802


def test_karsten_rule() -> None:
    """Karsten: 4/L² games for a 95% interval of width L on a proportion."""
    assert karsten_blocks(0.04) == 2500 and karsten_blocks(0.1) == 400


def test_pilot_sigma_and_cost() -> None:
    assert pilot_sigma([1.0, 2.0, 3.0]) == pytest.approx(1.0)
    cost = plan(1000, 3, 0.35, jobs=2)
    assert (cost.games, cost.cpu_minutes, cost.wall_minutes) == (3000, pytest.approx(17.5), pytest.approx(8.75))


def test_bad_inputs_are_named() -> None:
    with pytest.raises(ValueError, match="delta"):
        plan_blocks(1.0, 0.0)
    with pytest.raises(ValueError, match="width"):
        karsten_blocks(0.0)
    with pytest.raises(ValueError, match="at least 2 blocks"):
        pilot_sigma([1.0])
