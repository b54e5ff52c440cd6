"""Chat per table: what people at a table say to each other, text only.

A line is checked here (a string, no control characters but newlines and tabs, trimmed, not
empty, at most ``chat_max_chars`` characters) and rate-limited per person (a token bucket per
guest id, ``ratelimit.KeyedBuckets``).  It is stored with the table (``chat_lines``) but never in
its record: the game state, its views and the bots' input never contain it.  The text goes out
as JSON data; the page puts it in DOM text nodes, so markup in it shows as typed.

The table's creator may hide spectators' lines (``game_tables.spectator_chat``): the history
then leaves them out and a spectator's new line is refused (``chat_closed``).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from ludoteca.engine.state import short

from .ratelimit import KeyedBuckets
from .refusals import Rejected

#: Lines sent with a table when it is opened (the newest ones).
HISTORY = 100
#: Characters allowed besides printable ones: line breaks and tabs.
ALLOWED_CONTROLS = {"\n", "\t"}


def clean_text(text: Any, max_chars: int) -> str:
    """The line as it will be stored, or ``Rejected`` naming what is wrong with it."""
    if not isinstance(text, str):
        raise Rejected("bad_request", f"a chat line is text; got {short(text, 40)}")
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    if not text:
        raise Rejected("bad_request", "a chat line cannot be empty")
    if len(text) > max_chars:
        raise Rejected("too_long", f"a chat line has at most {max_chars} characters; this one has {len(text)}")
    for char in text:
        if char not in ALLOWED_CONTROLS and unicodedata.category(char) in ("Cc", "Cs", "Co", "Cn"):
            raise Rejected("bad_request", f"a chat line cannot contain the control character U+{ord(char):04X}")
    return text


class ChatLimits:
    """How long a line may be and how often one person may speak (across all their tabs)."""

    def __init__(self, max_chars: int = 500, rate_per_minute: float = 12.0, burst: int = 5) -> None:
        self.max_chars = max_chars
        self.rate_per_minute, self.burst = rate_per_minute, burst
        self.buckets = KeyedBuckets(rate_per_minute / 60.0, burst)

    def spend(self, user_id: str) -> None:
        if not self.buckets.take(user_id):
            raise Rejected("rate_limited", f"too many chat lines: at most {self.rate_per_minute:g} a minute "
                                           f"(bursts of {self.burst}); wait a moment")


def shown(line: dict[str, Any], spectators: bool) -> bool:
    """Whether a line is shown at a table: a seat's always, a spectator's when allowed."""
    return spectators or line.get("seat") is not None
