"""Alembic migrations, configured in code (no alembic.ini) so they ship inside the wheel."""
