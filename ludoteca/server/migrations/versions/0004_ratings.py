"""Ranked tables and ratings: ``game_tables.ranked`` / ``rated_at``, the current rating of
each account and bot level per game, and the rating after every rated table.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-10
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("ranked", sa.Boolean, nullable=False, server_default=sa.text("false")))
        batch.add_column(sa.Column("rated_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("player", sa.String(48), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("player", sa.String(48), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_history_created_at", "rating_history", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_rating_history_created_at", "rating_history")
    op.drop_table("rating_history")
    op.drop_table("ratings")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("rated_at")
        batch.drop_column("ranked")
