"""The FastAPI application: REST for the lobby and histories, one WebSocket for live tables."""

from __future__ import annotations

import asyncio
import gc
import logging
from collections import OrderedDict
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import Body, Depends, FastAPI, Request, Response, WebSocket
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from ludoteca import engine

from . import seatbots
from .config import Settings
from .db import make_engine, migrate
from .identity import COOKIE, MAX_AGE, Guest, Identity, clean_name
from .live import LANGS, Rejected, TableManager, label_action, label_event, visible
from .protocol import serve_socket
from .pubsub import make_hub
from .store import Store

log = logging.getLogger("ludoteca.server")
WEB = Path(__file__).resolve().parent.parent / "web"
STATUS_OF = {"unknown_table": 404, "unknown_game": 404, "not_your_seat": 403, "not_your_table": 403,
             "seat_taken": 409, "not_over": 409}


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        engine_ = make_engine(settings.database_url)
        await asyncio.to_thread(migrate, engine_)
        store = Store(engine_)
        hub = make_hub(settings.redis_url)
        manager = TableManager(store, hub, settings.bot_delay)
        await hub.start(manager.on_hub_message)
        app.state.store, app.state.hub, app.state.manager = store, hub, manager
        app.state.levels = seatbots.available_levels()
        await manager.wake_bots()
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
            await asyncio.to_thread(store.close)

    app = FastAPI(title="Ludoteca", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json")
    identity = Identity(settings.secret)
    app.state.settings, app.state.identity = settings, identity
    replays: OrderedDict[str, tuple[int, engine.State, dict]] = OrderedDict()

    @app.exception_handler(Rejected)
    async def _rejected(_request: Request, exc: Rejected) -> JSONResponse:
        return JSONResponse({"code": exc.code, "detail": exc.message}, status_code=STATUS_OF.get(exc.code, 400))

    def guest(request: Request, response: Response) -> Guest:
        """The caller's guest identity; a first visit gets a new one in a signed cookie."""
        found = identity.read(request.cookies.get(COOKIE))
        if found is None:
            found = identity.new_guest()
            set_cookie(response, found)
        return found

    def set_cookie(response: Response, who: Guest) -> None:
        response.set_cookie(COOKIE, identity.write(who), max_age=MAX_AGE, httponly=True, samesite="lax")

    def manager(request: Request) -> TableManager:
        return request.app.state.manager

    # ---- pages -------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # ---- who am I ------------------------------------------------------------------------------
    @app.get("/api/me")
    async def me(who: Guest = Depends(guest)) -> dict[str, Any]:
        return {"name": who.name}

    @app.post("/api/me")
    async def rename(response: Response, body: dict = Body(...), who: Guest = Depends(guest),
                     tables: TableManager = Depends(manager)) -> dict[str, Any]:
        try:
            name = clean_name(body.get("name"))
        except ValueError as exc:
            raise Rejected("bad_request", str(exc)) from exc
        set_cookie(response, Guest(who.id, name))
        await tables.rename(who, name)
        return {"name": name}

    # ---- catalogue -----------------------------------------------------------------------------
    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [game_info(engine.game(game_id)) for game_id in engine.games()]

    @app.get("/api/bots")
    async def bots(request: Request) -> dict[str, Any]:
        return {"levels": request.app.state.levels}

    # ---- tables --------------------------------------------------------------------------------
    @app.post("/api/tables")
    async def create_table(request: Request, body: dict = Body(...), who: Guest = Depends(guest),
                           tables: TableManager = Depends(manager)) -> dict[str, Any]:
        table = await tables.create(who, body.get("game"), body.get("players"), body.get("options"),
                                    body.get("variant"), body.get("seats"), request.app.state.levels)
        return table_info(table.header, table.seats, who)

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str, who: Guest = Depends(guest),
                        tables: TableManager = Depends(manager)) -> dict[str, Any]:
        table = await tables.get(table_id)
        return table_info(table.header, table.seats, who)

    @app.post("/api/tables/{table_id}/sit")
    async def sit(table_id: str, body: dict = Body(...), who: Guest = Depends(guest),
                  tables: TableManager = Depends(manager)) -> dict[str, Any]:
        table = await tables.sit(who, table_id, body.get("seat"))
        return table_info(table.header, table.seats, who)

    @app.post("/api/tables/{table_id}/again")
    async def again(table_id: str, who: Guest = Depends(guest),
                    tables: TableManager = Depends(manager)) -> dict[str, Any]:
        return {"id": await tables.rematch(who, table_id)}

    @app.get("/api/my-tables")
    async def my_tables(request: Request, who: Guest = Depends(guest)) -> list[dict[str, Any]]:
        store: Store = request.app.state.store
        return [table_info(t, t["seats"], who) for t in await store.run(store.tables_of, who.id, False)]

    @app.get("/api/open-tables")
    async def open_tables(request: Request, who: Guest = Depends(guest)) -> list[dict[str, Any]]:
        store: Store = request.app.state.store
        return [table_info(t, t["seats"], who) for t in await store.run(store.open_tables)]

    @app.get("/api/history")
    async def history(request: Request, who: Guest = Depends(guest)) -> list[dict[str, Any]]:
        store: Store = request.app.state.store
        return [table_info(t, t["seats"], who) for t in await store.run(store.tables_of, who.id, True)]

    @app.get("/api/tables/{table_id}/replay")
    async def replay(request: Request, table_id: str, step: int = 0, lang: str = "en") -> dict[str, Any]:
        if lang not in LANGS:
            raise Rejected("bad_request", f"lang must be one of {', '.join(LANGS)}")
        store: Store = request.app.state.store
        return await asyncio.to_thread(replay_step, store, replays, table_id, step, lang)

    @app.websocket("/ws")
    async def socket(ws: WebSocket) -> None:
        s = settings
        await serve_socket(ws, ws.app.state.manager, identity, s.max_message_bytes, s.rate_per_second, s.rate_burst)

    return app


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


