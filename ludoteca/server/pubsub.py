"""Fan-out between server processes.

Each process sends its own clients their updates directly.  With ``REDIS_URL`` set, it also
publishes ``{"table", "version", "kind", "origin"}`` on one Redis channel; the other processes
then read the new actions from the shared database (the truth) and update their own clients.
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
        while True:
            try:
                async for item in self.pubsub.listen():
                    data = json.loads(item["data"])
                    if data.get("origin") != self.origin:
                        await self.handler(data)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("Redis listener failed; resubscribing in 1 s")
                await asyncio.sleep(1)
                try:
                    await self.pubsub.subscribe(CHANNEL)
                except Exception:
                    log.exception("Redis resubscribe failed")

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
