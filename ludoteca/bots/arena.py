"""Bots against bots: seat rotation, parallel games, win rates with confidence intervals.

Seating: the bot list is the *line-up*; when the game has more seats than bots, the last bot
fills the rest (``hard,normal`` at four players is one hard bot against three normal ones).
Game ``i`` rotates the line-up by ``i`` seats, so over a multiple of ``players`` games every
entry sits in every seat equally often.

Wins: a win shared by ``k`` seats counts ``1/k`` to each.  A bot's win rate is its (fractional)
wins over the seats it occupied; its 95% interval is Wilson's score interval.  In a game of
``n`` players the fair share is ``1/n``: bot A *beats* the table when the lower end of its
interval is above ``1/n`` (for two players, above one half).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine import game as get_game

from . import make_spec

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (fractional successes allowed)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def line_up(bots: list[str], players: int) -> list[str]:
    """The bot of each seat before rotation: the list, the last one filling the remaining seats."""
    if not bots:
        raise ValueError("--bots needs at least one bot")
    if len(bots) > players:
        raise ValueError(f"{len(bots)} bots ({', '.join(bots)}) do not fit {players} seats; "
                         f"pass --players {len(bots)} or fewer bots")
    return bots + [bots[-1]] * (players - len(bots))


def seating(bots: list[str], players: int, index: int) -> list[int]:
    """For game ``index``: which line-up entry sits in each seat (a rotation)."""
    return [(seat - index) % players for seat in range(players)]


#: A game still running after this many actions is stopped and reported as unfinished (e.g.
#: bots that all decline the only action that would end a round).
MAX_ACTIONS = 5000


def play_game(game_id: str, players: int, bots: list[str], index: int, seed: int,
              options: dict[str, Any] | None = None, max_actions: int = MAX_ACTIONS) -> dict[str, Any]:
    """Play one arena game and return its result line (JSON-able).

    An unfinished game (over ``max_actions``) has ``"unfinished": true`` and no winner."""
    game = get_game(game_id)
    lineup = line_up(bots, players)
    entries = seating(bots, players, index)
    game_seed = seed + index
    state = game.new(players, seed=game_seed, options=options)
    seat_bots = [make_spec(lineup[entries[s]], seed=_bot_seed(seed, index, s)) for s in range(players)]
    think = [0.0] * players
    decisions = [0] * players
    start = time.perf_counter()
    cpu_start = time.process_time()
    actions = 0
    while not state.is_over:
        seat = state.to_move[0]
        t0 = time.process_time()
        action = seat_bots[seat].choose(state, seat)
        think[seat] += time.process_time() - t0
        decisions[seat] += 1
        state.apply(seat, action)
        actions += 1
        if actions >= max_actions:
            break
    winners = state.winners
    return {
        "game": game_id, "index": index, "seed": game_seed, "players": players,
        "options": options or {},
        "seats": [lineup[entries[s]] for s in range(players)],
        "entries": entries,
        "scores": list(state.scores), "winners": list(winners),
        "shares": [1.0 / len(winners) if s in winners else 0.0 for s in range(players)],
        "actions": actions, "seconds": round(time.perf_counter() - start, 3),
        "think": [round(t, 3) for t in think], "decisions": decisions,
        "cpu": round(time.process_time() - cpu_start, 3),
        "unfinished": not state.is_over,
    }


def _bot_seed(seed: int, index: int, seat: int) -> int:
    return random.Random(f"{seed}/{index}/{seat}").getrandbits(48)


@dataclass
class BotStats:
    """Totals for one line-up entry (or one bot name) over the games played."""

    label: str
    seats: int = 0
    wins: float = 0.0
    score: float = 0.0
    actions: int = 0
    think: float = 0.0
    decisions: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.seats)

    @property
    def mean_score(self) -> float:
        return self.score / self.seats if self.seats else 0.0

    @property
    def mean_length(self) -> float:
        return self.actions / self.seats if self.seats else 0.0

    @property
    def seconds_per_decision(self) -> float:
        return self.think / self.decisions if self.decisions else 0.0


@dataclass
class Summary:
    players: int
    games: int = 0
    unfinished: int = 0
    by_bot: dict[str, BotStats] = field(default_factory=dict)

    def add(self, result: dict[str, Any]) -> None:
        self.games += 1
        self.unfinished += bool(result.get("unfinished"))
        for seat, label in enumerate(result["seats"]):
            stats = self.by_bot.setdefault(label, BotStats(label))
            stats.seats += 1
            stats.wins += result["shares"][seat]
            stats.score += result["scores"][seat]
            stats.actions += result["actions"]
            stats.think += result["think"][seat]
            stats.decisions += result["decisions"][seat]

    @property
    def fair_share(self) -> float:
        return 1.0 / self.players


def run(game_id: str, bots: list[str], players: int, games: int, jobs: int = 1, seed: int = 0,
        options: dict[str, Any] | None = None) -> Iterator[dict[str, Any]]:
    """Play ``games`` games (in ``jobs`` processes) and yield each result as it finishes."""
    game = get_game(game_id)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game.title} takes {game.min_players}-{game.max_players} players; got {players}")
    line_up(bots, players)
    for spec in set(bots):
        make_spec(spec)  # a bad bot name fails here, before any process starts
    game.new(players, seed=seed, options=options)  # and so do bad options
    if jobs <= 1:
        for index in range(games):
            yield play_game(game_id, players, bots, index, seed, options)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_game, game_id, players, bots, index, seed, options)
                   for index in range(games)]
        for future in as_completed(futures):
            yield future.result()


def run_to_summary(game_id: str, bots: list[str], players: int, games: int, jobs: int = 1,
                   seed: int = 0, options: dict[str, Any] | None = None,
                   on_result: Callable[[dict[str, Any]], None] | None = None) -> Summary:
    summary = Summary(players)
    for result in run(game_id, bots, players, games, jobs, seed, options):
        summary.add(result)
        if on_result is not None:
            on_result(result)
    return summary
