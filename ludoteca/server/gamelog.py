"""A live table's whole log, kept compactly and labelled only when someone reads it.

Why the whole history: a page that reloads must show every line the game wrote, not the last
few (a table of 118 lines once came back with 54).  Why compact: a server holds thousands of
live tables, so each action's events are kept as one JSON text (a string costs the garbage
collector nothing to scan, unlike a tree of small dicts) and turned back into events, then
into words in the reader's language, only when a page joins, reloads or switches language.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

Entry = tuple[int, list[dict[str, Any]]]
"""What one accepted action wrote: the state version after it, and its events."""


class GameLog:
    """Every event of a table, in order, grouped by the version that wrote them.

    >>> log = GameLog()
    >>> log.append(1, [{"type": "draw", "to": [0]}])
    >>> log.append(2, [])
    >>> list(log)
    [(1, [{'type': 'draw', 'to': [0]}])]
    >>> len(log)
    1
    """

    __slots__ = ("_texts",)

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self._texts: list[tuple[int, str]] = []
        for version, events in entries:
            self.append(version, events)

    def append(self, version: int, events: list[dict[str, Any]]) -> None:
        """Keep an action's events (an action that wrote none takes no room)."""
        if events:
            self._texts.append((version, json.dumps(events, separators=(",", ":"))))

    def extend(self, entries: Iterable[Entry]) -> None:
        for version, events in entries:
            self.append(version, events)

    def __iter__(self) -> Iterator[Entry]:
        return self.since(0)

    def since(self, start: int) -> Iterator[Entry]:
        """The entries from the ``start``-th on (a page that has ``start`` of them needs these)."""
        for version, text in self._texts[start:]:
            yield version, json.loads(text)

    def __len__(self) -> int:
        """How many actions wrote events (not how many events)."""
        return len(self._texts)

    def chars(self) -> int:
        """The characters held, to keep an eye on memory per table."""
        return sum(len(text) for _version, text in self._texts)
