"""What every HTTP request passes through before a route sees it (plain ASGI middleware, so the
checks cost one function call each and work the same for every route, static files included).

- :class:`SecurityHeaders`: the page may not be framed (``frame-ancestors 'none'``,
  ``X-Frame-Options: DENY``), runs only its own scripts, and leaks no addresses in referrers.
- :class:`ErrorFence`: any exception a route lets escape becomes one short log line (rate
  limited) and a JSON 500, never a traceback per request.
- :class:`BodyLimit`: a body over the limit, by its ``Content-Length`` or by the bytes that
  actually arrive, is answered 413 before any route reads it.
- :class:`CsrfGuard`: a state-changing request must come from the game's own page: its
  ``Origin`` (and ``Sec-Fetch-Site``) must be the served origin or an allowed one, and it must
  echo the guest's CSRF token in ``X-CSRF-Token``, which a page on another origin can neither
  read nor compute, and which a plain HTML form cannot send.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.requests import cookie_parser

from .identity import COOKIE, CSRF_COOKIE, CSRF_HEADER, Identity
from .origins import normalize, origin_allowed
from .ratelimit import QuietLog, where

log = logging.getLogger("ludoteca.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

#: The client is plain files from this server: no inline script, no other origin, no framing.
#: (Boards set styles through the CSSOM, which a CSP does not govern, never a style attribute.)
PAGE_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
               "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
               "form-action 'self'; frame-ancestors 'none'")
#: The interactive API docs load Swagger UI from its CDN with an inline bootstrap script.
DOCS_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
               "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
               "img-src 'self' data: https://fastapi.tiangolo.com; frame-ancestors 'none'")
HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
}


async def send_json(send: Send, status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> None:
    """A complete JSON response, for middleware that answers without calling the app."""
    data = json.dumps(body).encode()
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
    raw += [(k.encode("latin-1"), v.encode("latin-1")) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": data})


def header(scope: Scope, name: bytes) -> str | None:
    """The first value of a request header (names are lower case in ASGI)."""
    for key, value in scope.get("headers") or ():
        if key == name:
            return value.decode("latin-1")
    return None


def cookie(scope: Scope, name: str) -> str | None:
    """A request cookie, parsed as the routes parse it (leniently: another site's odd cookie on
    the same host must not hide ours)."""
    raw = header(scope, b"cookie")
    return cookie_parser(raw).get(name) if raw else None


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        policy = DOCS_POLICY if scope.get("path") == "/api/docs" else PAGE_POLICY

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", ())}
                extra = [(k.encode(), v.encode()) for k, v in HEADERS.items() if k.encode() not in present]
                if b"content-security-policy" not in present:
                    extra.append((b"content-security-policy", policy.encode()))
                message["headers"] = [*message.get("headers", ()), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)


class ErrorFence:
    """The last net under every route: a bug answers 500 ``internal`` with one log line naming
    the request, the exception and where it was raised; at most a few lines a second are
    written however many requests fail (the rest are counted in the next line)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.log = QuietLog(log)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = False

        async def watch(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception as exc:
            self.note(scope, exc)
            if not started:
                await send_json(send, 500, {"code": "internal",
                                            "detail": "the server failed on this request; it was logged"})

    def note(self, scope: Scope, exc: Exception) -> None:
        message = str(exc).replace("\n", " ")[:200]
        self.log.warning("%s %s failed: %s: %s at %s", scope.get("method"), str(scope.get("path", ""))[:100],
                         type(exc).__name__, message, where(exc))


class BodyLimit:
    """Reads the whole body (at most ``max_bytes``) before the app runs, then hands it on; a
    larger one is drained up to a bound, so the client is still reading when the 413 comes,
    and refused."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.drain_limit = max(4 * max_bytes, 4 * 1024 * 1024)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = header(scope, b"content-length")
        if declared is not None and (not declared.strip().isdigit() or len(declared.strip()) > 15):
            return await send_json(send, 400, {"code": "bad_request",
                                               "detail": "the Content-Length header must be a whole number"},
                                   {"connection": "close"})
        size = int(declared) if declared is not None else 0
        if size > self.drain_limit:
            return await self.refuse(send, size, exact=True)
        chunks: list[bytes] = []
        total = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away: nothing to answer
                return
            body = message.get("body", b"")
            total += len(body)
            if total <= self.max_bytes:
                chunks.append(body)
            elif total > self.drain_limit:
                return await self.refuse(send, total, exact=False)
            if not message.get("more_body", False):
                break
        if total > self.max_bytes or size > self.max_bytes:
            return await self.refuse(send, max(total, size), exact=True)
        pending = [{"type": "http.request", "body": b"".join(chunks), "more_body": False}]

        async def replay() -> Message:
            return pending.pop() if pending else await receive()

        await self.app(scope, replay, send)

    async def refuse(self, send: Send, size: int, exact: bool) -> None:
        await send_json(send, 413, {"code": "too_large",
                                    "detail": f"a request body may be at most {self.max_bytes} bytes; "
                                              f"this one has {size}{'' if exact else ' or more'}"},
                        {"connection": "close"})


class CsrfGuard:
    """Refuses a state-changing request (any method but GET, HEAD, OPTIONS) that does not come
    from the game's own page."""

    def __init__(self, app: ASGIApp, identity: Identity, allowed_origins: tuple[str, ...]) -> None:
        self.app = app
        self.identity = identity
        self.allowed = tuple(normalize(o) for o in allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in SAFE_METHODS:
            return await self.app(scope, receive, send)
        refusal = self.refusal(scope)
        if refusal is not None:
            return await send_json(send, 403, refusal)
        await self.app(scope, receive, send)

    def refusal(self, scope: Scope) -> dict[str, str] | None:
        origin = header(scope, b"origin")
        host = header(scope, b"host")
        if origin is not None and not origin_allowed(origin, host, scope.get("scheme", "http"), self.allowed):
            return {"code": "bad_origin",
                    "detail": f"requests from the page at {origin[:100]} are not accepted; "
                              "use the game's own page"}
        fetch_site = header(scope, b"sec-fetch-site")
        listed = origin is not None and normalize(origin) in self.allowed
        if fetch_site in ("cross-site", "same-site") and not listed:
            return {"code": "bad_origin",
                    "detail": f"this request came from another site ({fetch_site}); use the game's own page"}
        guest = self.identity.read(cookie(scope, COOKIE))
        if guest is None or not self.identity.csrf_ok(guest, header(scope, CSRF_HEADER.encode())):
            return {"code": "csrf",
                    "detail": f"this request lacks the page's security token: load the page (or GET /api/me) "
                              f"first, then send the {CSRF_COOKIE} cookie's value in the X-CSRF-Token header"}
        return None

