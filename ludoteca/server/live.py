"""Live tables: the in-memory cache of states, the one path by which an action is accepted,
and the fan-out of per-seat views.

The order for every accepted action is fixed: check it with the contract, COMMIT it to the
database (a compare-and-set on the table's revision: see store.py), then broadcast.  A crash
between the commit and the broadcast loses nothing: clients that reconnect read the committed
record.  A commit that fails leaves the live state as it was before the move: it is rebuilt
from the database, or, when the database does not answer, from this process's own record
without the refused action.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ludoteca import engine
from ludoteca.engine import IllegalAction, State
from ludoteca.engine.i18n import visible
from ludoteca.engine.state import short

from . import catalogue, chat, clocks, invites, presence, presets, ratings, seatbots, seats_json, table_words
from .gamelog import GameLog
from .identity import Guest
from .pubsub import LocalHub
from .refusals import Rejected, StorageUnavailable
from .store import Conflict, Store

__all__ = ["LANGS", "Connection", "LiveTable", "Rejected", "TableManager", "label_action", "label_event",
           "replay_record", "visible"]

log = logging.getLogger("ludoteca.server")
LANGS = ("en", "es", "fr")
MAX_CACHED = 5000
#: What ``secrets.token_urlsafe(6)`` makes: anything else is no table, without asking the database.
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{8}")
#: A bot move the database refused is tried again after 0.25, 0.5, 1, 2, 2, ... seconds.
RETRY_FIRST, RETRY_CAP = 0.25, 2.0
#: A table that could not catch up with another process is tried again after 0.5 ... 10 s.
CATCH_UP_FIRST, CATCH_UP_CAP = 0.5, 10.0


@dataclass(eq=False)
class Connection:
    """One browser tab (or program) on the WebSocket; messages go out through a bounded queue
    so one slow client never holds up a broadcast."""

    guest: Guest
    lang: str = "en"
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(maxsize=512))
    tables: set[str] = field(default_factory=set)
    closed: bool = False
    #: The tab is hidden (the page says so): its holder shows as "away", not "connected".
    away: bool = False
    #: Per table, ``(log_epoch, entries sent)``: what of the table's log this tab has.  Each
    #: state carries the entries it lacks; after the log was rewritten (an undo, a reload: a new
    #: ``log_epoch``) the whole log again.
    log_sent: dict[str, tuple[int, int]] = field(default_factory=dict)

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
    #: The database's revision of this record as this process last saw it (the CAS token).
    revision: int = 0
    #: Every event of the game (gamelog.py), so a reload shows the whole history.
    log: GameLog = field(default_factory=GameLog)
    #: Goes up whenever the log is rewritten rather than appended to (undo, reload, roll-back).
    log_epoch: int = 0
    #: The bot seats searching for a move right now (the page shows "thinking...").
    thinking: set[int] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    bot_tasks: dict[int, asyncio.Task] = field(default_factory=dict)
    cache: dict[tuple, Any] = field(default_factory=dict)
    cache_version: int = -1
    #: The live state may be behind the database (a reload failed): rebuild before trusting it.
    needs_rebuild: bool = False
    sync_task: asyncio.Task | None = None
    sync_again: bool = False
    #: Sleeps until the earliest running clock of a person's seat runs out (one per table).
    clock_task: asyncio.Task | None = None
    clock_due: tuple[float, int, int] | None = None
    #: The presence dots last sent to this table's clients (presence.py).
    dots: list[str | None] | None = None

    @property
    def status(self) -> str:
        return self.header["status"]

    def seats_of(self, guest: Guest) -> list[int]:
        return [s["seat"] for s in self.seats if s["kind"] == "human" and s["user_id"] == guest.id]

    def public_seats(self) -> list[dict[str, Any]]:
        return seats_json.public_seats(self.seats)


def ranked_rules(guest: Guest, seat_rows: list[dict[str, Any]]) -> None:
    """A ranked table is an account's, and each account plays one seat at it."""
    if not guest.account:
        raise Rejected("account_needed", "ranked tables are for accounts: log in or register first")
    if sum(1 for row in seat_rows if row["kind"] == "human") > 1:
        raise Rejected("bad_request", "at a ranked table you play one seat; make the others open or bots")


def rematch_seat(seat: dict[str, Any]) -> dict[str, Any]:
    """A seat of the rematch: its owner comes back, whoever played it at the end."""
    row = {k: seat[k] for k in ("seat", "kind", "user_id", "name", "bot_level")}
    if seat.get("absent"):
        row.update(kind="human", bot_level=None)
    return row


label_action, label_event = table_words.label_action, table_words.label_event


def replay_record(game: engine.Game, players: int, seed: int, options: dict[str, Any], record: list,
                  trusted: bool) -> tuple[State, GameLog]:
    """Rebuild a state from (seed, options, actions), keeping every event for the log.

    ``trusted=False`` (a table loaded from the database) judges every stored action with the
    contract: an action that is not exactly a legal one -- ``1.0`` where the game lists ``1``,
    a foreign key -- raises ValueError naming it, and the table is ``damaged_table``.
    ``trusted=True`` only for a record this server validated itself (its own live record, or
    actions other server processes validated before storing them)."""
    state = game.new(players, seed, options)
    entries = GameLog()
    for index, entry in enumerate(record):
        try:
            seat, action = entry
            events = state.apply_trusted(seat, action) if trusted else state.apply(seat, action)
        except IllegalAction as exc:
            raise ValueError(f"stored action {index} is not legal there: {exc}") from exc
        except Exception as exc:
            raise ValueError(f"stored action {index} cannot be applied ({type(exc).__name__}: {exc})") from exc
        entries.append(state.version, events)
    return state, entries


