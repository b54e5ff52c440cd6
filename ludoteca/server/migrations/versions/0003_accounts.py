"""Accounts: a user name and an argon2 password hash for a seat-holder id (the guest's own id,
so a guest who registers keeps its seats and history).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-10
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("user_id", sa.String(32), primary_key=True),
        sa.Column("username", sa.String(32), nullable=False),
        sa.Column("username_key", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("display_name", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("accounts")
