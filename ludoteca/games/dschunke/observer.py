"""Dschunke's observation writer: the encoding written straight from the state, strip by strip.

Why incremental: twelve 41 x 41 planes are 20 000 numbers, and a strip changes three cells of
them.  So the writer keeps its array between writes and, when the state it is handed continues
the one it wrote last (:class:`~ludoteca.engine.observation.Follow`), rewrites only the cells
under each strip laid since (the record's ``place`` actions say where they went), the drawn
strips and the last 14 numbers; scores and rats are read again only after a strip was laid.
Anything else (another state, a clone, a restored or determinized one) is written afresh.  The
numbers are put by the same pieces of ``encoding.py`` that ``encode_array`` uses, and the
cross-game writer test holds the writer to ``encode(view(seat))`` at every position.

What it reads is what the view shows: the board from above, the drawn strips, the placed and
set-aside ids, the pile's size (never its order), scores, rats, bonuses and the loser.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ludoteca.engine.observation import Follow

from .board import AXIS_OF, footprint
from .content import COLOURS, Content
from .encoding import (
    AREA,
    CHANNELS,
    CRATE_CLASS,
    EMPTY_SLOT,
    IN_HAND,
    OUTSIDE,
    PLACED,
    SET_ASIDE,
    WINDOW_AT,
    add_outside,
    flag_at,
    hand_slot,
    observation_size,
    put_scalars,
    put_slot,
    put_window,
    scalars,
)
from .scoring import visible_rats

Cell = tuple[int, int]


class Writer:
    """One seat's observation (``seat=None``: a spectator's, seen as red)."""

    def __init__(self, content: Content, seat: int | None) -> None:
        self.strips = strips = len(content.tiles)
        self.me = 0 if seat is None else seat
        self.classes = CRATE_CLASS[COLOURS[self.me]]
        self.out = np.zeros(observation_size(strips), dtype=np.float32)
        self.numbers = memoryview(self.out)  # what encoding's pieces write through
        #: per window cell, the crate channel marked there now (0: none), so that a strip laid
        #: on it clears that one number instead of all eleven
        self.marked = [0] * AREA
        #: the strips flagged in hand and how many set aside, as last written
        self.in_hand: list[int] = []
        self.aside = 0
        #: scores and visible rats per seat, as last read (they change only when a strip is laid)
        self.scores: list[int] = [0, 0]
        self.rats: list[int] = [0, 0]
        self._slots_for(content)
        self.follow = Follow()

    def _slots_for(self, content: Content) -> None:
        """Each drawn strip's slot numbers, made once: ``slots[to be placed now][id]``."""
        self.content = content
        self.slots = [[hand_slot(crates, active, self.classes) for crates in content.tiles]
                      for active in (False, True)]

    def write(self, state: Any) -> np.ndarray:
        moved = self.follow.since(state)
        try:
            if self._board(state, moved):
                self.scores = state.scores
                self.rats = [visible_rats(state.board, colour) for colour in COLOURS]
            self._hand(state)
            self._scalars(state)
        except BaseException:
            self.follow.forget()  # half written: the next write starts afresh
            raise
        return self.out

    # ---- the board ------------------------------------------------------------------------------
    def _board(self, state: Any, moved: list[Any] | None) -> bool:
        """Bring the board up to ``state`` after the record entries ``moved`` (None: from
        nothing); whether it changed."""
        if moved is None:
            self._rebuild(state)
            return True
        placements = []
        for _, action in moved:
            if action is None:  # a determinized state's record holds no actions
                self._rebuild(state)
                return True
            if action["type"] == "place":
                placements.append(action)
        if placements:
            self._lay(state, placements)
        return bool(placements)

    def _rebuild(self, state: Any) -> None:
        """The whole board and every flag from nothing."""
        out, strips, classes, marked = self.numbers, self.strips, self.classes, self.marked
        self.out.fill(0.0)
        marked[:] = [0] * AREA
        self.in_hand, self.aside = [], 0
        if state.content is not self.content:  # not the options this writer was made for
            self._slots_for(state.content)
        outside = []
        for cell, (height, _, crate) in state.board.top.items():
            at = WINDOW_AT.get(cell)
            if at is None:
                outside.append((cell, height, crate))
            else:
                marked[at] = channel = 1 + classes[crate]
                put_window(out, at, height, channel)
        if outside:
            self._outside(outside)
        for tile, *_ in state.placed:
            if tile >= 0:  # the start strip, -1, has no flag
                out[flag_at(strips, PLACED, tile)] = 1.0

    def _lay(self, state: Any, placements: list[dict[str, Any]]) -> None:
        """The cells under the strips laid since the last write, as they show now."""
        out, strips, classes, marked = self.numbers, self.strips, self.classes, self.marked
        top = state.board.top
        beyond = False
        for action in placements:
            out[flag_at(strips, PLACED, action["tile"])] = 1.0
            for cell in footprint(action["x"], action["y"], AXIS_OF[action["dir"]]):
                at = WINDOW_AT.get(cell)
                if at is None:
                    beyond = True
                    continue
                height, _, crate = top[cell]
                out[marked[at] * AREA + at] = 0.0  # the crate it covers (or, 0, its height)
                marked[at] = channel = 1 + classes[crate]
                put_window(out, at, height, channel)
        if beyond:
            self._outside([(cell, height, crate) for cell, (height, _, crate) in top.items()
                           if cell not in WINDOW_AT])

    def _outside(self, cells: list[tuple[Cell, int, str]]) -> None:
        """The sums outside the window, added afresh in the view's cell order (x, then y):
        float32 totals only match bit for bit when added in the same order."""
        out, classes = self.numbers, self.classes
        self.out[OUTSIDE:OUTSIDE + CHANNELS] = 0.0
        for _, height, crate in sorted(cells):
            add_outside(out, height, 1 + classes[crate])

    # ---- what is not the board ----------------------------------------------------------------
    def _hand(self, state: Any) -> None:
        """The drawn strips' slots and in-hand flags, and any strip newly set aside."""
        out, slots = self.numbers, self.slots
        drawn, to_place = state.drawn, state.to_place
        for slot in (0, 1):
            if slot < len(drawn):
                tile = drawn[slot]
                put_slot(out, slot, slots[tile == to_place][tile])
            else:
                put_slot(out, slot, EMPTY_SLOT)
        flags = flag_at(self.strips, IN_HAND, 0)
        for tile in self.in_hand:
            out[flags + tile] = 0.0
        for tile in drawn:
            out[flags + tile] = 1.0
        self.in_hand = list(drawn)
        set_aside = state.set_aside
        if len(set_aside) != self.aside:  # it only grows along a game; a rebuild starts at 0
            flags = flag_at(self.strips, SET_ASIDE, 0)
            for tile in set_aside:
                out[flags + tile] = 1.0
            self.aside = len(set_aside)

    def _scalars(self, state: Any) -> None:
        loser, over = state.loser, state.phase == "over"
        put_scalars(self.numbers, scalars(
            self.me, self.strips, turn=state.turn, over=over, pile=len(state.pile), placed=len(state.placed),
            scores=self.scores, rats=self.rats, bonus=state.bonus, rat_hot=state.rat_hot,
            lost=(loser == 0, loser == 1)))
