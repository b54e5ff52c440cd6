"""Observation writers: a seat's observation written straight into a numpy array.

Why they exist: a learning agent asks for an observation at every step, and building the
seat's whole view (a tree of dicts) and encoding it afresh cost several times the move itself
(issue 20).  A game may therefore offer ``Game.observation_writer(players, options, seat)``:
an object whose ``write(state)`` returns a float32 array holding exactly the numbers
``Game.encode(state.view(seat))`` gives, reading the state directly and, where it can,
rewriting only what changed since its last write.  The array is the writer's own and is
overwritten by its next write, which is what makes the incremental part possible; a caller
that keeps an observation copies it.

Why that is still safe for hidden information: ``encode(view(seat))`` stays the definition.
Each game's writer is tested equal to it, number for number, at every position of random games
at every player count, for every seat and for a spectator; a number that depended on something
the view hides would differ there.  A writer reads the state, so the test is what holds it to
the view.

:class:`Follow` is the one piece every incremental writer needs: whether the state it is
handed now is the one it wrote last, moved on, and by which actions.
"""

from __future__ import annotations

import weakref
from typing import Any, Protocol

from .state import State


class ObservationWriter(Protocol):
    """What ``Game.observation_writer`` returns."""

    def write(self, state: State) -> Any:
        """This seat's observation of ``state``: a float32 numpy array of ``observation_size``
        holding the numbers of ``encode(view(seat))``, exactly.  The array is the writer's own
        and the next write overwrites it."""


class Follow:
    """Whether a state continues the one seen last, and the actions played since.

    A writer calls :meth:`since` once per write.  It answers the list of ``[seat, action]``
    entries played since the previous call when ``state`` is the same object and its record
    only grew; otherwise ``None`` (another state, a clone, a restored or rewound one), and the
    writer must rebuild from scratch.  Identity, not equality, decides: a restored record holds
    new entries even where it holds equal ones, so no stale cache survives a restore.
    """

    __slots__ = ("_state", "_record", "_length", "_last")

    def __init__(self) -> None:
        self._state: weakref.ref[State] | None = None
        self._record: list[Any] | None = None
        self._length = 0
        self._last: Any = None

    def since(self, state: State) -> list[Any] | None:
        record = state._actions
        seen = self._state() if self._state is not None else None
        length = self._length
        moved: list[Any] | None
        if (seen is not state or record is not self._record or len(record) < length
                or (length and record[length - 1] is not self._last)):
            moved = None
        else:
            moved = record[length:]
        if seen is not state:
            self._state = weakref.ref(state)
        self._record = record
        self._length = len(record)
        self._last = record[-1] if record else None
        return moved

    def forget(self) -> None:
        """Make the next :meth:`since` answer ``None`` (after a write that failed half-way)."""
        self._state = None
        self._record = None
