"""Clocks and absent players: a table's clock rules and running state (clocks.py), and why a
seat's owner is away while a bot plays it (ran out of time, conceded, expelled).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-12
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("clock", sa.JSON, nullable=True))
        batch.add_column(sa.Column("clock_state", sa.JSON, nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("absent", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("absent")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("clock_state")
        batch.drop_column("clock")
