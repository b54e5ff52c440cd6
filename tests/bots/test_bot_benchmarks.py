"""The bot benchmarks behind docs/bots.md's ladder and speed tables run and count what they say.

They measure; nothing here asserts a speed.  What is checked is the bookkeeping a reader
relies on: only decisions with a real choice are timed, every game's seat rotates, a decision
cut short by the CPU cap is counted as capped, and the ladder's default lines are every level
against the one below it.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import ludoteca

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _load(name: str):
    """A benchmark script as a module (benchmarks/ is not a package)."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module          # dataclasses look their module up by name
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_bot_speed_times_only_the_levels_real_choices_in_whole_games():
    bot_speed = _load("bot_speed")
    timing = bot_speed.time_level("dschunke", "random", 2, games=2, seed=3)
    # Count the timed seat's real choices by replaying the same games with the same bots.
    from ludoteca.bots import make
    expected = 0
    for index in range(2):
        state = ludoteca.game("dschunke").new(2, seed=3 + index)
        bots = [make("random" if s == index % 2 else "normal", seed=(3 + index) * 2 + s) for s in range(2)]
        while not state.is_over:
            seat = state.to_move[0]
            if seat == index % 2 and len(state.legal_actions(seat)) > 1:
                expected += 1
            state.apply(seat, bots[seat].choose(state, seat))
    assert len(timing.seconds) == expected > 0
    assert timing.capped == 0


def test_bot_speed_counts_decisions_cut_short_by_the_cpu_cap():
    bot_speed = _load("bot_speed")
    # A million iterations cannot fit in a millisecond: every real decision is capped.
    timing = bot_speed.time_level("herbalism", "ismcts:iterations=1000000:seconds=0.001", 3, games=1, seed=0)
    assert timing.seconds and timing.capped == len(timing.seconds)


def test_the_ladders_default_lines_are_each_level_against_the_one_below():
    ladder = _load("ladder")
    assert ladder.arguments(["dschunke"]).lines == "easy:random,normal:easy,hard:normal,expert:hard"
