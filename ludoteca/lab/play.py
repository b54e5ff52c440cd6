"""One game of an experiment -> its game row, seat rows, timing row and (optionally) series.

This is the pure task function every backend runs: its result depends only on the task (game,
arm options, block seed, rotation, bot specs and seeds), never on the process, the order of
play or the clock - except the three timing columns, which go to their own row so that the
game and seat tables stay byte-identical across runs and backends (LAB.md §8).
"""

from __future__ import annotations

import inspect
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from ludoteca.bots.random_bot import RandomBot
from ludoteca.engine import Game, State
from ludoteca.engine import game as get_game

from . import tension
from .gamedata import ContentIndex, shipped_content
from .lineup import RestrictedBot, entry_of_seat, make_bot

#: A game still running after this many actions is stopped and counted as unfinished.
MAX_ACTIONS = 5000
#: Bots that answer in microseconds: their games clock one action in SAMPLE_EVERY (bot and
#: engine), and scale up, since two clock pairs an action cost more than such a bot itself.
#: Not GreedyBot: its decisions cost from nothing (a forced move) to milliseconds, so a sample
#: at fixed positions misjudged its think time by more than the lab's whole share.
FAST_BOTS = (RandomBot,)
SAMPLE_EVERY = 16


@dataclass(frozen=True)
class GameTask:
    """Everything one game needs; plain data, so it pickles to any worker."""

    game: str
    players: int
    arm: str
    options: Mapping[str, Any]
    block: int
    rotation: int
    seed: int
    lineup: tuple[str, ...]
    bot_seeds: tuple[int, ...]
    max_actions: int = MAX_ACTIONS
    series: bool = False
    record: bool = False
    legal_keys: bool = False  # collect the content keys of every legal option (for "never legal")
    usage: bool = True  # count the content keys of every action taken (the "usage" metrics group)

    @property
    def key(self) -> tuple[str, int, int, int]:
        return (self.arm, self.players, self.block, self.rotation)


@dataclass
class GameResult:
    """The rows of one game, as plain JSON-able dicts."""

    game: dict[str, Any]
    seats: list[dict[str, Any]]
    timing: dict[str, Any]
    series: list[dict[str, Any]] = field(default_factory=list)
    record: dict[str, Any] | None = None


def _overrides(game: Game, name: str) -> bool:
    return getattr(type(game), name) is not getattr(Game, name)


class _Probe:
    """The optional hooks of one game, looked up once (a default hook is never called)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.progress = _overrides(game, "progress")
        self.checkpoint = _overrides(game, "checkpoint")
        self.seat_order = _overrides(game, "seat_order")
        self.telemetry = _overrides(game, "telemetry")
        self.content_keys = _overrides(game, "content_keys")
        self.index = ContentIndex(shipped_content(game)[0])
        self.hook = self._hook() if self.content_keys else None

    def _hook(self) -> Callable[[State, Mapping[str, Any], int], Any]:
        """The game's content_keys as (state, action, seat): a hook written before the engine
        added ``seat`` (two parameters) is called without it."""
        hook = self.game.content_keys
        params = list(inspect.signature(hook).parameters.values())
        if len(params) >= 3 or any(p.kind is p.VAR_POSITIONAL for p in params):
            return hook
        return lambda state, action, seat: hook(state, action)

    def keys_of(self, state: State, action: Mapping[str, Any], seat: int) -> list[str]:
        """The content keys ``seat``'s ``action`` touches: the game's hook when it answers, else
        the generic match of the action's values (one dict lookup per string value)."""
        if self.hook is not None:
            keys = self.hook(state, action, seat)
            if keys is not None:
                return keys if isinstance(keys, list) else list(keys)
        return self.index.match(action)


_PROBES: dict[str, _Probe] = {}


def probe(game: Game) -> _Probe:
    if game.id not in _PROBES:
        _PROBES[game.id] = _Probe(game)
    return _PROBES[game.id]


