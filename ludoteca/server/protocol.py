"""The WebSocket protocol (docs/server.md lists every message and every limit).

Client -> server, one JSON object per message, each may carry a ``ref`` echoed in errors:
  {"type": "join", "table": ID, "lang": "en"}        watch a table; the reply is its state
  {"type": "leave", "table": ID}
  {"type": "sit", "table": ID, "seat": N}             take an open seat
  (join and sit also take "invite": TOKEN, the token of a private table's invite link)
  {"type": "act", "table": ID, "seat": N, "version": V, "action": {...}}
  {"type": "undo", "table": ID, "seat": N, "version": V, "steps": 1}   take back own moves
  {"type": "concede", "table": ID, "seat": N}        leave the game: a bot plays on, the seat ranks last
  {"type": "reclaim", "table": ID, "seat": N}        play again a seat a bot took when its clock ran out
  {"type": "presence", "away": true|false}           this tab was hidden / is in front again
  {"type": "lang", "lang": "es"}                     labels in another language: every watched table
                                                     comes again (catalogue, then state with the whole log)
  {"type": "chat", "table": ID, "text": "..."}        say something at a table you joined (chat.py)
  {"type": "ping"}
Server -> client:
  {"type": "catalogue", ...}   what every component of a table does; on join and language switch
  {"type": "state", ...}   one per seat you hold at that table (or one spectator view)
  {"type": "error", "code": ..., "message": ..., "ref": ...}   to the sender only
  {"type": "pong"}
Every refusal leaves the table unchanged and the connection open, except the few that close
it (code 1008, with the reason): a page on a foreign origin (refused at the handshake, before
anything is sent), too many connections for one guest or address, a client that keeps flooding
after being told, a client that stops reading.  A socket that watches no table and sends
nothing for ``ws_idle_seconds`` is closed with 1000 ("idle"); the browser client reconnects.

Nothing a client sends can raise out of here: parsing is bounded (``safejson``), refusals are
``Rejected``, and any other exception becomes an ``internal`` error to that client and one
short, rate-limited log line (never a traceback per message).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from dataclasses import dataclass
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from ludoteca.engine.state import short

from . import safejson
from .config import Settings
from .identity import COOKIE, Identity
from .live import LANGS, Connection, Rejected, TableManager
from .origins import origin_allowed
from .ratelimit import Counter, KeyedBuckets, QuietLog, TokenBucket, where
from .undo import undo

log = logging.getLogger("ludoteca.server")
quiet = QuietLog(log)
#: What ``secrets.token_urlsafe(6)`` makes: 8 characters of the URL-safe base64 alphabet.
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{8}")
KINDS = ("join", "leave", "sit", "act", "undo", "concede", "reclaim", "presence", "lang", "chat", "ping")
#: Dropped messages a flooding client is forgiven per second before it is closed.
FLOOD_FORGIVE_PER_SECOND = 1.0
NO_LIMIT = 10**9


class SocketLimits:
    """What every socket of one app shares: open sockets and message rates per guest and per IP."""

    def __init__(self, settings: Settings) -> None:
        self.sockets_per_guest = Counter(settings.ws_per_guest or NO_LIMIT)
        self.sockets_per_ip = Counter(settings.ws_per_ip or NO_LIMIT)
        self.guest_rate = KeyedBuckets(settings.guest_rate_per_second, settings.guest_rate_burst)
        self.ip_rate = KeyedBuckets(settings.ip_rate_per_second, settings.ip_rate_burst)

    @classmethod
    def of(cls, ws: WebSocket, settings: Settings) -> SocketLimits:
        """The app's limits, made on first use (so app.py needs no wiring for them)."""
        state = ws.app.state
        limits = getattr(state, "socket_limits", None)
        if limits is None:
            limits = state.socket_limits = cls(settings)
        return limits


@dataclass
class Session:
    """One socket: its connection, whether its guest came from a cookie, what it has used."""

    conn: Connection
    manager: TableManager
    settings: Settings
    identified: bool
    sits: int = 0


async def serve_socket(ws: WebSocket, manager: TableManager, identity: Identity, *, settings: Settings) -> None:
    """Run one WebSocket from handshake to close; never raises."""
    try:
        await _serve(ws, manager, identity, settings)
    except Exception as exc:  # a bug here must cost one line and this socket, nothing else
        quiet.warning("websocket failed: %s: %s at %s", type(exc).__name__, short(str(exc), 120), where(exc))
        with contextlib.suppress(Exception):  # already closed
            await ws.close(code=1011)


