"""The WebSocket protocol (docs/server.md lists every message).

Client -> server, one JSON object per message, each may carry a ``ref`` echoed in errors:
  {"type": "join", "table": ID, "lang": "en"}        watch a table; the reply is its state
  {"type": "leave", "table": ID}
  {"type": "sit", "table": ID, "seat": N}             take an open seat
  {"type": "act", "table": ID, "seat": N, "version": V, "action": {...}}
  {"type": "undo", "table": ID, "seat": N, "version": V, "steps": 1}   take back own moves
  {"type": "ping"}
Server -> client:
  {"type": "state", ...}   one per seat you hold at that table (or one spectator view)
  {"type": "error", "code": ..., "message": ..., "ref": ...}   to the sender only
  {"type": "pong"}
Every refusal leaves the table unchanged and the connection open.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from .identity import COOKIE, Identity
from .live import LANGS, Connection, Rejected, TableManager
from .undo import undo


class TokenBucket:
    """``rate`` messages a second on average, bursts up to ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


async def serve_socket(ws: WebSocket, manager: TableManager, identity: Identity, max_bytes: int,
                       rate: float, burst: int) -> None:
    guest = identity.read(ws.cookies.get(COOKIE)) or identity.new_guest()  # no cookie: a spectator
    await ws.accept()
    conn = Connection(guest)
    writer = asyncio.create_task(_write(ws, conn))
    bucket = TokenBucket(rate, burst)
    last_limit_error = 0.0
    try:
        while not conn.closed:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw = (message.get("bytes") or b"").decode("utf-8", "replace")
            if len(raw) > max_bytes or len(raw.encode()) > max_bytes:
                conn.error("too_large", f"a message may be at most {max_bytes} bytes; got {len(raw.encode())}")
                continue
            if not bucket.take():
                now = time.monotonic()
                if now - last_limit_error > 1:  # one notice per second, the rest are dropped
                    last_limit_error = now
                    conn.error("rate_limited", f"too many messages: at most {rate:g} a second "
                                               f"(bursts of {burst}); extra messages are dropped")
                continue
            try:
                data = json.loads(raw)
            except json.JSONDecodeError as exc:
                conn.error("bad_json", f"the message is not valid JSON: {exc}")
                continue
            if not isinstance(data, dict):
                conn.error("bad_message", "a message must be a JSON object with a 'type'")
                continue
            try:
                await handle(conn, manager, data)
            except Rejected as exc:
                conn.error(exc.code, exc.message, data.get("ref"))
    except WebSocketDisconnect:
        pass
    finally:
        for table_id in list(conn.tables):
            manager.leave(conn, table_id)
        conn.closed = True
        writer.cancel()


async def handle(conn: Connection, manager: TableManager, data: dict[str, Any]) -> None:
    kind = data.get("type")
    if kind == "ping":
        conn.send({"type": "pong", "ref": data.get("ref")})
    elif kind == "join":
        lang = data.get("lang", conn.lang)
        if lang not in LANGS:
            raise Rejected("bad_request", f"lang must be one of {', '.join(LANGS)}; got {lang!r}")
        conn.lang = lang
        await manager.join(conn, data.get("table"))
    elif kind == "leave":
        manager.leave(conn, str(data.get("table")))
    elif kind == "sit":
        table = await manager.sit(conn.guest, data.get("table"), data.get("seat"))
        if conn not in table.conns:
            await manager.join(conn, table.id)
    elif kind == "act":
        for key in ("table", "seat", "version", "action"):
            if key not in data:
                raise Rejected("bad_message", f"an 'act' message needs table, seat, version and action; "
                                              f"'{key}' is missing")
        await manager.act(conn.guest, data["table"], data["seat"], data["version"], data["action"])
    elif kind == "undo":
        for key in ("table", "seat", "version"):
            if key not in data:
                raise Rejected("bad_message", f"an 'undo' message needs table, seat and version; "
                                              f"'{key}' is missing")
        await undo(manager, conn.guest, data["table"], data["seat"], data["version"], data.get("steps", 1))
    else:
        raise Rejected("bad_message", f"unknown message type {kind!r}; "
                                      "known: join, leave, sit, act, undo, ping")


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
    except Exception:
        conn.closed = True
