"""Database reads and writes: every line of SQL the server runs.  Plain synchronous SQLAlchemy
Core, run in worker threads so the event loop never waits on the disk or the network
(``await store.run(store.method, ...)`` for writes, ``await store.read(...)`` for reads).

The record of a table changes only through :meth:`Store.append_many` / :meth:`append_action`
(one more action) and :meth:`undo_actions` (the last few taken back).  Each is a
compare-and-set on the table's ``revision`` in one transaction: the ``UPDATE`` of the table row
must match exactly one row (``WHERE revision = <what the caller last saw>``) or nothing is
written and the caller gets :class:`Conflict`.  The table row is locked first, so two processes
changing one table at once are serialized by the database and the loser sees the new revision.
That is what keeps the record gap-free: an undo in one process can no longer delete action
``n - 1`` while another process inserts action ``n``.

Every wait is bounded (``db.make_engine``'s timeout); a database that does not answer in time
becomes :class:`~ludoteca.server.refusals.StorageUnavailable` (``storage``, HTTP 503).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy import Engine, and_, bindparam, delete, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from . import clocks
from .db import actions, chat_lines, game_tables, seats
from .refusals import StorageUnavailable

T = TypeVar("T")
log = logging.getLogger("ludoteca.server")
#: How often a read retries when the table changed while it was being read.
READ_TRIES = 5
#: Tables per statement when a rename touches many tables.
CHUNK = 500


def _advance_statement(checked: bool) -> Any:
    """The compare-and-set of an append, built once (statement construction costs more than
    the statement): move the table row from (version ``at``, revision ``rev``) on by one."""
    where = and_(game_tables.c.id == bindparam("key"), game_tables.c.version == bindparam("at"))
    if checked:
        where = and_(where, game_tables.c.revision == bindparam("rev"))
    return update(game_tables).where(where).values(
        version=bindparam("version"), to_move=bindparam("to_move"), status=bindparam("status"),
        scores=bindparam("scores"), winners=bindparam("winners"), updated_at=bindparam("updated_at"),
        clock_state=bindparam("clock_state"), revision=game_tables.c.revision + 1)


ADVANCE = _advance_statement(checked=True)
#: Without the revision: only for callers outside the live tables (tests, tools).
ADVANCE_UNCHECKED = _advance_statement(checked=False)
ACTION_INSERT = actions.insert()


class Conflict(Exception):
    """The table's record is not what the caller last saw (another process appended or undid
    first); nothing was written.  Reload and judge again."""


def now() -> datetime:
    return datetime.now(UTC)


def unique_name(wanted: str, taken: Iterable[str | None]) -> str:
    """``wanted``, or ``wanted (2)``, ``wanted (3)``... whichever is first not among ``taken``
    (compared without regard to case): two people at one table never show the same name."""
    used = {name.casefold() for name in taken if name}
    if wanted.casefold() not in used:
        return wanted
    number = 2
    while f"{wanted} ({number})".casefold() in used:
        number += 1
    return f"{wanted} ({number})"


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        sqlite = engine.dialect.name == "sqlite"
        # SQLite has one writer at a time: one thread keeps writes in order without lock errors.
        self.executor = ThreadPoolExecutor(max_workers=1 if sqlite else 8, thread_name_prefix="ludoteca-db")
        # ... and in WAL mode it reads while another connection writes, so reads get their own
        # threads and never queue behind a write that is waiting for a lock.
        self.readers = ThreadPoolExecutor(max_workers=4, thread_name_prefix="ludoteca-db-read") if sqlite \
            else self.executor
        self._pending: list[tuple[tuple, asyncio.Future]] = []
        self._flushing = False

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a write (or anything) in the writer thread(s)."""
        return await self._call(self.executor, fn, args)

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a read; on SQLite it does not wait for the writer thread."""
        return await self._call(self.readers, fn, args)

    @staticmethod
    async def _call(pool: Executor, fn: Callable[..., T], args: tuple) -> T:
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)
        except IntegrityError:
            raise  # a broken rule, not an unavailable database: the caller decides
        except SQLAlchemyError as exc:
            log.warning("the database did not answer %s: %s", getattr(fn, "__name__", fn),
                        str(exc).splitlines()[0][:300])
            raise StorageUnavailable() from exc

    def close(self) -> None:
        self.executor.shutdown(wait=True)
        self.readers.shutdown(wait=True)
        self.engine.dispose()

    # ---- tables ------------------------------------------------------------------------------
    def create_table(self, row: dict[str, Any], seat_rows: list[dict[str, Any]]) -> None:
        stamp = now()
        with self.engine.begin() as conn:
            conn.execute(game_tables.insert().values(**row, revision=0, created_at=stamp, updated_at=stamp))
            conn.execute(seats.insert(), [{"table_id": row["id"], **s} for s in seat_rows])

    def load_table(self, table_id: str) -> dict[str, Any] | None:
        """The table row with its seats and full action list, or None.

        The read is consistent without a snapshot transaction: the revision is read again after
        the actions, and since every change raises it, an unchanged revision means no change was
        committed in between.  ``problem`` names what is wrong with a damaged record (a missing
        index, a count that differs from the version), or is None."""
        with self.engine.connect() as conn:
            for _ in range(READ_TRIES):
                table = self._header(conn, table_id)
                if table is None:
                    return None
                rows = conn.execute(select(actions.c.idx, actions.c.seat, actions.c.action)
                                    .where(actions.c.table_id == table_id).order_by(actions.c.idx)).all()
                if self._revision(conn, table_id) == table["revision"]:
                    break
        table["actions"] = [[r.seat, r.action] for r in rows]
        table["problem"] = record_problem([r.idx for r in rows], 0, table["version"])
        return table

    def load_header(self, table_id: str) -> dict[str, Any] | None:
        """The table row and seats without the actions (seat changes, 'next' links)."""
        with self.engine.connect() as conn:
            return self._header(conn, table_id)

    def changes_since(self, table_id: str, version: int, revision: int) -> tuple[dict[str, Any], list | None] | None:
        """What another process changed since a live table's ``(version, revision)``: the header
        and the appended actions, or the header and None when the record changed otherwise (an
        undo, or an undo and a move) and the table must be reloaded whole.  None if no table.

        Every change raises the revision by exactly one and only an append raises the version,
        so ``k`` new actions that are exactly ``k`` revisions and ``k`` versions on are appends
        and nothing else."""
        with self.engine.connect() as conn:
            for _ in range(READ_TRIES):
                header = self._header(conn, table_id)
                if header is None:
                    return None
                if header["revision"] == revision:
                    return header, []
                rows = conn.execute(select(actions.c.idx, actions.c.seat, actions.c.action)
                                    .where(and_(actions.c.table_id == table_id, actions.c.idx >= version))
                                    .order_by(actions.c.idx)).all()
                if self._revision(conn, table_id) == header["revision"]:
                    break
            else:
                return header, None
        count = len(rows)
        appended = (header["revision"] - revision == count and header["version"] - version == count
                    and [r.idx for r in rows] == list(range(version, version + count)))
        return header, [[r.seat, r.action] for r in rows] if appended else None

    def _header(self, conn: Any, table_id: str) -> dict[str, Any] | None:
        row = conn.execute(select(game_tables).where(game_tables.c.id == table_id)).mappings().first()
        if row is None:
            return None
        table = dict(row)
        table["seats"] = self._seats(conn, table_id)
        return table

    @staticmethod
    def _revision(conn: Any, table_id: str) -> int | None:
        return conn.execute(select(game_tables.c.revision).where(game_tables.c.id == table_id)).scalar()

    @staticmethod
    def _seats(conn: Any, table_id: str) -> list[dict[str, Any]]:
        return [dict(r) for r in conn.execute(
            select(seats.c.seat, seats.c.kind, seats.c.user_id, seats.c.name, seats.c.bot_level, seats.c.absent)
            .where(seats.c.table_id == table_id).order_by(seats.c.seat)).mappings()]

    # ---- the one write that matters: an accepted action -------------------------------------
    async def append(self, table_id: str, idx: int, seat: int, action: dict[str, Any],
                     summary: dict[str, Any], revision: int | None) -> None:
        """Store action ``idx`` if the table is still at ``revision``; returns once it is
        COMMITTED (raises Conflict if another change came first).

        Group commit: actions arriving while a write is in flight go together in the next
        transaction, so a busy server makes fewer, larger commits instead of a queue of small
        ones (each table has at most one action in flight: the table lock sees to that)."""
        future = asyncio.get_running_loop().create_future()
        self._pending.append(((table_id, idx, seat, action, summary, revision), future))
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().create_task(self._flush())
        await future

    async def _flush(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    results = await self.run(self.append_many, [item for item, _ in batch])
                except Exception as exc:  # the database is unreachable: every waiter learns it
                    results = [exc] * len(batch)
                for (_, future), result in zip(batch, results, strict=True):
                    if future.done():
                        continue
                    if result is None:
                        future.set_result(None)
                    else:
                        future.set_exception(result)
        finally:
            self._flushing = False

    def append_many(self, items: list[tuple]) -> list[Exception | None]:
        """Store several tables' actions in one transaction, each a compare-and-set on its
        table's revision: an item whose table moved on gets Conflict, the others are stored.

        Rows are locked in table-id order, the same in every process, so two processes'
        batches never deadlock on each other.  The usual case (every item current) is one
        executemany of the compare-and-set and one of the inserts; if the total row count says
        some item lost, the transaction is rolled back and the items are judged one by one."""
        stamp = now()
        order = sorted(range(len(items)), key=lambda i: items[i][0])
        try:
            with self.engine.begin() as conn:
                if conn.dialect.supports_sane_multi_rowcount and all(items[i][5] is not None for i in order):
                    moved = conn.execute(ADVANCE, [self._advance_params(items[i], stamp) for i in order]).rowcount
                    if moved == len(items):
                        conn.execute(ACTION_INSERT, [self._action_row(items[i], stamp) for i in order])
                        return [None] * len(items)
                    raise _SomeLost
                return self._append_each(conn, items, order, stamp)
        except _SomeLost:
            pass
        except IntegrityError:  # an index taken by a writer that skipped the revision check
            if len(items) == 1:
                return [Conflict(f"action {items[0][1]} of table {items[0][0]} is already stored")]
            return [self._append_one(item) for item in items]
        with self.engine.begin() as conn:
            return self._append_each(conn, items, order, stamp)

    def _append_each(self, conn: Any, items: list[tuple], order: list[int], stamp: datetime) -> list[Exception | None]:
        results: list[Exception | None] = [None] * len(items)
        won = []
        for i in order:
            if self._advance(conn, items[i], stamp):
                won.append(i)
            else:
                results[i] = Conflict(f"table {items[i][0]} changed before action {items[i][1]} was stored")
        if won:
            conn.execute(ACTION_INSERT, [self._action_row(items[i], stamp) for i in won])
        return results

    def _append_one(self, item: tuple) -> Exception | None:
        try:
            self.append_action(*item)
            return None
        except Exception as exc:
            return exc

    @staticmethod
    def _advance_params(item: tuple, stamp: datetime) -> dict[str, Any]:
        table_id, idx, _, _, summary, revision = item
        return {"key": table_id, "at": idx, "rev": revision, "clock_state": None, **summary, "updated_at": stamp}

    @staticmethod
    def _action_row(item: tuple, stamp: datetime) -> dict[str, Any]:
        return {"table_id": item[0], "idx": item[1], "seat": item[2], "action": item[3], "created_at": stamp}

    def _advance(self, conn: Any, item: tuple, stamp: datetime) -> bool:
        """The compare-and-set for one item; False when the table row is no longer at the
        version (and revision) the caller saw -- nothing is changed then."""
        statement = ADVANCE if item[5] is not None else ADVANCE_UNCHECKED
        return conn.execute(statement, self._advance_params(item, stamp)).rowcount == 1

    def append_action(self, table_id: str, idx: int, seat: int, action: dict[str, Any],
                      summary: dict[str, Any], revision: int | None = None) -> None:
        """Store action number ``idx`` and the table summary in one transaction (committed on
        return).  Raises Conflict unless the table is at version ``idx`` (and at ``revision``,
        when given: the live tables always give it)."""
        stamp = now()
        item = (table_id, idx, seat, action, summary, revision)
        try:
            with self.engine.begin() as conn:
                if not self._advance(conn, item, stamp):
                    raise Conflict(f"table {table_id} changed before action {idx} was stored")
                conn.execute(ACTION_INSERT, self._action_row(item, stamp))
        except IntegrityError as exc:
            raise Conflict(f"action {idx} of table {table_id} is already stored") from exc

    def undo_actions(self, table_id: str, version: int, revision: int, steps: int, seat: int,
                     summary: dict[str, Any]) -> None:
        """Delete actions ``version - steps .. version - 1`` of a table (all by ``seat``) and write
        the new summary, in one transaction, if the table is still at (``version``,
        ``revision``).  Raises Conflict otherwise: nothing is deleted then."""
        self.remove_actions(table_id, version, revision, list(range(version - steps, version)), seat, summary)

    def remove_actions(self, table_id: str, version: int, revision: int, indices: list[int], seat: int,
                       summary: dict[str, Any]) -> None:
        """Delete the actions at ``indices`` of a table (all by ``seat``; later actions of other
        seats move down to close the gap) and write the new summary, in one transaction, if the
        table is still at (``version``, ``revision``).  Raises Conflict otherwise: nothing changes.

        Undo in a simultaneous phase takes back a seat's actions with other seats' actions after
        them; :meth:`undo_actions` is the case of the record's last actions."""
        start = indices[0] if indices else version
        gone = set(indices)
        with self.engine.begin() as conn:
            moved = conn.execute(update(game_tables).where(and_(
                game_tables.c.id == table_id, game_tables.c.version == version,
                game_tables.c.revision == revision)).values(
                **summary, revision=game_tables.c.revision + 1, updated_at=now())).rowcount
            if moved != 1:
                raise Conflict(f"table {table_id} changed; nothing was undone")
            rows = conn.execute(select(actions.c.idx, actions.c.seat, actions.c.action, actions.c.created_at).where(
                and_(actions.c.table_id == table_id, actions.c.idx >= start)).order_by(actions.c.idx)).all()
            if ([r.idx for r in rows] != list(range(start, version))
                    or any(r.seat != seat for r in rows if r.idx in gone)):
                raise Conflict(f"table {table_id}: the stored record is not what was undone; nothing was undone")
            conn.execute(delete(actions).where(and_(actions.c.table_id == table_id, actions.c.idx >= start)))
            kept = [r for r in rows if r.idx not in gone]
            if kept:
                conn.execute(actions.insert(), [
                    {"table_id": table_id, "idx": start + k, "seat": r.seat, "action": r.action,
                     "created_at": r.created_at} for k, r in enumerate(kept)])

    # ---- seats ---------------------------------------------------------------------------------
    def take_seat(self, table_id: str, seat: int, user_id: str, name: str) -> str | None:
        """Give an open seat to a user and return the name shown there (made unique at the
        table: a second "Ana" shows as "Ana (2)"), or None if the seat is not open.  When the
        last open seat goes, the table starts.

        The table row is locked first, so taking, freeing and the start are serialized per
        table: two people never take the last two seats without the table starting, nor two
        "Ana"s both keep the plain name."""
        stamp = now()
        with self.engine.connect() as conn, conn.begin() as transaction:
            conn.execute(update(game_tables).where(game_tables.c.id == table_id).values(updated_at=stamp))
            holders = self._seats(conn, table_id)
            target = next((h for h in holders if h["seat"] == seat), None)
            if target is None or target["kind"] != "open":
                transaction.rollback()
                return None
            people = [h for h in holders if h["kind"] == "human"]
            own = next((h["name"] for h in people if h["user_id"] == user_id), None)
            shown = own or unique_name(name, [h["name"] for h in people])
            conn.execute(update(seats).where(and_(seats.c.table_id == table_id, seats.c.seat == seat))
                         .values(kind="human", user_id=user_id, name=shown, sat_at=stamp, seen_at=stamp))
            if all(h["kind"] != "open" for h in holders if h["seat"] != seat):
                head = conn.execute(select(game_tables.c.clock, game_tables.c.players, game_tables.c.to_move)
                                    .where(game_tables.c.id == table_id)).first()
                conn.execute(update(game_tables).where(and_(game_tables.c.id == table_id,
                                                            game_tables.c.status == "waiting"))
                             .values(status="playing",
                                     clock_state=clocks.start(head.clock, head.players, head.to_move, clocks.wall())))
        return shown

    def change_seat(self, table_id: str, revision: int, seat: int, values: dict[str, Any],
                    clock_state: dict[str, Any] | None) -> None:
        """Change who plays a seat of a started table (a bot stands in, the owner reclaims it,
        a concession) and its clock, as a compare-and-set on the revision like an action: raises
        Conflict, changing nothing, unless the table is still at ``revision`` and playing.  An
        expiring clock seen by several processes therefore changes the seat exactly once."""
        with self.engine.begin() as conn:
            moved = conn.execute(update(game_tables).where(and_(
                game_tables.c.id == table_id, game_tables.c.revision == revision,
                game_tables.c.status == "playing")).values(
                clock_state=clock_state, revision=game_tables.c.revision + 1, updated_at=now())).rowcount
            if moved != 1:
                raise Conflict(f"table {table_id} changed; the seat was not changed")
            conn.execute(update(seats).where(and_(seats.c.table_id == table_id, seats.c.seat == seat)).values(**values))

    def rename(self, user_id: str, name: str) -> dict[str, str]:
        """A guest's new name shows at every seat they hold, made unique at each table; returns
        the name shown at each of their tables."""
        with self.engine.begin() as conn:
            mine = select(seats.c.table_id).where(seats.c.user_id == user_id).distinct()
            table_ids = [row.table_id for row in conn.execute(mine)]
            others: dict[str, list[str]] = {}
            for row in conn.execute(select(seats.c.table_id, seats.c.name).where(and_(
                    seats.c.table_id.in_(mine), seats.c.kind == "human", seats.c.user_id != user_id))):
                others.setdefault(row.table_id, []).append(row.name)
            shown = {table_id: unique_name(name, others.get(table_id, [])) for table_id in table_ids}
            by_name: dict[str, list[str]] = {}
            for table_id, chosen in shown.items():
                by_name.setdefault(chosen, []).append(table_id)
            for chosen, ids in by_name.items():
                for start in range(0, len(ids), CHUNK):
                    conn.execute(update(seats).where(and_(seats.c.user_id == user_id,
                                                          seats.c.table_id.in_(ids[start:start + CHUNK])))
                                 .values(name=chosen))
        return shown

    def move_seats(self, old_id: str, new_id: str) -> list[str]:
        """Hand every seat (and every table created) of ``old_id`` to ``new_id``: a guest who
        registers or logs in.  Returns the tables whose seats changed."""
        with self.engine.begin() as conn:
            table_ids = [row.table_id for row in conn.execute(
                select(seats.c.table_id).where(seats.c.user_id == old_id).distinct())]
            conn.execute(update(seats).where(seats.c.user_id == old_id).values(user_id=new_id))
            conn.execute(update(game_tables).where(game_tables.c.created_by == old_id).values(created_by=new_id))
        return table_ids

    def touch_seats(self, holders: list[tuple[str, str]]) -> None:
        """Mark ``(table_id, user_id)`` holders as seen now: their seats taken with ``sit`` are
        not abandoned."""
        if not holders:
            return
        with self.engine.begin() as conn:
            conn.execute(update(seats).where(and_(seats.c.table_id == bindparam("t"), seats.c.user_id == bindparam("u"),
                                                  seats.c.sat_at.is_not(None))).values(seen_at=bindparam("stamp")),
                         [{"t": t, "u": u, "stamp": now()} for t, u in holders])

    def free_abandoned_seats(self, timeout: float) -> list[str]:
        """Seats taken with ``sit`` at tables still waiting for players, whose holders have not
        been seen for ``timeout`` seconds, go back to open.  Returns the tables that changed."""
        cutoff = now() - timedelta(seconds=timeout)
        abandoned = and_(seats.c.kind == "human", seats.c.sat_at.is_not(None), seats.c.seen_at < cutoff)
        with self.engine.connect() as conn:
            candidates = [row.table_id for row in conn.execute(
                select(seats.c.table_id).join(game_tables, game_tables.c.id == seats.c.table_id)
                .where(and_(game_tables.c.status == "waiting", abandoned)).distinct())]
        freed = []
        for table_id in candidates:
            with self.engine.begin() as conn:
                still_waiting = conn.execute(update(game_tables).where(and_(
                    game_tables.c.id == table_id, game_tables.c.status == "waiting")).values(updated_at=now())).rowcount
                if not still_waiting:
                    continue
                opened = conn.execute(update(seats).where(and_(seats.c.table_id == table_id, abandoned)).values(
                    kind="open", user_id=None, name=None, sat_at=None, seen_at=None)).rowcount
                if opened:
                    freed.append(table_id)
        return freed

    def set_next(self, table_id: str, next_id: str) -> str:
        """Link a finished table to its rematch; the first link wins and is returned."""
        with self.engine.begin() as conn:
            conn.execute(update(game_tables).where(and_(game_tables.c.id == table_id,
                                                        game_tables.c.next_table.is_(None)))
                         .values(next_table=next_id))
            return conn.execute(select(game_tables.c.next_table)
                                .where(game_tables.c.id == table_id)).scalar_one()

    # ---- lists ---------------------------------------------------------------------------------
    def tables_of(self, user_id: str, finished: bool, limit: int = 50) -> list[dict[str, Any]]:
        status = game_tables.c.status == "finished" if finished else game_tables.c.status != "finished"
        with self.engine.connect() as conn:
            ids = select(seats.c.table_id).where(seats.c.user_id == user_id).distinct()
            rows = conn.execute(select(game_tables).where(and_(game_tables.c.id.in_(ids), status))
                                .order_by(game_tables.c.updated_at.desc()).limit(limit)).mappings().all()
            result = []
            for row in rows:
                table = dict(row)
                table["seats"] = self._seats(conn, table["id"])
                result.append(table)
        return result

    def open_tables(self, limit: int = 50) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(game_tables).where(and_(game_tables.c.status == "waiting",
                                                               game_tables.c.invite_token.is_(None)))
                                .order_by(game_tables.c.created_at.desc()).limit(limit)).mappings().all()
            result = []
            for row in rows:
                table = dict(row)
                table["seats"] = self._seats(conn, table["id"])
                result.append(table)
        return result

    def timed_tables(self) -> list[str]:
        """Playing tables with a clock: after a restart their clocks must be watched again."""
        with self.engine.connect() as conn:
            return [row.id for row in conn.execute(select(game_tables.c.id).where(and_(
                game_tables.c.status == "playing", game_tables.c.clock.is_not(None))))]

    def tables_with_bots_to_move(self) -> list[str]:
        """Playing tables where a bot is to move: after a restart their bots must be woken.
        (Tables waiting for a person stay asleep until someone opens them.)"""
        with self.engine.connect() as conn:
            bot_seats: dict[str, set[int]] = {}
            for table_id, seat in conn.execute(
                    select(seats.c.table_id, seats.c.seat).join(game_tables, game_tables.c.id == seats.c.table_id)
                    .where(and_(seats.c.kind == "bot", game_tables.c.status == "playing"))):
                bot_seats.setdefault(table_id, set()).add(seat)
            if not bot_seats:
                return []
            rows = conn.execute(select(game_tables.c.id, game_tables.c.to_move)
                                .where(game_tables.c.id.in_(list(bot_seats))))
            return [table_id for table_id, to_move in rows if bot_seats[table_id] & set(to_move or [])]

    # ---- chat (chat.py): kept with the table, never part of its record -------------------------
    def add_chat_line(self, table_id: str, user_id: str, name: str, seat: int | None, text: str) -> dict[str, Any]:
        """Store one line and return it as clients see it (with its id and time)."""
        stamp = now()
        with self.engine.begin() as conn:
            line_id = conn.execute(chat_lines.insert().values(
                table_id=table_id, user_id=user_id, name=name, seat=seat, text=text,
                created_at=stamp)).inserted_primary_key[0]
        return {"id": int(line_id), "seat": seat, "name": name, "text": text, "at": stamp.isoformat()}

    def chat_history(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        """The last ``limit`` lines of a table, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(chat_lines).where(chat_lines.c.table_id == table_id)
                                .order_by(chat_lines.c.id.desc()).limit(limit)).all()
        return [{"id": int(r.id), "seat": r.seat, "name": r.name, "text": r.text,
                 "at": _aware(r.created_at).isoformat()} for r in reversed(rows)]

    def set_spectator_chat(self, table_id: str, shown: bool) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(game_tables).where(game_tables.c.id == table_id).values(spectator_chat=shown))


    def set_invite_token(self, table_id: str, token: str) -> None:
        """A private table's new invite token (the old link stops working; seats stay)."""
        with self.engine.begin() as conn:
            conn.execute(update(game_tables).where(game_tables.c.id == table_id).values(invite_token=token))


class _SomeLost(Exception):
    """Inside append_many: the batch's compare-and-set missed a row; roll back, go one by one."""


def _aware(stamp: datetime) -> datetime:
    """SQLite hands back naive datetimes; every stamp the server writes is UTC."""
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)


def record_problem(indices: list[int], start: int, version: int) -> str | None:
    """What is wrong with a stored record whose action indices are ``indices`` (from ``start``)
    for a table row that says ``version``: a missing index, or a count that differs."""
    for expected, idx in enumerate(indices, start):
        if idx != expected:
            return f"action {expected} is missing from the stored record (the next stored one is {idx})"
    if start + len(indices) != version:
        return f"the table says {version} actions were played but {start + len(indices)} are stored"
    return None
