"""Which web pages may open a WebSocket with a visitor's cookie.

Browsers send the guest cookie with a WebSocket handshake whatever page opened it (the
same-origin policy does not cover WebSockets, and ``SameSite=Lax`` counts another port of the
same host as the same site).  The ``Origin`` header is the one thing such a page cannot fake,
so the handshake is refused unless it names the origin the server is served at, or one listed
in ``LUDOTECA_ALLOWED_ORIGINS``.  A client without ``Origin`` is not a browser page (a script,
a bot, a test) and carries only cookies it was given, so it is let through.
"""

from __future__ import annotations

__all__ = ["normalize", "origin_allowed", "parse_allowed"]

_DEFAULT_PORT = {"http": "80", "https": "443"}
_HTTP_SCHEME = {"ws": "http", "wss": "https", "http": "http", "https": "https"}


def normalize(origin: str) -> str:
    """``Scheme://host[:port]`` lower-cased, without a trailing slash or a default port."""
    origin = origin.strip().rstrip("/").lower()
    scheme, sep, rest = origin.partition("://")
    if not sep:
        return origin
    host, colon, port = rest.rpartition(":")
    if colon and "]" not in port and port == _DEFAULT_PORT.get(scheme):
        rest = host
    return f"{scheme}://{rest}"


def origin_allowed(origin: str | None, host: str | None, scheme: str, allowed: tuple[str, ...]) -> bool:
    """Whether a request with this ``Origin`` header, sent to ``host`` (the Host header) over
    ``scheme`` (``ws``/``wss``/``http``/``https``), may go ahead."""
    if origin is None:
        return True
    wanted = normalize(origin)
    if wanted in {normalize(a) for a in allowed if a.strip()}:
        return True
    if not host:
        return False
    served = normalize(f"{_HTTP_SCHEME.get(scheme.lower(), scheme.lower())}://{host}")
    return wanted == served


def parse_allowed(raw: str | None) -> tuple[str, ...]:
    """``LUDOTECA_ALLOWED_ORIGINS``: comma-separated origins such as ``https://games.example``."""
    if not raw:
        return ()
    return tuple(normalize(part) for part in raw.split(",") if part.strip())
