"""Bounds on how much one client may ask for: token buckets and counters, keyed by guest or IP.

Every structure here is bounded in memory: a flood of new keys (guest cookies are free to
mint) evicts the least recently used buckets instead of growing without end.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

__all__ = ["Counter", "KeyedBuckets", "QuietLog", "TokenBucket", "where"]


class TokenBucket:
    """``rate`` messages a second on average, bursts up to ``burst``."""

    __slots__ = ("burst", "clock", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.stamp = clock()

    def take(self) -> bool:
        """Spend one token if there is one; ``False`` means the caller is over its rate."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class KeyedBuckets:
    """One :class:`TokenBucket` per key (a guest, an IP), at most ``max_keys`` of them; the
    least recently used goes first, and it is the one most likely to have refilled anyway."""

    def __init__(self, rate: float, burst: int, max_keys: int = 100_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.max_keys, self.clock = rate, burst, max_keys, clock
        self.buckets: OrderedDict[Hashable, TokenBucket] = OrderedDict()

    def take(self, key: Hashable) -> bool:
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst, self.clock)
            while len(self.buckets) > self.max_keys:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(key)
        return bucket.take()

    def __len__(self) -> int:
        return len(self.buckets)


class Counter:
    """How many of something (open sockets) each key holds, at most ``limit`` each.

    Keys at zero are forgotten; when ``max_keys`` keys are in use, a new key is refused rather
    than tracked loosely (forgetting a key that still holds sockets would let it exceed its
    quota)."""

    def __init__(self, limit: int, max_keys: int = 100_000) -> None:
        self.limit, self.max_keys = limit, max_keys
        self.counts: dict[Hashable, int] = {}

    def acquire(self, key: Hashable) -> bool:
        """Count one more for ``key``; ``False`` (and nothing counted) when it is at its limit."""
        held = self.counts.get(key, 0)
        if held >= self.limit or (held == 0 and len(self.counts) >= self.max_keys):
            return False
        self.counts[key] = held + 1
        return True

    def release(self, key: Hashable) -> None:
        """Give one back; releasing more than was acquired is a no-op, never a negative count."""
        held = self.counts.get(key, 0)
        if held <= 1:
            self.counts.pop(key, None)
        else:
            self.counts[key] = held - 1

    def held(self, key: Hashable) -> int:
        return self.counts.get(key, 0)


class QuietLog:
    """A logger that writes at most ``rate`` lines a second (bursts of ``burst``); the lines it
    holds back are counted and the count is written with the next line that gets through.  One
    client failing a thousand times a second costs a few lines, not megabytes of log."""

    def __init__(self, logger: logging.Logger, rate: float = 2.0, burst: int = 10) -> None:
        self.logger = logger
        self.bucket = TokenBucket(rate, burst)
        self.suppressed = 0

    def warning(self, message: str, *args: object) -> bool:
        """Log one line if the budget allows; ``False`` when it was held back."""
        if not self.bucket.take():
            self.suppressed += 1
            return False
        if self.suppressed:
            message += f" ({self.suppressed} similar lines held back)"
            self.suppressed = 0
        self.logger.warning(message, *args)
        return True


def where(exc: BaseException) -> str:
    """``file.py:line in function`` of the innermost frame that raised ``exc``: enough to find a
    bug without a traceback per message."""
    tb = exc.__traceback__
    if tb is None:
        return "?"
    while tb.tb_next is not None:
        tb = tb.tb_next
    code = tb.tb_frame.f_code
    return f"{code.co_filename.rsplit('/', 1)[-1]}:{tb.tb_lineno} in {code.co_name}"
