"""Chat per table (chat.py): the lines said at a table, kept with it, and whether spectators'
lines are shown (a setting of the table's creator).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-14
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.text("true")))
    op.create_table(
        "chat_lines",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_lines_table_id", "chat_lines", ["table_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_chat_lines_table_id", "chat_lines")
    op.drop_table("chat_lines")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("spectator_chat")
