"""A legal list that builds its actions only when they are read.

Some positions have hundreds of legal actions (a Dschunke strip fits some 400 ways) and most
callers read one of them: a random playout picks one, a search expands a few.  Building every
action as a dict at every decision was most of Dschunke's time, so a game may return an
:class:`ActionList` from ``_legal_actions``: it knows how many actions there are and builds the
``i``-th on demand, in the same deterministic order a plain list would hold.

It reads like a list (length, indexing, slicing, iteration, ``in``, equality with a list) and,
like the engine's cached list, must not be changed; ``legal_actions(seat)`` (with its default
copy) hands callers a real list of fresh dicts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

Action = dict[str, Any]


class ActionList(Sequence[Action]):
    """``size`` actions, the ``i``-th built by ``build(i)`` when read (never cached: a caller
    may keep what it reads, and each read is a fresh dict)."""

    __slots__ = ("_build", "_size")

    def __init__(self, size: int, build: Callable[[int], Action]) -> None:
        self._size = size
        self._build = build

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self._build(i) for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError(f"action index {index} out of range 0..{self._size - 1}")
        return self._build(index)

    def __iter__(self) -> Iterator[Action]:
        build = self._build
        return (build(i) for i in range(self._size))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple, ActionList)):
            return len(other) == self._size and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # like a list: compared by value, not hashable

    def __repr__(self) -> str:
        return f"ActionList({self._size} actions)"
