"""The tables of the database, the engine and the migrations run at start-up.

Three tables hold the games: ``game_tables`` (one row per table: game, seed, options and a
summary kept in step with the actions), ``seats`` (who holds each seat) and ``actions`` (the
ordered record).

Every change to a table's record (an appended action, an undo) is a compare-and-set on
``game_tables.revision`` in the same transaction as the change: ``UPDATE ... WHERE revision = r``
must touch exactly one row, or the change is refused and rolled back.  The revision never
decreases, so an undo followed by a move (which brings ``version`` back to the same number)
can never be mistaken for "nothing happened".  The primary key (table_id, idx) of ``actions``
stays as a second guard: only one insert per index can win.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    text,
)

metadata = MetaData()

game_tables = Table(
    "game_tables", metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("game_version", Integer, nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),  # waiting, playing, finished
    Column("version", Integer, nullable=False, default=0),
    # +1 on every append and every undo, never decreasing: the compare-and-set token (0002)
    Column("revision", BigInteger, nullable=False, default=0, server_default="0"),
    Column("to_move", JSON, nullable=False),
    Column("scores", JSON, nullable=True),
    Column("winners", JSON, nullable=True),
    Column("next_table", String(16), nullable=True),
    Column("created_by", String(32), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # A ranked table (0004) changes its players' ratings once, when it ends: ``rated_at`` is
    # set by the compare-and-set that claims that one rating (ratings.py).
    Column("ranked", Boolean, nullable=False, default=False, server_default=text("false")),
    Column("rated_at", DateTime(timezone=True), nullable=True),
    # A timed table (0005): its clock rules and running state (clocks.py); null when untimed.
    Column("clock", JSON, nullable=True),
    Column("clock_state", JSON, nullable=True),
    # Whether spectators' chat lines are shown (0006): the creator's setting (chat.py).
    Column("spectator_chat", Boolean, nullable=False, default=True, server_default=text("true")),
    # A private table's invite token (0007, invites.py); null for a public table.
    Column("invite_token", String(64), nullable=True),
)

seats = Table(
    "seats", metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # open, human, bot
    Column("user_id", String(32), nullable=True, index=True),
    Column("name", String(64), nullable=True),
    Column("bot_level", String(32), nullable=True),
    # A seat taken with ``sit``: when, and when its holder was last seen at the table (0002).
    # Seats given at creation have no ``sat_at`` and are never freed.
    Column("sat_at", DateTime(timezone=True), nullable=True),
    Column("seen_at", DateTime(timezone=True), nullable=True),
    # Why a bot plays a person's seat (0005): "timeout" (the owner may reclaim it), "conceded"
    # or "expelled" (for good); ``user_id`` still names the owner.  Null otherwise.
    Column("absent", String(16), nullable=True),
)

actions = Table(
    "actions", metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# An account (0003): a user name and password for a seat-holder id.  ``user_id`` is the id the
# guest had when it registered, so its seats and finished tables are the account's without a
# single seat row changing.  ``username_key`` is the name folded (NFKC, case) for uniqueness.
accounts = Table(
    "accounts", metadata,
    Column("user_id", String(32), primary_key=True),
    Column("username", String(32), nullable=False),
    Column("username_key", String(64), nullable=False, unique=True),
    Column("password_hash", String(255), nullable=False),
    Column("display_name", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# Ratings per game (0004), OpenSkill's Plackett-Luce ``mu`` and ``sigma``, for an account
# (``player`` is its user id) or a bot level (``player`` is ``bot:<level>``).
ratings = Table(
    "ratings", metadata,
    Column("game", String(64), primary_key=True),
    Column("player", String(48), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

# One row per player per rated table: the rating after it, for the player page's chart.
rating_history = Table(
    "rating_history", metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), primary_key=True),
    Column("player", String(48), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("rank", Integer, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, index=True),
)

# What was said at a table (0006): ``seat`` is null for a spectator's line.  Kept with the
# table, never part of its record: the game state and the bots never see it.
chat_lines = Table(
    "chat_lines", metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True),
    Column("table_id", String(16), ForeignKey("game_tables.id"), nullable=False),
    Column("user_id", String(32), nullable=False),
    Column("name", String(64), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("text", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_chat_lines_table_id", "table_id", "id"),
)

VERSION_TABLE = "ludoteca_alembic_version"
MIGRATIONS = Path(__file__).parent / "migrations"
#: Seconds a statement may wait for a lock (or a pooled connection) before it fails.
DB_TIMEOUT = 5.0


def make_engine(url: str, timeout: float = DB_TIMEOUT) -> Engine:
    """An engine whose every wait is bounded by ``timeout`` seconds: a locked or stalled
    database makes a statement fail (and the caller answer ``storage``) instead of hanging
    every request behind it."""
    if url.startswith("sqlite"):
        # ``timeout``: SQLite's busy timeout, how long a write waits for another writer's lock
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": timeout})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection, _record):  # noqa: ANN001
            # WAL + NORMAL: a commit survives the process being killed (SIGKILL), not a power cut.
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    connect_args: dict[str, object] = {}
    if url.startswith("postgresql"):
        connect_args = {"connect_timeout": max(1, round(timeout)),
                        "options": f"-c lock_timeout={round(timeout * 1000)}"}
    return create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True, pool_timeout=timeout,
                         connect_args=connect_args)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision; several processes may start at once."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Migrations may wait for another process's migration (and take long on big tables):
            # the statement lock timeout is for requests, not for this.
            connection.execute(text("SET LOCAL lock_timeout = 0"))
            connection.execute(text("SELECT pg_advisory_xact_lock(7218304)"))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
