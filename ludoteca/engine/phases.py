"""Declared turn structure: a game's phases, who moves in each, what they may do, what follows.

Why a table instead of ``if phase == ...`` chains: ``to_move``, the legal-action dispatch, the
explanation of refusals and the RL encoder's list of phases all read the same declaration,
so adding a phase is one entry and nothing can disagree (boardgame.io's ``phases``).

Each part of a phase names a method of the game's state class (a string, so the table can
live in its own ``phases.py`` with no import of the state, and the registration check can name
a misspelt method) or is a plain function taking the state first::

    PHASES = phase_table(
        Phase("play", movers="current_player", legal="takes", handlers={"take": "take"},
              then=("play", "over")),
        Phase("over"),
    )

A phase in which every seat acts at once on its own things (Dice Hospital's activation: each
player treats the patients of their own hospital) says so with ``independent=True``; then a
seat may take back its own steps even when other seats acted in between (``State.undo_steps``).
What the seats do share in such a phase (a common supply) is named by ``shared``: a method
returning that part of the state, compared before and after each action there.  An undo never
crosses another seat's action when the actions taken back changed what is shared, since the
other seat's action may have depended on it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

Movers = Callable[[Any], tuple[int, ...]] | str
Legal = Callable[[Any, int], list[dict[str, Any]]] | str
Handler = Callable[[Any, int, dict[str, Any]], list[dict[str, Any]]] | str


def nobody(_state: Any) -> tuple[int, ...]:
    """The movers of a phase in which nobody decides (the end of the game)."""
    return ()


def nothing(_state: Any, _seat: int) -> list[dict[str, Any]]:
    return []


@dataclass(frozen=True)
class Phase:
    """One phase: its name, who decides (``movers(state)``), the legal actions of a mover
    (``legal(state, seat)``), a handler per action type (``handler(state, seat, action)``
    returns the events) and the phases that may come next (``then``, checked to exist)."""

    name: str
    movers: Movers = nobody
    legal: Legal = nothing
    handlers: Mapping[str, Handler] = field(default_factory=dict)
    then: tuple[str, ...] = ()
    help: str = ""
    #: Each seat acts on its own things here: one seat's actions never change another's legal
    #: actions or their outcome, except through ``shared`` (so undo may cross them).
    independent: bool = False
    #: In an independent phase, what the seats share (``shared(state)``, any value that ``==``
    #: compares: Dice Hospital's blood-bag supply); None: nothing.
    shared: Callable[[Any], Any] | str | None = None

    def bind(self, state_class: type) -> Bound:
        """This phase's parts as plain functions of ``state_class`` (names looked up once).

        A name the class lacks becomes a function that raises naming it; the registration
        check (contract.py) refuses such a game before it is ever played."""
        handlers = {kind: _function(state_class, self.name, fn) for kind, fn in self.handlers.items()}
        shared = None if self.shared is None else _function(state_class, self.name, self.shared)
        return Bound(_function(state_class, self.name, self.movers), _function(state_class, self.name, self.legal),
                     handlers, self.name, self.independent, shared)

    def method_names(self) -> list[str]:
        """The state methods this phase names (the registration check looks each one up)."""
        parts = [self.movers, self.legal, *self.handlers.values(), self.shared]
        return [p for p in parts if isinstance(p, str)]


@dataclass(frozen=True)
class Bound:
    """A phase bound to one state class: what ``State.to_move``, ``_legal_actions`` and
    ``_apply`` call, a dict lookup and a call each."""

    movers: Callable[..., tuple[int, ...]]
    legal: Callable[..., list[dict[str, Any]]]
    handlers: Mapping[str, Callable[..., list[dict[str, Any]]]]
    name: str
    independent: bool = False
    shared: Callable[..., Any] | None = None

    def handle(self, state: Any, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        handler = self.handlers.get(action["type"])
        if handler is None:
            raise KeyError(f"phase {self.name!r} has no handler for action type {action['type']!r}")
        return handler(state, seat, action)


def _function(state_class: type, phase: str, part: Any) -> Callable[..., Any]:
    if not isinstance(part, str):
        return part
    found = getattr(state_class, part, None)
    if isinstance(found, property):
        found = found.fget
    if callable(found):
        return found

    def missing(*_args: Any) -> Any:
        raise NotImplementedError(f"phase {phase!r} names {part!r}, which {state_class.__name__} lacks")

    return missing


def phase_table(*phases: Phase) -> Mapping[str, Phase]:
    """The phases in order, as a read-only mapping; a ``then`` naming no phase is an error."""
    table = {p.name: p for p in phases}
    if len(table) != len(phases):
        raise ValueError("two phases share a name")
    for p in phases:
        unknown = [n for n in p.then if n not in table]
        if unknown:
            raise ValueError(f"phase {p.name!r}: 'then' names unknown phase(s) {', '.join(unknown)}")
    return MappingProxyType(table)


def phase_names(state_class: type) -> list[str]:
    """The declared phases of a game's state class, in order (the encoder's one-hot list)."""
    return list(getattr(state_class, "PHASES", {}) or {})
