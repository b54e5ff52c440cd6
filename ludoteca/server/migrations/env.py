"""Alembic environment: the connection comes from ludoteca.server.db.migrate, never from a file."""

from alembic import context

from ludoteca.server.db import VERSION_TABLE, metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise SystemExit("run migrations through ludoteca.server.db.migrate(engine)")
context.configure(connection=connection, target_metadata=metadata, version_table=VERSION_TABLE,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
