"""How a clone copies a game's data, field by field, where the game says what shape it has.

Why: the bots clone positions thousands of times per decision.  The engine's general copy
(``marshal`` there and back) is exact for any plain data, but it rebuilds every string and
every dict key, so for a game whose data is many short lists of card names and small dicts
of counters most of a clone went into making strings equal to the ones it had (Immunity:
marshal 47 µs of a 69 µs clone; a copy by shape, 19 µs).  A game that declares
``FIELD_SHAPES`` (field -> one of :data:`SHAPES`) gets those fields copied by shape, sharing
the immutable values (strings, numbers) and copying every list and dict; the fields it does
not name keep the general copy.

A shape is a promise about the field's data on every position: a wrong one would let a clone
share a list with its original.  ``check_shape`` says whether a value keeps the promise, and
the games' tests check every declared field on every position of random games
(tests/engine/test_field_shapes.py).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

#: Values that may be shared between a state and its clone: nothing can change them.
IMMUTABLE = (str, int, float, bool, type(None))


def _value(value: Any) -> Any:
    return value


def _rows(value: list[list[Any]]) -> list[list[Any]]:
    return [row[:] for row in value]


def _records(value: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [record.copy() for record in value]


def _nested_records(value: list[list[dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    return [[record.copy() for record in row] for row in value]


def _is_immutable(value: Any) -> bool:
    return isinstance(value, IMMUTABLE)


def _is_list(value: Any) -> bool:
    return type(value) is list and all(isinstance(v, IMMUTABLE) for v in value)


def _is_record(value: Any) -> bool:
    return type(value) is dict and all(isinstance(v, IMMUTABLE) for v in value.values())


def _is_rows(value: Any) -> bool:
    return type(value) is list and all(_is_list(row) for row in value)


def _is_records(value: Any) -> bool:
    return type(value) is list and all(_is_record(record) for record in value)


def _is_nested_records(value: Any) -> bool:
    return type(value) is list and all(_is_records(row) for row in value)


class Shape(NamedTuple):
    """One shape: what it is in words, its copy, and whether a value has it."""

    words: str
    copy: Callable[[Any], Any]
    holds: Callable[[Any], bool]


#: The shapes a game may declare.  "Immutables" are strings, numbers, booleans and None.
SHAPES: dict[str, Shape] = {
    "value": Shape("an immutable (a string, a number, a boolean or None)", _value, _is_immutable),
    "list": Shape("a list of immutables", list.copy, _is_list),
    "rows": Shape("a list of lists of immutables", _rows, _is_rows),
    "records": Shape("a list of dicts of immutables", _records, _is_records),
    "nested records": Shape("a list of lists of dicts of immutables", _nested_records, _is_nested_records),
}


class CopyPlan:
    """A class's fields split by how a clone copies them: shared (shape "value"), copied by
    shape, and left to the general copy (``rest``).

    The values are read with one ``attrgetter`` call per group and written into the clone's
    ``__dict__`` at once: with thirty-odd fields, a ``getattr``/``setattr`` pair per field was
    a third of the copy."""

    __slots__ = ("shared", "copied", "copies", "rest", "_shared", "_copied")

    def __init__(self, shared: tuple[str, ...], copied: tuple[str, ...],
                 copies: tuple[Callable[[Any], Any], ...], rest: tuple[str, ...]) -> None:
        self.shared, self.copied, self.copies, self.rest = shared, copied, copies, rest
        self._shared = _getter(shared)
        self._copied = _getter(copied)

    def copy_into(self, source: Any, target: Any) -> None:
        """Set ``target``'s shaped fields to copies of ``source``'s (``rest`` is left out)."""
        data = target.__dict__
        if self.shared:
            data.update(zip(self.shared, self._shared(source), strict=True))
        if self.copied:
            values = self._copied(source)
            data.update(zip(self.copied, [copy(value) for copy, value in zip(self.copies, values, strict=True)],
                            strict=True))


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the values of ``names`` as a tuple, also for one name or none."""
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda source: (one(source),)
    return operator.attrgetter(*names) if names else lambda source: ()


def copy_plan(cls_name: str, fields: tuple[str, ...], shapes: Mapping[str, str]) -> CopyPlan:
    """How ``fields`` are copied given their ``shapes``.  A shape for an unknown field, or an
    unknown shape, is a mistake in the game's code and raises ``TypeError`` naming it when the
    class is made."""
    unknown = [name for name in shapes if name not in fields]
    if unknown:
        raise TypeError(f"{cls_name}.FIELD_SHAPES names {', '.join(unknown)}, not in FIELDS")
    wrong = {name: shape for name, shape in shapes.items() if shape not in SHAPES}
    if wrong:
        name, shape = next(iter(wrong.items()))
        raise TypeError(f"{cls_name}.FIELD_SHAPES[{name!r}] is {shape!r}; a shape is one of "
                        f"{', '.join(repr(s) for s in SHAPES)}")
    shared = tuple(name for name in fields if shapes.get(name) == "value")
    copied = tuple(name for name in fields if name in shapes and shapes[name] != "value")
    copies = tuple(SHAPES[shapes[name]].copy for name in copied)
    rest = tuple(name for name in fields if name not in shapes)
    return CopyPlan(shared, copied, copies, rest)


def check_shape(value: Any, shape: str) -> str | None:
    """None when ``value`` has ``shape``; else what is wrong, in words."""
    known = SHAPES[shape]
    return None if known.holds(value) else f"should be {known.words}; got {value!r:.120}"
