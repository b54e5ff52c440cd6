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


_WORDS: dict[str, dict[str, str]] = {
    "player": {"en": "Player {n}", "es": "Jugador {n}", "fr": "Joueur {n}"},
    "prompt": {"en": "Your decision", "es": "Tu decisión", "fr": "À vous de décider"},
    "score": {"en": "Score", "es": "Puntuación", "fr": "Score"},
}


def player_word(seat: int, lang: str = "en") -> str:
    """A seat named without its player's name: "Player 1" is seat 0 (people count from 1)."""
    return text(_WORDS, "player", lang, n=seat + 1)


def generic_prompt(lang: str = "en") -> str:
    return text(_WORDS, "prompt", lang)


def score_word(lang: str = "en") -> str:
    return text(_WORDS, "score", lang)


def visible(event: Mapping[str, object], seat: int | None) -> bool:
    """Whether ``seat`` (None: a spectator) sees ``event``.  A private event carries ``to``
    (the seats that see it); a public event whose private twin replaces it for some seats
    carries ``not_to`` (those seats), so each seat reads one line, never both."""
    audience = event.get("to")
    if audience is not None:
        return seat is not None and seat in audience  # type: ignore[operator]
    hidden_from = event.get("not_to")
    return seat is None or hidden_from is None or seat not in hidden_from  # type: ignore[operator]


def fold(words: str) -> str:
    """``words`` as a player may type them: lower case, no accents, no spaces or punctuation,
    so "Alimentación", "alimentacion" and "nk_cell" / "NK cell" match.  Every game's ``? topic``
    lookup compares names through this one function."""
    decomposed = unicodedata.normalize("NFKD", words.casefold())
    return "".join(ch for ch in decomposed if ch.isalnum())


def missing_translations(catalogue: Catalogue) -> list[str]:
    """Keys lacking a language: tests use this to keep every catalogue complete."""
    return [f"{key}:{lang}" for key, entry in catalogue.items() for lang in LANGS if not entry.get(lang)]
