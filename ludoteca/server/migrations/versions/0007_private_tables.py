"""Private (invite-only) tables (invites.py): the token of a table's invite link, null for a
public table.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-15
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("invite_token", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("invite_token")
