"""How much one guest, or one network address, may ask of the REST side.

- :class:`RestRateLimit`: requests to ``/api/...`` per client IP (a token bucket each), 429
  beyond it.  Static files are not counted: a page load fetches a dozen of them and they cost
  a file read.
- :class:`TableQuota`: tables created per guest and per IP in any hour, and tables held at once
  that wait for players or have no human seat (all bots: they cost CPU and nobody watches
  over them).  A table stops counting "at once" when it starts, finishes, or a day after it was
  created, so a guest whose invitations nobody takes up is not locked out for ever.

Both live in the process's memory: with several server processes each enforces its own share,
and a restart forgets the counts (neither protects data, only the server's time).
"""

from __future__ import annotations

import itertools
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field

from .ratelimit import KeyedBuckets
from .refusals import Rejected
from .security import ASGIApp, Receive, Scope, Send, send_json

HOUR = 3600.0
DAY = 24 * HOUR


class RestRateLimit:
    def __init__(self, app: ASGIApp, rate: float, burst: int, prefix: str = "/api/") -> None:
        self.app = app
        self.rate, self.burst, self.prefix = rate, burst, prefix
        self.buckets = KeyedBuckets(rate, burst)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("path", "").startswith(self.prefix):
            client = scope.get("client")
            if not self.buckets.take(client[0] if client else "unknown"):
                return await send_json(send, 429, {
                    "code": "rate_limited",
                    "detail": f"too many requests from your address: at most {self.rate:g} a second "
                              f"(bursts of {self.burst}); wait a moment and try again"},
                    {"retry-after": "1"})
        await self.app(scope, receive, send)


@dataclass
class Reservation:
    """Room taken for one table being created; confirm it with the table's id, or cancel it."""

    keys: tuple[Hashable, ...]
    at: float
    at_once: bool
    placeholder: str
    done: bool = field(default=False)


class TableQuota:
    def __init__(self, per_hour: int, per_hour_ip: int, at_once: int, at_once_ip: int,
                 max_keys: int = 100_000, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_hour = {"guest": per_hour, "ip": per_hour_ip}
        self.at_once = {"guest": at_once, "ip": at_once_ip}
        self.max_keys = max_keys
        self.clock = clock
        self.created: OrderedDict[Hashable, deque[float]] = OrderedDict()
        self.held: OrderedDict[Hashable, dict[str, float]] = OrderedDict()
        self.serial = itertools.count()

    async def reserve(self, guest_id: str, ip: str, at_once: bool,
                      still_counts: Callable[[str], Awaitable[bool]]) -> Reservation:
        """Check both keys' quotas and take room for one table, or raise ``Rejected("quota")``.

        ``still_counts(table_id)`` says whether a table counted "at once" still waits for
        players or has no human seat; the check runs before any room is taken, and taking it
        does not wait, so two requests at once cannot both squeeze into the last place."""
        keys = (("guest", guest_id), ("ip", ip))
        now = self.clock()
        if at_once:  # look up the tables held only when a key is at its limit: it is rare
            for kind, key in zip(("guest", "ip"), keys, strict=True):
                if len(self.held.get(key, ())) >= self.at_once[kind]:
                    await self._prune_held(key, now, still_counts)
        for kind, key in zip(("guest", "ip"), keys, strict=True):
            times = self._recent(key, now)
            if len(times) >= self.per_hour[kind]:
                minutes = max(1, round((times[0] + HOUR - now) / 60))
                who = "you have" if kind == "guest" else "your network address has"
                raise Rejected("quota", f"{who} created {len(times)} tables in the last hour, the most "
                                        f"allowed; try again in {minutes} minute{'s' if minutes != 1 else ''}")
            limit = self.at_once[kind]
            if at_once and len(self.held.get(key, ())) >= limit:
                who = "you already have" if kind == "guest" else "your network address already has"
                raise Rejected("quota", f"{who} {limit} table{'s' if limit != 1 else ''} waiting for players "
                                        "or played only by bots, the most allowed at once; finish one or "
                                        "wait until one starts")
        placeholder = f"\0pending-{next(self.serial)}"
        for key in keys:
            self._touch(self.created, key, deque).append(now)
            if at_once:
                self._touch(self.held, key, dict)[placeholder] = now
        return Reservation(keys, now, at_once, placeholder)

    def confirm(self, reservation: Reservation, table_id: str) -> None:
        if reservation.done:
            return
        reservation.done = True
        if reservation.at_once:
            for key in reservation.keys:
                held = self.held.get(key)
                if held is not None and held.pop(reservation.placeholder, None) is not None:
                    held[table_id] = reservation.at

    def cancel(self, reservation: Reservation) -> None:
        """The table was not created: give the room back."""
        if reservation.done:
            return
        reservation.done = True
        for key in reservation.keys:
            times = self.created.get(key)
            if times is not None and reservation.at in times:
                times.remove(reservation.at)
            held = self.held.get(key)
            if held is not None:
                held.pop(reservation.placeholder, None)

    def _recent(self, key: Hashable, now: float) -> deque[float]:
        times = self.created.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - HOUR:
            times.popleft()
        return times

    async def _prune_held(self, key: Hashable, now: float, still_counts: Callable[[str], Awaitable[bool]]) -> None:
        held = self.held.get(key)
        if not held:
            return
        for table_id, at in list(held.items()):
            if table_id.startswith("\0"):
                continue  # a table still being created
            if at <= now - DAY or not await still_counts(table_id):
                held.pop(table_id, None)

    def _touch(self, store: OrderedDict, key: Hashable, make: Callable[[], object]) -> object:
        """The entry for ``key``, created if new; the least recently used key goes when there are
        too many (a flood of fresh cookies cannot grow memory without end)."""
        entry = store.get(key)
        if entry is None:
            entry = store[key] = make()
            while len(store) > self.max_keys:
                store.popitem(last=False)
        else:
            store.move_to_end(key)
        return entry