async def _serve(ws: WebSocket, manager: TableManager, identity: Identity, settings: Settings) -> None:
    origin = ws.headers.get("origin")
    if not origin_allowed(origin, ws.headers.get("host"), ws.url.scheme, settings.allowed_origins):
        quiet.warning("websocket refused: origin %s is not allowed", short(origin, 80))
        await ws.close(code=1008, reason="origin not allowed")  # before accept: answered 403
        return
    limits = SocketLimits.of(ws, settings)
    found = identity.read(ws.cookies.get(COOKIE))
    guest = found or identity.new_guest()  # no cookie: a spectator, who may not sit or play
    ip = ws.client.host if ws.client else ""
    if not limits.sockets_per_ip.acquire(ip):
        await _refuse(ws, "too_many_connections",
                      f"too many connections from your address (at most {settings.ws_per_ip} at once)")
        return
    if found is not None and not limits.sockets_per_guest.acquire(guest.id):
        limits.sockets_per_ip.release(ip)
        await _refuse(ws, "too_many_connections",
                      f"too many connections for you (at most {settings.ws_per_guest} at once); "
                      "close a tab and try again")
        return
    conn = Connection(guest)
    session = Session(conn, manager, settings, identified=found is not None)
    writer: asyncio.Task | None = None
    try:
        await ws.accept()
        writer = asyncio.create_task(_write(ws, conn))
        await _read(ws, session, limits, guest.id if found else None, ip)
    except WebSocketDisconnect:
        pass
    finally:
        limits.sockets_per_ip.release(ip)
        if found is not None:
            limits.sockets_per_guest.release(guest.id)
        for table_id in list(conn.tables):
            manager.leave(conn, table_id)
        conn.closed = True
        if writer is not None:
            writer.cancel()


async def _refuse(ws: WebSocket, code: str, message: str) -> None:
    """Accept only to say why, then close (a refused handshake would show the browser no reason)."""
    with contextlib.suppress(Exception):  # the client left first
        await ws.accept()
        await ws.send_json({"type": "error", "code": code, "message": message, "ref": None})
        await ws.close(code=1008, reason=code)


async def _read(ws: WebSocket, session: Session, limits: SocketLimits, guest_key: str | None, ip: str) -> None:
    settings, conn = session.settings, session.conn
    max_bytes = settings.max_message_bytes
    bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
    strikes = TokenBucket(FLOOD_FORGIVE_PER_SECOND, settings.ws_flood_close) if settings.ws_flood_close else None
    last_limit_error = -1.0
    loop = asyncio.get_running_loop()
    while not conn.closed:
        idle = settings.ws_idle_seconds if settings.ws_idle_seconds and not conn.tables else None
        try:
            message = await asyncio.wait_for(ws.receive(), idle)
        except TimeoutError:
            await _close(ws, conn, 1000, "idle")
            return
        if message["type"] == "websocket.disconnect":
            return
        raw: str | bytes | None = message.get("text")
        if raw is None:
            raw = message.get("bytes") or b""
        size = len(raw) if isinstance(raw, bytes) else len(raw.encode())
        if size > max_bytes:
            conn.error("too_large", f"a message may be at most {max_bytes} bytes; got {size}")
            continue
        if not (bucket.take() and (guest_key is None or limits.guest_rate.take(guest_key))
                and limits.ip_rate.take(ip)):
            if strikes is not None and not strikes.take():
                await _close(ws, conn, 1008, "too many messages")
                return
            now = loop.time()
            if now - last_limit_error > 1:  # one notice per second, the rest are dropped
                last_limit_error = now
                conn.error("rate_limited", f"too many messages: at most {settings.rate_per_second:g} a second "
                                           f"(bursts of {settings.rate_burst}) on one connection, "
                                           f"{settings.guest_rate_per_second:g} for one guest and "
                                           f"{settings.ip_rate_per_second:g} for one address; extra messages "
                                           "are dropped, and a client that keeps on is disconnected")
            continue
        try:
            data = safejson.loads(raw)
        except safejson.BadJSON as exc:
            conn.error("bad_json", f"the message was refused: {exc}")
            continue
        if not isinstance(data, dict):
            conn.error("bad_message", "a message must be a JSON object with a 'type'")
            continue
        ref = data.get("ref")
        try:
            await handle(session, data)
        except Rejected as exc:
            conn.error(exc.code, exc.message, ref)
        except Exception as exc:
            quiet.warning("websocket message %s failed: %s: %s at %s", short(data.get("type"), 20),
                          type(exc).__name__, short(str(exc), 120), where(exc))
            conn.error("internal", f"the server failed on this message ({type(exc).__name__}); it was logged", ref)


