"""Dschunke (and Rat Hot) as the rule book tells it.

Red plays seat 0, green seat 1.  Red opens by placing one strip; after that each turn draws two
strips, seen together, and places both in any order; green places the last single strip.

A turn with two strips is a chain of small decisions: ``pick`` the strip to lay first, then
``place`` it, then ``place`` the other.  A lone strip needs no pick.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.engine import Action, Event, State
from ludoteca.engine.i18n import text
from ludoteca.engine.state import short

from . import encoding, scoring
from .board import AXIS_OF, DIRS, Board, crates_in_order, footprint
from .content import COLOURS, Content, load
from .labels import CATALOGUE, seat_label, strip_label

START_SPOT = (-1, 0, "E")
FORWARD = {axis: dirs[0] for axis, dirs in DIRS.items()}
BACKWARD = {axis: dirs[1] for axis, dirs in DIRS.items()}


class DschunkeState(State):
    """Fields: the hidden ``pile``, the public ``hand`` (drawn, not yet placed), ``placed``
    strips in order as [tile, x, y, dir] (tile -1 is the start strip), whose ``turn`` it is,
    Rat Hot's running ``bonus`` points, ``set_aside`` strips and the seat that ``lost``."""

    FIELDS = ("pile", "hand", "picked", "placed", "turn", "bonus", "set_aside", "lost")
    REVEALS = frozenset({"drew"})

    pile: list[int]
    hand: list[int]
    picked: int | None
    placed: list[list[Any]]
    turn: int
    bonus: list[int]
    set_aside: list[int]
    lost: int | None

    # ---- set-up ---------------------------------------------------------------------------
    def setup(self) -> None:
        self._prepare()
        self.pile = list(range(len(self.content.tiles)))
        self.rng.shuffle(self.pile)
        self.hand, self.picked, self.set_aside, self.bonus, self.lost = [], None, [], [0, 0], None
        self.placed = [[-1, *START_SPOT]]
        self.board.place(0, START_SPOT[0], START_SPOT[1], "h", self.content.start)
        self.turn = 0
        self._draw(1)  # red opens with a single strip

    def _prepare(self) -> None:
        """Caches derived from options: content, and the board rebuilt from ``placed``."""
        self.content: Content = _content_for(self.options)
        self.rat_hot = self.options["rules"] == "rat-hot"
        self.board = Board()

    def strip(self, tile: int) -> list[str]:
        return self.content.start if tile == -1 else self.content.tiles[tile]

    # ---- whose turn -----------------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.lost is not None or not self.hand

    # ---- actions --------------------------------------------------------------------------
    @property
    def active_strip(self) -> int | None:
        """The strip to place now: the one picked, or the only one left."""
        if self.picked is not None:
            return self.picked
        return self.hand[0] if len(self.hand) == 1 else None

    def _legal_actions(self, seat: int) -> list[Action]:
        tile = self.active_strip
        if tile is None:
            return [{"type": "pick", "tile": t} for t in sorted(self.hand)]
        strip = self.strip(tile)
        spots = sorted(self.board.spots)
        actions = [{"type": "place", "tile": tile, "x": x, "y": y, "dir": FORWARD[axis]} for x, y, axis in spots]
        if strip[0] != strip[2]:  # a symmetric strip reads the same both ways: one direction per axis
            actions += [{"type": "place", "tile": tile, "x": x, "y": y, "dir": BACKWARD[axis]} for x, y, axis in spots]
        return actions

    def _find_legal(self, seat: int, action: Action) -> Action | None:
        """An exact test instead of a search of the long list of placements: when the action
        passes every check below, the canonical action is rebuilt from its typed values."""
        if self._why_illegal(seat, action) is not None:
            return None
        keys = ("type", "tile") if action["type"] == "pick" else ("type", "tile", "x", "y", "dir")
        return {key: action[key] for key in keys}

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        kind = action.get("type")
        active = self.active_strip
        if kind == "pick":
            if active is not None:
                return f"strip {active} is already chosen; place it"
            if set(action) != {"type", "tile"}:
                return "a 'pick' action needs exactly: type, tile"
            if not isinstance(action["tile"], int) or isinstance(action["tile"], bool) \
                    or action["tile"] not in self.hand:
                return f"strip {action['tile']!r} is not among your drawn strips {sorted(self.hand)}"
            return None
        if kind != "place":
            return f"Dschunke actions are 'pick' and 'place'; got type {short(kind)}"
        if active is None:
            return f"first pick which of your strips {sorted(self.hand)} to place"
        keys = {"type", "tile", "x", "y", "dir"}
        if set(action) != keys:
            missing, extra = sorted(keys - set(action)), sorted(set(action) - keys)
            return f"a 'place' action needs exactly tile, x, y, dir; missing {missing}, unknown {extra}"
        for key in ("tile", "x", "y"):
            value = action[key]
            if isinstance(value, bool) or not isinstance(value, int):
                return f"'{key}' must be a whole number; got {value!r}"
        if not isinstance(action["dir"], str) or action["dir"] not in AXIS_OF:
            return f"'dir' must be one of E, W, S, N; got {action['dir']!r}"
        tile, x, y, direction = action["tile"], action["x"], action["y"], action["dir"]
        if tile != active:
            return f"strip {tile} is not the strip to place now; place strip {active}"
        limit = 2 * len(self.placed) * 3 + 3
        if abs(x) > limit or abs(y) > limit:
            return f"({x}, {y}) is out of range: no strip lies near it"
        axis = AXIS_OF[direction]
        strip = self.strip(tile)
        if strip[0] == strip[2] and direction != DIRS[axis][0]:
            return f"strip {tile} reads the same both ways; place it with dir {DIRS[axis][0]}"
        return self.board.why_not(x, y, axis)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action["type"] == "pick":
            self.picked = action["tile"]
            return [{"type": "picked", "seat": seat, "tile": self.picked}]
        tile, x, y, direction = action["tile"], action["x"], action["y"], action["dir"]
        axis = AXIS_OF[direction]
        self.hand.remove(tile)
        self.picked = None
        self.placed.append([tile, x, y, direction])
        self.board.place(len(self.placed) - 1, x, y, axis, crates_in_order(self.strip(tile), direction))
        events: list[Event] = [{"type": "placed", "seat": seat, "tile": tile, "x": x, "y": y,
                                "dir": direction}]
        if self.rat_hot:
            events += self._score_spice(footprint(x, y, axis))
        if not self.hand:
            events += self._end_turn(seat)
        return events

    def _score_spice(self, cells: tuple) -> list[Event]:
        """Rat Hot (dossier): a spice group the strip formed or enlarged scores at once."""
        events = []
        for colour, size, points in scoring.spice_points(self.board, self.content, cells):
            owner = COLOURS.index(colour)
            self.bonus[owner] += points
            events.append({"type": "spice_scored", "seat": owner, "size": size, "points": points})
        return events

    def _end_turn(self, seat: int) -> list[Event]:
        events: list[Event] = []
        if self.rat_hot:
            rats = scoring.visible_rats(self.board, COLOURS[seat])
            if rats >= self.content.rat_limit:
                self.lost = seat
                return [{"type": "rats", "seat": seat, "rats": rats}, self._game_over()]
        self.turn = 1 - self.turn
        events += self._draw(2)
        if self.is_over:
            events.append(self._game_over())
        return events

    def _draw(self, count: int) -> list[Event]:
        drawn = [self.pile.pop() for _ in range(min(count, len(self.pile)))]
        self.hand = drawn
        events: list[Event] = [{"type": "drew", "seat": self.turn, "tiles": list(drawn)}] if drawn else []
        if drawn and not self.board.spots:
            # Dossier: a strip with no legal spot is set aside, out of the game.
            for tile in drawn:
                events.append({"type": "set_aside", "tile": tile})
            self.set_aside += drawn
            self.hand = []
        return events

    def _game_over(self) -> Event:
        return {"type": "game_over", "scores": self.scores}

    # ---- scores ---------------------------------------------------------------------------
    @property
    def scores(self) -> list[int]:
        totals = scoring.end_scores(self.board, self.content)
        return [totals[0] + self.bonus[0], totals[1] + self.bonus[1]]

    @property
    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        if self.lost is not None:
            return [1 - self.lost]
        scores = self.scores
        if scores[0] != scores[1]:
            return [0 if scores[0] > scores[1] else 1]
        if self.options["tie_break"] == "goods":
            goods = [scoring.visible_goods(self.board, c) for c in COLOURS]
            if goods[0] != goods[1]:
                return [0 if goods[0] > goods[1] else 1]
        return [0, 1]

    # ---- what a seat sees: everything but the pile's order --------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        board = self.board
        return {
            "rules": self.options["rules"],
            "colours": list(COLOURS),
            "turn": self.turn,
            "hand": [{"tile": t, "crates": list(self.strip(t))} for t in self.hand],
            "picked": self.active_strip,
            "pile": len(self.pile),
            "placed": [list(p) for p in self.placed],
            "cells": [[x, y, h, crate] for (x, y), (h, _, crate) in sorted(board.top.items())],
            "groups": [{"crate": crate, "cells": [list(c) for c in cells],
                        "points": scoring.triangle(len(cells))}
                       for crate, cells in scoring.groups(board)],
            "rats": [scoring.visible_rats(board, c) for c in COLOURS],
            "bonus": list(self.bonus),
            "scores": self.scores,
            "set_aside": list(self.set_aside),
            "lost": self.lost,
        }

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        self.pile.sort()  # the sample must depend on what the seat knows and the rng, not the true order
        rng.shuffle(self.pile)

    # ---- RL interop: stable action numbers (layout in encoding.py) ---------------------------
    def action_index(self, action: Action) -> int:
        return encoding.action_index(action, len(self.content.tiles))

    def index_action(self, index: int) -> Action:
        return encoding.index_action(index, len(self.content.tiles), self.active_strip)

    # ---- data plumbing --------------------------------------------------------------------
    def _load_fields(self, fields: dict[str, Any]) -> None:
        super()._load_fields(fields)
        self._prepare()
        for index, (tile, x, y, direction) in enumerate(self.placed):
            self.board.place(index, x, y, AXIS_OF[direction],
                             crates_in_order(self.strip(tile), direction))

    def _copy_fields(self, other: State) -> None:
        assert isinstance(other, DschunkeState)
        other.pile, other.hand, other.picked = list(self.pile), list(self.hand), self.picked
        other.placed = list(self.placed)  # placements are never mutated
        other.turn, other.bonus = self.turn, list(self.bonus)
        other.set_aside, other.lost = list(self.set_aside), self.lost
        other.content, other.rat_hot = self.content, self.rat_hot
        other.board = self.board.copy()

    # ---- words ----------------------------------------------------------------------------
    def _describe(self, action: Action, lang: str) -> str:
        if action["type"] == "pick":
            return text(CATALOGUE, "pick", lang, tile=action["tile"],
                        crates=strip_label(self.strip(action["tile"]), lang))
        return text(CATALOGUE, "place", lang, tile=action["tile"], x=action["x"], y=action["y"],
                    dir=text(CATALOGUE, action["dir"], lang))

    def _describe_event(self, event: Event, lang: str) -> str:
        kind = event["type"]
        who = seat_label(event["seat"], lang) if "seat" in event else ""
        if kind == "placed":
            return text(CATALOGUE, "placed", lang, who=who, tile=event["tile"], x=event["x"],
                        y=event["y"], dir=text(CATALOGUE, event["dir"], lang))
        if kind == "drew":
            return text(CATALOGUE, "drew", lang, who=who, tiles=", ".join(map(str, event["tiles"])))
        if kind == "game_over":
            red, green = event["scores"]
            return text(CATALOGUE, "game_over", lang, red=red, green=green)
        return text(CATALOGUE, kind, lang, who=who, **{k: v for k, v in event.items() if k != "type"})

    def __str__(self) -> str:
        """The top view as text: each cell shows its height and crate initials."""
        return render_text(self.board, lambda crate: crate)


_CONTENT_CACHE: dict[str, Content] = {}


def _content_for(options: dict[str, Any]) -> Content:
    """Content is immutable, so states with the same rules and params share one copy."""
    import json

    key = json.dumps([options["rules"], options.get("params") or {}], sort_keys=True)
    content = _CONTENT_CACHE.get(key)
    if content is None:
        content = _CONTENT_CACHE[key] = load(options["rules"], options.get("params") or None)
    return content


def render_text(board: Board, name: Any) -> str:
    if not board.top:
        return ""
    xs = [x for x, _ in board.top]
    ys = [y for _, y in board.top]
    rows = []
    for y in range(min(ys), max(ys) + 1):
        cells = []
        for x in range(min(xs), max(xs) + 1):
            entry = board.top.get((x, y))
            cells.append("  .   " if entry is None else f"{entry[0]}{_short(entry[2]):<5}")
        rows.append(" ".join(cells))
    return "\n".join(rows)


def _short(crate: str) -> str:
    if crate == "empty":
        return "--"
    colour, kind = crate.split(" ", 1)
    return colour[0] + kind[:3]
