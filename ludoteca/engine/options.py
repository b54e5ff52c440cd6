"""Game options: declared once per game, validated with errors that name the option.

A table that plays a ruling differently flips an option; the ruling is the default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Option:
    """One option: its default, what values it accepts and a one-line help text."""

    default: Any
    help: str = ""
    choices: tuple[Any, ...] | None = None
    kind: type | tuple[type, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def check(self, name: str, value: Any) -> Any:
        if self.choices is not None:
            if value not in self.choices:
                shown = ", ".join(repr(c) for c in self.choices)
                raise ValueError(f"option {name!r} must be one of {shown}; got {value!r}")
            return value
        kind = self.kind or type(self.default)
        if kind is bool and not isinstance(value, bool):
            raise ValueError(f"option {name!r} must be true or false; got {value!r}")
        if kind in (int, float) and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise ValueError(f"option {name!r} must be a number; got {value!r}")
        if kind is int and isinstance(value, float):
            if not value.is_integer():
                raise ValueError(f"option {name!r} must be a whole number; got {value!r}")
            value = int(value)
        if not isinstance(value, kind):
            raise ValueError(f"option {name!r} must be of type {_kind_name(kind)}; got {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise ValueError(f"option {name!r} must be at least {self.minimum}; got {value!r}")
        if self.maximum is not None and value > self.maximum:
            raise ValueError(f"option {name!r} must be at most {self.maximum}; got {value!r}")
        return value


def choice(default: Any, *choices: Any, help: str = "") -> Option:
    return Option(default=default, help=help, choices=tuple(choices))


def flag(default: bool = False, help: str = "") -> Option:
    return Option(default=default, help=help, kind=bool)


def number(default: int, minimum: int | None = None, maximum: int | None = None,
           help: str = "") -> Option:
    return Option(default=default, help=help, kind=int, minimum=minimum, maximum=maximum)


def params_option(help: str = "Overrides of the game's content numbers (a nested mapping).") -> Option:
    return Option(default={}, help=help, kind=dict)


def resolve(game_id: str, specs: Mapping[str, Option], given: Mapping[str, Any] | None) -> dict:
    """Defaults overlaid with ``given``; an unknown name or bad value raises ValueError."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise ValueError(f"options must be a mapping of name to value; got {given!r}")
    unknown = sorted(set(given) - set(specs))
    if unknown:
        known = ", ".join(sorted(specs)) or "none"
        raise ValueError(f"unknown option {unknown[0]!r} for {game_id}; known options: {known}")
    resolved = {name: spec.default for name, spec in specs.items()}
    for name, value in given.items():
        resolved[name] = specs[name].check(name, value)
    return resolved


def parse_cli_value(raw: str) -> Any:
    """``--option key=value`` values: JSON when it parses (numbers, true, objects), else a string."""
    import json

    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


def _kind_name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return {dict: "mapping", list: "list", str: "text"}.get(kind, kind.__name__)