class TableManager:
    def __init__(self, store: Store, hub: LocalHub, bot_delay: float, settings: Any = None) -> None:
        self.store = store
        self.hub = hub
        self.bot_delay = bot_delay
        self.bot_pool = seatbots.BotPool(getattr(settings, "bot_workers", 0), getattr(settings, "bot_seconds", 5.0))
        #: Seconds a seat taken with ``sit`` may go unseen while its table waits (0: never freed).
        self.seat_timeout = float(getattr(settings, "seat_timeout", 600.0))
        #: The shortest real-time clock a table may be created with (tests lower it).
        self.clock_min_seconds = float(getattr(settings, "clock_min_seconds", 60.0))
        self.tables: OrderedDict[str, LiveTable] = OrderedDict()
        self.loading: dict[str, asyncio.Future] = {}
        self.housekeeper: asyncio.Task | None = None
        self.rating_tasks: set[asyncio.Task] = set()
        self.presence = presence.PresenceBook()
        self.chat_limits = chat.ChatLimits(int(getattr(settings, "chat_max_chars", 500)),
                                           float(getattr(settings, "chat_rate_per_minute", 12.0)),
                                           int(getattr(settings, "chat_burst", 5)))
        self.presence_tasks: set[asyncio.Task] = set()
        self.heartbeat: asyncio.Task | None = None
        self.stopping = False

    # ---- loading: the database is the truth ---------------------------------------------------
    async def get(self, table_id: Any) -> LiveTable:
        if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
            raise Rejected("unknown_table", f"no table {short(table_id, 40)}: a table id is 8 letters, "
                                            "digits, '-' or '_'")
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
            self.schedule_clock(table)
            return table
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved
            raise
        finally:
            del self.loading[table_id]

    async def open_table(self, guest: Guest | None, table_id: Any, invite: Any = None) -> LiveTable:
        """The table, if the caller may see it: any public table; a private one for its seats,
        its creator and the bearer of its invite token (invites.py).  Refused exactly like an
        id that names no table."""
        table = await self.get(table_id)
        invites.check(table.header, table.seats, table.id, guest.id if guest is not None else None, invite)
        return table

    async def rotate_invite(self, guest: Guest, table_id: Any) -> LiveTable:
        """The creator of a private table replaces its invite token: the old link stops working,
        seated players keep their seats, and spectators who came by the old link stop watching."""
        table = await self.open_table(guest, table_id)
        if not table.header.get("invite_token"):
            raise Rejected("bad_request", "this table is public: it has no invite link to replace")
        if table.header.get("created_by") != guest.id:
            raise Rejected("not_creator", "only the person who created the table may replace its invite link")
        token = invites.new_token()
        await self.store.run(self.store.set_invite_token, table.id, token)
        table.header["invite_token"] = token
        self._drop_uninvited(table)
        await self.hub.publish({"table": table.id, "kind": "table"})
        return table

    def _drop_uninvited(self, table: LiveTable) -> None:
        """Spectators who came by a link that no longer works stop receiving the table."""
        for conn in list(table.conns):
            if not invites.may_see(table.header, table.seats, conn.guest.id if conn.guest else None, None):
                table.conns.discard(conn)
                conn.tables.discard(table.id)
                conn.error("unknown_table", invites.not_found(table.id).message)
        self.presence_changed(table)

    async def _load(self, table_id: str) -> LiveTable:
        """Read the table from the database and rebuild it, judging every stored action."""
        row = await self.store.read(self.store.load_table, table_id)
        if row is None:
            raise invites.not_found(table_id)
        try:
            game = engine.game(row["game"])
        except ValueError as exc:
            raise Rejected("unknown_game", str(exc)) from exc
        problem = row.pop("problem", None)
        if problem is not None:
            log.error("table %s has a damaged record: %s", table_id, problem)
            raise Rejected("damaged_table", f"table {table_id} cannot be opened: {problem}")
        try:
            state, entries = await asyncio.to_thread(replay_record, game, row["players"], row["seed"],
                                                     row["options"], row["actions"], False)
        except ValueError as exc:  # IllegalAction, a non-canonical action, bad options
            log.error("table %s cannot be rebuilt from its record: %s", table_id, exc)
            raise Rejected("damaged_table", f"table {table_id} cannot be rebuilt from its record: {exc}") from exc
        table = LiveTable(id=table_id, game=game, header=row, seats=row.pop("seats"), state=state,
                          actors=[seat for seat, _ in row.pop("actions")], revision=row["revision"])
        table.log = entries
        return table

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
        """Catch up with what other processes committed; call with the table lock held.

        Appended actions are applied to a copy (trusted: the process that stored them judged
        them); anything else -- an undo, an undo and a move -- reloads the table whole.
        Returns the new entries for the log (empty after a reload, which is announced)."""
        found = await self.store.read(self.store.changes_since, table.id, table.state.version, table.revision)
        if found is None:
            return []
        header, new = found
        if new is None:
            await self.rebuild(table)
            return []
        entries = []
        if new:
            state = table.state.clone()
            try:
                for seat, action in new:
                    entries.append((state.version + 1, state.apply_trusted(seat, action)))
            except Exception:
                log.exception("table %s: another process's actions do not apply; reloading", table.id)
                await self.rebuild(table)
                return []
            table.state = state
            table.actors.extend(seat for seat, _ in new)
            table.log.extend(entries)
        table.revision = header["revision"]
        table.seats = header.pop("seats")
        table.header = header
        table.cache_version = -1  # seats or status may have changed what each seat may do
        self.schedule_clock(table)
        return entries

    async def rebuild(self, table: LiveTable, announce: bool = True) -> None:
        """Throw the live state away and replay the table from the database (the truth), then
        show every client the result.  Call with the table lock held."""
        fresh = await self._load(table.id)
        table.state, table.actors, table.header, table.seats = fresh.state, fresh.actors, fresh.header, fresh.seats
        table.revision, table.log, table.needs_rebuild = fresh.revision, fresh.log, False
        table.log_epoch += 1
        table.cache_version = -1
        self.schedule_clock(table)
        if announce:
            self.broadcast(table, [])

    def install(self, table: LiveTable, state: State, entries: GameLog, revision: int) -> None:
        """Make ``state`` (rebuilt by this process from its own record) the live one; its log
        replaces the table's, so every page gets the whole log again with its next state."""
        table.state, table.revision = state, revision
        table.actors = [seat for seat, _ in state.record()["actions"]]
        table.log = entries if isinstance(entries, GameLog) else GameLog(entries)
        table.log_epoch += 1
        table.header.update({"version": state.version, "to_move": list(state.to_move)})
        table.cache_version = -1

    def _roll_back(self, table: LiveTable, keep: int) -> None:
        """Forget every action after the first ``keep`` without asking the database: replay this
        process's own (validated) record.  For a move the database did not store."""
        state = table.state
        record = state.record()["actions"][:keep]
        rebuilt, entries = replay_record(table.game, state.players, state.seed, state.options, record, True)
        self.install(table, rebuilt, entries, table.revision)

    async def reload_or_roll_back(self, table: LiveTable, keep: int) -> None:
        """After a lost compare-and-set: reload from the database; if it does not answer, go
        back to the last stored position and reload later."""
        try:
            await self.rebuild(table)
        except Exception as exc:
            log.warning("table %s could not be reloaded (%s); reloading later", table.id, exc)
            self._roll_back(table, keep)
            table.needs_rebuild = True
            self.broadcast(table, [])
            self._request_sync(table)

    async def recover(self, table: LiveTable) -> None:
        """Reload a table that fell behind the database; call with the table lock held.
        Raises StorageUnavailable while the database does not answer."""
        if table.needs_rebuild:
            await self.rebuild(table)

    # ---- creating and sitting -----------------------------------------------------------------
    async def create(self, guest: Guest, game_id: Any, players: Any, options: Any, variant: Any,
                     seat_specs: Any, levels: list[str], ranked: bool = False, clock: Any = None,
                     spectator_chat: bool = True, private: bool = False) -> LiveTable:
        try:
            game = engine.game(str(game_id))
        except ValueError as exc:
            raise Rejected("unknown_game", str(exc)) from exc
        merged = presets.merged_options(game, variant, options)  # a variant and options that disagree: refused
        try:
            state = game.new(players, seed=secrets.randbits(62), options=merged)
        except ValueError as exc:
            raise Rejected("bad_request", str(exc)) from exc
        seat_rows = self._seat_rows(guest, state.players, seat_specs, levels)
        if ranked:
            ranked_rules(guest, seat_rows)
        rules = clocks.parse(clock, levels, self.clock_min_seconds)
        table_id = secrets.token_urlsafe(6)
        status = "waiting" if any(s["kind"] == "open" for s in seat_rows) else "playing"
        running = clocks.start(rules, state.players, state.to_move, clocks.wall()) if status == "playing" else None
        row = {"id": table_id, "game": game.id, "game_version": game.version, "players": state.players,
               "seed": state.seed, "options": state.options, "status": status, "version": 0,
               "to_move": list(state.to_move), "created_by": guest.id, "ranked": bool(ranked),
               "clock": rules, "clock_state": running, "spectator_chat": bool(spectator_chat),
               "invite_token": invites.new_token() if private else None}
        await self.store.run(self.store.create_table, row, seat_rows)  # a silent database: 503 storage
        table = LiveTable(id=table_id, game=game, header={**row, "revision": 0, "next_table": None, "scores": None,
                                                          "winners": None},
                          seats=[dict(s) for s in seat_rows], state=state, actors=[])
        self._remember(table)
        self.schedule_bots(table)
        self.schedule_clock(table)
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

    async def sit(self, guest: Guest, table_id: Any, seat: Any, invite: Any = None) -> LiveTable:
        """Take an open seat.  The name shown there is the guest's, made unique at the table
        (a second "Ana" shows as "Ana (2)").  A private table needs its invite token."""
        table = await self.open_table(guest, table_id, invite)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.state.players:
            raise Rejected("bad_seat", f"seat must be a whole number from 0 to {table.state.players - 1}")
        if table.header.get("ranked"):
            if not guest.account:
                raise Rejected("account_needed", "a ranked table is for accounts: log in or register to sit here")
            if table.seats_of(guest):
                raise Rejected("seat_taken", "at a ranked table each account plays one seat")
        async with table.lock:
            shown = await self.store.run(self.store.take_seat, table.id, seat, guest.id, guest.name)
            await self.sync(table)
        if shown is None:
            raise Rejected("seat_taken", f"seat {seat} is not open")
        self.broadcast(table, [])
        await self.hub.publish({"table": table.id, "kind": "table"})
        self.schedule_bots(table)
        return table

    async def rename(self, guest: Guest, name: str) -> None:
        shown = await self.store.run(self.store.rename, guest.id, name)
        for table in list(self.tables.values()):
            held = [s for s in table.seats if s["kind"] == "human" and s["user_id"] == guest.id]
            if not held:
                continue
            async with table.lock:
                for seat in held:
                    seat["name"] = shown.get(table.id, name)
                table.cache_version = -1
                table.log_epoch += 1  # the log's lines name the player: every page relabels them
                self.broadcast(table, [])
                await self.hub.publish({"table": table.id, "kind": "table"})

    def rate_soon(self, table_id: str) -> None:
        """Rate a ranked table that just ended, in the background (ratings.py: exactly once,
        whichever process gets there first; a failure is retried at the next start)."""
        task = asyncio.create_task(self._rate(table_id), name=f"ludoteca-rate-{table_id}")
        self.rating_tasks.add(task)
        task.add_done_callback(self.rating_tasks.discard)

    async def _rate(self, table_id: str) -> None:
        try:
            await self.store.run(ratings.rate_table, self.store.engine, table_id)
        except Exception as exc:
            log.warning("table %s could not be rated now (%s); it will be at the next start", table_id, exc)

    async def rate_unrated(self) -> None:
        """At start-up: ranked tables that ended while no process could rate them."""
        for table_id in await self.store.read(ratings.unrated_tables, self.store.engine):
            await self._rate(table_id)

    async def move_seats(self, old_id: str, new: Guest) -> None:
        """A guest became ``new`` (registered or logged in): its seats are the account's, shown
        under the account's name; every process holding one of those tables reloads its seats."""
        moved = await self.store.run(self.store.move_seats, old_id, new.id)
        for table_id in moved:
            table = self.tables.get(table_id)
            if table is None:
                continue
            async with table.lock:
                for seat in table.seats:
                    if seat["kind"] == "human" and seat["user_id"] == old_id:
                        seat["user_id"] = new.id
                table.cache_version = -1
        await self.rename(new, new.name)
        for table_id in moved:
            await self.hub.publish({"table": table_id, "kind": "table"})

    async def rematch(self, guest: Guest, table_id: Any) -> str:
        """'Play again': a new table with the same game, options and seat holders (a private
        table's rematch is private too, with a fresh invite token)."""
        table = await self.open_table(guest, table_id)
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
            seat_rows = [rematch_seat(s) for s in table.seats]
            rules = table.header.get("clock")
            row = {"id": new_id, "game": game.id, "game_version": game.version, "players": fresh.players,
                   "seed": fresh.seed, "options": fresh.options, "status": "playing", "version": 0,
                   "to_move": list(fresh.to_move), "created_by": guest.id,
                   "ranked": bool(table.header.get("ranked")), "clock": rules,
                   "clock_state": clocks.start(rules, fresh.players, fresh.to_move, clocks.wall()),
                   "invite_token": invites.new_token() if table.header.get("invite_token") else None}
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
        table = await self.open_table(guest, table_id)
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
        await self.recover(table)
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
        before = state.version
        # Applied in place (no clone per move); nothing outside this lock sees the state until
        # the action is committed, and a failed commit puts the previous position back.
        try:
            events = state.apply(seat, action)
        except IllegalAction as exc:
            raise Rejected("illegal", str(exc)) from exc
        except Exception as exc:  # a bug in a game: never leave a half-applied state live
            log.exception("table %s: applying %s for seat %s failed", table.id, short(action), seat)
            self._roll_back(table, before)
            raise Rejected("internal", f"the game could not apply this action ({type(exc).__name__}); "
                                       "the table was reloaded") from exc
        stored = json.loads(json.dumps(action))
        over = state.is_over
        summary = {"version": state.version, "to_move": list(state.to_move),
                   "status": "finished" if over else "playing",
                   "scores": list(state.scores) if over else None,
                   "winners": list(state.winners) if over else None,
                   "clock_state": clocks.after(table.header.get("clock"), table.header.get("clock_state"), [seat],
                                               [] if over else state.to_move, clocks.wall())}
        try:
            await self.store.append(table.id, before, seat, stored, summary, table.revision)
        except Conflict:
            await self.reload_or_roll_back(table, before)
            raise Rejected("stale", "another move was accepted first; look again and choose anew") from None
        except Exception as exc:
            if not isinstance(exc, StorageUnavailable):
                log.exception("table %s: storing an action failed", table.id)
            self._roll_back(table, before)
            raise Rejected("storage", "the move could not be saved (the database is busy or unavailable); "
                                      "nothing changed, please try again") from exc
        table.revision += 1
        table.actors.append(seat)
        table.header.update(summary)
        table.log.append(state.version, events)
        self.broadcast(table, events)
        await self.hub.publish({"table": table.id, "kind": "action", "version": state.version,
                                "revision": table.revision})
        if over and table.header.get("ranked"):
            self.rate_soon(table.id)
        self.schedule_bots(table)
        self.schedule_clock(table)

    @staticmethod
    def _still_current(table: LiveTable, seat: int, version: int) -> bool:
        """A choice made at an older version still counts when only OTHER seats acted since
        (simultaneous phases: every seat decides from the same position)."""
        if version < 0 or version > table.state.version:
            return False
        return seat not in table.actors[version:]

    # ---- what each client sees ---------------------------------------------------------------
    def names(self, table: LiveTable, lang: str) -> list[str]:
        """The seats' names in ``lang``, as the seat panel and every label show them."""
        self._fresh_cache(table)
        key = ("names", lang)
        found = table.cache.get(key)
        if found is None:
            found = table.cache[key] = table_words.seat_names(table.seats, lang)
        return found

    @staticmethod
    def _fresh_cache(table: LiveTable) -> None:
        if table.cache_version != table.state.version:
            table.cache.clear()
            table.cache_version = table.state.version

    def seat_payload(self, table: LiveTable, seat: int | None, lang: str) -> tuple[str, str, str]:
        """View, labelled legal actions and the prompt for one seat in one language, as JSON
        text cached per version (text, not dicts: strings cost the garbage collector nothing to
        scan).  Labels and the prompt use the table's names."""
        state = table.state
        names = self.names(table, lang)
        key = (seat, lang)
        payload = table.cache.get(key)
        if payload is None:
            legal, asked = [], ""
            if seat is not None and table.status == "playing" and seat in state.to_move:
                actions = state.legal_actions(seat)
                labels = table_words.label_actions(state, actions, lang, names)
                legal = [{"action": a, "label": label} for a, label in zip(actions, labels, strict=True)]
                asked = table_words.prompt(state, seat, lang, names)
            payload = (json.dumps(state.view(seat)), json.dumps(legal), json.dumps(asked))
            table.cache[key] = payload
        return payload

    def breakdown(self, table: LiveTable, lang: str) -> list[dict[str, Any]] | None:
        """The end's score breakdown in ``lang`` (None while the game goes on), cached per version."""
        if not table.state.is_over:
            return None
        names = self.names(table, lang)
        key = ("breakdown", lang)
        if key not in table.cache:
            table.cache[key] = table_words.breakdown(table.state, lang, names)
        return table.cache[key]

    def state_text(self, table: LiveTable, seat: int | None, mine: list[int], lang: str,
                   entries: Iterable[tuple[int, list]], reclaim: list[int] | None = None,
                   whole: bool = False) -> str:
        """One seat's state message; ``reclaim`` lists the seats a bot plays for this guest
        since its clock ran out (the page offers to take them back).  ``whole``: ``entries`` is
        the game's whole log and replaces the page's (``"log": "all"``); else it is appended."""
        reclaim = reclaim or []
        view, legal, asked = self.seat_payload(table, seat, lang)
        state = table.state
        names = self.names(table, lang)
        head = json.dumps({
            "type": "state", "table": table.id, "game": table.game.id, "seat": seat, "mine": mine,
            "version": state.version, "status": "finished" if state.is_over else table.status,
            "to_move": list(state.to_move), "seats": table.public_seats(), "names": names,
            "scores": list(state.scores) if state.is_over else None,
            "winners": list(state.winners) if state.is_over else None,
            "breakdown": self.breakdown(table, lang),
            "next": table.header.get("next_table"), "log": "all" if whole else "new",
            "events": table_words.log_lines(state, entries, seat, lang, names, table.actors),
            "clock": clocks.public(table.header.get("clock"), table.header.get("clock_state"), clocks.wall()),
            "reclaim": reclaim, "presence": self.dots_of(table), "thinking": sorted(table.thinking),
            "undo": state.undo_steps(seat) if seat is not None and table.status == "playing" else 0})
        return f'{head[:-1]}, "prompt": {asked}, "view": {view}, "legal": {legal}}}'

    def send_state(self, conn: Connection, table: LiveTable, texts: dict[tuple, str] | None = None,
                   whole: bool = False) -> None:
        """The guest's state messages for this table, with the log entries this tab has not had
        yet; the whole log instead (``"log": "all"``) when asked, or when the table's log was
        rewritten (an undo, a reload) since the tab last got it."""
        epoch, sent = conn.log_sent.get(table.id, (None, 0))
        whole = whole or epoch != table.log_epoch or sent > len(table.log)
        start = 0 if whole else sent
        entries = list(table.log.since(start))  # read once for all of the guest's seats
        conn.log_sent[table.id] = (table.log_epoch, len(table.log))
        mine = table.seats_of(conn.guest)
        reclaim = [s["seat"] for s in table.seats if s.get("absent") == "timeout" and s["user_id"] == conn.guest.id]
        for seat in mine or [None]:
            key = (seat, tuple(mine), tuple(reclaim), conn.lang, whole, start)
            text = texts.get(key) if texts is not None else None
            if text is None:
                text = self.state_text(table, seat, mine, conn.lang, entries, reclaim, whole)
                if texts is not None:
                    texts[key] = text
            conn.send(text)

    def set_thinking(self, table: LiveTable, seat: int, searching: bool) -> None:
        """A bot seat started (or stopped) searching for a move: when the set of searching seats
        changes, the table's pages get ``{"type": "thinking", "table", "seats"}`` (and every
        state message carries the set as ``thinking``).  Local to the process whose bot thinks."""
        before = set(table.thinking)
        if searching:
            table.thinking.add(seat)
        else:
            table.thinking.discard(seat)
        if table.thinking != before:
            text = json.dumps({"type": "thinking", "table": table.id, "seats": sorted(table.thinking)})
            for conn in list(table.conns):
                conn.send(text)

    def send_catalogue(self, conn: Connection, table: LiveTable) -> None:
        """What every component of this table does, in the tab's language (catalogue.py)."""
        conn.send(catalogue.message(table.id, table.game, table.state.options, conn.lang))

    def broadcast(self, table: LiveTable, events: list[dict[str, Any]] | None = None) -> None:
        """Every page of the table gets its state.  Its log lines are every entry of the table's
        log that page has not had yet (``send_state``), so ``events`` -- the ones just written,
        which callers still pass -- are among them, and so are moves this process caught up
        with from another one."""
        texts: dict[tuple, str] = {}
        for conn in list(table.conns):
            if conn.closed:
                table.conns.discard(conn)
                continue
            self.send_state(conn, table, texts)

    async def join(self, conn: Connection, table_id: Any, invite: Any = None) -> None:
        """Watch a table: its catalogue, then its state with the whole log, then its chat."""
        table = await self.open_table(conn.guest, table_id, invite)
        async with table.lock:  # never show a move that is still being committed
            table.conns.add(conn)
            conn.tables.add(table.id)
            self.send_catalogue(conn, table)
            self.send_state(conn, table, whole=True)
        self.presence_changed(table)
        await self.send_chat_history(conn, table)
        if table.status == "waiting" and table.seats_of(conn.guest):
            try:  # a holder who opens the table is present: the seat is not abandoned
                await self.store.run(self.store.touch_seats, [(table.id, conn.guest.id)])
            except Exception as exc:
                log.warning("could not mark a seat holder of table %s as present: %s", table.id, exc)

    async def set_lang(self, conn: Connection, lang: str) -> None:
        """The tab switched language: each table it watches comes again in the new one, its
        catalogue first, then its state with the whole log re-labelled."""
        conn.lang = lang
        for table_id in sorted(conn.tables):
            table = self.tables.get(table_id)
            if table is None or conn not in table.conns:
                continue
            async with table.lock:
                self.send_catalogue(conn, table)
                self.send_state(conn, table, whole=True)

    def leave(self, conn: Connection, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is not None:
            table.conns.discard(conn)
            self.presence_changed(table)
        conn.tables.discard(table_id)
        conn.log_sent.pop(table_id, None)

    # ---- presence ------------------------------------------------------------------------------
    def dots_of(self, table: LiveTable) -> list[str | None]:
        return presence.seat_dots(table.seats, presence.local_users(table.conns), self.presence.users(table.id))

    def set_away(self, conn: Connection, away: bool) -> None:
        """A tab was hidden or shown again."""
        conn.away = away
        for table_id in list(conn.tables):
            table = self.tables.get(table_id)
            if table is not None:
                self.presence_changed(table)

    def presence_changed(self, table: LiveTable, publish: bool = True) -> None:
        """Tell this table's clients when a dot changed, and the other processes who is here."""
        dots = self.dots_of(table)
        if dots != table.dots:
            table.dots = dots
            text = json.dumps({"type": "presence", "table": table.id, "presence": dots})
            for conn in list(table.conns):
                conn.send(text)
        if publish and not self.stopping:
            self._publish_presence(table)

    def _publish_presence(self, table: LiveTable) -> None:
        users = presence.local_users(table.conns)
        task = asyncio.create_task(self.hub.publish({"table": table.id, "kind": "presence", "users": users}))
        self.presence_tasks.add(task)
        task.add_done_callback(self.presence_tasks.discard)

    async def _presence_heartbeat(self) -> None:
        """Republish who is here, so other processes' copies stay fresh and a dead process's expire."""
        while not self.stopping:
            await asyncio.sleep(presence.HEARTBEAT)
            for table in list(self.tables.values()):
                if table.conns:
                    self._publish_presence(table)
                if table.dots is not None:
                    self.presence_changed(table, publish=False)  # another process's copy expired

    # ---- chat (chat.py): never part of the state, so no bot ever reads it ------------------------
    async def send_chat_history(self, conn: Connection, table: LiveTable) -> None:
        """The table's last lines, as the creator's setting shows them."""
        try:
            lines = await self.store.read(self.store.chat_history, table.id, chat.HISTORY)
        except Exception as exc:  # the game still works without its chat
            log.warning("could not read the chat of table %s: %s", table.id, exc)
            lines = []
        spectators = bool(table.header.get("spectator_chat", True))
        conn.send({"type": "chat_history", "table": table.id, "spectators": spectators,
                   "creator": table.header.get("created_by") == conn.guest.id,
                   "lines": [line for line in lines if chat.shown(line, spectators)]})

    async def say(self, conn: Connection, table_id: Any, text: Any) -> None:
        """One chat line from a person watching the table (a seat holder or a spectator)."""
        table = await self.get(table_id)
        if conn not in table.conns:
            if table.header.get("invite_token"):
                raise invites.not_found(table.id)
            raise Rejected("not_joined", "open the table (join) before chatting at it")
        line_text = chat.clean_text(text, self.chat_limits.max_chars)
        seats = table.seats_of(conn.guest)
        seat = seats[0] if seats else None
        if seat is None and not table.header.get("spectator_chat", True):
            raise Rejected("chat_closed", "the table's creator has hidden spectators' lines: only players may chat")
        self.chat_limits.spend(conn.guest.id)
        line = await self.store.run(self.store.add_chat_line, table.id, conn.guest.id, conn.guest.name[:64],
                                    seat, line_text)
        self._deliver_chat(table, line)
        await self.hub.publish({"table": table.id, "kind": "chat", "line": line})

    def _deliver_chat(self, table: LiveTable, line: dict[str, Any]) -> None:
        if not chat.shown(line, bool(table.header.get("spectator_chat", True))):
            return
        text = json.dumps({"type": "chat", "table": table.id, "line": line})
        for conn in list(table.conns):
            conn.send(text)

    async def set_spectator_chat(self, guest: Guest, table_id: Any, shown: Any) -> LiveTable:
        """The creator shows or hides spectators' lines; every open page gets the history again."""
        if not isinstance(shown, bool):
            raise Rejected("bad_request", "\"spectators\" is true (show spectators' lines) or false (hide them)")
        table = await self.open_table(guest, table_id)
        if table.header.get("created_by") != guest.id:
            raise Rejected("not_creator", "only the person who created the table may change who can chat")
        await self.store.run(self.store.set_spectator_chat, table.id, shown)
        await self._chat_setting_changed(table, shown)
        await self.hub.publish({"table": table.id, "kind": "chat_settings", "spectators": shown})
        return table

    async def _chat_setting_changed(self, table: LiveTable, shown: bool) -> None:
        table.header["spectator_chat"] = shown
        for conn in list(table.conns):
            await self.send_chat_history(conn, table)

    # ---- other processes -----------------------------------------------------------------------
    async def on_hub_message(self, message: dict[str, Any]) -> None:
        """Another process changed a table (or the hub reconnected and may have missed some):
        catch up in the background.  Returns at once, so one table's slow or failing catch-up
        never holds up the messages of the others."""
        if message.get("kind") == "reconnected":
            for table in list(self.tables.values()):
                self._request_sync(table)
            return
        table_id = message.get("table")
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if message.get("kind") == "chat":
            line = message.get("line")
            if table is not None and isinstance(line, dict):
                self._deliver_chat(table, line)
            return
        if message.get("kind") == "chat_settings":
            if table is not None and isinstance(message.get("spectators"), bool):
                await self._chat_setting_changed(table, message["spectators"])
            return
        if message.get("kind") == "presence":
            users = message.get("users")
            if isinstance(table_id, str) and isinstance(users, dict) and isinstance(message.get("origin"), str):
                self.presence.update(table_id, message["origin"], users)
                if table is not None:
                    self.presence_changed(table, publish=False)
            return
        if table is not None:
            self._request_sync(table)

    def _request_sync(self, table: LiveTable) -> None:
        """One catch-up task per table at a time; messages arriving meanwhile ask for one more
        round (the database is read anew each round, so nothing is missed or read twice)."""
        if self.stopping:
            return
        if table.sync_task is not None and not table.sync_task.done():
            table.sync_again = True
            return
        table.sync_task = asyncio.create_task(self._catch_up(table), name=f"sync-{table.id}")

    async def _catch_up(self, table: LiveTable) -> None:
        """Bring a table up to date with the database; on failure log it, mark the table for a
        rebuild and try again with a growing pause (the other tables carry on meanwhile)."""
        delay = CATCH_UP_FIRST
        while not self.stopping and self.tables.get(table.id) is table:
            table.sync_again = False
            try:
                async with table.lock:
                    if table.needs_rebuild:
                        await self.rebuild(table, announce=False)
                    else:
                        await self.sync(table)
                self.broadcast(table)  # each page gets the entries it lacks (all of them after a rebuild)
            except asyncio.CancelledError:
                raise
            except Rejected as exc:
                if exc.code != "storage":  # damaged or gone: retrying will not help
                    log.error("table %s cannot be brought up to date: %s", table.id, exc.message)
                    self.tables.pop(table.id, None)
                    return
                table.sync_again = self._catch_up_failed(table, exc, delay)
            except Exception as exc:
                table.sync_again = self._catch_up_failed(table, exc, delay)
            if table.sync_again and table.needs_rebuild:
                await asyncio.sleep(delay)
                delay = min(delay * 2, CATCH_UP_CAP)
            if not table.sync_again:
                return

    @staticmethod
    def _catch_up_failed(table: LiveTable, exc: Exception, delay: float) -> bool:
        log.warning("table %s could not catch up with another process (%s); retrying in %.1f s",
                    table.id, exc if isinstance(exc, Rejected) else repr(exc), delay)
        table.needs_rebuild = True
        return True

    # ---- bots ----------------------------------------------------------------------------------
    def schedule_bots(self, table: LiveTable) -> None:
        if self.stopping or table.status != "playing" or table.state.is_over:
            return
        for seat in table.state.to_move:
            if table.seats[seat]["kind"] == "bot" and seat not in table.bot_tasks:
                table.bot_tasks[seat] = asyncio.create_task(self._bot_turn(table, seat),
                                                            name=f"bot-{table.id}-{seat}")

    @staticmethod
    def _bot_to_move(table: LiveTable, seat: int) -> bool:
        return (table.status == "playing" and not table.state.is_over and seat in table.state.to_move
                and table.seats[seat]["kind"] == "bot")

    async def _bot_turn(self, table: LiveTable, seat: int) -> None:
        """Play the bot's chain of steps while its seat stays to move (its turn, or its whole
        activation in a simultaneous phase): the full bot delay before the first step, a short
        pause before each later one (``seatbots.pause_before``), so the chain plays out quickly
        yet visibly.  Each step: think (in the bot pool), then commit like a person; a move the
        database refused is tried again with a growing pause, so the table carries on once the
        database is back."""
        moved = False
        try:
            step = 0
            while not self.stopping and self._bot_to_move(table, seat):
                await seatbots.pause(seatbots.pause_before(step, self.bot_delay))
                failures = 0
                decided: tuple[int, dict[str, Any]] | None = None
                while not self.stopping:
                    if decided is None:
                        decided = await self._bot_decide(table, seat)
                        if decided is None:
                            return
                    version, action = decided
                    async with table.lock:
                        if not self._bot_to_move(table, seat):
                            return
                        try:
                            await self._commit(table, seat, version, action)
                            moved = True
                            break
                        except Rejected as exc:
                            refusal = exc
                    if refusal.code == "stale":
                        decided = None  # the position changed: think again
                    elif refusal.code == "storage":
                        failures += 1
                        pause = min(RETRY_CAP, RETRY_FIRST * 2 ** (failures - 1))
                        log.warning("table %s: bot move at seat %s not saved (%s); retry %d in %.2f s",
                                    table.id, seat, refusal.message, failures, pause)
                        await asyncio.sleep(pause)
                    else:
                        if refusal.code != "game_over":
                            log.warning("bot move refused at table %s seat %s: %s", table.id, seat, refusal.message)
                        return
                step += 1
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot turn failed at table %s seat %s", table.id, seat)
        finally:
            if table.bot_tasks.get(seat) is asyncio.current_task():
                table.bot_tasks.pop(seat, None)
            if moved:
                self.schedule_bots(table)  # e.g. the same bot to move again after a last check

    async def _bot_decide(self, table: LiveTable, seat: int) -> tuple[int, dict[str, Any]] | None:
        """The bot's choice at the current position, with the version it was made at.  While a
        search bot thinks, the table's clients know it (``thinking``)."""
        async with table.lock:  # a committed position, copied for the bot's private use
            if not self._bot_to_move(table, seat):
                return None
            state = table.state
            version, level = state.version, table.seats[seat]["bot_level"] or "random"
            if level in seatbots.INLINE_LEVELS:
                return version, seatbots.decide_inline(level, state, seat)
            snapshot = state.to_json()
            seed = seatbots.bot_seed(state.seed, seat, "move", version)
        action: dict[str, Any] | None = None
        self.set_thinking(table, seat, True)
        try:
            action = await self.bot_pool.decide(table.id, table.game.id, snapshot, seat, level, seed)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.error("the bot at table %s seat %s could not think (%r); it plays a random legal move",
                      table.id, seat, exc)
        finally:
            self.set_thinking(table, seat, False)
        if action is None:
            async with table.lock:
                if not self._bot_to_move(table, seat):
                    return None
                return table.state.version, seatbots.fallback_move(table.state, seat)
        return version, action

    async def wake_bots(self) -> None:
        """After a start or restart: every playing table with a bot to move gets going again,
        and the seat keeper starts (abandoned open seats free up)."""
        self.start_housekeeping()
        if self.heartbeat is None and not self.stopping:
            self.heartbeat = asyncio.create_task(self._presence_heartbeat(), name="ludoteca-presence")
        woken = set(await self.store.read(self.store.tables_with_bots_to_move))
        woken.update(await self.store.read(self.store.timed_tables))
        for table_id in sorted(woken):
            try:
                await self.get(table_id)
            except Rejected as exc:
                log.warning("table %s cannot be resumed: %s", table_id, exc.message)
            except Exception:  # one bad table must not keep the server down
                log.exception("table %s cannot be resumed", table_id)

    # ---- clocks, stand-ins, concessions ---------------------------------------------------------
    def schedule_clock(self, table: LiveTable) -> None:
        """Watch the earliest running clock of a person's seat; any change to the table calls
        this again, so the watch always matches the current record."""
        due = None
        clock, running = table.header.get("clock"), table.header.get("clock_state")
        if not self.stopping and clock and running and table.status == "playing" and not table.state.is_over:
            for seat in table.state.to_move:
                end = clocks.deadline(clock, running, seat)
                if end is not None and table.seats[seat]["kind"] == "human" and (due is None or end < due[0]):
                    due = (end, seat, table.revision)
        if due == table.clock_due and table.clock_task is not None and not table.clock_task.done():
            return
        if table.clock_task is not None and table.clock_task is not asyncio.current_task():
            table.clock_task.cancel()
        table.clock_task, table.clock_due = None, due
        if due is not None:
            table.clock_task = asyncio.create_task(self._watch_clock(table, *due), name=f"clock-{table.id}")

    async def _watch_clock(self, table: LiveTable, end: float, seat: int, revision: int) -> None:
        await asyncio.sleep(max(0.0, end - clocks.wall()))
        try:
            async with table.lock:
                if table.revision != revision or table.seats[seat]["kind"] != "human":
                    return
                await self._run_out(table, seat)
        except asyncio.CancelledError:
            raise
        except Rejected as exc:  # another process got there first, or the database is away
            log.info("table %s: the clock of seat %s was not applied here (%s)", table.id, seat, exc.message)
            if exc.code != "stale":  # try again in a second, never in a tight loop
                await asyncio.sleep(1.0)
                table.clock_due = None
        except Exception:
            log.exception("table %s: handling the clock of seat %s failed", table.id, seat)
            await asyncio.sleep(1.0)
            table.clock_due = None
        finally:
            if table.clock_task is asyncio.current_task():
                table.clock_task = None
            self.schedule_clock(table)

    async def _run_out(self, table: LiveTable, seat: int) -> None:
        """The seat's clock ran out (call with the lock held): by the table's setting a bot
        stands in until the owner reclaims the seat, the seat passes (a bot plays that one move
        where the game has no pass), or the owner is expelled and a bot plays on for good.  Each
        is a compare-and-set on the revision, so across processes it happens once."""
        clock = table.header["clock"]
        log.info("table %s: the clock of seat %s ran out (%s)", table.id, seat, clock["on_timeout"])
        if clock["on_timeout"] == "skip":
            state = table.state
            legal = state.legal_actions(seat)
            action = next((a for a in legal if a.get("type") == "pass"), None)
            if action is None:
                action = await self._one_bot_move(table, seat, clock["level"])
            await self._commit(table, seat, state.version, action)
            return
        absent = "timeout" if clock["on_timeout"] == "bot" else "expelled"
        running = clocks.expired(table.header["clock_state"], seat)
        await self._change_seat(table, seat, {"kind": "bot", "bot_level": clock["level"], "absent": absent}, running)

    async def _one_bot_move(self, table: LiveTable, seat: int, level: str) -> dict[str, Any]:
        """A bot's choice for a person's seat, for one move only (a timed-out seat that cannot pass)."""
        state = table.state
        if level in seatbots.INLINE_LEVELS:
            return seatbots.decide_inline(level, state, seat)
        try:
            return await self.bot_pool.decide(table.id, table.game.id, state.to_json(), seat, level,
                                              seatbots.bot_seed(state.seed, seat, "timeout", state.version))
        except Exception as exc:
            log.error("the bot for a timed-out seat could not think (%r); a random legal move", exc)
            return seatbots.fallback_move(state, seat)

    async def _change_seat(self, table: LiveTable, seat: int, values: dict[str, Any],
                           running: dict[str, Any] | None) -> None:
        """Store a change of who plays a seat (compare-and-set), then show it everywhere."""
        try:
            await self.store.run(self.store.change_seat, table.id, table.revision, seat, values, running)
        except Conflict:
            await self.reload_or_roll_back(table, table.state.version)
            raise Rejected("stale", "the table changed first; look again") from None
        table.revision += 1
        table.seats[seat].update(values)
        table.header["clock_state"] = running
        table.cache_version = -1
        self.broadcast(table, [])
        await self.hub.publish({"table": table.id, "kind": "seat", "revision": table.revision})
        self.schedule_bots(table)
        self.schedule_clock(table)

    def _own_seat(self, table: LiveTable, guest: Guest, seat: Any) -> dict[str, Any]:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.state.players:
            raise Rejected("bad_seat", f"seat must be a whole number from 0 to {table.state.players - 1}")
        holder = table.seats[seat]
        if holder["user_id"] != guest.id or holder["kind"] == "open":
            raise Rejected("not_your_seat", f"seat {seat} is not yours")
        return holder

    async def reclaim(self, guest: Guest, table_id: Any, seat: Any) -> LiveTable:
        """The owner of a seat a bot took when its clock ran out plays it again; its clock starts
        a fresh turn if it is to move, with half the starting bank (clocks.reclaimed)."""
        table = await self.open_table(guest, table_id)
        async with table.lock:
            await self.recover(table)
            await self.sync(table)
            holder = self._own_seat(table, guest, seat)
            if holder.get("absent") != "timeout":
                raise Rejected("bad_request", f"seat {seat} is not played by a bot standing in for you")
            if table.status != "playing" or table.state.is_over:
                raise Rejected("game_over", "the game is over")
            running = table.header.get("clock_state")
            if running is not None:
                running = clocks.reclaimed(table.header["clock"], running, seat, clocks.wall(),
                                           seat in table.state.to_move)
            await self._change_seat(table, seat, {"kind": "human", "bot_level": None, "absent": None}, running)
        return table

    async def concede(self, guest: Guest, table_id: Any, seat: Any) -> LiveTable:
        """The game ends for this player: a bot plays the seat to the end (the others play on)
        and the seat ranks last, whatever its score; it cannot be reclaimed."""
        table = await self.open_table(guest, table_id)
        async with table.lock:
            await self.recover(table)
            await self.sync(table)
            holder = self._own_seat(table, guest, seat)
            if holder.get("absent") in ("conceded", "expelled"):
                raise Rejected("bad_request", f"seat {seat} has already left the game")
            if table.status != "playing" or table.state.is_over:
                raise Rejected("game_over" if table.state.is_over else "not_started",
                               "only a game being played can be conceded")
            clock = table.header.get("clock")
            level = clock["level"] if clock else seatbots.CONCEDE_LEVEL
            running = table.header.get("clock_state")
            if running is not None:
                running = clocks.restart_turn(running, seat, clocks.wall(), False)
            await self._change_seat(table, seat, {"kind": "bot", "bot_level": level, "absent": "conceded"}, running)
        return table

    # ---- abandoned seats -----------------------------------------------------------------------
    def start_housekeeping(self) -> None:
        if self.housekeeper is None and self.seat_timeout > 0 and not self.stopping:
            self.housekeeper = asyncio.create_task(self._keep_seats_loop(), name="ludoteca-seats")

    async def _keep_seats_loop(self) -> None:
        """A connected holder is marked seen a few times per timeout, so only a seat whose
        holder stayed away for the whole timeout frees up."""
        interval = min(60.0, max(0.5, self.seat_timeout / 3))
        while not self.stopping:
            await asyncio.sleep(interval)
            try:
                await self.keep_seats()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("could not check for abandoned seats: %s", exc)

    async def keep_seats(self) -> list[str]:
        """Mark the holders connected here as seen, free abandoned seats, and show it; returns
        the tables whose seats were freed."""
        present = sorted({(table.id, conn.guest.id) for table in list(self.tables.values())
                          if table.status == "waiting" for conn in table.conns
                          if not conn.closed and table.seats_of(conn.guest)})
        if present:
            await self.store.run(self.store.touch_seats, present)
        freed = await self.store.run(self.store.free_abandoned_seats, self.seat_timeout)
        for table_id in freed:
            log.info("table %s: a seat whose holder never came back is open again", table_id)
            table = self.tables.get(table_id)
            if table is not None:
                async with table.lock:
                    await self.sync(table)
                self.broadcast(table, [])
            await self.hub.publish({"table": table_id, "kind": "table"})
        return freed

    async def stop(self) -> None:
        self.stopping = True
        tasks = [t for table in self.tables.values()
                 for t in (*table.bot_tasks.values(), table.sync_task, table.clock_task) if t]
        if self.housekeeper is not None:
            tasks.append(self.housekeeper)
        if self.heartbeat is not None:
            tasks.append(self.heartbeat)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bot_pool.close()
