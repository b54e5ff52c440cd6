"""Presence: a dot per seat saying whether its holder is at the table now.

``connected``: a tab of the holder has the table open and in front; ``away``: open, but every
such tab is hidden (the page says so when its visibility changes); ``gone``: no tab has it
open, in any process.  Open seats and bots have no dot (null).

Each process knows its own connections.  With Redis it publishes, for one table, the holders
connected to it and their state (``{"kind": "presence", "table", "users": {id: state}}``) every
time that changes -- a tab closing is published at once -- and again every ``HEARTBEAT``
seconds, so the others keep an up-to-date copy; a copy not refreshed for ``EXPIRES`` seconds
(its process died) is dropped.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

#: Seconds between republishing a process's presence per table, and after which a copy from
#: another process that stopped refreshing it is forgotten.
HEARTBEAT, EXPIRES = 5.0, 15.0
RANK = {"gone": 0, "away": 1, "connected": 2}


def local_users(conns: Iterable[Any]) -> dict[str, str]:
    """This process's holders at a table: ``connected`` if any of a guest's tabs is in front."""
    users: dict[str, str] = {}
    for conn in conns:
        if conn.closed:
            continue
        state = "away" if conn.away else "connected"
        if RANK[state] > RANK.get(users.get(conn.guest.id, "gone"), 0):
            users[conn.guest.id] = state
    return users


class PresenceBook:
    """The other processes' presence per table, as they last published it."""

    def __init__(self) -> None:
        self.remote: dict[str, dict[str, tuple[dict[str, str], float]]] = {}

    def update(self, table_id: str, origin: str, users: dict[str, str]) -> None:
        copies = self.remote.setdefault(table_id, {})
        if users:
            copies[origin] = ({u: s for u, s in users.items() if s in RANK}, time.monotonic() + EXPIRES)
        else:
            copies.pop(origin, None)

    def users(self, table_id: str) -> dict[str, str]:
        merged: dict[str, str] = {}
        copies = self.remote.get(table_id, {})
        now = time.monotonic()
        for origin, (users, until) in list(copies.items()):
            if until < now:
                del copies[origin]
                continue
            for user, state in users.items():
                if RANK[state] > RANK.get(merged.get(user, "gone"), 0):
                    merged[user] = state
        return merged


def seat_dots(seats: list[dict[str, Any]], here: dict[str, str], there: dict[str, str]) -> list[str | None]:
    """Per seat: the best state of its holder in any process, or null for open and bot seats."""
    dots: list[str | None] = []
    for seat in seats:
        if seat["kind"] != "human":
            dots.append(None)
            continue
        user = seat["user_id"]
        best = max((here.get(user, "gone"), there.get(user, "gone")), key=RANK.__getitem__)
        dots.append(best)
    return dots
