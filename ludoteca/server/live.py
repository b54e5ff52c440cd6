"""Live tables: the in-memory cache of states, the one path by which an action is accepted,
and the fan-out of per-seat views.

The order for every accepted action is fixed: check it with the contract on a clone, COMMIT
it to the database, then make the clone the live state and broadcast.  A crash between the
commit and the broadcast loses nothing: clients that reconnect read the committed record.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

from ludoteca import engine
from ludoteca.engine import IllegalAction, State

from . import seatbots
from .identity import Guest
from .pubsub import LocalHub
from .store import Conflict, Store

log = logging.getLogger("ludoteca.server")
LANGS = ("en", "es", "fr")
LOG_LENGTH = 30
MAX_CACHED = 5000


class Rejected(Exception):
    """A refusal sent to the one client that asked: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(eq=False)
class Connection:
    """One browser tab (or program) on the WebSocket; messages go out through a bounded queue
    so one slow client never holds up a broadcast."""

    guest: Guest
    lang: str = "en"
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(maxsize=512))
    tables: set[str] = field(default_factory=set)
    closed: bool = False

    def send(self, message: dict[str, Any] | str) -> None:
        if self.closed:
            return
        text = message if isinstance(message, str) else json.dumps(message)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("dropping a client that does not read its messages")
            self.closed = True
            self.queue = asyncio.Queue(maxsize=1)
            self.queue.put_nowait(None)

    def error(self, code: str, message: str, ref: Any = None, **extra: Any) -> None:
        self.send({"type": "error", "code": code, "message": message, "ref": ref, **extra})


@dataclass(eq=False)
class LiveTable:
    id: str
    game: engine.Game
    header: dict[str, Any]
    seats: list[dict[str, Any]]
    state: State
    actors: list[int]
    log: deque = field(default_factory=lambda: deque(maxlen=LOG_LENGTH))
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    bots: dict[int, Any] = field(default_factory=dict)
    bot_tasks: dict[int, asyncio.Task] = field(default_factory=dict)
    cache: dict[tuple, Any] = field(default_factory=dict)
    cache_version: int = -1

    @property
    def status(self) -> str:
        return self.header["status"]

    def seats_of(self, guest: Guest) -> list[int]:
        return [s["seat"] for s in self.seats if s["kind"] == "human" and s["user_id"] == guest.id]

    def public_seats(self) -> list[dict[str, Any]]:
        return [{"seat": s["seat"], "kind": s["kind"], "name": s["name"], "level": s["bot_level"]}
                for s in self.seats]


def visible(event: dict[str, Any], seat: int | None) -> bool:
    return "to" not in event or (seat is not None and seat in event["to"])


def label_action(state: State, action: dict[str, Any], lang: str) -> str:
    try:
        return state.describe(action, lang)
    except Exception:  # a label bug must not hide a legal move
        return json.dumps(action)


def label_event(state: State, event: dict[str, Any], lang: str) -> str:
    try:
        return state.describe_event(event, lang)
    except Exception:
        return json.dumps(event)


