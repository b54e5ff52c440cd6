"""Bots sitting at tables, thinking in other processes.

A search bot is pure Python CPU work; in a thread it would share the server's GIL, and forty
tables of ``hard`` bots pushed a person's move from milliseconds to seconds.  So bots think in
a pool of worker processes (:class:`BotPool`): the server sends the position as
``state.to_json()`` and the worker rebuilds it with ``game.from_json`` -- the same full state a
bot was given before (bots read it only through ``view``, ``legal_actions`` and
``determinize``), and it never touches the live state.  The workers run at a low CPU
priority (nice 10), so whatever the bots do, the event loop that serves people gets the
processor first.

Fair shares: each decision has a cap (the level's own iterations and CPU seconds, and at most
``bot_seconds`` CPU seconds), and the pool takes decisions round-robin by table, so a table
with several bots to move, or a slow level, cannot starve the others.

``random`` bots need no thinking (one draw from the legal list) and choose on the event loop.

Seeds: a bot's generator is seeded with a keyed hash of the table's seed, the seat, the
purpose and the position (:func:`bot_seed`), never with the table's seed itself, whose stream
shuffled the deck: a bot drawing the game's own numbers could, in principle, know the future.

Pacing, per decision rather than per step: a bot's turn (or its activation in a simultaneous
phase) is a chain of small steps -- department, meeple, patient, patient.  People need a moment
to see that the bot's turn began, not a full pause before every click of it, which made one
activation take 7.5-11 s to watch.  So the full bot delay comes before the first step of a chain
and :data:`CHAIN_FRACTION` of it before each later one (:func:`pause_before`).  While a search
bot thinks, the table's clients are told so (``TableManager.set_thinking``): the page shows
"thinking..." instead of a silent wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import multiprocessing
import os
import random
import threading
import time
from collections import OrderedDict, deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ludoteca.engine import Action, State

log = logging.getLogger("ludoteca.server")

#: The levels the lobby offers, in order, when ``ludoteca.bots.make`` knows them.
CANDIDATE_LEVELS = ("random", "easy", "normal", "hard", "expert")
#: Levels cheap enough to choose on the event loop (no search, no look-ahead).
INLINE_LEVELS = ("random",)
#: Who plays out the seat of a player who conceded an untimed table (a timed table's clock
#: names its own level): the game is over for the conceder, so the stand-in need not be strong.
CONCEDE_LEVEL = "random"
#: Worker priority: CPU weight about a tenth of the event loop's when both want the processor.
BOT_NICENESS = 10
#: The key of the seed hash: fixed, so a table's bots choose the same way in every process.
SEED_KEY = b"ludoteca seat bots"
#: The pause before a later step of a bot's chain, as a fraction of the bot delay (0.5 s by
#: default: 0.125 s a step, quick to watch yet each step still visible).
CHAIN_FRACTION = 0.25


def pause_before(step: int, bot_delay: float) -> float:
    """Seconds a bot waits before step ``step`` (0: the first) of a chain of its own steps
    taken while its seat stays to move."""
    return bot_delay if step == 0 else bot_delay * CHAIN_FRACTION


async def pause(seconds: float) -> None:
    """The bot's pause (one place, so tests can run the bots on a fake clock)."""
    await asyncio.sleep(seconds)


def available_levels() -> list[str]:
    """The bot levels that exist now (other levels appear as the bots package grows)."""
    from ludoteca import bots

    found = []
    for level in CANDIDATE_LEVELS:
        try:
            bots.make(level, seed=0)
        except (ValueError, TypeError):
            continue
        found.append(level)
    return found


def bot_seed(table_seed: int, seat: int, purpose: str, step: int = 0) -> int:
    """A 63-bit seed for a bot's generator: blake2b keyed with :data:`SEED_KEY`, personalised
    ``b"bot"``, over the table seed, the seat, the purpose (``"move"``, ``"fallback"``) and the
    step (the state version).  Different seats, purposes and positions get unrelated streams,
    none of them the game's own."""
    digest = hashlib.blake2b(f"{table_seed}:{seat}:{purpose}:{step}".encode(), digest_size=8,
                             key=SEED_KEY, person=b"bot").digest()
    return int.from_bytes(digest, "big") >> 1


def make_bot(level: str, seed: int, max_seconds: float | None = None) -> Any:
    """The bot of ``level``; an ``ismcts`` level's CPU seconds are capped at ``max_seconds``."""
    from ludoteca import bots

    budget: dict[str, Any] = {}
    kind, settings = bots.LEVELS.get(level, (level, {}))
    if max_seconds is not None and kind == "ismcts":
        budget["seconds"] = min(settings.get("seconds") or max_seconds, max_seconds)
    try:
        return bots.make(level, seed=seed, **budget)
    except (ValueError, TypeError) as exc:
        log.warning("bot level %r unavailable (%s); a random bot takes the seat", level, exc)
        return bots.make("random", seed=seed)


