"""Game options: declared once per game, validated with errors that name the option.

A table that plays a ruling differently flips an option; the ruling is the default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Words = Mapping[str, str]
"""Text in each language: ``{"en": ..., "es": ..., "fr": ...}``."""


@dataclass(frozen=True)
class Option:
    """One option: its default, what values it accepts, and the words the lobby shows for it.

    ``label`` and ``help`` are per language (a bare string is English only, for examples and
    tests); ``words`` names each choice per language, so a player reads "Rat Hot", not
    ``rat-hot``."""

    default: Any
    help: str | Words = ""
    choices: tuple[Any, ...] | None = None
    kind: type | tuple[type, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    label: Words = field(default_factory=dict)
    words: Mapping[Any, Words] = field(default_factory=dict)

    def label_in(self, name: str, lang: str) -> str:
        """The option's name for people; the code name with spaces when none is written."""
        return _in(self.label, lang) or name.replace("_", " ").capitalize()

    def help_in(self, lang: str) -> str:
        return _in(self.help, lang)

    def choice_in(self, value: Any, lang: str) -> str:
        """A choice's name for people."""
        return _in(self.words.get(value, {}), lang) or str(value).replace("-", " ").replace("_", " ")

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


def _in(words: str | Words, lang: str) -> str:
    if isinstance(words, str):
        return words
    return words.get(lang) or words.get("en", "")


def choice(default: Any, *choices: Any, help: str | Words = "", label: Words | None = None,
           words: Mapping[Any, Words] | None = None) -> Option:
    return Option(default=default, help=help, choices=tuple(choices), label=label or {}, words=words or {})


def flag(default: bool = False, help: str | Words = "", label: Words | None = None) -> Option:
    return Option(default=default, help=help, kind=bool, label=label or {})


def number(default: int, minimum: int | None = None, maximum: int | None = None,
           help: str | Words = "", label: Words | None = None) -> Option:
    return Option(default=default, help=help, kind=int, minimum=minimum, maximum=maximum, label=label or {})


PARAMS_WORDS: dict[str, str] = {
    "en": "For designers: overrides of the game's content numbers (a nested mapping).",
    "es": "Para diseñadores: cambios en los números del contenido del juego (un mapa anidado).",
    "fr": "Pour les auteurs : changements des nombres du contenu du jeu (un dictionnaire imbriqué).",
}
PARAMS_LABEL: dict[str, str] = {"en": "Content numbers", "es": "Números del contenido", "fr": "Nombres du contenu"}


def params_option(help: str | Words | None = None) -> Option:
    """The ``params`` option: a designer's overrides; the lobby keeps it behind a "for designers"
    disclosure (``extra["designers"]``)."""
    return Option(default={}, help=PARAMS_WORDS if help is None else help, kind=dict, label=PARAMS_LABEL,
                  extra={"designers": True})


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
