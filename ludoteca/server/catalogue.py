"""What every component of a table does, for the page's tooltips and inspect panel.

``game.catalogue(options, lang)`` and ``game.reference(options, lang)`` read the content of a
table's own options, so a designer's ``params`` shows in the page with no build step.  They are
the same for every table with the same game and options, so the JSON text is cached by
(game, options, language) for as long as the process lives, at most ``SIZE`` of them.
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from ludoteca import engine

log = logging.getLogger("ludoteca.server")
SIZE = 256
_cache: OrderedDict[tuple[str, str, str], str] = OrderedDict()


def words_of(game: engine.Game, options: Mapping[str, Any], lang: str) -> tuple[list[Any], list[Any]]:
    """The catalogue entries and reference tables; a game's bug costs its tooltips, not the table."""
    try:
        entries = list(game.catalogue(options, lang))
    except Exception:
        log.exception("%s: the catalogue failed", game.id)
        entries = []
    try:
        reference = list(game.reference(options, lang))
    except Exception:
        log.exception("%s: the reference tables failed", game.id)
        reference = []
    return entries, reference


def payload(game: engine.Game, options: Mapping[str, Any], lang: str) -> str:
    """``"entries": [...], "reference": [...]`` as JSON text (without braces), cached."""
    key = (game.id, json.dumps(options, sort_keys=True), lang)
    text = _cache.get(key)
    if text is None:
        entries, reference = words_of(game, options, lang)
        text = f'"entries": {json.dumps(entries)}, "reference": {json.dumps(reference)}'
        _cache[key] = text
        while len(_cache) > SIZE:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    return text


def message(table_id: str, game: engine.Game, options: Mapping[str, Any], lang: str) -> str:
    """The ``catalogue`` message a page gets on join and after a language switch, before the state."""
    head = json.dumps({"type": "catalogue", "table": table_id, "lang": lang})
    return f"{head[:-1]}, {payload(game, options, lang)}}}"
