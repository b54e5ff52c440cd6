"""Fan-out between server processes.

Each process sends its own clients their updates directly.  With ``REDIS_URL`` set, it also
publishes ``{"table", "version", "revision", "kind", "origin"}`` on one Redis channel; the other
processes then read what changed from the shared database (the truth) and update their own
clients.  The handler only queues the work per table (``TableManager.on_hub_message``), so the
listener never waits for one table's database reads.
Without Redis there is only one process and nothing needs to travel.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("ludoteca.server")
CHANNEL = "ludoteca:tables"
#: Pauses before resubscribing after a lost connection: 0.5 s, doubling up to 5 s.
RECONNECT_FIRST, RECONNECT_CAP = 0.5, 5.0
Handler = Callable[[dict[str, Any]], Awaitable[None]]


class LocalHub:
    """One process: every client is here already, so publishing is a no-op."""

    def __init__(self) -> None:
        self.origin = secrets.token_hex(6)

    async def start(self, handler: Handler) -> None:
        self.handler = handler

    async def publish(self, message: dict[str, Any]) -> None:
        return None

    async def close(self) -> None:
        return None


class RedisHub(LocalHub):
    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.task: asyncio.Task | None = None

    async def start(self, handler: Handler) -> None:
        import redis.asyncio as redis

        self.handler = handler
        self.client = redis.from_url(self.url)
        await self.client.ping()  # fail at start-up, not at the first move
        self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.subscribe(CHANNEL)
        self.task = asyncio.create_task(self._listen(), name="ludoteca-redis")

    async def publish(self, message: dict[str, Any]) -> None:
        try:
            await self.client.publish(CHANNEL, json.dumps({**message, "origin": self.origin}))
        except Exception:  # the action is committed; other processes catch up on their next read
            log.exception("could not publish to Redis")

    async def _listen(self) -> None:
        """Hand every message to the handler; a bad message or a failing handler is logged and
        skipped (it concerns one table), and only a lost connection pauses the listener, which
        then resubscribes and asks for every live table to be brought up to date (messages sent
        while it was away are lost)."""
        pause = RECONNECT_FIRST
        while True:
            try:
                async for item in self.pubsub.listen():
                    pause = RECONNECT_FIRST
                    await self._deliver(item)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("Redis listener lost its connection (%s); resubscribing in %.1f s", exc, pause)
                await asyncio.sleep(pause)
                pause = min(pause * 2, RECONNECT_CAP)
                try:
                    await self.pubsub.subscribe(CHANNEL)
                except Exception as again:
                    log.warning("Redis resubscribe failed: %s", again)
                    continue
                await self._deliver({"data": json.dumps({"kind": "reconnected"})})

    async def _deliver(self, item: dict[str, Any]) -> None:
        try:
            data = json.loads(item["data"])
            if not isinstance(data, dict):
                raise ValueError("a message must be a JSON object")
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("ignoring a malformed fan-out message (%s)", exc)
            return
        if data.get("origin") == self.origin:
            return
        try:
            await self.handler(data)
        except Exception:  # one table's trouble must not stop the fan-out of the others
            log.exception("handling the fan-out message for table %s failed", data.get("table"))

    async def close(self) -> None:
        if self.task:
            self.task.cancel()
        try:
            await self.pubsub.aclose()
            await self.client.aclose()
        except Exception:
            pass


def make_hub(redis_url: str | None) -> LocalHub:
    return RedisHub(redis_url) if redis_url else LocalHub()