def play(task: GameTask) -> GameResult:
    """Play ``task`` to the end (or the action cap) and measure it.

    Why the loop is written this way: the lab's own work must stay within 5% of the game's
    (LAB.md §10), so per action it does only what it must - the width of the legal list the
    bot reads anyway (the engine caches it), the content keys of the chosen action, and one
    ``progress`` call.  Clocks around the bot and the engine (think time, ``lab_s``/``game_s``
    for the health block's ``lab_overhead``) are read every action only for slow (search)
    bots; with :data:`FAST_BOTS` only, one action in :data:`SAMPLE_EVERY` is clocked and the
    sums scaled.  Scores, oracle values and telemetry are read only at checkpoints (the ends of
    rounds)."""
    game = get_game(task.game)
    hooks = probe(game)
    n = task.players
    wall0, cpu0 = time.perf_counter(), time.process_time()
    state = game.new(n, seed=task.seed, options=dict(task.options))
    engine_s = time.perf_counter() - wall0  # time in the engine's new/apply: the raw game, with think
    entries = [entry_of_seat(s, task.rotation, n) for s in range(n)]
    bots = [make_bot(task.lineup[entries[s]], task.bot_seeds[entries[s]], hooks.keys_of) for s in range(n)]
    choose = [bot.choose for bot in bots]
    think = [0.0] * n  # sampled bot seconds per seat (every action when stride is 1)
    timed_moves = [0] * n
    engine_sampled, engine_samples = 0.0, 0
    stride = SAMPLE_EVERY if all(isinstance(getattr(b, "base", b), FAST_BOTS) for b in bots) else 1
    used: list[list[list[str]]] = [[] for _ in range(n)]  # per seat, the keys of each action; counted at the end
    #: (seat, phase, width) of every decision, counted after the game (a tuple appended costs
    #: less than the counters it replaces, and Counter counts in C).
    tally: list[tuple[int, str, int]] = []
    note = tally.append
    has_phase = isinstance(getattr(state, "phase", None), str)
    checkpoints: list[list[float]] = []
    series: list[dict[str, Any]] = []
    seat_order = game.seat_order if hooks.seat_order else None
    order = seat_order(state) if seat_order is not None else None
    progress = game.progress if hooks.progress else None
    checkpoint = game.checkpoint if hooks.checkpoint and not hooks.progress else None
    now = progress(state) if progress else None
    last_round = now[0] if now else None
    legal_of, apply, keys_of, clock = state.legal_actions, state.apply_trusted, hooks.keys_of, time.perf_counter
    cache = state._legal_cache  # the engine's per-seat legal lists, cleared by every apply
    count_usage = task.usage
    hook = hooks.hook if count_usage else None
    match = hooks.index.match  # hook, then match: what hooks.keys_of does, without its call
    seen: set[str] | None = set() if task.legal_keys else None
    actions = 0
    cap = task.max_actions
    while actions < cap and not state.is_over:
        seat = state.to_move[0]
        timed = not actions % stride
        if timed:
            t0 = clock()
            action = choose[seat](state, seat)
            think[seat] += clock() - t0
            timed_moves[seat] += 1
        else:
            action = choose[seat](state, seat)
        # The width of the legal list the bot just read: the engine's cache holds it, so no
        # second generation and no seat check (the public call cost several % of a random-bot game).
        legal = cache.get(seat)
        if legal is None:
            legal = legal_of(seat, False)
        width = len(legal)
        if width > 1:
            note((seat, state.phase if has_phase else "all", width))
            if seen is not None:  # opt-in ("legal" metrics group): a hook call per option
                for option in legal:
                    seen.update(keys_of(state, option, seat))
        if count_usage:
            keys = hook(state, action, seat) if hook is not None else None
            if keys is None:
                keys = match(action)
            if keys:
                used[seat].append(keys)
        if timed:
            t2 = clock()
            apply(seat, action)
            engine_sampled += clock() - t2
            engine_samples += 1
        else:
            apply(seat, action)
        actions += 1
        if order is None and seat_order is not None:
            order = seat_order(state)
        if progress is not None:
            now = progress(state)
            if now is None or last_round is None or now[0] <= last_round:
                continue
            last_round = now[0]
        elif checkpoint is not None:
            if not checkpoint(state):
                continue
        elif width <= 1:
            continue  # no round hooks: every decision point is a checkpoint
        _take_checkpoint(game, hooks, state, task, checkpoints, series)
    decisions, choices, branching = _decisions(tally, n)
    moves = [0] * n
    for actor, _action in state._actions:
        moves[actor] += 1
    if state.is_over and (hooks.progress or hooks.checkpoint):
        # The end of the game is the last checkpoint, whether or not a round hook fired.
        _take_checkpoint(game, hooks, state, task, checkpoints, series)
    finished = state.is_over
    winners = list(state.winners) if finished else []
    scores = [float(x) for x in state.scores]
    summary = tension.summarise(checkpoints, winners)
    rounds = game.progress(state)[0] if hooks.progress and game.progress(state) else None
    row = {
        "arm": task.arm, "block": task.block, "rotation": task.rotation, "players": n, "seed": task.seed,
        "bots": [task.lineup[e] for e in entries], "entries": entries, "scores": scores, "winners": winners,
        "shares": [1.0 / len(winners) if s in winners else 0.0 for s in range(n)],
        "unfinished": not finished, "actions": actions, "decisions": decisions, "moves": moves, "rounds": rounds,
        "order": order, "cap_hits": 0, "margin": tension.margin(scores, winners),
        "branching": {k: v for k, v in sorted(branching.items())}, "checkpoints": len(checkpoints),
        "record": None, **summary,
    }
    if seen is not None:
        row["legal_keys"] = sorted(seen)
    ranks = _ranks(scores, winners)
    usage = [Counter(chain.from_iterable(lists)) for lists in used]
    seat_rows = []
    for s in range(n):
        bot = bots[s]
        restricted = isinstance(bot, RestrictedBot)
        seat_rows.append({
            "arm": task.arm, "block": task.block, "rotation": task.rotation, "players": n, "seat": s,
            "entry": entries[s], "bot": task.lineup[entries[s]], "score": scores[s], "share": row["shares"][s],
            "rank": ranks[s], "decisions": decisions[s], "choices": choices[s],
            "usage": dict(sorted(usage[s].items())),
            "restricted_decisions": bot.decisions if restricted else None,
            "binding": bot.binding if restricted else None, "changed": bot.changed if restricted else None,
        })
    wall = time.perf_counter() - wall0
    if stride > 1:  # scale the sampled clocks up to every action
        think = [t * moves[s] / timed_moves[s] if timed_moves[s] else 0.0 for s, t in enumerate(think)]
    if engine_samples:
        engine_s += engine_sampled * actions / engine_samples
    # The lab's own share: the worker's time outside the bots and the engine (LAB.md §3 health).
    game_s = engine_s + sum(think)
    if game_s > wall:  # a sampled action the system interrupted, scaled up: no clock exceeds the wall's
        think, engine_s = [t * wall / game_s for t in think], engine_s * wall / game_s
        game_s = wall
    timing = {"arm": task.arm, "block": task.block, "rotation": task.rotation, "players": n,
              "cpu_s": time.process_time() - cpu0, "wall_s": wall, "think_s": think,
              "game_s": game_s, "lab_s": max(0.0, wall - game_s)}
    return GameResult(row, seat_rows, timing, series, state.record() if task.record else None)


