"""A never-decreasing revision per table (the compare-and-set token of every append and undo),
and when a seat was taken with ``sit`` and its holder last seen (abandoned seats free up).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("revision", sa.BigInteger, nullable=False, server_default="0"))
    # Start each table's revision at its version: any number works as long as it never goes down.
    op.execute("UPDATE game_tables SET revision = version")
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("sat_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("seen_at")
        batch.drop_column("sat_at")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("revision")