def game_info(game: engine.Game) -> dict[str, Any]:
    options = []
    for name, spec in game.option_specs.items():
        kind = spec.kind or type(spec.default)
        if isinstance(kind, tuple):  # e.g. (int, float): the widest number the form can take
            kind = float if float in kind else kind[0]
        kind_name = "choice" if spec.choices is not None else getattr(kind, "__name__", "str")
        options.append({"name": name, "default": spec.default, "help": spec.help, "kind": kind_name,
                        "choices": list(spec.choices) if spec.choices is not None else None,
                        "minimum": spec.minimum, "maximum": spec.maximum})
    return {"id": game.id, "title": game.title, "description": dict(game.description),
            "min_players": game.min_players, "max_players": game.max_players,
            "experimental_players": list(game.experimental_players), "options": options,
            "variants": {k: dict(v) for k, v in game.variants.items()},
            "board": (WEB / "boards" / f"{game.id}.js").exists()}


def table_info(header: dict[str, Any], seats: list[dict[str, Any]], who: Guest) -> dict[str, Any]:
    mine = [s["seat"] for s in seats if s["kind"] == "human" and s["user_id"] == who.id]
    to_move = header.get("to_move") or []
    return {"id": header["id"], "game": header["game"], "players": header["players"],
            "options": header["options"], "status": header["status"], "version": header["version"],
            "to_move": to_move, "scores": header.get("scores"), "winners": header.get("winners"),
            "next": header.get("next_table"), "mine": mine,
            "your_turn": header["status"] == "playing" and any(s in to_move for s in mine),
            "seats": [{"seat": s["seat"], "kind": s["kind"], "name": s["name"], "level": s["bot_level"]}
                      for s in seats],
            "updated_at": header["updated_at"].isoformat() if header.get("updated_at") else None}


def replay_step(store: Store, cache: OrderedDict, table_id: str, step: int, lang: str) -> dict[str, Any]:
    """A finished table after ``step`` actions, as a spectator saw it; forward steps reuse the
    last position so stepping through a game costs one action each."""
    cached = cache.get(table_id)
    row = cached[2] if cached else store.load_table(table_id)
    if row is None:
        raise Rejected("unknown_table", f"no table {table_id!r}")
    if row["status"] != "finished":
        raise Rejected("not_over", "a replay opens when the game is over")
    total = len(row["actions"])
    step = max(0, min(step, total))
    game = engine.game(row["game"])
    if cached and cached[0] < step:
        state = cached[1].clone()
        at = cached[0]
    else:
        state = game.new(row["players"], row["seed"], row["options"])
        at = 0
    action_label, events, actor = None, [], None
    while at < step:
        actor, action = row["actions"][at]
        action_label = label_action(state, action, lang)
        events = state.apply(actor, action)
        at += 1
    cache[table_id] = (step, state, row)
    cache.move_to_end(table_id)
    while len(cache) > 64:
        cache.popitem(last=False)
    return {"table": table_id, "game": row["game"], "step": step, "total": total,
            "seats": [{"seat": s["seat"], "kind": s["kind"], "name": s["name"], "level": s["bot_level"]}
                      for s in row["seats"]],
            "actor": actor, "action": action_label,
            "events": [label_event(state, e, lang) for e in events if visible(e, None)],
            "view": state.view(None), "scores": row.get("scores"), "winners": row.get("winners")}
