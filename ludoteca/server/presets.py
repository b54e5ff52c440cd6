"""The lobby in plain words: a game's options with their names, help and choices in a language,
and its variants as named presets that fill the form.

Why presets carry every option's value: the form shows what the table will get, so picking
"Rat Hot" sets each field visibly and the request sends those fields; a request that names a
variant and options that disagree with it is refused naming the option (never one silently
chosen over the other).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca import engine
from ludoteca.engine.i18n import LANGS
from ludoteca.engine.options import Option
from ludoteca.engine.state import short

from .refusals import Rejected

YES_NO: dict[bool, dict[str, str]] = {True: {"en": "yes", "es": "sí", "fr": "oui"},
                                      False: {"en": "no", "es": "no", "fr": "non"}}
CHANGED: dict[str, str] = {"en": "changed by the variant", "es": "cambiados por la variante",
                           "fr": "modifiés par la variante"}


def check_lang(lang: Any) -> str:
    if not isinstance(lang, str) or lang not in LANGS:
        raise Rejected("bad_request", f"unknown language {short(lang, 40)}; choose one of {', '.join(LANGS)}")
    return lang


def kind_name(spec: Option) -> str:
    """How the form edits the option: choice, bool, int, float, list or dict."""
    if spec.choices is not None:
        return "choice"
    kind = spec.kind or type(spec.default)
    if isinstance(kind, tuple):  # e.g. (int, float): the widest number the form can take
        kind = float if float in kind else kind[0]
    return getattr(kind, "__name__", "str")


def value_words(spec: Option, value: Any, lang: str) -> str:
    """An option's value as people read it: a choice's name, yes/no, a number, a list of names."""
    if isinstance(value, bool):
        return YES_NO[value][lang]
    if isinstance(value, dict):
        return CHANGED[lang] if value else "—"
    if isinstance(value, (list, tuple)):
        return ", ".join(spec.choice_in(item, lang) for item in value)
    if spec.choices is not None or isinstance(value, str):
        return spec.choice_in(value, lang)
    return str(value)


def option_info(name: str, spec: Option, lang: str) -> dict[str, Any]:
    """One option as the lobby's form needs it, in ``lang``."""
    choices = None
    if spec.choices is not None:
        choices = [{"value": value, "label": spec.choice_in(value, lang)} for value in spec.choices]
    kind = kind_name(spec)
    # A list of named things (Herbalism's action cards in play) is ticked item by item, never
    # typed as a list: each item its words.
    items = ([{"value": value, "label": spec.choice_in(value, lang)} for value in spec.words]
             if kind == "list" and spec.words else None)
    return {"name": name, "label": spec.label_in(name, lang), "help": spec.help_in(lang), "kind": kind,
            "default": spec.default, "choices": choices, "items": items, "minimum": spec.minimum,
            "maximum": spec.maximum, "designers": bool(spec.extra.get("designers"))}


def presets(game: engine.Game, lang: str) -> list[dict[str, Any]]:
    """Each variant as a named, described preset with the value of EVERY option it leaves the
    form at (``game.resolve_options`` of the variant), so the form shows exactly the table."""
    found = []
    for variant, bundle in game.variants.items():
        words = game.variant_words.get(variant, {}).get(lang) or game.variant_words.get(variant, {}).get("en") or {}
        name = words.get("name") or variant.replace("-", " ").capitalize()
        description = words.get("description") or "; ".join(
            f"{game.option_specs[key].label_in(key, lang)}: {value_words(game.option_specs[key], value, lang)}"
            for key, value in bundle.items() if key in game.option_specs)
        found.append({"id": variant, "name": name, "description": description,
                      "options": game.resolve_options(bundle)})
    return found


def merged_options(game: engine.Game, variant: Any, options: Any) -> dict[str, Any]:
    """The options a table is created with: the variant's, then the request's, which must
    agree with the variant wherever both give a value (else ``bad_request`` naming the option)."""
    if options is not None and not isinstance(options, Mapping):
        raise Rejected("bad_request", "options must be a mapping of name to value")
    merged: dict[str, Any] = {}
    if variant:
        if variant not in game.variants:
            known = ", ".join(game.variants) or "none"
            raise Rejected("bad_request", f"unknown variant {short(variant, 40)}; known: {known}")
        bundle = game.variants[variant]
        merged.update(bundle)
        for name, wanted in bundle.items():
            if options and name in options and not same_value(game.option_specs.get(name), name,
                                                              options[name], wanted):
                raise Rejected("bad_request", f"option {name!r} is {short(options[name], 60)} but the variant "
                                              f"{variant!r} sets it to {short(wanted, 60)}; send the variant's "
                                              "value, or no variant")
    merged.update(options or {})
    return merged


def same_value(spec: Option | None, name: str, given: Any, wanted: Any) -> bool:
    """Whether the request's value is the variant's once both are read as the option reads them
    (``2.0`` and ``2`` are one whole number); a value the option refuses is left to the engine,
    which names it."""
    if spec is None:
        return given == wanted
    try:
        given, wanted = spec.check(name, given), spec.check(name, wanted)
    except ValueError:
        return True
    return given == wanted and isinstance(given, bool) == isinstance(wanted, bool)
