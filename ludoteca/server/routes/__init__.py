"""The REST side as routers, one per subject: the lobby (pages, games, bots, open tables), tables
(create, look, sit, play again, my tables, history), replays, and me (the guest's name)."""

from __future__ import annotations

from . import lobby, me, replays, tables

ROUTERS = (lobby.router, me.router, tables.router, replays.router)