async def _close(ws: WebSocket, conn: Connection, code: int, reason: str) -> None:
    conn.closed = True
    with contextlib.suppress(Exception):  # the client is already gone
        await ws.close(code=code, reason=reason)


def table_of(data: dict[str, Any]) -> str:
    """The message's table id, checked for shape before anything looks it up."""
    value = data.get("table")
    if value is None:
        raise Rejected("bad_message", f"a {short(data.get('type'))} message needs 'table'")
    if not isinstance(value, str) or not TABLE_ID.fullmatch(value):
        raise Rejected("unknown_table", f"no table {short(value, 40)} (a table id is 8 letters, digits, - or _)")
    return value


def lang_of(data: dict[str, Any], default: str) -> str:
    """The message's language, checked (the connection keeps ``default`` when none is given)."""
    lang = data.get("lang", default)
    if not isinstance(lang, str) or lang not in LANGS:
        raise Rejected("bad_request", f"lang must be one of {', '.join(LANGS)}; got {short(lang, 40)}")
    return lang


def needs_identity(session: Session, doing: str) -> None:
    if not session.identified:
        raise Rejected("no_identity", f"to {doing}, open the site first so it can give you a guest "
                                      "cookie; a connection without one may only watch")


async def handle(session: Session, data: dict[str, Any]) -> None:
    conn, manager = session.conn, session.manager
    kind = data.get("type")
    if kind == "ping":
        conn.send({"type": "pong", "ref": data.get("ref")})
    elif kind == "join":
        table_id = table_of(data)
        conn.lang = lang_of(data, conn.lang)
        await manager.join(conn, table_id, data.get("invite"))
    elif kind == "lang":
        if "lang" not in data:
            raise Rejected("bad_message", f"a 'lang' message needs 'lang': one of {', '.join(LANGS)}")
        await manager.set_lang(conn, lang_of(data, conn.lang))
    elif kind == "leave":
        manager.leave(conn, table_of(data))
    elif kind == "sit":
        table_id = table_of(data)
        needs_identity(session, "take a seat")
        limit = session.settings.ws_max_seats
        if limit and session.sits >= limit:
            raise Rejected("seat_quota", f"one connection may take at most {limit} seats; "
                                         "reconnect to take more")
        table = await manager.sit(conn.guest, table_id, data.get("seat"), data.get("invite"))
        session.sits += 1
        if conn not in table.conns:
            await manager.join(conn, table.id)
    elif kind == "act":
        for key in ("table", "seat", "version", "action"):
            if key not in data:
                raise Rejected("bad_message", f"an 'act' message needs table, seat, version and action; "
                                              f"'{key}' is missing")
        table_id = table_of(data)
        needs_identity(session, "play")
        await manager.act(conn.guest, table_id, data["seat"], data["version"], data["action"])
    elif kind == "undo":
        for key in ("table", "seat", "version"):
            if key not in data:
                raise Rejected("bad_message", f"an 'undo' message needs table, seat and version; "
                                              f"'{key}' is missing")
        table_id = table_of(data)
        needs_identity(session, "take back a move")
        await undo(manager, conn.guest, table_id, data["seat"], data["version"], data.get("steps", 1))
    elif kind == "presence":
        away = data.get("away")
        if not isinstance(away, bool):
            raise Rejected("bad_request", "a 'presence' message says \"away\": true or false")
        manager.set_away(conn, away)
    elif kind == "chat":
        if "text" not in data:
            raise Rejected("bad_message", "a 'chat' message needs table and text; 'text' is missing")
        table_id = table_of(data)
        needs_identity(session, "chat")
        await manager.say(conn, table_id, data["text"])
    elif kind in ("concede", "reclaim"):
        if "seat" not in data:
            raise Rejected("bad_message", f"a '{kind}' message needs table and seat; 'seat' is missing")
        table_id = table_of(data)
        needs_identity(session, "concede" if kind == "concede" else "take your seat back")
        seat_change = manager.concede if kind == "concede" else manager.reclaim
        await seat_change(conn.guest, table_id, data["seat"])
    else:
        raise Rejected("bad_message", f"unknown message type {short(kind, 40)}; known: {', '.join(KINDS)}")


async def _write(ws: WebSocket, conn: Connection) -> None:
    try:
        while True:
            text = await conn.queue.get()
            if text is None:
                await ws.close(code=1008, reason="too slow")
                return
            await ws.send_text(text)
    except asyncio.CancelledError:
        raise
    except Exception:  # the socket is gone; the reader finds out on its next receive
        conn.closed = True
