"""Ratings per game with OpenSkill's Plackett-Luce model (the ``openskill`` library: made for
results of any number of players, no hand-written maths here).

Only ranked tables count.  A ranked table is created by an account, and every person at it is an
account playing one seat; bots may sit at it and are rated too, one rating per game and level
(player ``bot:<level>``), so a solo player's rating against bots means something.

A table is rated exactly once, by whichever process claims it first: ``UPDATE game_tables SET
rated_at = now WHERE id = ? AND ranked AND status = 'finished' AND rated_at IS NULL`` must
touch one row, in the same transaction as the new ratings and the history rows.  The ratings
rows of the players are read ``FOR UPDATE`` (PostgreSQL), so two tables ending at once with a
player in common do not lose one of the updates; SQLite has one writer at a time anyway.

The number shown is the ordinal ``mu - 3 sigma`` (a cautious estimate: it rises as the system
grows sure of a player), scaled by ``SCALE`` so it reads like a familiar rating.
"""

from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Engine, and_, select, update
from sqlalchemy.exc import IntegrityError

from .db import accounts, game_tables, rating_history, ratings, seats
from .store import now

MODEL = PlackettLuce()
#: The shown rating is ``SCALE * (mu - 3 sigma)``: 0 for a newcomer, about 1000-2000 for regulars.
SCALE = 40


def shown(mu: float, sigma: float) -> int:
    return round(SCALE * (mu - 3 * sigma))


def player_of(seat: dict[str, Any]) -> str | None:
    """Who a seat's result counts for: the account (also while a bot stands in for it, or after
    it conceded or was expelled), the bot level, or nobody (an open seat)."""
    if seat["kind"] == "human" or (seat.get("absent") and seat["user_id"]):
        return seat["user_id"]
    if seat["kind"] == "bot":
        return f"bot:{seat['bot_level']}"
    return None


def ranks_of(scores: list[float] | None, winners: list[int] | None, players: int,
             left: frozenset[int] = frozenset()) -> list[int]:
    """1 for the winners, then the others by score, best first; equal results share a rank.
    Seats in ``left`` (conceded or expelled) rank after everyone else, whatever the bot that
    played them out scored."""
    scores = list(scores or [0] * players)
    won = set(winners or [])
    keys = [(seat not in left, seat in won and seat not in left, scores[seat]) for seat in range(players)]
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def rate_table(engine: Engine, table_id: str) -> bool:
    """Rate a finished ranked table; False when it is not one or another process rated it."""
    for _ in range(3):  # a first rating row inserted by another process at the same moment
        try:
            return _rate_once(engine, table_id)
        except IntegrityError:
            continue
    return False


def _rate_once(engine: Engine, table_id: str) -> bool:
    stamp = now()
    with engine.begin() as conn:
        claimed = conn.execute(update(game_tables).where(and_(
            game_tables.c.id == table_id, game_tables.c.ranked.is_(True), game_tables.c.status == "finished",
            game_tables.c.rated_at.is_(None))).values(rated_at=stamp)).rowcount
        if claimed != 1:
            return False
        table = conn.execute(select(game_tables.c.game, game_tables.c.players, game_tables.c.scores,
                                    game_tables.c.winners).where(game_tables.c.id == table_id)).one()
        holders = conn.execute(select(seats.c.seat, seats.c.kind, seats.c.user_id, seats.c.bot_level, seats.c.absent)
                               .where(seats.c.table_id == table_id).order_by(seats.c.seat)).mappings().all()
        players = [player_of(dict(h)) for h in holders]
        left = frozenset(h["seat"] for h in holders if h["absent"] in ("conceded", "expelled"))
        ranks = ranks_of(table.scores, table.winners, table.players, left)
        counted = [(p, r) for p, r in zip(players, ranks, strict=True) if p is not None]
        if len({p for p, _ in counted}) < 2:
            return True  # nothing to compare: claimed, and no rating moves
        query = select(ratings).where(and_(ratings.c.game == table.game,
                                           ratings.c.player.in_([p for p, _ in counted])))
        if conn.dialect.name == "postgresql":
            query = query.with_for_update()
        current = {row.player: row for row in conn.execute(query)}
        teams = [[MODEL.rating(current[p].mu, current[p].sigma) if p in current else MODEL.rating()]
                 for p, _ in counted]
        rated = MODEL.rate(teams, ranks=[r for _, r in counted])
        for (player, rank), [after] in zip(counted, rated, strict=True):
            if player in current:
                conn.execute(update(ratings).where(and_(ratings.c.game == table.game, ratings.c.player == player))
                             .values(mu=after.mu, sigma=after.sigma, games=ratings.c.games + 1, updated_at=stamp))
            else:
                conn.execute(ratings.insert().values(game=table.game, player=player, mu=after.mu, sigma=after.sigma,
                                                     games=1, updated_at=stamp))
            conn.execute(rating_history.insert().values(table_id=table_id, player=player, game=table.game, rank=rank,
                                                        mu=after.mu, sigma=after.sigma, created_at=stamp))
    return True


def unrated_tables(engine: Engine) -> list[str]:
    """Ranked tables that ended but were never rated (a process stopped in between)."""
    with engine.connect() as conn:
        return [row.id for row in conn.execute(select(game_tables.c.id).where(and_(
            game_tables.c.ranked.is_(True), game_tables.c.status == "finished", game_tables.c.rated_at.is_(None))))]


def _who(row: Any) -> dict[str, Any]:
    if row.player.startswith("bot:"):
        return {"bot": row.player.removeprefix("bot:")}
    return {"account": row.username, "name": row.display_name}


def leaderboard(engine: Engine, game: str, limit: int = 50) -> list[dict[str, Any]]:
    """The game's rated players (accounts and bot levels), best shown rating first."""
    with engine.connect() as conn:
        rows = conn.execute(select(ratings.c.player, ratings.c.mu, ratings.c.sigma, ratings.c.games,
                                   accounts.c.username, accounts.c.display_name)
                            .join(accounts, accounts.c.user_id == ratings.c.player, isouter=True)
                            .where(ratings.c.game == game)).all()
    board = [{**_who(r), "rating": shown(r.mu, r.sigma), "mu": round(r.mu, 3), "sigma": round(r.sigma, 3),
              "games": r.games} for r in rows if r.username is not None or r.player.startswith("bot:")]
    board.sort(key=lambda entry: -entry["rating"])
    return board[:limit]


def player_page(engine: Engine, key: str, limit: int = 200) -> dict[str, Any] | None:
    """An account's ratings per game and its rated tables, oldest first (for the chart)."""
    with engine.connect() as conn:
        account = conn.execute(select(accounts.c.user_id, accounts.c.username, accounts.c.display_name)
                               .where(accounts.c.username_key == key)).first()
        if account is None:
            return None
        current = conn.execute(select(ratings).where(ratings.c.player == account.user_id)).all()
        history = conn.execute(select(rating_history).where(rating_history.c.player == account.user_id)
                               .order_by(rating_history.c.created_at.desc()).limit(limit)).all()
    return {"account": account.username, "name": account.display_name,
            "ratings": {r.game: {"rating": shown(r.mu, r.sigma), "games": r.games} for r in current},
            "history": [{"table": h.table_id, "game": h.game, "rank": h.rank, "rating": shown(h.mu, h.sigma),
                         "at": h.created_at.isoformat()} for h in reversed(history)]}
