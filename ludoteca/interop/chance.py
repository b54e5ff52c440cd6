"""Explicit chance: every draw the engine makes, offered as a chance node before it is made.

A Ludoteca game draws through its state's generator, and every draw it makes (``shuffle``,
``randrange``, ``randint``, ``choice``) ends in ``random.Random._randbelow(n)``: a whole number
below ``n``, each equally likely.  :class:`ChanceScript` is a generator whose ``_randbelow``
takes that number from a script of chance outcomes instead.  When the script is spent it
raises :class:`NeedChance` with the outcomes' probabilities; the caller (the OpenSpiel
adapter) stops there, offers them as a chance node, and once one is chosen plays the
interrupted step again from its start, its script one outcome longer.  The game's code never
knows: its draws keep their exact distribution, and nothing about the future is stored in the
state any more, so a search that clones a state cannot see a die before it is rolled.

A shuffle of ``k`` cards is ``k - 1`` chance nodes, as Python draws it.  A draw among more than
:data:`MAX_CHANCE_OUTCOMES` numbers is split into nodes of at most that many outcomes: first a
block (probability in proportion to its size), then a number within it; the product of the
probabilities along the way is still ``1/n`` for every number.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.engine.state import CountingRandom

#: At most this many outcomes at one chance node (OpenSpiel's ``max_chance_outcomes``).
MAX_CHANCE_OUTCOMES = 256


class NeedChance(BaseException):  # noqa: N818 - a signal, not an error
    """The script is spent: chance must choose among ``len(probabilities)`` outcomes.

    A ``BaseException`` so that no ``except Exception`` in a game's code can swallow it
    half-way through a step."""

    def __init__(self, probabilities: tuple[float, ...]) -> None:
        super().__init__(f"chance node with {len(probabilities)} outcomes")
        self.probabilities = probabilities


def uniform(count: int) -> tuple[float, ...]:
    return (1.0 / count,) * count


class ChanceScript(CountingRandom):
    """A state's generator whose whole-number draws come from a script of chance outcomes."""

    def __init__(self, outcomes: Sequence[int] = (), draws: int = 0) -> None:
        # Not seeded (Random.__init__ would seed): the Mersenne Twister underneath is never
        # drawn from, and seeding it cost as much as the rest of a clone's generator.
        self.gauss_next = None
        self.outcomes = list(outcomes)
        self.position = 0
        self.draws = draws

    def copy(self) -> CountingRandom:
        """An ordinary generator, seeded from the count of draws: a clone taken outside the
        adapter (a Ludoteca bot searching the position) draws its own futures instead of
        stopping at chance nodes it cannot answer.  The adapter scripts its own clones."""
        other = CountingRandom(self.draws)
        other.draws = self.draws
        return other

    def _randbelow(self, n: int) -> int:
        self.draws += 1
        return self._below(n) if n > 1 else 0

    def _below(self, n: int) -> int:
        if n <= MAX_CHANCE_OUTCOMES:
            return self._next(n, None)
        size = -(-n // MAX_CHANCE_OUTCOMES)                      # numbers per block
        lengths = [min(size, n - start) for start in range(0, n, size)]
        block = self._next(len(lengths), tuple(length / n for length in lengths))
        return block * size + (self._below(lengths[block]) if lengths[block] > 1 else 0)

    def _next(self, count: int, probabilities: tuple[float, ...] | None) -> int:
        if self.position == len(self.outcomes):
            raise NeedChance(probabilities or uniform(count))
        outcome = self.outcomes[self.position]
        self.position += 1
        return outcome

    # A draw that is not a whole number below n has no finite set of outcomes to offer.
    def random(self) -> float:
        raise NotImplementedError("explicit chance offers whole-number draws only; this game drew a "
                                  "real number (random.random): use chance='sampled'")

    def getrandbits(self, k: int) -> int:
        raise NotImplementedError("explicit chance offers whole-number draws only; this game drew raw "
                                  "bits (getrandbits): use chance='sampled'")


def script(state: Any, outcomes: Sequence[int]) -> ChanceScript:
    """Give ``state`` a generator that plays ``outcomes`` next, keeping its count of draws."""
    rng = ChanceScript(outcomes, state.rng.draws)
    state.rng = rng
    return rng


def scripted_clone(state: Any, outcomes: Sequence[int] = ()) -> Any:
    """A clone of ``state`` that plays ``outcomes`` next and then stops at chance nodes (a
    plain clone draws its own futures, for bots)."""
    return state.clone(rng=ChanceScript(outcomes, state.rng.draws))


__all__ = ["MAX_CHANCE_OUTCOMES", "ChanceScript", "NeedChance", "script", "scripted_clone", "uniform"]
