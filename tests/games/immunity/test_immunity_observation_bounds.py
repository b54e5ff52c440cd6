"""RL observation bounds: ``GAME.observation_bounds`` gives a finite least and most for every
number of ``GAME.encode``, so the Gymnasium/PettingZoo spaces can be ``Box(low, high)``.

Why play games when the bounds are argued from the rules (encoding.bounds): a bound that is too
tight breaks training silently (clipped or rejected observations), so random games at every
player count, and games whose options raise the numbers the bounds read (hand limit, draws,
environment cards, organ boxes, cells not capped on the board), check that no observation of any
seat or a spectator ever falls outside them.
"""

import math
import random
from typing import Any

import pytest

from ludoteca.games.immunity import GAME

#: Content numbers the bounds depend on, raised by a designer's params.
RAISED: dict[str, Any] = {"params": {"rules": {"hand_limit": 12, "draw_medical": 4, "environment_cards": 2},
                                     "organs": {"respiratory": {"boxes": 12}}}}
CASES = [(n, None) for n in range(2, 6)] + [(3, RAISED), (4, {"cell_cap": "per_turn"})]


@pytest.mark.parametrize("players", range(2, 6))
def test_bounds_have_the_observation_size_and_are_finite(players):
    low, high = GAME.observation_bounds(players)
    size = GAME.observation_size(players)
    assert len(low) == len(high) == size
    assert all(math.isfinite(x) for x in low + high)
    assert all(lo <= hi for lo, hi in zip(low, high, strict=True))


def _outside(vector: list[float], low: list[float], high: list[float]) -> str | None:
    """The first number outside its bounds, named by index, or None."""
    for index, (value, lo, hi) in enumerate(zip(vector, low, high, strict=True)):
        if not lo <= value <= hi:
            return f"observation[{index}] = {value} outside [{lo}, {hi}]"
    return None


@pytest.mark.parametrize("players, options", CASES)
def test_every_observation_of_random_games_lies_within_the_bounds(players, options):
    low, high = GAME.observation_bounds(players, options)
    for seed in range(3):
        s = GAME.new(players=players, seed=seed, options=options)
        rng = random.Random(seed)
        step = 0
        while True:
            for seat in [*range(players), None]:
                problem = _outside(GAME.encode(s.view(seat)), low, high)
                assert problem is None, f"seed {seed}, step {step}, seat {seat}: {problem}"
            if s.is_over:
                break
            mover = s.to_move[0]
            s.apply(mover, rng.choice(s.legal_actions(mover)))
            step += 1


def test_bounds_follow_the_options():
    """Longer organ tracks raise the damage bound and lower the health bound, and only those;
    cells capped per turn instead of on the board may pile up, so their bounds rise."""
    base_low, base_high = GAME.observation_bounds(2)
    low, high = GAME.observation_bounds(2, {"params": {"organs": {"respiratory": {"boxes": 12}}}})
    raised = [i for i, (new, old) in enumerate(zip(high, base_high, strict=True)) if new != old]
    lowered = [i for i, (new, old) in enumerate(zip(low, base_low, strict=True)) if new != old]
    assert [high[i] for i in raised] == [1.2, 1.2]  # respiratory damage / 10, for both seats
    assert len(lowered) == 2 and all(low[i] < base_low[i] for i in lowered)  # health, both seats
    _, per_turn = GAME.observation_bounds(2, {"cell_cap": "per_turn"})
    assert all(new >= old for new, old in zip(per_turn, base_high, strict=True))
    assert any(new > old for new, old in zip(per_turn, base_high, strict=True))
