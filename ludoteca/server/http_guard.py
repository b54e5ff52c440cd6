"""Connections that ask for nothing: header timeouts, idle caps and the descriptor limit.

Every TCP connection costs the server a file descriptor, and uvicorn on its own waits for ever
for a first request (19,990 silent sockets from one client once used up every descriptor, and
the next visitor's request failed).  Three bounds keep idle connections from starving a request:

* a connection must finish its request headers within ``header_timeout`` seconds of opening,
  or of its previous response (data trickling in does not reset the clock: no slowloris);
* at most ``per_ip`` connections from one address may wait for a request at once, and at most
  ``total`` overall; one more closes the oldest waiting one, so the newest (the one most likely
  to be a person about to send a request) is always served;
* request headers longer than ``max_header_bytes`` are refused (431) before they are kept;
* the process's soft ``RLIMIT_NOFILE`` is raised to its hard limit at start.

A connection is "waiting" from the moment it opens (or its last response ends) until its
request headers are complete; during a request, and once it became a WebSocket, it is never
closed here (WebSockets have their own quotas in ``protocol.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import resource
from collections import OrderedDict
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = ["GuardedProtocol", "IdleGuard", "guarded_protocol", "raise_fd_limit"]


def raise_fd_limit() -> tuple[int, int]:
    """Raise the soft limit on open files to the hard limit; returns the (soft, hard) now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)  # "unlimited": a million
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):  # not allowed here: keep what we have
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)


class IdleGuard:
    """The connections now waiting for a request, oldest first, overall and per address."""

    def __init__(self, header_timeout: float, per_ip: int, total: int) -> None:
        self.header_timeout = header_timeout
        self.per_ip = max(1, per_ip)
        self.total = max(1, total)
        self.waiting: OrderedDict[Any, None] = OrderedDict()
        self.by_ip: dict[str, OrderedDict[Any, None]] = {}
        self.evicted = 0
        self.timed_out = 0

    def wait(self, protocol: GuardedProtocol) -> None:
        """``protocol`` now waits for request headers: start its clock and make room."""
        self.forget(protocol)
        loop = protocol.loop
        protocol.header_timer = loop.call_later(self.header_timeout, self._expire, protocol)
        self.waiting[protocol] = None
        ip = protocol.peer_ip
        same = self.by_ip.setdefault(ip, OrderedDict())
        same[protocol] = None
        if len(same) > self.per_ip:
            self._evict(next(iter(same)))
        if len(self.waiting) > self.total:
            self._evict(next(iter(self.waiting)))

    def forget(self, protocol: GuardedProtocol) -> None:
        """``protocol`` is busy (a request started), upgraded, or gone."""
        timer = protocol.header_timer
        if timer is not None:
            timer.cancel()
            protocol.header_timer = None
        if protocol in self.waiting:
            del self.waiting[protocol]
            same = self.by_ip.get(protocol.peer_ip)
            if same is not None:
                same.pop(protocol, None)
                if not same:
                    del self.by_ip[protocol.peer_ip]

    def _evict(self, protocol: GuardedProtocol) -> None:
        self.evicted += 1
        self.forget(protocol)
        protocol.drop()

    def _expire(self, protocol: GuardedProtocol) -> None:
        protocol.header_timer = None
        self.timed_out += 1
        self.forget(protocol)
        protocol.drop()


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol (the fast parser), reporting to an :class:`IdleGuard` while
    it waits for request headers, and refusing headers longer than ``max_header_bytes`` (431):
    the parser itself sets no bound, and uvicorn would collect an endless header in memory."""

    guard: IdleGuard  # set on the subclass made by guarded_protocol
    max_header_bytes: int

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self.header_timer: asyncio.TimerHandle | None = None
        self.header_bytes = 0
        self.waiting_for_headers = True
        super().connection_made(transport)
        self.peer_ip = self.client[0] if self.client else ""
        self.guard.wait(self)

    def data_received(self, data: bytes) -> None:
        if self.waiting_for_headers:
            self.header_bytes += len(data)
        super().data_received(data)
        if self.waiting_for_headers and self.header_bytes > self.max_header_bytes \
                and not self.transport.is_closing():
            self.guard.forget(self)
            self.transport.write(b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: text/plain\r\n"
                                 b"content-length: 32\r\nconnection: close\r\n\r\nrequest headers are too long\r\n\r\n")
            self.transport.close()

    def on_headers_complete(self) -> None:
        self.waiting_for_headers = False
        self.guard.forget(self)
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # Nothing in progress and nothing pipelined: keep-alive, waiting for the next request.
        if not self.transport.is_closing() and self.cycle is not None and self.cycle.response_complete \
                and not self.pipeline:
            self.header_bytes = 0
            self.waiting_for_headers = True
            self.guard.wait(self)

    def handle_websocket_upgrade(self) -> None:
        self.guard.forget(self)
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self.guard.forget(self)
        super().connection_lost(exc)

    def drop(self) -> None:
        """Close a connection that sent no (complete) request."""
        if not self.transport.is_closing():
            self.transport.close()


def guarded_protocol(guard: IdleGuard, max_header_bytes: int) -> type[GuardedProtocol]:
    """A protocol class for ``uvicorn.run(http=...)`` bound to one guard."""
    return type("LudotecaHttpProtocol", (GuardedProtocol,), {"guard": guard, "max_header_bytes": max_header_bytes})