class TableManager:
    def __init__(self, store: Store, hub: LocalHub, bot_delay: float) -> None:
        self.store = store
        self.hub = hub
        self.bot_delay = bot_delay
        self.tables: OrderedDict[str, LiveTable] = OrderedDict()
        self.loading: dict[str, asyncio.Future] = {}
        self.stopping = False

    # ---- loading: the database is the truth ---------------------------------------------------
    async def get(self, table_id: Any) -> LiveTable:
        if not isinstance(table_id, str) or not table_id:
            raise Rejected("unknown_table", f"no table {table_id!r}")
        table = self.tables.get(table_id)
        if table is not None:
            self.tables.move_to_end(table_id)
            return table
        pending = self.loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self.loading[table_id] = future
        try:
            table = await self._load(table_id)
            self._remember(table)
            future.set_result(table)
            self.schedule_bots(table)
            return table
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved
            raise
        finally:
            del self.loading[table_id]

    async def _load(self, table_id: str) -> LiveTable:
        row = await self.store.run(self.store.load_table, table_id)
        if row is None:
            raise Rejected("unknown_table", f"no table {table_id!r}")
        try:
            game = engine.game(row["game"])
        except ValueError as exc:
            raise Rejected("unknown_game", str(exc)) from exc
        try:
            state, log_entries = await asyncio.to_thread(self._replay, game, row)
        except ValueError as exc:  # IllegalAction / RecordError / bad options: a damaged record
            log.error("table %s cannot be rebuilt from its record: %s", table_id, exc)
            raise Rejected("damaged_table", f"table {table_id} cannot be rebuilt from its record: {exc}") from exc
        table = LiveTable(id=table_id, game=game, header=row, seats=row.pop("seats"), state=state,
                          actors=[seat for seat, _ in row.pop("actions")])
        table.log.extend(log_entries)
        return table

    @staticmethod
    def _replay(game: engine.Game, row: dict[str, Any]) -> tuple[State, list]:
        """Rebuild the state from (seed, options, actions), keeping the recent events for the log."""
        state = game.new(row["players"], row["seed"], row["options"])
        entries: deque = deque(maxlen=LOG_LENGTH)
        for seat, action in row["actions"]:
            entries.append((state.version + 1, state.apply(seat, action)))
        return state, list(entries)

    def _remember(self, table: LiveTable) -> None:
        self.tables[table.id] = table
        while len(self.tables) > MAX_CACHED:
            for key, old in self.tables.items():
                if not old.conns and not old.bot_tasks and not old.lock.locked():
                    del self.tables[key]
                    break
            else:
                break

    async def sync(self, table: LiveTable) -> list[tuple[int, list]]:
        """Catch up with actions other processes committed; call with the table lock held."""
        header = await self.store.run(self.store.load_header, table.id)
        new = await self.store.run(self.store.actions_since, table.id, table.state.version)
        entries = []
        if new:
            state = table.state.clone()
            for seat, action in new:
                entries.append((state.version + 1, state.apply(seat, action)))
                table.actors.append(seat)
            table.state = state
            table.log.extend(entries)
        if header is not None:
            table.seats = header.pop("seats")
            table.header = header
            table.cache_version = -1  # seats or status may have changed what each seat may do
        return entries

    # ---- creating and sitting -----------------------------------------------------------------
    async def create(self, guest: Guest, game_id: Any, players: Any, options: Any, variant: Any,
                     seat_specs: Any, levels: list[str]) -> LiveTable:
        try:
            game = engine.game(str(game_id))
        except ValueError as exc:
            raise Rejected("unknown_game", str(exc)) from exc
        merged: dict[str, Any] = {}
        if variant:
            if variant not in game.variants:
                known = ", ".join(game.variants) or "none"
                raise Rejected("bad_request", f"unknown variant {variant!r}; known: {known}")
            merged.update(game.variants[variant])
        if options is not None and not isinstance(options, dict):
            raise Rejected("bad_request", "options must be a mapping of name to value")
        merged.update(options or {})
        try:
            state = game.new(players, seed=secrets.randbits(62), options=merged)
        except ValueError as exc:
            raise Rejected("bad_request", str(exc)) from exc
        seat_rows = self._seat_rows(guest, state.players, seat_specs, levels)
        table_id = secrets.token_urlsafe(6)
        status = "waiting" if any(s["kind"] == "open" for s in seat_rows) else "playing"
        row = {"id": table_id, "game": game.id, "game_version": game.version, "players": state.players,
               "seed": state.seed, "options": state.options, "status": status, "version": 0,
               "to_move": list(state.to_move), "created_by": guest.id}
        await self.store.run(self.store.create_table, row, seat_rows)
        table = LiveTable(id=table_id, game=game, header={**row, "next_table": None, "scores": None,
                                                          "winners": None},
                          seats=[dict(s) for s in seat_rows], state=state, actors=[])
        self._remember(table)
        self.schedule_bots(table)
        return table

    @staticmethod
    def _seat_rows(guest: Guest, players: int, specs: Any, levels: list[str]) -> list[dict[str, Any]]:
        if specs is None:
            specs = [{"kind": "me"}] + [{"kind": "bot", "level": levels[0]}] * (players - 1)
        if not isinstance(specs, list) or len(specs) != players:
            raise Rejected("bad_request", f"seats must list {players} entries, one per seat")
        rows = []
        for seat, spec in enumerate(specs):
            kind = spec.get("kind") if isinstance(spec, dict) else None
            if kind == "me":
                rows.append({"seat": seat, "kind": "human", "user_id": guest.id, "name": guest.name,
                             "bot_level": None})
            elif kind == "open":
                rows.append({"seat": seat, "kind": "open", "user_id": None, "name": None, "bot_level": None})
            elif kind == "bot":
                level = spec.get("level") or levels[0]
                if level not in levels:
                    raise Rejected("bad_request", f"unknown bot level {level!r}; available: {', '.join(levels)}")
                rows.append({"seat": seat, "kind": "bot", "user_id": None, "name": None, "bot_level": level})
            else:
                raise Rejected("bad_request", f"seat {seat}: kind must be 'me', 'open' or 'bot'; got {kind!r}")
        return rows

    async def sit(self, guest: Guest, table_id: Any, seat: Any) -> LiveTable:
        table = await self.get(table_id)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.state.players:
            raise Rejected("bad_seat", f"seat must be a whole number from 0 to {table.state.players - 1}")
        async with table.lock:
            taken = await self.store.run(self.store.take_seat, table.id, seat, guest.id, guest.name)
            await self.sync(table)
        if not taken:
            raise Rejected("seat_taken", f"seat {seat} is not open")
        self.broadcast(table, [])
        await self.hub.publish({"table": table.id, "kind": "table"})
        self.schedule_bots(table)
        return table

    async def rename(self, guest: Guest, name: str) -> None:
        await self.store.run(self.store.rename, guest.id, name)
        for table in list(self.tables.values()):
            held = [s for s in table.seats if s["user_id"] == guest.id]
            if not held:
                continue
            async with table.lock:
                for seat in held:
                    seat["name"] = name
                table.cache_version = -1
                self.broadcast(table, [])
                await self.hub.publish({"table": table.id, "kind": "table"})

    async def rematch(self, guest: Guest, table_id: Any) -> str:
        """'Play again': a new table with the same game, options and seat holders."""
        table = await self.get(table_id)
        if not table.seats_of(guest):
            raise Rejected("not_your_table", "only a player at this table can start a rematch")
        if not table.state.is_over:
            raise Rejected("not_over", "the game is still being played")
        async with table.lock:
            await self.sync(table)
            if table.header.get("next_table"):
                return table.header["next_table"]
            game, state = table.game, table.state
            fresh = game.new(state.players, seed=secrets.randbits(62), options=state.options)
            new_id = secrets.token_urlsafe(6)
            seat_rows = [{k: s[k] for k in ("seat", "kind", "user_id", "name", "bot_level")} for s in table.seats]
            row = {"id": new_id, "game": game.id, "game_version": game.version, "players": fresh.players,
                   "seed": fresh.seed, "options": fresh.options, "status": "playing", "version": 0,
                   "to_move": list(fresh.to_move), "created_by": guest.id}
            await self.store.run(self.store.create_table, row, seat_rows)
            next_id = await self.store.run(self.store.set_next, table.id, new_id)
            table.header["next_table"] = next_id
        self.broadcast(table, [])
        await self.hub.publish({"table": table.id, "kind": "table"})
        if next_id == new_id:
            self.schedule_bots(await self.get(new_id))
        return next_id

    # ---- the one path by which an action is accepted -------------------------------------------
    async def act(self, guest: Guest, table_id: Any, seat: Any, version: Any, action: Any) -> None:
        table = await self.get(table_id)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.state.players:
            raise Rejected("bad_seat", f"seat must be a whole number from 0 to {table.state.players - 1}")
        holder = table.seats[seat]
        if holder["kind"] != "human" or holder["user_id"] != guest.id:
            who = {"bot": "a bot", "open": "nobody yet"}.get(holder["kind"], "another player")
            raise Rejected("not_your_seat", f"seat {seat} is held by {who}, not by you")
        if isinstance(version, bool) or not isinstance(version, int):
            raise Rejected("bad_request", "an action must carry the state version it was chosen at")
        if not isinstance(action, dict):
            raise Rejected("bad_request", "action must be a mapping like {\"type\": ...}")
        async with table.lock:
            await self._commit(table, seat, version, action)

    async def _commit(self, table: LiveTable, seat: int, version: int, action: dict[str, Any]) -> None:
        """Check, commit, then broadcast.  Call with the table lock held."""
        if version > table.state.version:
            await self.sync(table)  # another process is ahead of this cache
        state = table.state
        if table.status == "waiting":
            raise Rejected("not_started", "the game starts when every seat is taken")
        if state.is_over:
            raise Rejected("game_over", "the game is over; no more actions are accepted")
        if version != state.version and not self._still_current(table, seat, version):
            raise Rejected("stale", f"you chose at version {version} but the table is at version "
                                    f"{state.version}; look again and choose anew",)
        # Applied in place (no clone per move); nothing outside this lock sees the state until
        # the action is committed, and a failed commit rebuilds the table from the database.
        try:
            events = state.apply(seat, action)
        except IllegalAction as exc:
            raise Rejected("illegal", str(exc)) from exc
        except Exception as exc:  # a bug in a game: never leave a half-applied state live
            log.exception("table %s: applying %r for seat %s failed", table.id, action, seat)
            await self.rebuild(table)
            raise Rejected("internal", f"the game could not apply this action ({type(exc).__name__}); "
                                       "the table was reloaded") from exc
        stored = json.loads(json.dumps(action))
        over = state.is_over
        summary = {"version": state.version, "to_move": list(state.to_move),
                   "status": "finished" if over else "playing",
                   "scores": list(state.scores) if over else None,
                   "winners": list(state.winners) if over else None}
        try:
            await self.store.append(table.id, state.version - 1, seat, stored, summary)
        except Conflict:
            await self.rebuild(table)
            raise Rejected("stale", "another move was accepted first; look again and choose anew") from None
        except Exception as exc:
            log.exception("table %s: storing an action failed", table.id)
            await self.rebuild(table)
            raise Rejected("storage", "the move could not be saved; please try again") from exc
        table.actors.append(seat)
        table.header.update(summary)
        table.log.append((state.version, events))
        self.broadcast(table, events)
        await self.hub.publish({"table": table.id, "kind": "action", "version": state.version})
        self.schedule_bots(table)

    async def rebuild(self, table: LiveTable) -> None:
        """Throw the live state away and replay the table from the database (the truth), then
        show every client the result.  Call with the table lock held."""
        fresh = await self._load(table.id)
        table.state, table.actors, table.header, table.seats = fresh.state, fresh.actors, fresh.header, fresh.seats
        table.log = fresh.log
        table.cache_version = -1
        self.broadcast(table, [])

    @staticmethod
    def _still_current(table: LiveTable, seat: int, version: int) -> bool:
        """A choice made at an older version still counts when only OTHER seats acted since
        (simultaneous phases: every seat decides from the same position)."""
        if version < 0 or version > table.state.version:
            return False
        return seat not in table.actors[version:]

    # ---- what each client sees ---------------------------------------------------------------
    def seat_payload(self, table: LiveTable, seat: int | None, lang: str) -> tuple[str, str]:
        """View and labelled legal actions for one seat in one language, as JSON text cached per
        version (text, not dicts: strings cost the garbage collector nothing to scan)."""
        state = table.state
        if table.cache_version != state.version:
            table.cache.clear()
            table.cache_version = state.version
        key = (seat, lang)
        payload = table.cache.get(key)
        if payload is None:
            legal = []
            if seat is not None and table.status == "playing" and seat in state.to_move:
                legal = [{"action": a, "label": label_action(state, a, lang)} for a in state.legal_actions(seat)]
            payload = (json.dumps(state.view(seat)), json.dumps(legal))
            table.cache[key] = payload
        return payload

    def state_text(self, table: LiveTable, seat: int | None, mine: list[int], lang: str,
                   entries: list[tuple[int, list]]) -> str:
        view, legal = self.seat_payload(table, seat, lang)
        state = table.state
        events = [{"version": version, "event": e, "label": label_event(state, e, lang)}
                  for version, evs in entries for e in evs if visible(e, seat)]
        head = json.dumps({
            "type": "state", "table": table.id, "game": table.game.id, "seat": seat, "mine": mine,
            "version": state.version, "status": "finished" if state.is_over else table.status,
            "to_move": list(state.to_move), "seats": table.public_seats(),
            "scores": list(state.scores) if state.is_over else None,
            "winners": list(state.winners) if state.is_over else None,
            "next": table.header.get("next_table"), "events": events,
            "undo": state.undo_steps(seat) if seat is not None and table.status == "playing" else 0})
        return f'{head[:-1]}, "view": {view}, "legal": {legal}}}'

    def send_state(self, conn: Connection, table: LiveTable, entries: list[tuple[int, list]],
                   texts: dict[tuple, str] | None = None) -> None:
        mine = table.seats_of(conn.guest)
        for seat in mine or [None]:
            key = (seat, tuple(mine), conn.lang)
            text = texts.get(key) if texts is not None else None
            if text is None:
                text = self.state_text(table, seat, mine, conn.lang, entries)
                if texts is not None:
                    texts[key] = text
            conn.send(text)

    def broadcast(self, table: LiveTable, events: list[dict[str, Any]]) -> None:
        entries = [(table.state.version, events)] if events else []
        texts: dict[tuple, str] = {}
        for conn in list(table.conns):
            if conn.closed:
                table.conns.discard(conn)
                continue
            self.send_state(conn, table, entries, texts)

    async def join(self, conn: Connection, table_id: Any) -> None:
        table = await self.get(table_id)
        async with table.lock:  # never show a move that is still being committed
            table.conns.add(conn)
            conn.tables.add(table.id)
            self.send_state(conn, table, list(table.log))

    def leave(self, conn: Connection, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is not None:
            table.conns.discard(conn)
        conn.tables.discard(table_id)

    # ---- other processes -----------------------------------------------------------------------
    async def on_hub_message(self, message: dict[str, Any]) -> None:
        table = self.tables.get(message.get("table", ""))
        if table is None:
            return
        if message.get("kind") == "undo":  # actions were taken back: only a reload shows it
            async with table.lock:
                await self.rebuild(table)
            return
        async with table.lock:
            entries = await self.sync(table)
        if entries:
            for _, events in entries:
                self.broadcast(table, events)
        else:
            self.broadcast(table, [])

    # ---- bots ----------------------------------------------------------------------------------
    def schedule_bots(self, table: LiveTable) -> None:
        if self.stopping or table.status != "playing" or table.state.is_over:
            return
        for seat in table.state.to_move:
            holder = table.seats[seat]
            if holder["kind"] != "bot" or seat in table.bot_tasks:
                continue
            if seat not in table.bots:
                table.bots[seat] = seatbots.make_bot(holder["bot_level"], table.state.seed + seat)
            table.bot_tasks[seat] = asyncio.create_task(self._bot_turn(table, seat),
                                                        name=f"bot-{table.id}-{seat}")

    async def _bot_turn(self, table: LiveTable, seat: int) -> None:
        try:
            await asyncio.sleep(self.bot_delay)
            async with table.lock:  # a committed position, copied for the bot's private use
                if seat not in table.state.to_move or table.state.is_over:
                    return
                snapshot = table.state.clone()
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(seatbots.executor, seatbots.choose, table.bots[seat], snapshot, seat)
            async with table.lock:
                table.bot_tasks.pop(seat, None)
                try:
                    await self._commit(table, seat, snapshot.version, action)
                except Rejected as exc:
                    if exc.code == "stale":
                        self.schedule_bots(table)
                    elif exc.code not in ("game_over",):
                        log.warning("bot move refused at table %s seat %s: %s", table.id, seat, exc.message)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot turn failed at table %s seat %s", table.id, seat)
        finally:
            if table.bot_tasks.get(seat) is asyncio.current_task():
                table.bot_tasks.pop(seat, None)

    async def wake_bots(self) -> None:
        """After a start or restart: every playing table with a bot to move gets going again."""
        for table_id in await self.store.run(self.store.tables_with_bots_to_move):
            try:
                await self.get(table_id)
            except Rejected as exc:
                log.warning("table %s cannot be resumed: %s", table_id, exc.message)
            except Exception:  # one bad table must not keep the server down
                log.exception("table %s cannot be resumed", table_id)

    async def stop(self) -> None:
        self.stopping = True
        tasks = [t for table in self.tables.values() for t in table.bot_tasks.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
