"""Dschunke (and Rat Hot) as the rule book tells it.

Red plays seat 0, green seat 1.  Red opens by placing one strip; after that each turn draws two
strips, seen together, and places both in any order; green places the last single strip (the
dossier's opening, option ``opening: "one-strip"``; ``"two-strips"`` is the rule text's "En su
turno cada jugador robará dos baldosas", every turn, red's first included).  The
turn structure (``pick`` the strip to lay first, ``place`` it, ``place`` the other) is declared
in ``phases.py``; the placement rules are the board's geometry (``board.py``); scoring looks at
the deck from above (``scoring.py``).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, ClassVar

from ludoteca.engine import Action, Event, State
from ludoteca.engine.state import short

from . import breakdown, encoding, labels, phases, prompts, scoring
from .board import AXIS_OF, Board, crates_in_order, footprint
from .content import COLOURS, Content, content_for, crate_colour, crate_kind
from .grid import Frame
from .placements import FORWARD, Placements
from .view import view

#: The start strip lies across (-1, 0), (0, 0), (1, 0): its middle crate, marked "S", is (0, 0).
START_SPOT = (-1, 0, "E")
START_TILE = -1
#: The phase a turn starts in, by how many strips were drawn (none left: the game is over).
PHASE_WITH_DRAWN = ("over", "place", "pick")
#: How many strips red draws to open the game, by the ``opening`` option.
OPENING_DRAW = {"one-strip": 1, "two-strips": 2}
PICK_KEYS = frozenset({"type", "tile"})
PLACE_KEYS = frozenset({"type", "tile", "x", "y", "dir"})


@lru_cache(maxsize=64)
def _start_board(start: tuple[str, ...]) -> Board:
    """The table with the start strip alone (copied, never changed): short Rat Hot games spent
    a tenth of their time laying it afresh."""
    return Board.from_placements([(START_SPOT[0], START_SPOT[1], START_SPOT[2], list(start))])


class DschunkeState(State):
    """Fields: the ``phase`` (see phases.py), whose ``turn`` it is, the hidden ``pile`` of strip
    ids, the ``drawn`` strips (face up, not yet placed), the strip ``picked`` to lay first,
    every strip ``placed`` in order as [tile, x, y, dir] (tile -1 is the start strip), Rat
    Hot's running ``bonus`` points per seat, the strips ``set_aside`` and the ``loser`` of a
    Rat Hot game decided by rats.

    Derived (``derive``): ``content``, ``rat_hot`` and the ``board`` (the top view built
    from ``placed``)."""

    FIELDS = ("phase", "turn", "pile", "drawn", "picked", "placed", "bonus", "set_aside", "loser")
    PHASES: ClassVar = phases.TABLE
    REVEALS = frozenset({"drew"})
    #: The pile's order is the only thing hidden, from both seats alike.
    SECRETS: ClassVar = {"strips": {"pile": "nobody"}}

    phase: str
    turn: int
    pile: list[int]
    drawn: list[int]
    picked: int | None
    placed: list[list[Any]]
    bonus: list[int]
    set_aside: list[int]
    loser: int | None
    content: Content
    rat_hot: bool
    board: Board

    # ---- set-up ---------------------------------------------------------------------------
    def setup(self) -> None:
        """The start strip lies on the table, the strips are shuffled face down and red draws
        one strip to open the game (two with ``opening: "two-strips"``)."""
        self.placed = [[START_TILE, *START_SPOT]]
        self.derive()  # the content, and the board with the start strip on it
        self.pile = list(range(len(self.content.tiles)))
        self.rng.shuffle(self.pile)
        self.drawn, self.picked, self.set_aside, self.bonus, self.loser = [], None, [], [0, 0], None
        self.turn = 0
        self.phase = "place"
        self._draw(OPENING_DRAW[self.options["opening"]])

    def derive(self) -> None:
        """The content for these options, ``rat_hot`` and the board built from ``placed``,
        unless the board already is the one ``placed`` describes.

        That is a clone: ``_copy_fields`` hands over the content and a copy of the board, since
        looking the content up costs a JSON dump of the params and rebuilding the board a whole
        replay of the deck, per clone, and search bots clone at every iteration.  ``setup`` and
        ``from_json`` build everything here."""
        try:
            if self.board.placements == len(self.placed):
                return  # a clone: _copy_fields handed over the content, rat_hot and a copy of the board
        except AttributeError:
            pass  # setup or from_json: nothing derived yet
        options = self.options
        # No params is the content file as it is: None names it without a JSON dump of {}
        # (the same cached content; a short Rat Hot game spent a fiftieth of its time there).
        self.content = content_for(options["params"] or None, options["rules"])
        self.rat_hot = options["rules"] == "rat-hot"
        if self.placed == [[START_TILE, *START_SPOT]]:  # a new game: every one starts alike
            self.board = _start_board(tuple(self.content.start)).copy()
        else:
            self.board = Board.from_placements([(x, y, d, self.strip(t)) for t, x, y, d in self.placed])
        if self.rat_hot:
            # Rat Hot scores the groups of every strip as it lands: the board keeps them from
            # the start, so that no strip floods its groups afresh and the end floods none.
            self.board.goods_groups()

    # ---- named accessors (views, labels and encoders use these) ------------------------------
    def strip(self, tile: int) -> list[str]:
        """The crates of strip ``tile`` as printed (tile -1 is the start strip)."""
        return self.content.start if tile == START_TILE else self.content.tiles[tile]

    @property
    def to_place(self) -> int | None:
        """The strip to place now: the one picked, or the only one drawn; None while a pick is due."""
        if self.picked is not None:
            return self.picked
        return self.drawn[0] if len(self.drawn) == 1 else None

    def current_seat(self) -> tuple[int, ...]:
        """The movers of ``pick`` and ``place``: the seat whose turn it is."""
        return (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    # ---- pick: which of the two drawn strips goes first ---------------------------------------
    def pick_actions(self, seat: int) -> list[Action]:
        return [{"type": "pick", "tile": tile} for tile in sorted(self.drawn)]

    def choose_first(self, seat: int, action: Action) -> list[Event]:
        self.picked = action["tile"]
        self.phase = "place"
        return [{"type": "picked", "seat": seat, "tile": self.picked}]

    # ---- place: lay the strip on a legal spot ---------------------------------------------------
    def place_actions(self, seat: int) -> Placements:
        """Every spot the strip may take, forward along each axis and then (unless the strip
        reads the same both ways, when one direction per axis is enough) backward, spots in the
        order they opened up (board.py); built lazily, since a strip fits some 400 ways and
        most callers read one."""
        tile = self.to_place
        strip = self.strip(tile)  # type: ignore[arg-type]
        return Placements(tile, list(self.board.spots), both_ways=strip[0] != strip[2])

    def lay_strip(self, seat: int, action: Action) -> list[Event]:
        tile, x, y, direction = action["tile"], action["x"], action["y"], action["dir"]
        axis = AXIS_OF[direction]
        self.drawn.remove(tile)
        self.picked = None
        self.placed.append([tile, x, y, direction])
        self.board.place(len(self.placed) - 1, x, y, axis, crates_in_order(self.strip(tile), direction))
        events: list[Event] = [{"type": "placed", "seat": seat, "tile": tile, "x": x, "y": y,
                                "dir": direction, "height": self.board.top[(x, y)][0]}]
        if self.rat_hot:
            events += self._score_groups(footprint(x, y, axis))
        if self.drawn:
            return events  # the other drawn strip is next (phase stays "place")
        return events + self._end_turn(seat)

    def _score_groups(self, cells: tuple) -> list[Event]:
        """Rat Hot: every group the strip formed or changed scores at once for its colour's
        player, the opponent's included ("you and your opponent can score points from the
        groups that tile creates or changes")."""
        events = []
        for crate, size, points in scoring.groups_touched(self.board, self.content, cells):
            owner = COLOURS.index(crate_colour(crate))
            self.bonus[owner] += points
            events.append({"type": "spice_scored", "seat": owner, "good": crate_kind(crate),
                           "size": size, "points": points})
        return events

    def _end_turn(self, seat: int) -> list[Event]:
        if self.rat_hot:
            rats = scoring.visible_rats(self.board, COLOURS[seat])
            if rats >= self.content.rat_limit:
                self.loser = seat
                self.phase = "over"
                return [{"type": "rats", "seat": seat, "rats": rats}, self._game_over()]
        self.turn = 1 - self.turn
        events = self._draw(2)
        if self.is_over:
            events.append(self._game_over())
        return events

    def _draw(self, count: int) -> list[Event]:
        """Draw up to ``count`` strips for the seat whose turn it is; the phase follows."""
        drawn = [self.pile.pop() for _ in range(min(count, len(self.pile)))]
        self.drawn = drawn
        # A draw starts a turn: the log groups the turn's lines under it ("section").
        events: list[Event] = ([{"type": "drew", "seat": self.turn, "tiles": list(drawn), "section": True}]
                               if drawn else [])
        if drawn and not self.board.spots:
            # Dossier: a strip with no legal spot is set aside, out of the game.
            for tile in drawn:
                events.append({"type": "set_aside", "tile": tile})
            self.set_aside += drawn
            self.drawn = []
        self.phase = PHASE_WITH_DRAWN[len(self.drawn)]
        return events

    def _game_over(self) -> Event:
        return {"type": "game_over", "scores": self.scores, "winners": self.winners}

    # ---- refusing what the rules forbid, in their words ----------------------------------------
    def _find_legal(self, seat: int, action: Action) -> Action | None:
        """An exact test instead of a search of the long list of placements: an action that
        passes every check of ``_why_illegal`` (exact types: ``1.0`` and ``True`` are not
        ``1``) is rebuilt as a fresh canonical action from its values."""
        if self._why_illegal(seat, action) is not None:
            return None
        if action["type"] == "pick":
            return {"type": "pick", "tile": action["tile"]}
        return {"type": "place", "tile": action["tile"], "x": action["x"], "y": action["y"], "dir": action["dir"]}

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        kind = action.get("type")
        if type(kind) is not str or kind not in ("pick", "place"):
            return f"Dschunke actions are 'pick' and 'place'; got type {short(kind)}"
        if kind == "pick":
            return self._why_not_pick(action)
        return self._why_not_place(action)

    def _why_not_pick(self, action: Action) -> str | None:
        if self.phase != "pick":
            return f"the strip to place now is already chosen ({self._strip_words(self.to_place)}); place it"
        if action.keys() != PICK_KEYS:
            return "a 'pick' action needs exactly: type, tile"
        tile = action["tile"]
        if type(tile) is not int or tile not in self.drawn:
            return f"strip {short(tile)} is not one of your drawn strips ({self._drawn_words()})"
        return None

    def _why_not_place(self, action: Action) -> str | None:
        if self.phase != "place":
            return f"first choose which of your drawn strips to lay first ({self._drawn_words()})"
        if action.keys() != PLACE_KEYS:
            missing, extra = sorted(PLACE_KEYS - set(action)), sorted(set(action) - PLACE_KEYS, key=str)
            return f"a 'place' action needs exactly tile, x, y, dir; missing {missing}, unknown {extra}"
        for key in ("tile", "x", "y"):
            if type(action[key]) is not int:
                return f"'{key}' must be a whole number; got {short(action[key])}"
        direction = action["dir"]
        if type(direction) is not str or direction not in AXIS_OF:
            return f"'dir' must be one of E, W, S, N; got {short(direction)}"
        tile, x, y, active = action["tile"], action["x"], action["y"], self.to_place
        if tile != active:
            return f"that is not the strip to place now; place {self._strip_words(active)}"
        limit = 2 * len(self.placed) * 3 + 3
        if abs(x) > limit or abs(y) > limit:
            return f"x {x}, y {y} is out of range: no strip lies near it"
        axis = AXIS_OF[direction]
        strip = self.strip(tile)
        if strip[0] == strip[2] and direction != FORWARD[axis]:
            return f"{self._strip_words(tile)} reads the same both ways; place it with dir {FORWARD[axis]}"
        return self.board.why_not(x, y, axis)

    def _drawn_words(self) -> str:
        return "; ".join(labels.strip_label(self.strip(t), "en") for t in self.drawn)

    def _strip_words(self, tile: int | None) -> str:
        return "" if tile is None else labels.strip_label(self.strip(tile), "en")

    # ---- scores ---------------------------------------------------------------------------
    @property
    def scores(self) -> list[int]:
        """Live scores: visible groups (and Dschunke's rats) as they would count now, plus Rat
        Hot's points scored during play."""
        totals = scoring.end_scores(self.board, self.content, self.rat_hot)
        return [totals[0] + self.bonus[0], totals[1] + self.bonus[1]]

    @property
    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        if self.loser is not None:
            return [1 - self.loser]
        scores = self.scores
        if scores[0] != scores[1]:
            return [0 if scores[0] > scores[1] else 1]
        if self.options["tie_break"] == "goods":
            goods = [scoring.visible_goods(self.board, c) for c in COLOURS]
            if goods[0] != goods[1]:
                return [0 if goods[0] > goods[1] else 1]
        return [0, 1]

    # ---- what a seat sees: everything but the pile's order (view.py) ---------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        self.pile.sort()  # the sample must depend on what the seat knows and the rng, not the true order
        rng.shuffle(self.pile)

    # ---- RL interop: stable action numbers (layout in encoding.py) ---------------------------
    def action_index(self, action: Action) -> int:
        return encoding.action_index(action, len(self.content.tiles))

    def index_action(self, index: int) -> Action:
        return encoding.index_action(index, len(self.content.tiles), self.to_place)

    # ---- data plumbing: the board is copied, not rebuilt ------------------------------------------
    def _copy_fields(self, other: State) -> None:
        assert isinstance(other, DschunkeState)
        other.phase, other.turn = self.phase, self.turn
        other.pile, other.drawn, other.picked = list(self.pile), list(self.drawn), self.picked
        other.placed = list(self.placed)  # placements are never mutated
        other.bonus, other.set_aside, other.loser = list(self.bonus), list(self.set_aside), self.loser
        other.content, other.rat_hot = self.content, self.rat_hot  # immutable; the options are the same object
        # Clones are what bots value: find the groups here once, so that every clone keeps them
        # up to date strip by strip instead of each flooding the whole deck for its scores.
        self.board.goods_groups()
        other.board = self.board.copy()

    # ---- words (labels.py, prompts.py, breakdown.py) ------------------------------------------
    def frame(self) -> Frame:
        """The grid references drawn around the deck now (terminal and web board alike)."""
        board = self.board
        if board.frame_cache is None:
            board.frame_cache = Frame.around(board.top)
        return board.frame_cache  # type: ignore[return-value]

    def who(self, seat: int, lang: str) -> str:
        """A player as the log names them: the table's name and the colour, "Ana (red)"."""
        return labels.who_words(self.player(seat, lang), seat, lang)

    def _describe(self, action: Action, lang: str) -> str:
        crates = self.strip(action["tile"])
        if action["type"] == "pick":
            others = [self.strip(t) for t in self.drawn if t != action["tile"]]
            return labels.describe_action(action, lang, crates, alike=crates in others)
        x, y, axis = action["x"], action["y"], AXIS_OF[action["dir"]]
        height = self.board.height(footprint(x, y, axis)[0]) + 1
        return labels.describe_action(action, lang, crates, self.frame(), height=height)

    def _describe_all(self, actions: list[Action], lang: str) -> list[str]:
        """A whole list of placements of the strip to place now shares its words
        (``labels.describe_placements``); anything else is labelled one by one."""
        tile = self.to_place
        if tile is None or not all(a["type"] == "place" and a["tile"] == tile for a in actions):
            return [self._describe(action, lang) for action in actions]
        return labels.describe_placements(actions, lang, self.strip(tile), self.frame(), self.board.height)

    def _describe_event(self, event: Event, lang: str) -> str:
        return labels.describe_event(event, lang, self.strip, lambda seat: self.who(seat, lang), self.frame())

    def _prompt(self, seat: int, lang: str) -> str:
        return prompts.prompt(self, seat, lang)

    def _score_breakdown(self, lang: str) -> list[list[tuple[str, float]]]:
        return breakdown.score_breakdown(self, lang)

    def __str__(self) -> str:
        """The top view as text: each cell shows its height and crate initials."""
        return str(self.board)