def _take_checkpoint(game: Game, hooks: _Probe, state: State, task: GameTask,
                     checkpoints: list[list[float]], series: list[dict[str, Any]]) -> None:
    scores = [float(x) for x in state.scores]
    values = tension.score_oracle(scores)
    checkpoints.append(values)
    if task.series:
        t = len(checkpoints)
        for s in range(task.players):
            extra = game.telemetry(state, s) if hooks.telemetry else {}
            series.append({"arm": task.arm, "block": task.block, "rotation": task.rotation,
                           "players": task.players, "checkpoint": t, "seat": s, "score": scores[s],
                           "value": values[s], "telemetry": dict(sorted(extra.items()))})


def _decisions(tally: list[tuple[int, str, int]], n: int) -> tuple[list[int], list[int], dict[str, list[int]]]:
    """Decisions and options per seat, and per phase (decisions, options, widest), from the
    game's (seat, phase, width) of every decision."""
    decisions, choices = [0] * n, [0] * n
    branching: dict[str, list[int]] = {}
    for (seat, phase, width), count in sorted(Counter(tally).items()):
        decisions[seat] += count
        choices[seat] += width * count
        stats = branching.setdefault(phase, [0, 0, 0])
        stats[0] += count
        stats[1] += width * count
        stats[2] = max(stats[2], width)
    return decisions, choices, branching


def _ranks(scores: list[float], winners: list[int]) -> list[int]:
    """1 for the winners, then by score (equal scores share a rank)."""
    ranks = []
    for s, x in enumerate(scores):
        if s in winners:
            ranks.append(1)
        else:
            ranks.append(1 + (1 if winners else 0) + sum(1 for o, y in enumerate(scores)
                                                         if y > x and o not in winners))
    return ranks


def play_many(tasks: list[GameTask]) -> list[GameResult]:
    """A chunk of games, in order: the unit a backend ships to a worker."""
    return [play(task) for task in tasks]
