"""Table clocks: the rules chosen at creation and the running state kept with the table.

One mechanism serves both timed modes.  Each seat has a **bank**; every move (every action)
first gets a free **allowance** of ``per_move`` seconds, and only time beyond it comes out of
the bank.  A seat runs out when ``per_move + bank`` seconds pass after its turn began.
Real-time is e.g. a 600-s bank and 20 s per move; turn-based e.g. one day per move and a
three-day bank.  The modes differ only in their bounds (turn-based moves are long).

The state is plain JSON kept in ``game_tables.clock_state`` and written in the same
transaction as each action, undo, stand-in or reclaim: ``{"banks": [s, ...], "since": [t or
null, ...]}`` where ``since`` is the wall-clock time (Unix seconds) the seat's current turn
began, or null when its clock is not running.  Deadlines are absolute, so a restart changes
nothing: the remaining time after it is the remaining time before it, less the time that passed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from typing import Any

from .refusals import Rejected

MODES = ("untimed", "turn", "realtime")
ON_TIMEOUT = ("bot", "skip", "expel")
#: Upper bounds that keep numbers sane (a bank of 30 days, 14 days per move).
MAX_BANK, MAX_PER_MOVE = 30 * 86400.0, 14 * 86400.0
#: A turn-based table's allowance is at least this many times the real-time minimum.
TURN_FACTOR = 60


def wall() -> float:
    """Now, in Unix seconds: clocks are kept in wall-clock time so every process agrees."""
    return time.time()


def parse(spec: Any, levels: list[str], min_seconds: float) -> dict[str, Any] | None:
    """The clock a table was created with, checked; None for an untimed table.

    ``min_seconds`` is the shortest real-time clock (``per_move + bank``) a table may have; a
    turn-based table needs at least ``TURN_FACTOR`` times that per move."""
    if spec is None:
        return None
    if not isinstance(spec, dict):
        raise Rejected("bad_request", "clock must be a mapping like {\"mode\": \"realtime\", \"bank\": 600, "
                                      "\"per_move\": 20}")
    unknown = set(spec) - {"mode", "bank", "per_move", "on_timeout", "level"}
    if unknown:
        raise Rejected("bad_request", f"unknown clock field(s): {', '.join(sorted(unknown))}")
    mode = spec.get("mode", "untimed")
    if mode not in MODES:
        raise Rejected("bad_request", f"clock mode must be one of {', '.join(MODES)}; got {mode!r}")
    if mode == "untimed":
        return None
    bank, per_move = _seconds(spec, "bank", MAX_BANK), _seconds(spec, "per_move", MAX_PER_MOVE)
    if mode == "realtime" and bank + per_move < min_seconds:
        raise Rejected("bad_request", f"a real-time clock needs at least {min_seconds:g} seconds "
                                      "(bank plus time per move)")
    if mode == "turn" and per_move < min_seconds * TURN_FACTOR:
        raise Rejected("bad_request", f"a turn-based clock gives at least {min_seconds * TURN_FACTOR:g} "
                                      "seconds per move")
    on_timeout = spec.get("on_timeout", "bot")
    if on_timeout not in ON_TIMEOUT:
        raise Rejected("bad_request", f"on_timeout must be one of {', '.join(ON_TIMEOUT)}; got {on_timeout!r}")
    level = spec.get("level") or levels[0]
    if level not in levels:
        raise Rejected("bad_request", f"unknown bot level {level!r} for the clock; available: {', '.join(levels)}")
    return {"mode": mode, "bank": bank, "per_move": per_move, "on_timeout": on_timeout, "level": level}


def _seconds(spec: dict[str, Any], key: str, most: float) -> float:
    value = spec.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) \
            or not 0 <= value <= most:
        raise Rejected("bad_request", f"clock {key} must be a number of seconds from 0 to {most:g}")
    return float(value)


def start(clock: dict[str, Any] | None, players: int, to_move: Iterable[int], now: float) -> dict[str, Any] | None:
    """The state when the game starts: full banks, the first seats' clocks running."""
    if clock is None:
        return None
    moving = set(to_move)
    return {"banks": [clock["bank"]] * players, "since": [now if s in moving else None for s in range(players)]}


def after(clock: dict[str, Any] | None, state: dict[str, Any] | None, movers: Iterable[int],
          to_move: Iterable[int], now: float) -> dict[str, Any] | None:
    """The state after ``movers`` acted (or an undo, with no movers) and ``to_move`` are next.

    A seat that moved, or whose turn ended, is charged the time beyond its allowance and stops;
    every seat to move whose clock is stopped starts a new turn now (a seat that moves again
    gets a new allowance: every action is a move)."""
    if clock is None or state is None:
        return state
    banks, since = list(state["banks"]), list(state["since"])
    moved, nxt = set(movers), set(to_move)
    for seat, began in enumerate(since):
        if began is not None and (seat in moved or seat not in nxt):
            banks[seat] = max(0.0, banks[seat] - max(0.0, now - began - clock["per_move"]))
            since[seat] = None
    for seat in nxt:
        if since[seat] is None:
            since[seat] = now
    return {"banks": banks, "since": since}


def restart_turn(state: dict[str, Any], seat: int, now: float, running: bool) -> dict[str, Any]:
    """The seat's clock starts a fresh turn now (a reclaimed seat), or stops (a bot's seat)."""
    since = list(state["since"])
    since[seat] = now if running else None
    return {"banks": list(state["banks"]), "since": since}


#: A reclaimed seat's bank is refilled to this share of the starting bank when it is lower, so
#: an owner who comes back is not out of time again at once.
RECLAIM_SHARE = 0.5


def reclaimed(clock: dict[str, Any], state: dict[str, Any], seat: int, now: float, running: bool) -> dict[str, Any]:
    """The owner plays the seat again: a fresh turn now if it is to move, and a bank of at least
    ``RECLAIM_SHARE`` of the starting one."""
    fresh = restart_turn(state, seat, now, running)
    fresh["banks"][seat] = max(fresh["banks"][seat], clock["bank"] * RECLAIM_SHARE)
    return fresh


def expired(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """The seat ran out: its bank is empty and its clock stops (a bot plays it untimed)."""
    banks, since = list(state["banks"]), list(state["since"])
    banks[seat], since[seat] = 0.0, None
    return {"banks": banks, "since": since}


def deadline(clock: dict[str, Any] | None, state: dict[str, Any] | None, seat: int) -> float | None:
    """When the seat's clock runs out, or None while it is not running."""
    if clock is None or state is None or state["since"][seat] is None:
        return None
    return state["since"][seat] + clock["per_move"] + state["banks"][seat]


def remaining(clock: dict[str, Any], state: dict[str, Any], seat: int, now: float) -> float:
    """Seconds the seat has left: allowance plus bank while running, the bank otherwise."""
    end = deadline(clock, state, seat)
    if end is None:
        return state["banks"][seat]
    return max(0.0, end - now)


def public(clock: dict[str, Any] | None, state: dict[str, Any] | None, now: float) -> dict[str, Any] | None:
    """What clients see: the rules and, per seat, seconds left and whether it is running (the
    page counts down from there)."""
    if clock is None:
        return None
    seats = []
    if state is not None:
        seats = [{"left": round(remaining(clock, state, seat, now), 2), "running": began is not None}
                 for seat, began in enumerate(state["since"])]
    return {**clock, "seats": seats}
