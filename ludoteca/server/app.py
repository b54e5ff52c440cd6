"""The FastAPI application: REST routers for the lobby, tables, replays and the guest, one
WebSocket for live tables, and the checks every HTTP request passes first (security.py,
quotas.py)."""

from __future__ import annotations

import asyncio
import gc
import logging
from contextlib import asynccontextmanager

from fastapi import FastAPI, WebSocket
from fastapi.staticfiles import StaticFiles

from . import errors, lab_page, seatbots
from .accounts import LoginLimits, Passwords
from .config import Settings
from .db import make_engine, migrate
from .identity import Identity
from .live import TableManager
from .protocol import serve_socket
from .pubsub import make_hub
from .quotas import RestRateLimit, TableQuota
from .routes import ROUTERS
from .routes.lobby import WEB
from .routes.replays import ReplayCache
from .security import BodyLimit, CsrfGuard, ErrorFence, SecurityHeaders
from .store import Store

log = logging.getLogger("ludoteca.server")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    app = FastAPI(title="Ludoteca", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json")
    identity = Identity(settings.secret, settings.guest_max_age, settings.guest_rotate_after)
    app.state.settings, app.state.identity = settings, identity
    app.state.replays = ReplayCache()
    app.state.passwords, app.state.login_limits = Passwords(settings.hashes_at_once), LoginLimits(settings)
    app.state.table_quota = TableQuota(settings.tables_per_hour, settings.tables_per_hour_per_ip,
                                       settings.open_tables, settings.open_tables_per_ip)
    errors.install(app)
    for router in ROUTERS:
        app.include_router(router)
    lab_page.install(app)  # /lab: off unless --lab RUNS_FOLDER, for the owner only
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.websocket("/ws")
    async def socket(ws: WebSocket) -> None:
        await serve_socket(ws, ws.app.state.manager, identity, settings=settings)

    # Added innermost first: a request meets the headers, the error fence, the rate limit, the
    # body limit, then the CSRF check, and only then a route.
    app.add_middleware(CsrfGuard, identity=identity, allowed_origins=settings.allowed_origins)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    app.add_middleware(RestRateLimit, rate=settings.rest_rate_per_second, burst=settings.rest_rate_burst)
    app.add_middleware(ErrorFence)
    app.add_middleware(SecurityHeaders)
    return app


@asynccontextmanager
async def lifespan(app: FastAPI):
    settings: Settings = app.state.settings
    engine_ = make_engine(settings.database_url, settings.db_timeout)
    await asyncio.to_thread(migrate, engine_)
    store = Store(engine_)
    hub = make_hub(settings.redis_url)
    manager = TableManager(store, hub, settings.bot_delay, settings)
    await hub.start(manager.on_hub_message)
    app.state.store, app.state.hub, app.state.manager = store, hub, manager
    app.state.levels = seatbots.available_levels()
    await manager.wake_bots()
    await manager.rate_unrated()
    # Imports, game content and the app live as long as the process: keep them out of the
    # garbage collector's full scans, which otherwise pause every table at once.
    gc.collect()
    gc.freeze()
    tuner = asyncio.create_task(tune_gc(), name="ludoteca-gc")
    try:
        yield
    finally:
        tuner.cancel()
        await manager.stop()
        await hub.close()
        await lab_page.close(app)
        await asyncio.to_thread(store.close)


async def tune_gc(freeze_every: float = 60.0, full_every: float = 1800.0) -> None:
    """Live tables keep thousands of long-lived objects (states, seats, logs).  Left alone, the
    collector rescans them every few seconds, pausing every table at once; instead, survivors
    are frozen out of the scans each minute and a full collection runs every half hour."""
    elapsed = 0.0
    while True:
        await asyncio.sleep(freeze_every)
        elapsed += freeze_every
        if elapsed >= full_every:
            elapsed = 0.0
            gc.unfreeze()
            gc.collect()
        gc.freeze()