def choose(bot: Any, state: State, seat: int) -> Action:
    """The bot's move; ``state`` is a private copy made for it.  A failing bot, or one that
    proposes an illegal action, is replaced by a random legal move so the table never stalls."""
    legal = state.legal_actions(seat)
    try:
        action = bot.choose(state, seat)
        if action in legal:
            return action
        log.warning("bot %r proposed an illegal action %r; playing a random one", bot, action)
    except Exception:  # a broken bot must not stall a table
        log.exception("bot %r failed at seat %s; playing a random move", bot, seat)
    return fallback_move(state, seat)


def fallback_move(state: State, seat: int) -> Action:
    """A random legal move from the bot's own stream (for a bot that failed or could not run)."""
    rng = random.Random(bot_seed(state.seed, seat, "fallback", state.version))
    return rng.choice(state.legal_actions(seat))


def decide_inline(level: str, state: State, seat: int) -> Action:
    """A cheap level's move, chosen here (on the event loop) on the live state: a random bot
    only reads the legal list, so no copy is needed."""
    bot = make_bot(level, bot_seed(state.seed, seat, "move", state.version))
    return choose(bot, state, seat)


# ---- the worker side ---------------------------------------------------------------------------
def _start_worker(parent: int) -> None:
    """In each worker: a low CPU priority, the games loaded once, and an exit when the server
    dies (a SIGKILLed server cannot tell its workers to stop)."""
    with contextlib.suppress(OSError):
        os.nice(BOT_NICENESS)
    from ludoteca import engine

    for game_id in engine.games():
        engine.game(game_id)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="ludoteca-bot-watchdog", daemon=True).start()


def think(game_id: str, snapshot: dict[str, Any], seat: int, level: str, seed: int,
          max_seconds: float) -> Action:
    """One decision, in a worker process: rebuild the position, build the bot, choose."""
    from ludoteca import engine

    state = engine.game(game_id).from_json(snapshot)
    return choose(make_bot(level, seed, max_seconds), state, seat)


# ---- the server side ---------------------------------------------------------------------------
class BotPool:
    """Worker processes shared fairly by every table's bots.

    ``decide`` queues a decision under its table; the pool runs at most ``workers`` at a time,
    taking tables in turn (round-robin), one decision each.  The processes start on the first
    decision (a server whose bots are all ``random`` never starts them)."""

    def __init__(self, workers: int = 0, max_seconds: float = 5.0) -> None:
        self.workers = workers or max(1, (os.cpu_count() or 2) - 1)
        self.max_seconds = max_seconds
        self.queues: OrderedDict[str, deque[tuple[tuple, asyncio.Future]]] = OrderedDict()
        self.running = 0
        self.executor: ProcessPoolExecutor | None = None
        self.closed = False

    async def decide(self, table_id: str, game_id: str, snapshot: dict[str, Any], seat: int, level: str,
                     seed: int) -> Action:
        """The bot's action at ``snapshot`` (raises if the worker could not decide)."""
        if self.closed:
            raise RuntimeError("the bot pool is closed")
        future = asyncio.get_running_loop().create_future()
        self.queues.setdefault(table_id, deque()).append(
            ((game_id, snapshot, seat, level, seed, self.max_seconds), future))
        self._dispatch()
        return await future

    def waiting(self) -> int:
        """Decisions queued and not yet started (for tests and benchmarks)."""
        return sum(len(q) for q in self.queues.values())

    def _dispatch(self) -> None:
        while self.running < self.workers and self.queues and not self.closed:
            table_id, jobs = next(iter(self.queues.items()))
            job, future = jobs.popleft()
            if jobs:
                self.queues.move_to_end(table_id)  # its next decision waits for every other table's
            else:
                del self.queues[table_id]
            if future.done():  # the bot's turn was cancelled while it waited
                continue
            try:
                submitted = asyncio.wrap_future(self._pool().submit(think, *job))
            except (BrokenProcessPool, RuntimeError) as exc:
                self._reset(exc)
                future.set_exception(exc)
                continue
            self.running += 1
            submitted.add_done_callback(lambda done, future=future: self._finished(done, future))

    def _finished(self, done: asyncio.Future, future: asyncio.Future) -> None:
        self.running -= 1
        if done.cancelled():
            if not future.done():
                future.cancel()
        elif done.exception() is not None:
            if isinstance(done.exception(), BrokenProcessPool):
                self._reset(done.exception())
            if not future.done():
                future.set_exception(done.exception())
        elif not future.done():
            future.set_result(done.result())
        self._dispatch()

    def _pool(self) -> ProcessPoolExecutor:
        if self.executor is None:
            # spawn: a fresh interpreter, not a fork of a server holding threads and sockets
            self.executor = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                initializer=_start_worker, initargs=(os.getpid(),))
        return self.executor

    def _reset(self, exc: BaseException) -> None:
        """A worker died (killed, out of memory): the next decision starts a fresh pool."""
        log.error("a bot worker process failed (%s); starting new workers", exc)
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
        self.executor = None

    def close(self) -> None:
        self.closed = True
        for jobs in self.queues.values():
            for _, future in jobs:
                future.cancel()
        self.queues.clear()
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None
