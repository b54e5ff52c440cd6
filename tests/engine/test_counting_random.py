"""The state's generator draws exactly what ``random.Random`` draws, and counts every draw.

Why it matters: a seed must replay the same game for ever (saved games, the lab's seeds),
and undo may never cross chance, which the engine knows only from the count.  The generator
does its own rejection sampling for speed, so it is checked against Python's own.
"""

from __future__ import annotations

import random

from ludoteca.engine.state import CountingRandom


class Reference(random.Random):
    """Python's generator with every draw counted the plain way: one count per call."""

    draws = 0

    def random(self) -> float:
        self.draws += 1
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.draws += 1
        return super().getrandbits(k)


def test_every_kind_of_draw_matches_pythons_and_is_counted_the_same():
    ours, python = CountingRandom(20261205), Reference(20261205)
    for n in (1, 2, 3, 5, 7, 42, 1000, 2**40 + 3):
        for _ in range(300):
            assert ours.randrange(n) == python.randrange(n)
            assert ours.draws == python.draws
    deck, same = list(range(42)), list(range(42))
    ours.shuffle(deck)
    python.shuffle(same)
    assert deck == same
    assert ours.choice(deck) == python.choice(same)
    assert ours.sample(deck, 5) == python.sample(same, 5)
    assert ours.randint(1, 6) == python.randint(1, 6)
    assert ours.random() == python.random()
    assert ours.draws == python.draws > 2_400


def test_a_copy_draws_what_the_original_would():
    original = CountingRandom(7)
    original.shuffle(list(range(10)))
    copy = original.copy()
    assert [copy.randrange(99) for _ in range(50)] == [original.randrange(99) for _ in range(50)]
