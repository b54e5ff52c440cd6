"""Labels in the three languages every game speaks.

Why a tiny helper instead of gettext: game labels are short templates kept beside the rules,
and the same catalogue serves the terminal, the web client and the bots' explanations.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

LANGS: tuple[str, ...] = ("en", "es", "fr")

Catalogue = Mapping[str, Mapping[str, str]]


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    return lang


def text(catalogue: Catalogue, key: str, lang: str = "en", **values: object) -> str:
    """The template ``key`` in ``lang`` (English if missing), filled with ``values``."""
    entry = catalogue.get(key)
    if entry is None:
        return key
    template = entry.get(lang) or entry["en"]
    return template.format(**values)


def fold(words: str) -> str:
    """``words`` as a player may type them: lower case, no accents, no spaces or punctuation,
    so "Alimentación", "alimentacion" and "nk_cell" / "NK cell" match.  Every game's ``? topic``
    lookup compares names through this one function."""
    decomposed = unicodedata.normalize("NFKD", words.casefold())
    return "".join(ch for ch in decomposed if ch.isalnum())


def missing_translations(catalogue: Catalogue) -> list[str]:
    """Keys lacking a language: tests use this to keep every catalogue complete."""
    return [f"{key}:{lang}" for key, entry in catalogue.items() for lang in LANGS if not entry.get(lang)]
