"""Database reads and writes.  Plain synchronous SQLAlchemy Core, run in a worker thread so the
event loop never waits on the disk or the network (``await store.run(store.method, ...)``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import Engine, and_, bindparam, func, select, update
from sqlalchemy.exc import IntegrityError

from .db import actions, game_tables, seats

T = TypeVar("T")


#: One statement for every table's summary in a batch (executemany).
SUMMARY_UPDATE = update(game_tables).where(game_tables.c.id == bindparam("key")).values(
    version=bindparam("version"), to_move=bindparam("to_move"), status=bindparam("status"),
    scores=bindparam("scores"), winners=bindparam("winners"), updated_at=bindparam("updated_at"))


class Conflict(Exception):
    """Another process stored an action at this index first; reload and judge again."""


def now() -> datetime:
    return datetime.now(UTC)


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # SQLite has one writer at a time: one thread keeps writes in order without lock errors.
        workers = 1 if engine.dialect.name == "sqlite" else 8
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="ludoteca-db")
        self._pending: list[tuple[tuple, asyncio.Future]] = []
        self._flushing = False

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.executor, fn, *args)

    def close(self) -> None:
        self.executor.shutdown(wait=True)
        self.engine.dispose()

    # ---- tables ------------------------------------------------------------------------------
    def create_table(self, row: dict[str, Any], seat_rows: list[dict[str, Any]]) -> None:
        stamp = now()
        with self.engine.begin() as conn:
            conn.execute(game_tables.insert().values(**row, created_at=stamp, updated_at=stamp))
            conn.execute(seats.insert(), [{"table_id": row["id"], **s} for s in seat_rows])

    def load_table(self, table_id: str) -> dict[str, Any] | None:
        """The table row with its seats and full action list, or None."""
        with self.engine.connect() as conn:
            table = self._header(conn, table_id)
            if table is not None:
                table["actions"] = [[r.seat, r.action] for r in conn.execute(
                    select(actions.c.seat, actions.c.action).where(actions.c.table_id == table_id)
                    .order_by(actions.c.idx))]
        return table

    def load_header(self, table_id: str) -> dict[str, Any] | None:
        """The table row and seats without the actions (seat changes, 'next' links)."""
        with self.engine.connect() as conn:
            return self._header(conn, table_id)

    def _header(self, conn: Any, table_id: str) -> dict[str, Any] | None:
        row = conn.execute(select(game_tables).where(game_tables.c.id == table_id)).mappings().first()
        if row is None:
            return None
        table = dict(row)
        table["seats"] = self._seats(conn, table_id)
        return table

    def actions_since(self, table_id: str, start: int) -> list[list[Any]]:
        with self.engine.connect() as conn:
            return [[r.seat, r.action] for r in conn.execute(
                select(actions.c.seat, actions.c.action)
                .where(and_(actions.c.table_id == table_id, actions.c.idx >= start))
                .order_by(actions.c.idx))]

    @staticmethod
    def _seats(conn: Any, table_id: str) -> list[dict[str, Any]]:
        return [dict(r) for r in conn.execute(
            select(seats.c.seat, seats.c.kind, seats.c.user_id, seats.c.name, seats.c.bot_level)
            .where(seats.c.table_id == table_id).order_by(seats.c.seat)).mappings()]

    # ---- the one write that matters: an accepted action -------------------------------------
    async def append(self, table_id: str, idx: int, seat: int, action: dict[str, Any],
                     summary: dict[str, Any]) -> None:
        """Store an action; returns once it is COMMITTED (raises Conflict if the index is taken).

        Group commit: actions arriving while a write is in flight go together in the next
        transaction, so a busy server makes fewer, larger commits instead of a queue of small
        ones (each table has at most one action in flight: the table lock sees to that)."""
        future = asyncio.get_running_loop().create_future()
        self._pending.append(((table_id, idx, seat, action, summary), future))
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
        """Store several tables' actions in one transaction; if one index is already taken (another
        process was first), store them one by one so only that action fails."""
        stamp = now()
        try:
            with self.engine.begin() as conn:
                conn.execute(actions.insert(), [
                    {"table_id": t, "idx": idx, "seat": seat, "action": action, "created_at": stamp}
                    for t, idx, seat, action, _ in items])
                conn.execute(SUMMARY_UPDATE, [{"key": t, **summary, "updated_at": stamp}
                                              for t, _, _, _, summary in items])
            return [None] * len(items)
        except IntegrityError:
            if len(items) == 1:
                return [Conflict(f"action {items[0][1]} of table {items[0][0]} is already stored")]
        results: list[Exception | None] = []
        for item in items:
            try:
                self.append_action(*item)
                results.append(None)
            except Exception as exc:
                results.append(exc)
        return results

    @staticmethod
    def _insert_action(conn: Any, table_id: str, idx: int, seat: int, action: dict[str, Any],
                       summary: dict[str, Any]) -> None:
        stamp = now()
        conn.execute(actions.insert().values(table_id=table_id, idx=idx, seat=seat, action=action,
                                             created_at=stamp))
        conn.execute(update(game_tables).where(game_tables.c.id == table_id).values(**summary, updated_at=stamp))

    def append_action(self, table_id: str, idx: int, seat: int, action: dict[str, Any],
                      summary: dict[str, Any]) -> None:
        """Store action number ``idx`` and the table summary in one transaction (committed on
        return).  Raises Conflict when that index is already taken."""
        try:
            with self.engine.begin() as conn:
                self._insert_action(conn, table_id, idx, seat, action, summary)
        except IntegrityError as exc:
            raise Conflict(f"action {idx} of table {table_id} is already stored") from exc

    # ---- seats ---------------------------------------------------------------------------------
    def take_seat(self, table_id: str, seat: int, user_id: str, name: str) -> bool:
        """Give an open seat to a user; when the last open seat goes, the table starts."""
        with self.engine.begin() as conn:
            taken = conn.execute(
                update(seats).where(and_(seats.c.table_id == table_id, seats.c.seat == seat,
                                         seats.c.kind == "open"))
                .values(kind="human", user_id=user_id, name=name)).rowcount
            if not taken:
                return False
            still_open = conn.execute(select(func.count()).select_from(seats).where(
                and_(seats.c.table_id == table_id, seats.c.kind == "open"))).scalar_one()
            if still_open == 0:
                conn.execute(update(game_tables).where(and_(game_tables.c.id == table_id,
                                                            game_tables.c.status == "waiting"))
                             .values(status="playing", updated_at=now()))
        return True

    def rename(self, user_id: str, name: str) -> None:
        """A guest's new name shows at every seat they hold."""
        with self.engine.begin() as conn:
            conn.execute(update(seats).where(seats.c.user_id == user_id).values(name=name))

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
            rows = conn.execute(select(game_tables).where(game_tables.c.status == "waiting")
                                .order_by(game_tables.c.created_at.desc()).limit(limit)).mappings().all()
            result = []
            for row in rows:
                table = dict(row)
                table["seats"] = self._seats(conn, table["id"])
                result.append(table)
        return result

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
