"""The REST side as routers, one per subject: the lobby (pages, games, bots, open tables), tables
(create, look, sit, play again, my tables, history), replays, me (the display name) and account
(register, log in, log out), ratings (leaderboards, player pages), and the rules pages (one HTML page per game)."""

from __future__ import annotations

from . import account, lobby, me, ratings, replays, rules, tables

ROUTERS = (lobby.router, me.router, account.router, tables.router, replays.router, ratings.router, rules.router)
